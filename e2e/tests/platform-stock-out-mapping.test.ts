// Reference data for the specimen library and for imports, in Chromium against the built stack: the
// platform administrator adds a stock-out type with its reasons, then imports code mappings from an
// xlsx whose bad row the preview names, confirms, and finds the new mapping in the list.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { releaseBrowser, testBrowser } from '../support/browser.ts';
import { ACCOUNTS, accountPage, navigate } from '../support/console/session.ts';
import { choose, fieldId, toast } from '../support/web/antd.ts';
import { uploadXlsx, xlsxSheet } from '../support/xlsx.ts';

const stack = inject('stack');
let browser: Browser;

beforeAll(async () => {
  browser = await testBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
});

const sheet = (rows: string[][]) =>
  xlsxSheet('编码映射', ['项目编号', '类别', '来源', '外部编码', '外部名称', '实验室编码'], rows);

describe('stock-out types and code mappings', () => {
  it('adds a stock-out type with a reason, and imports mappings after a preview that names the bad row', async () => {
    const page = await accountPage(browser, stack.consoleUrl, ACCOUNTS.platform);

    // 1. A temporary stock-out type whose bills may give the reason 转运.
    await page.goto(`${stack.consoleUrl}/platform/out-warehouse`);
    await page.getByTestId('stock-out-type-status-TRANSFER').waitFor();
    await page.getByTestId('stock-out-type-create').click();
    await page.locator('#stockOutType_code').fill('LOAN');
    await page.locator('#stockOutType_name').fill('借出出库');
    await page.locator('#stockOutType_enName').fill('Loan');
    await page.getByLabel('临时出库（样本归还）').check();
    await choose(page, 'stockOutType_reasons', '转运');
    await page.getByTestId('stock-out-type-form-ok').click();
    await page.getByTestId('stock-out-type-status-LOAN').waitFor();
    const loan = page.locator('tr', { has: page.getByTestId('stock-out-type-status-LOAN') });
    await expect.poll(() => loan.textContent()).toContain('临时出库（样本归还）');
    expect(await loan.textContent()).toContain('转运');

    // 2. A mapping sheet with a visit the project does not have: the preview says so, writes nothing.
    await navigate(page, '/platform/mapping-table');
    await page.getByTestId('mapping-import').click();
    await uploadXlsx(
      page,
      '华康映射.xlsx',
      await sheet([
        ['KM-2026-001', '检测项目', '华康制药', 'HK-E2E', 'E2E panel', 'CBC'],
        ['KM-2026-001', '访视', 'EDC', 'V9', '', '第99周'],
      ]),
    );
    await expect
      .poll(() => page.getByTestId('mapping-import-errors-3').textContent())
      .toBe('实验室编码 第99周 不存在');
    await expect.poll(() => page.getByTestId('mapping-import-errors-2').textContent()).toBe('-');
    await page.getByTestId('mapping-import-confirm').click();
    await toast(page, '已导入：新增 1 条，更新 0 条，跳过 1 行');

    // 3. The list finds the new mapping by its code.
    const code = page.locator('form[id$="-filter"]').locator(fieldId('code'));
    await code.fill('HK-E2E');
    await code.press('Enter');
    await page.getByText('E2E panel').waitFor();
  });
});
