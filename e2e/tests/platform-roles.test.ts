/// <reference lib="dom" />
// Roles and the home to-do end to end, against the built stack: an administrator creates a role by
// area and action (giving a reason) and copies it, a user with it sees only those menus and lands on
// a to-do list whose count opens the list filtered to it, and the role's holders list that user.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { endpoints } from '../../packages/api-contract/src/index.ts';
import { releaseBrowser, testBrowser } from '../support/browser.ts';
import {
  ACCOUNTS,
  accountPage,
  loggedInContext,
  submitPasswordLogin,
  visitorPage,
} from '../support/console/session.ts';
import { scaled } from '../support/timing.ts';
import { toast } from '../support/web/antd.ts';
import { type ApiSession, apiCall, apiSession } from '../support/web/api.ts';

const stack = inject('stack');
/** A phone number no seeded account uses. */
const COURIER_MOBILE = '13700000177';
let browser: Browser;

beforeAll(async () => {
  browser = await testBrowser();
});
afterAll(() => releaseBrowser(browser));

async function sessionOf(account: string): Promise<ApiSession> {
  const context = await loggedInContext(browser, stack.consoleUrl, account);
  const session = await apiSession(context, stack.consoleUrl);
  await context.close();
  return session;
}

describe('roles and the home to-do', () => {
  it('a role granted by area and action gives a new user exactly those menus and their to-do', async () => {
    // A booking of site 01 of KM-2026-001 waits for the courier's pick-up (the mail room's to-do).
    const site = await sessionOf(ACCOUNTS.site);
    const projectId = (
      await apiCall<Array<{ id: number }>>(site, endpoints.project.ownAll, {
        body: { page: 1, size: 10, projectNo: 'KM-2026-001' },
      })
    ).data[0]?.id;
    const siteId = (
      await apiCall<Array<{ id: number }>>(site, endpoints.project.sitesByProject, {
        body: { projectId, page: 1, size: 1 },
      })
    ).data[0]?.id;
    const types = await apiCall<Array<{ id: number; name: string }>>(site, endpoints.system.sampleTypeAll, {
      body: {},
    });
    const temps = await apiCall<Array<{ id: number; name: string }>>(
      site,
      endpoints.sampleTransport.temperatures,
    );
    const contact = { name: '陈中心', phone: '13900000001', area: '北京市/东城区', detail: '示例路1号' };
    const booking = await apiCall<{ orderNo: string }>(site, endpoints.sampleTransport.create, {
      body: {
        projectId,
        siteId,
        sender: contact,
        consignee: { ...contact, name: '样本接收组', phone: '021-61234567' },
        estimatedShipDate: '2026-12-03',
        bookSendTime: '2026-12-03T09:30:00.000Z',
        samples: [
          {
            sampleTypeId: types.data.find((t) => t.name === '血清')?.id,
            temperatureId: temps.data.find((t) => t.name === '冷冻')?.id,
            quantity: 4,
            unit: '管',
          },
        ],
      },
    });
    expect(booking.code, booking.msg).toBe(200);

    // The administrator builds the role in the editor: viewing the home area, and the logistics area's
    // work (create & edit brings its view: the mail room's pick-up is one of its actions).
    const admin = await accountPage(browser, stack.consoleUrl, ACCOUNTS.admin);
    await admin.goto(`${stack.consoleUrl}/platform/role`);
    await admin.getByTestId('role-create').click();
    await admin.waitForURL('**/platform/create-role');
    await admin.locator('#role_name').fill('寄送揽收员');
    await admin.locator('#role_code').fill('e2e_courier');
    // The search narrows the areas to those holding a matching permission.
    await admin.getByTestId('role-grant-search').fill('揽收');
    await admin.getByTestId('grant-matches-express').waitFor();
    await expect(admin.getByTestId('grant-laboratory-view').count()).resolves.toBe(0);
    await admin.getByTestId('role-grant-search').fill('');
    await admin.getByTestId('grant-home-view').check();
    await admin.getByTestId('grant-express-create').check();
    await expect(admin.getByTestId('grant-express-view').isChecked()).resolves.toBe(true);
    // Logistics has no signed approval to offer.
    await expect(admin.getByTestId('grant-express-sign').count()).resolves.toBe(0);
    await admin.getByTestId('role-save').click();
    // Saving asks why (Part 11) and cannot be confirmed without a reason.
    const reason = admin.getByTestId('role-reason');
    await reason.waitFor();
    await expect(admin.locator('.ant-modal:visible .ant-btn-dangerous').isDisabled()).resolves.toBe(true);
    await reason.fill('新设寄送揽收岗位');
    await admin.locator('.ant-modal:visible .ant-btn-dangerous').click();
    await toast(admin, '角色已保存');
    await admin.waitForURL('**/platform/role');
    await admin.locator('.ant-table-row:visible', { hasText: 'e2e_courier' }).waitFor();

    // Copy it for the night shift: a new name and code, a reason, the same permissions.
    await admin.getByTestId('role-copy-e2e_courier').click();
    await admin.locator('#role-copy_name').fill('夜班揽收员');
    await admin.locator('#role-copy_code').fill('e2e_courier_night');
    await admin.getByTestId('role-copy-reason').fill('夜班揽收岗位');
    await admin.getByTestId('role-copy-form-ok').click();
    await toast(admin, '角色已复制');
    await admin.locator('.ant-table-row:visible', { hasText: 'e2e_courier_night' }).waitFor();

    const adminApi = await apiSession(admin.context(), stack.consoleUrl);
    const role = (
      await apiCall<Array<{ id: number; code: string; permissionIds: number[] }>>(
        adminApi,
        endpoints.role.page,
        {
          body: { page: 1, size: 10, name: '寄送揽收员' },
        },
      )
    ).data.find((r) => r.code === 'e2e_courier');
    if (!role) throw new Error('the role was not saved');
    const night = (
      await apiCall<Array<{ code: string; permissionIds: number[] }>>(adminApi, endpoints.role.page, {
        body: { page: 1, size: 10, name: '夜班揽收员' },
      })
    ).data.find((r) => r.code === 'e2e_courier_night');
    expect(night?.permissionIds).toEqual(role.permissionIds);
    const created = await apiCall<{ id: number }>(adminApi, endpoints.user.create, {
      body: {
        username: '郑揽收',
        mobile: COURIER_MOBILE,
        type: 1,
        password: 'Temp#Pass1',
        roleIds: [role.id],
      },
    });
    expect(created.code, created.msg).toBe(200);
    const granted = await apiCall(adminApi, endpoints.userProject.setPermission, {
      params: { userId: created.data.id },
      body: { projects: [{ projectId, siteIds: [] }], reason: '新员工开通揽收工作所需项目' },
    });
    expect(granted.code, granted.msg).toBe(200);

    // The new user logs in, sets a password and lands on the to-do list.
    const page = await visitorPage(browser, stack.consoleUrl);
    await submitPasswordLogin(page, stack.consoleUrl, COURIER_MOBILE, 'Temp#Pass1');
    const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('password-dialog') });
    await dialog.waitFor();
    await dialog.getByLabel('新密码').fill('Lanshou#2026');
    await dialog.getByLabel('确认密码').fill('Lanshou#2026');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.waitForURL('**/home/todo', { timeout: scaled(15_000) });
    // Only the menus of the role.
    const menu = page.locator('.ant-layout-sider .ant-menu-root');
    await menu.getByText('物流管理').waitFor();
    const areas = await menu.locator(':scope > li > .ant-menu-submenu-title').allTextContents();
    expect(areas.map((a) => a.trim())).toEqual(['首页', '物流管理']);

    const kind = page.getByTestId('todo-kind-sampleShipment-booked');
    await kind.waitFor();
    await expect(kind.textContent()).resolves.toMatch(/样本寄送 · 已预约.*揽收/);
    const count = Number(await kind.locator('.ant-statistic-content-value').textContent());
    expect(count).toBeGreaterThan(0);
    await kind.click();
    await page.waitForURL('**/express/mail?status=booked');
    await page.locator('.ant-table-row:visible', { hasText: booking.data.orderNo }).waitFor();
    // Every row shown is a booking waiting for pick-up, and there are as many as the to-do said.
    await expect
      .poll(async () =>
        (await page.locator('.ant-table-row:visible').allTextContents()).every((r) => r.includes('已预约')),
      )
      .toBe(true);
    await expect(page.locator('.ant-pagination-total-text:visible').textContent()).resolves.toContain(
      String(count),
    );

    // The role's holders: the new user, and the accounts list filtered to the role.
    await admin.reload();
    await admin.getByTestId('role-holders-e2e_courier').click();
    await admin.getByTestId('role-holders').getByText('郑揽收').waitFor();
    await admin.getByTestId('role-holders-accounts').click();
    await admin.waitForURL(`**/platform/account?type=1&roleId=${role.id}`);
    await admin.locator('.ant-table-row:visible', { hasText: '郑揽收' }).waitFor();
    await expect(admin.locator('.ant-table-row:visible').count()).resolves.toBe(1);
  });
});
