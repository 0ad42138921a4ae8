/// <reference lib="dom" />
// Account requests and shared documents end to end, against the built stack.
import type { Browser, Page } from 'playwright-core';
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
import { choose, confirmDialogOk, fieldId, toast } from '../support/web/antd.ts';
import { apiCall, apiSession } from '../support/web/api.ts';

const stack = inject('stack');
/** The project manager of KM-2026-001 reviews account requests (packages/server/src/seed/demo-data.ts). */
const STAFF_PM = '13800000003';
/** A phone number no seeded account uses. */
const NEW_MOBILE = '13900000188';
/** A second user of site 01 (reviews consumables) and the supply keeper (packages/server/src/seed). */
const SITE_AUDITOR = '13900000003';
const STAFF_SUPPLY = '13800000004';
let browser: Browser;

beforeAll(async () => {
  browser = await testBrowser();
});
afterAll(() => releaseBrowser(browser));

/** The account's page of this file (`accountPage`), at `path`. */
async function open(account: string, path: string): Promise<Page> {
  const page = await accountPage(browser, stack.consoleUrl, account);
  await page.goto(`${stack.consoleUrl}${path}`);
  return page;
}

const row = (page: Page, text: string) => page.locator('.ant-table-row:visible', { hasText: text });

/** The first-login password the server "sent" by SMS (demo outbox; absent in production). */
async function sentPassword(recipient: string): Promise<string> {
  const response = await fetch(
    `${stack.consoleUrl}/api/kmct-user/sys/auth/dev/outbox?recipient=${encodeURIComponent(recipient)}`,
  );
  const body = (await response.json()) as { data: Array<{ body: string }> };
  const password = body.data.map((m) => /初始密码：(\S+?)。/.exec(m.body)?.[1]).find(Boolean);
  if (!password) throw new Error(`no password in the outbox for ${recipient}`);
  return password;
}

describe('account requests and shared documents', () => {
  it('a site user requests an account, staff approve it, the new user logs in and must change the password', async () => {
    const page = await open(ACCOUNTS.site, '/web/apply-account');
    const form = page.getByTestId('apply-account-form');
    await form.locator(fieldId('name')).fill('吴新人');
    await form.locator(fieldId('mobile')).fill('12345');
    await page.getByTestId('apply-submit').click();
    await page.getByText('请输入11位手机号').waitFor();
    await form.locator(fieldId('mobile')).fill(NEW_MOBILE);
    await choose(page, 'roleId', '中心用户');
    await choose(page, 'grants', 'KM-2026-001 / 01');
    await page.keyboard.press('Escape');
    await form.locator(fieldId('reason')).fill('新入组研究护士，需要预约样本运输');
    await page.getByTestId('apply-submit').click();
    await page.getByText('确定提交该申请吗？').waitFor();
    await confirmDialogOk(page);
    await toast(page, '提交成功');
    await page.waitForURL('**/web/user-apply');
    await row(page, NEW_MOBILE).getByText('待审核').waitFor();

    const staff = await open(STAFF_PM, '/project/user-apply-audit');
    await staff.getByTestId(`application-pass-${NEW_MOBILE}`).click();
    await staff.getByText('确定审核通过该申请吗？', { exact: false }).waitFor();
    await confirmDialogOk(staff);
    await toast(staff, '审核通过，账号已创建');
    await staff.getByRole('tab', { name: '已审核' }).click();
    await row(staff, NEW_MOBILE).getByText('已通过').waitFor();

    const first = await visitorPage(browser, stack.consoleUrl);
    await submitPasswordLogin(first, stack.consoleUrl, NEW_MOBILE, await sentPassword(NEW_MOBILE));
    const dialog = first.locator('.ant-modal').filter({ has: first.getByTestId('password-dialog') });
    await dialog.waitFor();
    await expect(dialog.textContent()).resolves.toContain('您是首次登录');
    await dialog.getByLabel('新密码').fill('Xinren#2026');
    await dialog.getByLabel('确认密码').fill('Xinren#2026');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await first.getByTestId('tabs-bar').waitFor({ timeout: scaled(15_000) });
  });

  it('staff share an original record; the site downloads it and the download log shows it', async () => {
    const lab = await open(ACCOUNTS.lab, '/electronic-record/original-record');
    await lab.getByTestId('doc-share').click();
    await choose(lab, 'projectId', 'KM-2026-001');
    await choose(lab, 'siteId', '北京协和医院');
    await lab.locator('.ant-modal:visible').locator(fieldId('title')).fill('2026年11月 样本接收原始记录');
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    await lab.locator('.ant-modal:visible input[type=file]').setInputFiles({
      name: '样本接收原始记录.pdf',
      mimeType: 'application/pdf',
      buffer: pdf,
    });
    await lab.locator('.ant-modal:visible .ant-btn-primary').click();
    await toast(lab, '上传成功');
    await row(lab, '2026年11月 样本接收原始记录').getByText('共享中').waitFor();

    const site = await open(ACCOUNTS.site, '/web/shared-doc/original-log');
    const docRow = row(site, '2026年11月 样本接收原始记录');
    const [download] = await Promise.all([
      site.waitForEvent('download'),
      docRow.getByRole('button', { name: '下载' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('样本接收原始记录.pdf');
    await site.getByRole('tab', { name: '下载记录' }).click();
    await row(site, '2026年11月 样本接收原始记录').getByText('陈中心').waitFor();
  });

  it('staff dispatch an approved application from the supply list and record a pick-up in the mail room', async () => {
    const siteContext = await loggedInContext(browser, stack.consoleUrl, ACCOUNTS.site);
    const site = await apiSession(siteContext, stack.consoleUrl);
    const projectId = (
      await apiCall<Array<{ id: number; projectNo: string }>>(site, endpoints.project.ownAll, {
        body: { page: 1, size: 10, projectNo: 'KM-2026-001' },
      })
    ).data[0]?.id;
    const siteId = (
      await apiCall<Array<{ id: number }>>(site, endpoints.project.sitesByProject, {
        body: { projectId, page: 1, size: 1 },
      })
    ).data[0]?.id;
    const contact = { name: '陈中心', phone: '13900000001', area: '北京市/东城区', detail: '示例路1号' };
    const order = await apiCall<{ id: number; orderNo: string; version: number }>(
      site,
      endpoints.consumable.create,
      {
        body: {
          projectId,
          siteId,
          receiveAddress: contact,
          loose: [{ consumableName: '采血垫巾', unit: '包', quantity: 2 }],
        },
      },
    );
    expect(order.code, order.msg).toBe(200);
    const auditorContext = await loggedInContext(browser, stack.consoleUrl, SITE_AUDITOR);
    const passed = await apiCall(
      await apiSession(auditorContext, stack.consoleUrl),
      endpoints.consumable.audit,
      {
        params: { id: order.data.id },
        body: { version: order.data.version, pass: true },
      },
    );
    expect(passed.code, passed.msg).toBe(200);
    await auditorContext.close();

    const supply = await open(STAFF_SUPPLY, '/supply/consum-material-apply');
    await supply.getByTestId(`dispatch-${order.data.orderNo}`).click();
    // The pads are a catalogue consumable: the dialog shows the FEFO plan (seed/supply-demo.ts lot
    // PD2409A), nothing to type per line; the keeper checks it and confirms.
    await supply.getByTestId('dispatch-fefo').getByText('批号 PD2409A × 2').waitFor();
    await choose(supply, 'dispatch_courier', '顺丰速运');
    await supply.locator('#dispatch_expressNo').fill('SF7100000001');
    await supply.locator('.ant-modal:visible .ant-btn-primary').click();
    await toast(supply, '发货成功');
    const dispatched = await apiCall<{
      status: string;
      lines: Array<{ lotNumber: string }>;
    }>(site, endpoints.consumable.get, { params: { id: order.data.id } });
    expect(dispatched.data.status).toBe('dispatched');
    expect(dispatched.data.lines[0]).toMatchObject({ lotNumber: 'PD2409A' });

    const types = await apiCall<Array<{ id: number; name: string }>>(site, endpoints.system.sampleTypeAll, {
      body: {},
    });
    const temps = await apiCall<Array<{ id: number; name: string }>>(
      site,
      endpoints.sampleTransport.temperatures,
    );
    const booking = await apiCall<{ orderNo: string }>(site, endpoints.sampleTransport.create, {
      body: {
        projectId,
        siteId,
        sender: contact,
        consignee: { ...contact, name: '样本接收组', phone: '021-61234567' },
        estimatedShipDate: '2026-12-02',
        bookSendTime: '2026-12-02T09:30:00.000Z',
        samples: [
          {
            sampleTypeId: types.data.find((t) => t.name === '血清')?.id,
            temperatureId: temps.data.find((t) => t.name === '冷冻')?.id,
            quantity: 6,
            unit: '管',
          },
        ],
      },
    });
    expect(booking.code, booking.msg).toBe(200);
    await siteContext.close();

    const mail = await open(ACCOUNTS.lab, '/express/mail');
    await mail.getByTestId(`pickup-${booking.data.orderNo}`).click();
    await choose(mail, 'pickup_courier', '顺丰速运');
    await mail.locator('#pickup_expressNo').fill('SF7200000001');
    await mail.locator('.ant-modal:visible .ant-btn-primary').click();
    await toast(mail, '揽收已登记');
    // Picked up: no longer among the bookings waiting for the courier.
    await expect.poll(() => row(mail, booking.data.orderNo).count()).toBe(0);
  });

  it('staff raise a chargeback notice, the site disputes it, staff see the reason and withdraw it', async () => {
    const lab = await open(ACCOUNTS.lab, '/express/unconventional');
    await lab.getByTestId('chargeback-raise').click();
    const form = lab.getByTestId('chargeback-raise-form');
    // Nothing is sent while the form is incomplete or the amount is not above 0.
    await choose(lab, 'projectId', 'KM-2026-001');
    await choose(lab, 'siteId', '北京协和医院');
    await form.getByTestId('chargeback-raise-amount').fill('0');
    await form.getByTestId('chargeback-raise-reason').fill('样本重复寄送，产生额外处理费');
    await lab.locator('.ant-modal:visible .ant-btn-primary').click();
    await form.getByText('金额须大于0，最多两位小数').waitFor();
    await form.getByTestId('chargeback-raise-amount').fill('45.5');
    await form.getByTestId('chargeback-raise-barcode').fill('BC-E2E-0001');
    const [created] = await Promise.all([
      lab.waitForResponse((r) => r.url().endsWith('/express/unconventional/chargeback')),
      lab.locator('.ant-modal:visible .ant-btn-primary').click(),
    ]);
    const { data } = (await created.json()) as { data: { noticeNo: string } };
    await toast(lab, '扣费通知已发出');
    await row(lab, data.noticeNo).getByTestId('chargeback-status-issued').waitFor();

    const site = await open(ACCOUNTS.site, '/web/report-search');
    await site.getByRole('tab', { name: '扣费通知' }).click();
    await row(site, data.noticeNo).getByText('45.50').waitFor();
    await site.getByTestId(`chargeback-dispute-${data.noticeNo}`).click();
    await site.getByTestId('chargeback-dispute-reason').fill('本中心仅寄送一次，见运单记录');
    await site.locator('.ant-modal:visible .ant-btn-primary').click();
    await row(site, data.noticeNo).getByTestId('chargeback-status-disputed').waitFor();

    // The staff list shows the dispute after a search; the detail has every step.
    await lab
      .getByRole('button', { name: /查\s*询/ })
      .first()
      .click();
    await row(lab, data.noticeNo).getByText('本中心仅寄送一次，见运单记录').waitFor();
    await row(lab, data.noticeNo).getByRole('button', { name: '查看' }).click();
    const detail = lab.getByTestId('chargeback-detail');
    await detail.getByText('提出异议').waitFor();
    await detail.getByText('陈中心').waitFor();
    await lab.locator('.ant-modal:visible .ant-modal-close').click();
    await lab.getByTestId(`chargeback-withdraw-${data.noticeNo}`).click();
    await lab.getByTestId('chargeback-withdraw-reason').fill('经核实运单，免收');
    await lab.locator('.ant-modal:visible .ant-btn-primary').click();
    await toast(lab, '扣费通知已撤回');
    await row(lab, data.noticeNo).getByTestId('chargeback-status-withdrawn').waitFor();
    expect(await lab.getByTestId(`chargeback-withdraw-${data.noticeNo}`).count()).toBe(0);
  });
});
