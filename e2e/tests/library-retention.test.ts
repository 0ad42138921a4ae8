/// <reference lib="dom" />
// Expired specimens end to end against the built stack: the biobank keeper sees a demo specimen past
// its retention on /specimen/specimen-expired, selects it and creates a destruction bill from the
// page, the create page opening with the project and the barcode filled in.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { releaseBrowser, testBrowser } from '../support/browser.ts';
import { accountPage } from '../support/console/session.ts';
import { choose, fieldId } from '../support/web/antd.ts';

const stack = inject('stack');
const KEEPER = '13800000004';
let browser: Browser;

beforeAll(async () => {
  browser = await testBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
});

/** The visible table row that contains this text. */
const row = (page: Page, text: string) => page.locator('.ant-table-row:visible', { hasText: text });

describe('expired specimens', () => {
  it('a keeper sees a demo specimen past its retention and creates a destruction bill with it filled in', async () => {
    const page = await accountPage(browser, stack.consoleUrl, KEEPER);
    await page.goto(`${stack.consoleUrl}/specimen/specimen-expired`);
    // Past due, with its instruction and place in words.
    const due = row(page, 'RET-0001');
    await due.waitFor();
    await due.getByText(/已过期 \d+ 天/).waitFor();
    await due.getByText('销毁', { exact: true }).first().waitFor();
    await due.getByText('ULT-01-R02-A5 / A1').waitFor();
    await due.locator('.ant-checkbox-input').check();
    await page.getByTestId('expired-destroy').click();

    await page.waitForURL(/\/specimen\/manage\/create-destroy/);
    await expect.poll(() => page.getByTestId('bill-barcodes').inputValue()).toBe('RET-0001');
    await page
      .locator('.ant-select', { has: page.locator(fieldId('projectId')), hasText: 'KM-2026-001' })
      .first()
      .waitFor();
    await choose(page, 'reason', '超过保存期限');
    await page.getByTestId('bill-save').click();
    await page.waitForURL(/\/specimen\/manage\/destroy-bill/);

    // Back on the page, the specimen shows the bill that now holds it instead of actions.
    await page.goto(`${stack.consoleUrl}/specimen/specimen-expired`);
    await page.getByTestId('expired-bill-RET-0001').getByText(/XH\d+/).waitFor();
    expect(await page.getByTestId('expired-act-RET-0001').count()).toBe(0);
  });
});
