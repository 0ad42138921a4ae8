/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { releaseBrowser, testBrowser } from '../support/browser.ts';
import { ACCOUNTS, accountPage, visitorPage } from '../support/console/session.ts';
import { openFromMenu, tabMenu, tabPaths } from '../support/console/shell.ts';

const stack = inject('stack');
let browser: Browser;

beforeAll(async () => {
  browser = await testBrowser();
});
afterAll(() => releaseBrowser(browser));

describe('menus and access', () => {
  // Which menus a role gets is packages/server/test/access.test.ts's ("menus follow the
  // permissions") and packages/console/src/router/buildRoutes.test.ts's ("buildMenus filters by
  // authority"); every other file opens its pages through the menus the shell draws from them.
  it('shows 403 for a known route the user may not open and 404 for an unknown one', async () => {
    const page = await accountPage(browser, stack.consoleUrl, ACCOUNTS.lab);
    await page.goto(`${stack.consoleUrl}/platform/role`);
    await page.getByText('抱歉，您无权访问此页面').waitFor();
    await page.goto(`${stack.consoleUrl}/no/such/page`);
    await page.getByText('抱歉，您访问的页面不存在').waitFor();
  });

  it('sends a visitor without a session to /login with the SPEC message', async () => {
    const page = await visitorPage(browser, stack.consoleUrl);
    await page.goto(`${stack.consoleUrl}/laboratory/test-project`);
    await page.waitForURL('**/login');
    await page.getByText('登录已失效，请重新登录').waitFor();
  });

  it('opens the login-free pages without a session', async () => {
    const page = await visitorPage(browser, stack.consoleUrl);
    await page.goto(`${stack.consoleUrl}/frontend-test`);
    await page.getByText('前端环境检测').waitFor();
    await page.goto(`${stack.consoleUrl}/create-pdf?title=Report`);
    await page.getByText('Report').waitFor();
  });

  it('a logged-in user opening /login goes to the first menu page; the root goes to the last route', async () => {
    const page = await accountPage(browser, stack.consoleUrl, ACCOUNTS.lab);
    await page.goto(`${stack.consoleUrl}/login`);
    await page.waitForURL('**/home/todo');
    await page.goto(`${stack.consoleUrl}/laboratory/test-project?tab=2`);
    await page.locator('[data-page="/laboratory/test-project"]').waitFor();
    await expect(page.title()).resolves.toBe('Trialab - 检测项目');
    await page.goto(`${stack.consoleUrl}/`);
    await page.waitForURL('**/laboratory/test-project?tab=2');
  });

  it('a 401 from the server logs out', async () => {
    const page = await accountPage(browser, stack.consoleUrl, ACCOUNTS.lab);
    await page.goto(`${stack.consoleUrl}/home/todo`);
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

describe('tabs', () => {
  it('one tab per path; closing the active tab moves to a neighbour; the last tab is refused', async () => {
    const page = await accountPage(browser, stack.consoleUrl, ACCOUNTS.lab);
    await page.goto(`${stack.consoleUrl}/home/todo`);
    await openFromMenu(page, '实验室管理', '检测项目');
    await openFromMenu(page, '实验室管理', '样本日志');
    await openFromMenu(page, '实验室管理', '检测项目');
    expect(await tabPaths(page)).toEqual([
      '/home/todo',
      '/laboratory/test-project',
      '/laboratory/specimen-logger',
    ]);
    expect(new URL(page.url()).pathname).toBe('/laboratory/test-project');

    await page.locator('.ant-tabs-tab-active .ant-tabs-tab-remove').click();
    await page.waitForURL('**/laboratory/specimen-logger');
    await tabMenu(page, '/laboratory/specimen-logger', '关闭其他');
    expect(await tabPaths(page)).toEqual(['/laboratory/specimen-logger']);
    await tabMenu(page, '/laboratory/specimen-logger', '关闭');
    await page.getByText('这已经是最后一页，不能再关闭了').waitFor();
    expect(await tabPaths(page)).toEqual(['/laboratory/specimen-logger']);
  });

  it('close left and right, pinning, and tabs restored after a reload', async () => {
    const page = await accountPage(browser, stack.consoleUrl, ACCOUNTS.lab);
    await page.goto(`${stack.consoleUrl}/home/todo`);
    await openFromMenu(page, '实验室管理', '检测项目');
    await openFromMenu(page, '实验室管理', '样本日志');
    await openFromMenu(page, '实验室管理', '技术库');
    await tabMenu(page, '/home/todo', '固定');
    await page.locator('[data-testid="tab"][data-path="/home/todo"] .anticon-lock').waitFor();
    await tabMenu(page, '/laboratory/specimen-logger', '关闭右侧');
    expect(await tabPaths(page)).toEqual([
      '/home/todo',
      '/laboratory/test-project',
      '/laboratory/specimen-logger',
    ]);
    await tabMenu(page, '/laboratory/specimen-logger', '关闭左侧');
    // The pinned tab survives bulk closes.
    expect(await tabPaths(page)).toEqual(['/home/todo', '/laboratory/specimen-logger']);
    await page.reload();
    await page.getByTestId('tabs-bar').waitFor();
    await page.locator('[data-testid="tab"][data-path="/laboratory/specimen-logger"]').waitFor();
    expect(await tabPaths(page)).toEqual(['/home/todo', '/laboratory/specimen-logger']);
  });

  it('keeps at most 5 visited pages mounted: a cached page is shown as it was left', async () => {
    const page = await accountPage(browser, stack.consoleUrl, ACCOUNTS.lab);
    await page.goto(`${stack.consoleUrl}/laboratory/test-project`);
    // The page host element of a route lives exactly as long as the page stays mounted.
    const host = '[data-page="/laboratory/test-project"]';
    const mark = () =>
      page.evaluate((selector) => document.querySelector(selector)?.setAttribute('data-marked', '1'), host);
    const marked = () =>
      page.evaluate((selector) => document.querySelector(`${selector}[data-marked]`) !== null, host);
    await page.locator(host).waitFor();
    await mark();
    await openFromMenu(page, '实验室管理', '样本日志');
    await openFromMenu(page, '实验室管理', '检测项目');
    expect(await marked()).toBe(true);
    // Five other pages push it out of the cache: it comes back freshly mounted.
    await openFromMenu(page, '实验室管理', '技术库');
    await openFromMenu(page, '首页', '待办事项');
    await openFromMenu(page, '首页', '待办任务');
    await openFromMenu(page, '电子记录', '原始记录');
    await openFromMenu(page, '电子记录', '公共记录');
    expect(await page.locator('[data-page]').count()).toBe(5);
    await page.locator('[data-testid="tab"][data-path="/laboratory/test-project"]').click();
    await page.locator('[data-page="/laboratory/test-project"]').waitFor();
    expect(await marked()).toBe(false);
  });

  it('refresh shows a loading state and remounts the page', async () => {
    const page = await accountPage(browser, stack.consoleUrl, ACCOUNTS.lab);
    await page.goto(`${stack.consoleUrl}/laboratory/test-project`);
    const host = '[data-page="/laboratory/test-project"]';
    await page.locator(host).waitFor();
    await page.evaluate(
      (selector) => document.querySelector(selector)?.setAttribute('data-marked', '1'),
      host,
    );
    await tabMenu(page, '/laboratory/test-project', '刷新');
    await page.waitForFunction((selector) => {
      const node = document.querySelector(selector);
      return node !== null && !node.hasAttribute('data-marked');
    }, host);
  });
});

describe('layout', () => {
  it('side menu 300 px collapsing to 80 px; the logo goes to /home/todo', async () => {
    const page = await accountPage(browser, stack.consoleUrl, ACCOUNTS.lab);
    await page.goto(`${stack.consoleUrl}/laboratory/test-project`);
    const sider = page.getByTestId('sider');
    expect((await sider.boundingBox())?.width).toBe(300);
    await page.getByRole('button', { name: '收起菜单' }).click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="sider"]')?.getBoundingClientRect().width === 80,
    );
    await page.getByRole('button', { name: '展开菜单' }).click();
    await page.getByTestId('logo').click();
    await page.waitForURL('**/home/todo');
  });

  it('phones get the menu in a drawer', async () => {
    const page = await accountPage(browser, stack.consoleUrl, ACCOUNTS.lab);
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(`${stack.consoleUrl}/home/todo`);
    await page.getByTestId('tabs-bar').waitFor();
    expect(await page.getByTestId('sider').count()).toBe(0);
    await page.getByRole('button', { name: '展开菜单' }).click();
    await page.locator('.ant-drawer').getByTestId('side-menu').waitFor();
  });

  it('the language switch changes the texts and is kept after a reload', async () => {
    const page = await accountPage(browser, stack.consoleUrl, ACCOUNTS.lab);
    await page.goto(`${stack.consoleUrl}/home/todo`);
    await page.getByTestId('lang-switch').getByText('US', { exact: true }).click();
    await page.getByTestId('side-menu').getByText('Laboratory', { exact: true }).waitFor();
    await page.reload();
    await page.getByTestId('side-menu').getByText('Laboratory', { exact: true }).waitFor();
    await expect(page.evaluate(() => localStorage.getItem('lang'))).resolves.toBe('en-US');
    await page.getByTestId('lang-switch').getByText('HK', { exact: true }).click();
    await page.getByTestId('side-menu').getByText('實驗室管理', { exact: true }).waitFor();
    await page.getByTestId('lang-switch').getByText('CN', { exact: true }).click();
    await page.getByTestId('side-menu').getByText('实验室管理', { exact: true }).waitFor();
  });

  it('themes, the eight-colour palette and week mode are applied and kept in admin.setting', async () => {
    const page = await accountPage(browser, stack.consoleUrl, ACCOUNTS.lab);
    await page.goto(`${stack.consoleUrl}/home/todo`);
    await page.getByRole('button', { name: '界面设置' }).click();
    const drawer = page.locator('.ant-drawer');
    // The loading message may show for a few frames only: record whether it appeared at all.
    await page.evaluate(() => {
      const seen = { loading: false };
      (window as unknown as { themeLoading: typeof seen }).themeLoading = seen;
      new MutationObserver(() => {
        if (document.body.textContent?.includes('正在切换主题…')) seen.loading = true;
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await drawer.getByText('夜间', { exact: true }).click();
    await page.waitForFunction(
      () => (window as unknown as { themeLoading: { loading: boolean } }).themeLoading.loading,
    );
    expect(await drawer.getByTestId('theme-palette').locator('button').count()).toBe(8);
    await drawer.getByRole('button', { name: '#722ed1' }).click();
    await drawer.locator('.ant-switch').nth(5).click();
    const setting = await page.evaluate(() => JSON.parse(localStorage.getItem('admin.setting') ?? '{}'));
    expect(setting).toMatchObject({ theme: { mode: 'night', color: '#722ed1' }, weekMode: true });
    await page.waitForFunction(
      () => document.querySelector<HTMLElement>('[data-layout]')?.style.filter === 'grayscale(1)',
    );
    await page.reload();
    await page.waitForFunction(
      () => document.querySelector<HTMLElement>('[data-layout]')?.style.filter === 'grayscale(1)',
    );
  });

  it('mixed layout: a first-level menu opens the first leaf of its submenu; head layout has no side menu', async () => {
    const page = await accountPage(browser, stack.consoleUrl, ACCOUNTS.lab);
    await page.goto(`${stack.consoleUrl}/home/todo`);
    await page.getByRole('button', { name: '界面设置' }).click();
    await page.locator('.ant-drawer').getByText('混合菜单', { exact: true }).click();
    await page.locator('.ant-drawer-close').click();
    await page.getByTestId('top-menu').getByText('实验室管理', { exact: true }).click();
    await page.waitForURL('**/laboratory/test-project');
    await page.getByTestId('sider').getByText('检测项目', { exact: true }).waitFor();
    await page.getByRole('button', { name: '界面设置' }).click();
    await page.locator('.ant-drawer').getByText('顶部菜单', { exact: true }).click();
    await page.locator('.ant-drawer-close').click();
    await page.getByTestId('top-menu').waitFor();
    expect(await page.getByTestId('sider').count()).toBe(0);
  });

  it('a new server version offers a reload', async () => {
    const page = await accountPage(browser, stack.consoleUrl, ACCOUNTS.lab);
    await page.goto(`${stack.consoleUrl}/home/todo`);
    await page.getByTestId('tabs-bar').waitFor();
    await page.route('**/version.json?v=*', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ version: 'next' }),
      }),
    );
    await openFromMenu(page, '实验室管理', '检测项目');
    const dialog = page.locator('.ant-modal-confirm').filter({ hasText: '发现新版本' });
    await dialog.waitFor();
    expect(await page.locator('.ant-modal-confirm').count()).toBe(1);
    await dialog.getByRole('button', { name: '立即刷新' }).click();
    await page.waitForEvent('load');
  });
});
