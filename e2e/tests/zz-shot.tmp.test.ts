import { expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { ACCOUNTS, loggedInContext } from '../support/console/session.ts';

const stack = inject('stack');
it('shots', async () => {
  const browser = await launchBrowser();
  const url = stack.consoleUrl;
  const context = await loggedInContext(browser, url, ACCOUNTS.admin);
  const page = await context.newPage();
  for (const lang of ['zh-CN', 'en-US']) {
    await page.goto(`${url}/system/operation/log`);
    await page.evaluate(`localStorage.setItem('lang', '${lang}')`);
    for (const path of ['/system/operation/log', '/project/item-log']) {
      await page.goto(`${url}${path}`);
      await page.locator('.ant-table-row').first().waitFor({ timeout: 60_000 });
      await page.waitForTimeout(1000);
      const name = `${path.replaceAll('/', '_')}-${lang}`;
      await page.screenshot({ path: `/tmp/shot${name}.png` });
      await page.locator('[data-testid^="audit-view-"], [data-testid^="item-log-view-"]').first().click();
      await page.waitForTimeout(1000);
      await page.screenshot({ path: `/tmp/shot${name}-detail.png` });
      await page.keyboard.press('Escape');
    }
  }
  await page.goto(`${url}/system/operation/log`);
  await page.getByTestId('audit-sign-in').click();
  await page.getByRole('button', { name: /Search|查\s*询/ }).click();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: '/tmp/shot-signin.png' });
  await context.close();
  await browser.close();
  expect(true).toBe(true);
});
