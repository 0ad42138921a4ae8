// Dictionaries in Chromium against the built stack: the platform administrator imports an xlsx with
// a bad row, sees the row's error in the preview (nothing written), uploads the corrected file,
// confirms, and finds the new items in the dictionary's list.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { releaseBrowser, testBrowser } from '../support/browser.ts';
import { ACCOUNTS, accountPage } from '../support/console/session.ts';
import { toast } from '../support/web/antd.ts';
import { uploadXlsx, xlsxSheet } from '../support/xlsx.ts';

const stack = inject('stack');
let browser: Browser;

beforeAll(async () => {
  browser = await testBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
});

const sheet = (rows: Array<Array<string | number>>) =>
  xlsxSheet('字典', ['字典编号', '字典值', '中文名称', '英文名称', '排序'], rows);

describe('dictionaries', () => {
  it('imports an xlsx after a preview that shows the bad row, and the new items are listed', async () => {
    const page = await accountPage(browser, stack.consoleUrl, ACCOUNTS.platform);
    await page.goto(`${stack.consoleUrl}/platform/dict`);
    await page.getByTestId('dict-type-1011').waitFor();

    // 1. A file whose second row has no Chinese label: the preview says so and writes nothing.
    await page.getByTestId('dict-import').click();
    await uploadXlsx(
      page,
      '盖帽颜色.xlsx',
      await sheet([
        [1011, 'e2e-teal', '蓝绿色', 'Teal', 20],
        [1011, 'e2e-amber', '', 'Amber', 21],
      ]),
    );
    await expect.poll(() => page.getByTestId('dict-import-errors-3').textContent()).toBe('缺少中文名称');
    await expect.poll(() => page.getByTestId('dict-import-errors-2').textContent()).toBe('-');
    await expect.poll(() => page.getByTestId('dict-import-confirm').textContent()).toMatch(/导入\s*1\s*行/);

    // 2. The corrected file: both rows valid; confirming writes them.
    await uploadXlsx(
      page,
      '盖帽颜色.xlsx',
      await sheet([
        [1011, 'e2e-teal', '蓝绿色', 'Teal', 20],
        [1011, 'e2e-amber', '琥珀色', 'Amber', 21],
      ]),
    );
    await expect.poll(() => page.getByTestId('dict-import-errors-3').textContent()).toBe('-');
    await page.getByTestId('dict-import-confirm').click();
    await toast(page, '已导入：新增 2 项，更新 0 项，跳过 0 行');

    // 3. The dictionary lists the new items.
    await page.getByTestId('dict-type-1011').click();
    const items = page.getByTestId('dict-items');
    await items.getByText('蓝绿色').waitFor();
    await items.getByText('琥珀色').waitFor();
  });
});
