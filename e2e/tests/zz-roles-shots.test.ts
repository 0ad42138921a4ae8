/// <reference lib="dom" />
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { ACCOUNTS, loggedInContext } from '../support/console/session.ts';

const stack = inject('stack');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('shots', () => {
  it.each(['zh-CN', 'en-US'])('roles pages in %s', async (lang) => {
    const context = await loggedInContext(browser, stack.consoleUrl, ACCOUNTS.admin);
    await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
    const page = await context.newPage();
    await page.goto(`${stack.consoleUrl}/platform/role`);
    await page.getByTestId('role-edit-lab_technician').waitFor();
    await page.screenshot({ path: `/tmp/shots/role-${lang}.png` });
    await page.getByTestId('role-holders-lab_technician').click();
    await page.getByTestId('role-holders').locator('.ant-table-row').first().waitFor();
    await page.screenshot({ path: `/tmp/shots/holders-${lang}.png` });
    await page.keyboard.press('Escape');
    await page.getByTestId('role-copy-lab_technician').click();
    await page.getByTestId('role-copy-form').waitFor();
    await page.screenshot({ path: `/tmp/shots/copy-${lang}.png` });
    await page.keyboard.press('Escape');
    await page.goto(`${stack.consoleUrl}/platform/create-role?id=1`);
    await page.getByTestId('grant-laboratory-view').waitFor();
    await page.screenshot({ path: `/tmp/shots/edit-${lang}.png`, fullPage: true });
    await page.getByTestId('role-grant-search').fill(lang === 'zh-CN' ? '发布' : 'release');
    await page.getByTestId('role-advanced').click();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/shots/search-${lang}.png`, fullPage: true });
    await context.close();
  });
});
