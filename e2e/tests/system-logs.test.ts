/// <reference lib="dom" />
// The administrator's logs and system information, and a user's own password change.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { releaseBrowser, testBrowser } from '../support/browser.ts';
import {
  ACCOUNTS,
  accountPage,
  DEMO_PASSWORD,
  login,
  navigate,
  submitPasswordLogin,
  visitorPage,
} from '../support/console/session.ts';
import { scaled } from '../support/timing.ts';

const stack = inject('stack');
let browser: Browser;

beforeAll(async () => {
  browser = await testBrowser();
});
afterAll(() => releaseBrowser(browser));

/** The project manager: not the administrator, and used elsewhere only with the demo password (restored here). */
const USER = '13800000003';

/** On /personal/account (the caller opens it): the password changed through its dialog. */
async function changePassword(page: Page, current: string, next: string) {
  await page.getByTestId('password-change').click();
  const form = page.getByTestId('password-change-form');
  await form.getByLabel('当前密码').fill(current);
  await form.getByLabel('新密码').fill(next);
  await form.getByLabel('确认密码').fill(next);
  await page.getByTestId('password-change-form-ok').click();
  await page.getByText('密码已修改，其他登录已退出').waitFor();
}

describe('logs and system information', () => {
  it('an administrator finds a change just made in the operation log with its old and new values', async () => {
    const page = await accountPage(browser, stack.consoleUrl, ACCOUNTS.admin);
    // The change: the administrator's own e-mail address on /personal/account.
    const email = `admin-${Date.now()}@trialab.local`;
    await page.goto(`${stack.consoleUrl}/personal/account`);
    await page.getByTestId('profile-edit').click();
    const before = await page.getByLabel('邮箱').inputValue();
    await page.getByLabel('邮箱').fill(email);
    await page.getByTestId('profile-save').click();
    await page.getByText('保存成功').waitFor();

    await navigate(page, '/system/operation/log');
    await page.getByTestId('audit-keyword').fill(email);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const row = page.locator('.ant-table-row').filter({ hasText: '个人中心 · 修改资料' });
    await expect.poll(() => row.count()).toBe(1);
    await expect.poll(() => row.getByTestId('audit-after').allTextContents()).toContain(email);
    expect(await row.getByTestId('audit-before').allTextContents()).toContain(before);
    await row.locator('[data-testid^="audit-view-"]').click();
    const detail = page.getByTestId('audit-detail');
    await detail.getByText(email).waitFor();
    await detail.getByText(before, { exact: true }).waitFor();
    await page.keyboard.press('Escape');

    // The chain verifies (read-only).
    await page.getByTestId('audit-chain-verify').click();
    await expect.poll(() => page.getByTestId('audit-chain-status').textContent()).toContain('审计链完整');
  });

  it('an administrator reads the system information', async () => {
    const page = await accountPage(browser, stack.consoleUrl, ACCOUNTS.admin);
    await page.goto(`${stack.consoleUrl}/system/system-info`);
    await expect.poll(() => page.getByTestId('system-info-version').textContent()).toMatch(/^\d+\.\d+\.\d+/);
    expect(await page.getByTestId('system-info-engine').textContent()).toMatch(/PGlite|PostgreSQL/);
    await page.getByText('未配置短信服务：短信保存在发件箱').waitFor();
  });

  it('a user changes the password on /personal/account and must use the new one', async () => {
    // The kept login of USER: it stays (only the other logins end); the change back below ends it,
    // and the next page of USER logs in anew (accountPage checks the kept login first).
    const page = await accountPage(browser, stack.consoleUrl, USER);
    await page.goto(`${stack.consoleUrl}/personal/account`);
    await changePassword(page, DEMO_PASSWORD, 'Keeper#2027');

    const next = await visitorPage(browser, stack.consoleUrl);
    await submitPasswordLogin(next, stack.consoleUrl, USER, DEMO_PASSWORD);
    await next.getByText('账号或密码错误').waitFor();
    expect(new URL(next.url()).pathname).toBe('/login');
    await login(next, stack.consoleUrl, USER, 'Keeper#2027');
    expect(new URL(next.url()).pathname).not.toBe('/login');
    // Back to the demo password: other files log in as this user.
    await navigate(next, '/personal/account');
    await changePassword(next, 'Keeper#2027', DEMO_PASSWORD);
  });
  it('a user binds WeChat (the simulated provider in demo mode) and unbinds it, each after a confirmation', async () => {
    // The simulated provider answers one WeChat account, which console-login binds to this user:
    // the test runs from either state and leaves the one it found.
    const page = await accountPage(browser, stack.consoleUrl, ACCOUNTS.platform);
    await page.goto(`${stack.consoleUrl}/personal/account`);
    const state = page.getByTestId('wechat-state');
    await expect.poll(() => state.textContent()).toMatch(/^(已绑定|未绑定)$/);
    const boundBefore = (await state.textContent()) === '已绑定';
    const unbind = async () => {
      await page.getByTestId('wechat-unbind').click();
      await page.getByRole('button', { name: /确\s*定/ }).click();
      await expect.poll(() => state.textContent()).toBe('未绑定');
    };
    const bind = async () => {
      await page.getByTestId('wechat-bind').click();
      // The provider sends the browser back to this page with a code, which the page binds once the
      // console has loaded afresh: seconds more than a poll's wait when the machine is busy.
      const bound = page.waitForResponse((r) => r.url().includes('/sys/user/wxBind'), {
        timeout: scaled(45_000),
      });
      // The page asks the server for the authorisation URL (SPEC section 7's binding call).
      const authorized = page.waitForResponse(
        (r) => new URL(r.url()).pathname === '/api/kmct-base/wx/authorization-url',
        { timeout: scaled(45_000) },
      );
      await page.getByRole('button', { name: /确\s*定/ }).click();
      expect((await authorized).status()).toBe(200);
      const answer = await bound;
      expect(answer.status()).toBe(200);
      expect(await answer.json()).toMatchObject({ code: 200 });
      await expect.poll(() => state.textContent()).toBe('已绑定');
      expect(new URL(page.url()).search).toBe('');
    };
    if (boundBefore) await unbind();
    await bind();
    await unbind();
    if (boundBefore) await bind();
  });
});
