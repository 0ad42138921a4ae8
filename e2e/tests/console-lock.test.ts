/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { releaseBrowser, testBrowser } from '../support/browser.ts';
import { ACCOUNTS, DEMO_PASSWORD, loggedInContext } from '../support/console/session.ts';

const stack = inject('stack');
let browser: Browser;

beforeAll(async () => {
  browser = await testBrowser();
});
afterAll(() => releaseBrowser(browser));

const lockDialog = (page: Page) =>
  page.locator('.ant-modal').filter({ has: page.getByTestId('lock-dialog') });

/** A tab of a browser profile on a fake clock, showing the console. */
async function oneTab(account: string): Promise<{ context: BrowserContext; a: Page }> {
  const context = await loggedInContext(browser, stack.consoleUrl, account);
  await context.clock.install();
  return { context, a: await consoleTab(context) };
}

/** Two tabs of one browser profile, sharing storage and BroadcastChannel, on a fake clock. */
async function twoTabs(account: string): Promise<{ context: BrowserContext; a: Page; b: Page }> {
  const { context, a } = await oneTab(account);
  return { context, a, b: await consoleTab(context) };
}

async function consoleTab(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${stack.consoleUrl}/home/todo`);
  await page.getByTestId('tabs-bar').waitFor();
  return page;
}

async function unlockWith(page: Page, password: string) {
  const dialog = lockDialog(page);
  await dialog.getByPlaceholder('登录密码').fill(password);
  // antd ignores clicks on a button still showing the previous attempt's loading state.
  await dialog.locator('.ant-btn-loading').waitFor({ state: 'detached' });
  await dialog.getByRole('button', { name: /解\s*锁/ }).click();
}

describe('screen lock', () => {
  // Activity in one tab counting for every tab is packages/console/src/session/useScreenLock.test.ts's
  // ("counts idle time from the latest activity in any tab", "activity here restarts the idle time
  // and is passed on"); the tabs' real BroadcastChannel is this test's. 30 more locked minutes logging
  // out for real is that file's "by default ends the session for real"; the dialog's answers to wrong
  // passwords are src/layouts/LockDialog.test.tsx's, the server's count of them
  // packages/server/test/sessions.test.ts's ("lock screen: wrong passwords are counted…") and the 401
  // logging out console-shell.test.ts's and src/services/request/interceptors.test.ts's.
  it('30 idle minutes lock every tab; unlocking in one unlocks all', async () => {
    const { context, a, b } = await twoTabs(ACCOUNTS.lab);
    await a.clock.fastForward('29:00');
    expect(await lockDialog(a).count()).toBe(0);
    await a.clock.fastForward('01:01');
    await lockDialog(a).waitFor();
    await lockDialog(b).waitFor();
    await expect(lockDialog(a).locator('.ant-modal-title').textContent()).resolves.toBe('屏幕锁定');
    await expect(a.evaluate(() => localStorage.getItem('lockWindowState'))).resolves.toBe('1');

    await unlockWith(b, 'Wrong#Pass1');
    await b.getByText('密码错误，请重新填写，连续输错3次将自动退出登录').waitFor();
    await unlockWith(b, DEMO_PASSWORD);
    await lockDialog(b).waitFor({ state: 'hidden' });
    await lockDialog(a).waitFor({ state: 'hidden' });
    await expect(a.evaluate(() => localStorage.getItem('lockWindowState'))).resolves.toBe('0');
    await context.close();
  });
});

describe('sessions across tabs', () => {
  it('logout in one tab: the other shows the logged-out dialog after 1 s, and both end on /login', async () => {
    const { context, a, b } = await twoTabs(ACCOUNTS.admin);
    await a.getByTestId('avatar-menu').hover();
    await a.getByText('退出登录', { exact: true }).click();
    const confirm = a.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ });
    await confirm.waitFor();
    // Stop the pages' time before the logout: the other tab must wait 1 s before it asks. Paused a
    // little ahead of the pages' own clock (it cannot go back), however long this step takes.
    await context.clock.pauseAt((await a.evaluate(() => Date.now())) + 5000);
    await confirm.click();
    await a.waitForURL('**/login');
    expect(await b.getByText('您的账号已在其他页面退出登录，请重新登录').count()).toBe(0);
    await b.clock.fastForward(1200);
    const dialog = b.locator('.ant-modal-confirm').filter({ hasText: '您的账号已在其他页面退出登录' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    await b.waitForURL('**/login');
    await expect(b.evaluate(() => localStorage.getItem('admin.routes'))).resolves.toBeNull();
    await context.close();
  });

  it('a login in another tab reloads a tab that shows /login after 1 s', async () => {
    const context = await browser.newContext();
    context.setDefaultTimeout(10_000);
    await context.clock.install();
    const a = await context.newPage();
    await a.goto(`${stack.consoleUrl}/login`);
    await a.evaluate(() => {
      (window as unknown as { marker: number }).marker = 1;
    });
    const b = await context.newPage();
    await b.goto(`${stack.consoleUrl}/login`);
    await b.evaluate(() => new BroadcastChannel('user').postMessage({ type: 'login' }));
    await a.clock.fastForward(1001);
    await a.waitForFunction(() => (window as unknown as { marker?: number }).marker === undefined);
    await context.close();
  });
});
