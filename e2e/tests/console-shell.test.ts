/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { releaseBrowser, testBrowser } from '../support/browser.ts';
import { ACCOUNTS, accountPage, navigate, pushRoute, visitorPage } from '../support/console/session.ts';
import { openFromMenu, tabMenu, tabPaths } from '../support/console/shell.ts';

const stack = inject('stack');
let browser: Browser;

beforeAll(async () => {
  browser = await testBrowser();
});
afterAll(() => releaseBrowser(browser));

/** Chooses an option of the layout settings drawer, then closes it. */
async function chooseSetting(page: Page, option: string): Promise<void> {
  await page.getByRole('button', { name: '界面设置' }).click();
  await page.locator('.ant-drawer').getByText(option, { exact: true }).click();
  await page.locator('.ant-drawer-close').click();
}

// The access rules themselves (which path goes where, for whom) are
// packages/console/src/router/guard.test.ts's; these walks prove the shell applies them in a browser.
describe('menus and access', () => {
  // Which menus a role gets is packages/server/test/access.test.ts's ("menus follow the
  // permissions") and packages/console/src/router/buildRoutes.test.ts's ("buildMenus filters by
  // authority"); every other file opens its pages through the menus the shell draws from them.
  it('a visitor opens the login-free pages and is sent from any other to /login with the SPEC message', async () => {
    const page = await visitorPage(browser, stack.consoleUrl);
    await page.goto(`${stack.consoleUrl}/frontend-test`);
    await page.getByText('前端环境检测').waitFor();
    await page.goto(`${stack.consoleUrl}/create-pdf?title=Report`);
    await page.getByText('Report').waitFor();
    await page.goto(`${stack.consoleUrl}/laboratory/test-project`);
    await page.waitForURL('**/login');
    await page.getByText('登录已失效，请重新登录').waitFor();
  });

  it('logged in: /login goes to the first menu page, 403 and 404, the root goes to the last route, a 401 logs out', async () => {
    const page = await accountPage(browser, stack.consoleUrl, ACCOUNTS.lab);
    await page.goto(`${stack.consoleUrl}/login`);
    await page.waitForURL('**/home/todo');
    // A known route the user may not open, and an unknown one.
    await pushRoute(page, '/platform/role');
    await page.getByText('抱歉，您无权访问此页面').waitFor();
    await pushRoute(page, '/no/such/page');
    await page.getByText('抱歉，您访问的页面不存在').waitFor();
    await navigate(page, '/laboratory/test-project?tab=2');
    await expect(page.title()).resolves.toBe('Trialab - 检测项目');
    // The last route is kept across a page load.
    await page.goto(`${stack.consoleUrl}/`);
    await page.waitForURL('**/laboratory/test-project?tab=2');
    await page.getByTestId('tabs-bar').waitFor();
    // The session the cookie names no longer exists on the server.
    await page
      .context()
      .addCookies([{ name: 'Authorization', value: 'Bearer%20revoked', url: stack.consoleUrl }]);
    await page.reload();
    await page.waitForURL('**/login');
    await expect(page.evaluate(() => localStorage.getItem('admin.user'))).resolves.toBeNull();
  });
});

// What the tabs do on their own (one per path, closing, pinning, bulk closes, the last tab refused,
// at most five pages kept mounted, refresh) is packages/console/src/stores/tabs.test.ts's,
// src/layouts/TabsBar.test.tsx's and src/layouts/KeepAliveOutlet.test.tsx's; the first leaf of a
// first-level menu src/router/buildRoutes.test.ts's. This walk proves the
// shell in a real browser: widths, the phone drawer, what a reload restores, the real server's version.
describe('the shell in a browser', () => {
  it('menus open tabs; side menu widths; settings, tabs and language are kept after a reload; a new version offers one; phones get a drawer', async () => {
    const page = await accountPage(browser, stack.consoleUrl, ACCOUNTS.lab);
    await page.goto(`${stack.consoleUrl}/laboratory/test-project`);

    // The side menu: 300 px, collapsing to 80 px; the logo goes to /home/todo.
    const sider = page.getByTestId('sider');
    expect((await sider.boundingBox())?.width).toBe(300);
    await page.getByRole('button', { name: '收起菜单' }).click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="sider"]')?.getBoundingClientRect().width === 80,
    );
    await page.getByRole('button', { name: '展开菜单' }).click();
    await page.getByTestId('logo').click();
    await page.waitForURL('**/home/todo');

    // One tab per path; closing the active tab moves to its neighbour.
    await openFromMenu(page, '实验室管理', '样本日志');
    await openFromMenu(page, '实验室管理', '检测项目');
    expect(await tabPaths(page)).toEqual([
      '/laboratory/test-project',
      '/home/todo',
      '/laboratory/specimen-logger',
    ]);
    expect(new URL(page.url()).pathname).toBe('/laboratory/test-project');
    await page.locator('.ant-tabs-tab-active .ant-tabs-tab-remove').click();
    await page.waitForURL('**/home/todo');
    await tabMenu(page, '/home/todo', '固定');
    await page.locator('[data-testid="tab"][data-path="/home/todo"] .anticon-lock').waitFor();

    // Week mode greys the layout (and is kept after the reload below). The themes, the eight-colour
    // palette and admin.setting are src/layouts/SettingsDrawer.test.tsx's.
    await page.getByRole('button', { name: '界面设置' }).click();
    await page.locator('.ant-drawer').locator('.ant-switch').nth(5).click();
    await page.waitForFunction(
      () => document.querySelector<HTMLElement>('[data-layout]')?.style.filter === 'grayscale(1)',
    );
    await page.locator('.ant-drawer-close').click();

    // Mixed layout: a first-level menu opens the first leaf of its submenu; head layout has no side menu.
    await chooseSetting(page, '混合菜单');
    await page.getByTestId('top-menu').getByText('实验室管理', { exact: true }).click();
    await page.waitForURL('**/laboratory/test-project');
    await page.getByTestId('sider').getByText('检测项目', { exact: true }).waitFor();
    await chooseSetting(page, '顶部菜单');
    await page.getByTestId('top-menu').waitFor();
    expect(await page.getByTestId('sider').count()).toBe(0);
    await chooseSetting(page, '侧边菜单');

    // A new server version offers a reload, once.
    await page.route('**/version.json?v=*', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ version: 'next' }),
      }),
    );
    await openFromMenu(page, '实验室管理', '样本日志');
    const dialog = page.locator('.ant-modal-confirm').filter({ hasText: '发现新版本' });
    await dialog.waitFor();
    expect(await page.locator('.ant-modal-confirm').count()).toBe(1);
    await page.unroute('**/version.json?v=*');
    const tabsBefore = await tabPaths(page);
    expect(tabsBefore).toEqual(['/home/todo', '/laboratory/specimen-logger', '/laboratory/test-project']);
    // Listening before the click: the reload may be over before the click returns.
    const reloaded = page.waitForEvent('load');
    await dialog.getByRole('button', { name: '立即刷新' }).click();
    await reloaded;

    // After the reload: the tabs (the pinned one still pinned) and week mode are restored.
    await page.getByTestId('tabs-bar').waitFor();
    await page.locator('[data-testid="tab"][data-path="/laboratory/specimen-logger"]').waitFor();
    expect(await tabPaths(page)).toEqual(tabsBefore);
    await page.locator('[data-testid="tab"][data-path="/home/todo"] .anticon-lock').waitFor();
    await page.waitForFunction(
      () => document.querySelector<HTMLElement>('[data-layout]')?.style.filter === 'grayscale(1)',
    );

    // The language switch changes the texts and is kept after a reload.
    await page.getByTestId('lang-switch').getByText('US', { exact: true }).click();
    await page.getByTestId('side-menu').getByText('Laboratory', { exact: true }).waitFor();
    await page.reload();
    await page.getByTestId('side-menu').getByText('Laboratory', { exact: true }).waitFor();
    await expect(page.evaluate(() => localStorage.getItem('lang'))).resolves.toBe('en-US');
    await page.getByTestId('lang-switch').getByText('HK', { exact: true }).click();
    await page.getByTestId('side-menu').getByText('實驗室管理', { exact: true }).waitFor();
    await page.getByTestId('lang-switch').getByText('CN', { exact: true }).click();
    await page.getByTestId('side-menu').getByText('实验室管理', { exact: true }).waitFor();

    // Phones get the menu in a drawer.
    await page.setViewportSize({ width: 390, height: 800 });
    await page.getByTestId('sider').waitFor({ state: 'detached' });
    expect(await page.getByTestId('sider').count()).toBe(0);
    await page.getByRole('button', { name: '展开菜单' }).click();
    await page.locator('.ant-drawer').getByTestId('side-menu').waitFor();
  });
});
