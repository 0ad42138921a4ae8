// External grants end to end, against the built stack: an administrator creates a site user granted
// one site of a project; after the first-login password change that user's portal lists show the
// records of that site only (the demo has shipments of both sites of KM-2026-001).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { endpoints } from '../../packages/api-contract/src/index.ts';
import { launchBrowser } from '../support/browser.ts';
import { ACCOUNTS, loggedInContext, newContext, submitPasswordLogin } from '../support/console/session.ts';
import { apiCall, apiSession } from '../support/web/api.ts';

const stack = inject('stack');
/** A phone number no seeded account uses. */
const MOBILE = '13700000277';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('external grants', () => {
  it('a site user granted one site of a project sees only that site in the portal', async () => {
    const admin = await loggedInContext(browser, stack.consoleUrl, ACCOUNTS.admin);
    const api = await apiSession(admin, stack.consoleUrl);
    const projects = await apiCall<Array<{ id: number; projectNo: string }>>(api, endpoints.project.ownAll, {
      body: { page: 1, size: 100 },
    });
    const project = projects.data.find((p) => p.projectNo === 'KM-2026-001');
    if (!project) throw new Error('demo project missing');
    const sites = await apiCall<Array<{ id: number; centerNo: string }>>(
      api,
      endpoints.project.sitesByProject,
      {
        body: { projectId: project.id, page: 1, size: 100 },
      },
    );
    const granted = sites.data.find((s) => s.centerNo === '02');
    const roles = await apiCall<Array<{ id: number; code: string }>>(api, endpoints.role.page, {
      body: { page: 1, size: 100 },
    });
    const siteRole = roles.data.find((r) => r.code === 'external_site');
    if (!granted || !siteRole) throw new Error('demo site or role missing');
    const created = await apiCall(api, endpoints.user.create, {
      body: {
        username: '冯协调',
        mobile: MOBILE,
        type: 2,
        roleIds: [siteRole.id],
        projects: [{ projectId: project.id, siteIds: [granted.id] }],
        password: 'Start#2026a',
      },
    });
    expect(created.code, created.msg).toBe(200);
    await admin.close();

    // The new site user changes the initial password, then opens the shipment list.
    const user = await newContext(browser);
    const page = await user.newPage();
    await submitPasswordLogin(page, stack.consoleUrl, MOBILE, 'Start#2026a');
    const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('password-dialog') });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.getByLabel('新密码').fill('Mine#2026ab');
    await dialog.getByLabel('确认密码').fill('Mine#2026ab');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByTestId('tabs-bar').waitFor({ timeout: 15_000 });
    await page.goto(`${stack.consoleUrl}/web/reserve-check`);
    // Site 02's shipment shows; site 01's (booked, in transit, signed off) do not.
    await page.getByTestId('shipment-ST-DEMO-RCV-002').waitFor();
    for (const other of ['ST-DEMO-RCV-001', 'ST-DEMO-BKD-001', 'ST-DEMO-INS-001'])
      expect(await page.getByTestId(`shipment-${other}`).count(), other).toBe(0);

    // The server answers the same: every row of the user's list is of the granted site.
    const mine = await apiSession(user, stack.consoleUrl);
    const rows = await apiCall<Array<{ orderNo: string; siteId: number }>>(
      mine,
      endpoints.sampleTransport.paging,
      {
        body: { page: 1, size: 100 },
      },
    );
    expect(rows.code, rows.msg).toBe(200);
    expect(rows.data.length).toBeGreaterThan(0);
    expect(rows.data.filter((r) => r.siteId !== granted.id).map((r) => r.orderNo)).toEqual([]);
    await user.close();
  });
});
