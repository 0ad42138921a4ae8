// The last routes of issues 27 and 28 in Chromium against the built stack, the flows a person walks
// (the rules are proven in the server tests): the keeper batch-edits specimens from the sample list
// (a selection, one barcode added by hand, new values, the preview with a held specimen refused, a
// reason and the e-signature) and sees the correction on a specimen's timeline. Demo data:
// library-batch-edit-demo.ts (BE-0001..0007 in ULT-01-R01-A5 row E), LH-0001 under a legal hold.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { releaseBrowser, testBrowser } from '../support/browser.ts';
import { accountPage, DEMO_PASSWORD } from '../support/console/session.ts';
import { fieldId, toast } from '../support/web/antd.ts';

const stack = inject('stack');
/** 样本库管理员 (biobank_keeper). */
const KEEPER = '13800000004';
let browser: Browser;

beforeAll(async () => {
  browser = await testBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
});

const row = (page: Page, code: string) => page.locator('.ant-table-row', { hasText: code }).first();

describe('the last routes', () => {
  it('batch-edits specimens from the sample list: preview with a refused row, sign, see it on the timeline', async () => {
    const page = await accountPage(browser, stack.consoleUrl, KEEPER);

    await page.goto(`${stack.consoleUrl}/specimen/manage/sample-list`);
    await page.getByTestId('samples-code').fill('BE-000');
    await page.getByTestId('samples-code').press('Enter');
    for (const code of ['BE-0005', 'BE-0006']) await row(page, code).locator('.ant-checkbox-input').check();
    await page.getByTestId('batch-edit-open').filter({ hasText: '已选 2' }).click();

    // The selection arrives as barcodes; one more is added by hand.
    const barcodes = page.locator(fieldId('batchEdit_barcodes'));
    await expect.poll(() => barcodes.inputValue()).toBe('BE-0005\nBE-0006');
    await barcodes.fill('BE-0005\nBE-0006\nLH-0001');
    await page.locator(fieldId('batchEdit_volumeUl')).fill('250');
    await page.locator(fieldId('batchEdit_remark')).fill('E2E 复测体积');
    await page.getByTestId('batch-edit-preview').click();
    await expect
      .poll(() => page.getByTestId('batch-edit-counts').textContent())
      .toContain('将修改 2 个，无变化 0 个，不能修改 1 个');
    const previewed = (code: string) =>
      page.getByTestId('batch-edit-rows').locator('.ant-table-row', { hasText: code }).first().textContent();
    await expect.poll(() => previewed('LH-0001')).toContain('有“法律保全”标记，不能修改');
    await expect.poll(() => previewed('BE-0005')).toContain('剩余体积（µL）：420 → 250');

    await page.locator(fieldId('batchEdit_reason')).fill('E2E 数据澄清 DCF-0001');
    await page.getByTestId('batch-edit-apply').filter({ hasText: '2' }).click();
    await page.getByTestId('signature-password').fill(DEMO_PASSWORD);
    await page.getByTestId('signature-ok').click();
    await toast(page, '已修改 2 个样本');

    // Back on the sample list: the specimen's timeline tells the correction.
    await page.getByTestId('samples-code').waitFor();
    await page.getByTestId('samples-code').fill('BE-0005');
    await page.getByTestId('samples-code').press('Enter');
    await page.getByTestId('sample-timeline-BE-0005').click();
    await expect
      .poll(() => page.locator('.ant-drawer').textContent())
      .toContain('剩余体积（µL）：420 → 250；备注：— → E2E 复测体积；原因：E2E 数据澄清 DCF-0001');
  });
});
