import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { releaseBrowser, testBrowser } from '../support/browser.ts';
import { ACCOUNTS, accountPage, submitPasswordLogin, visitorPage } from '../support/console/session.ts';
import { openFromMenu } from '../support/console/shell.ts';
import { layoutProblems } from '../support/layout.ts';
import { longFlow, scaled } from '../support/timing.ts';
import { choose } from '../support/web/antd.ts';

const stack = inject('stack');
let browser: Browser;

beforeAll(async () => {
  browser = await testBrowser();
});
afterAll(() => releaseBrowser(browser));

describe('account administration', () => {
  it(
    'an administrator creates a staff account; its user changes the password and works until disabled',
    async () => {
      const mobile = '13712340001';
      const page = await accountPage(browser, stack.consoleUrl, ACCOUNTS.admin);
      await page.goto(`${stack.consoleUrl}/home/todo`);
      await openFromMenu(page, '平台管理', '账号管理');

      // Create: name, mobile, live job-number check, role and a project grant, initial password.
      await page.getByTestId('account-create').click();
      const form = page.getByTestId('account-form');
      // At 1440x900 the dialog ends within the window: its body scrolls, OK stays on screen.
      await form.waitFor();
      expect(await layoutProblems(page, '.ant-modal-wrap')).toEqual([]);
      await form.locator('#account_username').fill('郑新员');
      await form.locator('#account_mobile').fill(mobile);
      await form.locator('#account_jobNumber').fill('KM0101');
      await form.getByText('工号已存在').waitFor();
      await form.locator('#account_jobNumber').fill('KM0999');
      // A multiple select stays open after a choice: a click elsewhere in the form closes it.
      await choose(page, 'account_roleIds', '实验员');
      await form.locator('#account_username').click();
      await choose(page, 'account_grants', 'KM-2026-001');
      await form.locator('#account_username').click();
      await form.locator('#account_password').fill('Start#2026a');
      await page.getByTestId('account-form-ok').click();
      await page.getByTestId(`account-state-${mobile}`).waitFor();
      await expect(page.getByTestId(`account-state-${mobile}`).textContent()).resolves.toBe('启用');

      // The new user must change the password first, then works in the shell.
      const mine = await visitorPage(browser, stack.consoleUrl);
      await submitPasswordLogin(mine, stack.consoleUrl, mobile, 'Start#2026a');
      const dialog = mine.locator('.ant-modal').filter({ has: mine.getByTestId('password-dialog') });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: /确\s*定/ }).click();
      await dialog.getByLabel('新密码').fill('Mine#2026ab');
      await dialog.getByLabel('确认密码').fill('Mine#2026ab');
      await dialog.getByRole('button', { name: /确\s*定/ }).click();
      await mine.getByTestId('tabs-bar').waitFor({ timeout: scaled(15_000) });
      await openFromMenu(mine, '实验室管理', '检测项目');
      expect(new URL(mine.url()).pathname).toBe('/laboratory/test-project');

      // Disabling ends the open session: the next call answers 401 and the console returns to /login.
      // Heard from before the disable: the user's page may make that call (a poll) before any reload.
      const refused: string[] = [];
      mine.on('response', (r) => {
        if (r.status() === 401) refused.push(new URL(r.url()).pathname);
      });
      await page.getByTestId(`account-status-${mobile}`).click();
      await page
        .locator('.ant-modal-confirm')
        .getByRole('button', { name: /确\s*定/ })
        .click();
      await expect
        .poll(() => page.getByTestId(`account-state-${mobile}`).textContent(), { timeout: scaled(10_000) })
        .toBe('停用');
      await mine.reload();
      await mine.waitForURL((url) => url.pathname.startsWith('/login'), { timeout: scaled(15_000) });
      expect(refused.length).toBeGreaterThan(0);
    },
    longFlow(),
  );
});
