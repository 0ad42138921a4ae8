/// <reference lib="dom" />
// Account requests and shared documents end to end, against the built stack.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { ACCOUNTS, loggedInContext, newContext, submitPasswordLogin } from '../support/console/session.ts';
import { choose, confirmDialogOk, toast } from '../support/web/antd.ts';

const stack = inject('stack');
/** The project manager of KM-2026-001 reviews account requests (packages/server/src/seed/demo-data.ts). */
const STAFF_PM = '13800000003';
/** A phone number no seeded account uses. */
const NEW_MOBILE = '13900000188';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function open(account: string, path: string): Promise<Page> {
  const context = await loggedInContext(browser, stack.consoleUrl, account);
  const page = await context.newPage();
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
    await form.locator('#name').fill('吴新人');
    await form.locator('#mobile').fill('12345');
    await page.getByTestId('apply-submit').click();
    await page.getByText('请输入11位手机号').waitFor();
    await form.locator('#mobile').fill(NEW_MOBILE);
    await choose(page, 'roleId', '中心用户');
    await choose(page, 'grants', 'KM-2026-001 / 01');
    await page.keyboard.press('Escape');
    await form.locator('#reason').fill('新入组研究护士，需要预约样本运输');
    await page.getByTestId('apply-submit').click();
    await page.getByText('确定提交该申请吗？').waitFor();
    await confirmDialogOk(page);
    await toast(page, '提交成功');
    await page.waitForURL('**/web/user-apply');
    await row(page, NEW_MOBILE).getByText('待审核').waitFor();
    await page.context().close();

    const staff = await open(STAFF_PM, '/project/user-apply-audit');
    await staff.getByTestId(`application-pass-${NEW_MOBILE}`).click();
    await staff.getByText('确定审核通过该申请吗？', { exact: false }).waitFor();
    await confirmDialogOk(staff);
    await toast(staff, '审核通过，账号已创建');
    await staff.getByRole('tab', { name: '已审核' }).click();
    await row(staff, NEW_MOBILE).getByText('已通过').waitFor();
    await staff.context().close();

    const context = await newContext(browser);
    const first = await context.newPage();
    await submitPasswordLogin(first, stack.consoleUrl, NEW_MOBILE, await sentPassword(NEW_MOBILE));
    const dialog = first.locator('.ant-modal').filter({ has: first.getByTestId('password-dialog') });
    await dialog.waitFor();
    await expect(dialog.textContent()).resolves.toContain('您是首次登录');
    await dialog.getByLabel('新密码').fill('Xinren#2026');
    await dialog.getByLabel('确认密码').fill('Xinren#2026');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await first.getByTestId('tabs-bar').waitFor({ timeout: 15_000 });
    await context.close();
  });

  it('staff share an original record; the site downloads it and the download log shows it', async () => {
    const lab = await open(ACCOUNTS.lab, '/electronic-record/original-record');
    await lab.getByTestId('doc-share').click();
    await choose(lab, 'projectId', 'KM-2026-001');
    await choose(lab, 'siteId', '北京协和医院');
    await lab.locator('#title').fill('2026年11月 样本接收原始记录');
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    await lab.locator('.ant-modal:visible input[type=file]').setInputFiles({
      name: '样本接收原始记录.pdf',
      mimeType: 'application/pdf',
      buffer: pdf,
    });
    await lab.locator('.ant-modal:visible .ant-btn-primary').click();
    await toast(lab, '上传成功');
    await row(lab, '2026年11月 样本接收原始记录').getByText('共享中').waitFor();
    await lab.context().close();

    const site = await open(ACCOUNTS.site, '/web/shared-doc/original-log');
    const docRow = row(site, '2026年11月 样本接收原始记录');
    const [download] = await Promise.all([
      site.waitForEvent('download'),
      docRow.getByRole('button', { name: '下载' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('样本接收原始记录.pdf');
    await site.getByRole('tab', { name: '下载记录' }).click();
    await row(site, '2026年11月 样本接收原始记录').getByText('陈中心').waitFor();
    await site.context().close();
  });
});
