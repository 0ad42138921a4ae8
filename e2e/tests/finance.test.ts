/// <reference lib="dom" />
// Finance end to end against the built stack (docs/finance.md "Billable events"): the demo's lab
// work on the contract's project (released reports) is on /financial/bills as priced events, with a
// corrected report's reversal; finance runs the period's generation again (nothing twice) and waives
// an event of the exception queue with a reason.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { endpoints, endpointUrl } from '../../packages/api-contract/src/index.ts';
import { releaseBrowser, testBrowser } from '../support/browser.ts';
import { accountPage } from '../support/console/session.ts';
import { choose, toast } from '../support/web/antd.ts';

const stack = inject('stack');
const FINANCE = '13800000005';
let browser: Browser;

beforeAll(async () => {
  browser = await testBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
});

const rows = (page: Page, text: string) => page.locator('.ant-table-row:visible', { hasText: text });

describe('billable events', () => {
  it('lab work on the contract’s project is billed by itself; finance regenerates and waives an exception', async () => {
    const page = await accountPage(browser, stack.consoleUrl, FINANCE);
    await page.goto(`${stack.consoleUrl}/financial/bills`);
    // A released demo report's test item, priced from the demo contract (DEMO-HT-2026-001).
    const released = rows(page, 'RPT-DEMO-0002 · LFT').filter({ hasText: '已计价' });
    await released.first().waitFor();
    await released
      .first()
      .getByText(/DEMO-HT-2026-001 v\d/)
      .waitFor();
    // Its correction reversed it: a reversal of the same item.
    await rows(page, 'RPT-DEMO-0002 · LFT').filter({ hasText: '冲销' }).first().waitFor();

    // Generating the period bills the work done since (files before this one released reports and
    // dispatched kits); generating it again bills nothing twice.
    // Each generation reloads the list: its answer's total is what the page then shows.
    const generate = async (): Promise<number> => {
      const listed = page.waitForResponse(
        (r) => r.url().includes(endpointUrl(endpoints.bills.paging)) && r.request().method() === 'POST',
      );
      await page.getByTestId('bills-generate').click();
      await toast(page, '计费事件已生成');
      const { total } = (await (await listed).json()) as { total: number };
      await expect
        .poll(() => page.locator('.ant-pagination-total-text').textContent())
        .toBe(`共 ${total} 条`);
      return total;
    };
    const first = await generate();
    expect(await generate()).toBe(first);

    // The exception queue: an unpriced event waived with a reason.
    await choose(page, 'status', '待定价');
    await page.locator('button[type="submit"]:visible').first().click();
    const waive = page.locator('[data-testid^="bill-waive-"]:visible').first();
    await waive.waitFor();
    const id = (await waive.getAttribute('data-testid'))?.replace('bill-waive-', '');
    await waive.click();
    await page.getByTestId('bill-waive-reason').fill('项目启动赠送');
    await page.locator('.ant-modal:visible .ant-btn-dangerous').click();
    await toast(page, '已豁免');
    await expect.poll(() => page.getByTestId(`bill-waive-${id}`).count()).toBe(0);
  });
});
