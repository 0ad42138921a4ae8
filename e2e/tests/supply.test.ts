/// <reference lib="dom" />
// The supply stock ledger end to end, against the built stack (docs/supply.md).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { releaseBrowser, testBrowser } from '../support/browser.ts';
import { ACCOUNTS, accountPage } from '../support/console/session.ts';
import { choose, confirmDialogOk, toast, typeDate } from '../support/web/antd.ts';

const stack = inject('stack');
/** The supply keeper (packages/server/src/seed/demo-data.ts). */
const STAFF_SUPPLY = '13800000004';
/** A lot no. the demo data does not use. */
const LOT = 'CR2611E';
let browser: Browser;

beforeAll(async () => {
  browser = await testBrowser();
});
afterAll(() => releaseBrowser(browser));

async function open(account: string, path: string): Promise<Page> {
  const page = await accountPage(browser, stack.consoleUrl, account);
  await page.goto(`${stack.consoleUrl}${path}`);
  return page;
}

const lotRow = (page: Page) => page.locator('.ant-table-row:visible', { hasText: LOT });
const dialogOk = (page: Page) => page.locator('.ant-modal:visible .ant-btn-primary').click();

/** The on-hand list searched by the lot no. */
async function searchLot(page: Page): Promise<void> {
  await page.locator('[id="supply-stock-filter_lotNo"]').fill(LOT);
  await page
    .getByRole('button', { name: /查\s*询/ })
    .first()
    .click();
}

describe('the supply stock ledger', () => {
  it('the keeper receives a lot, issues from it and counts it; another person posts the variance', async () => {
    const keeper = await open(STAFF_SUPPLY, '/supply/consum-cost-manage');
    await keeper.getByTestId('stock-in').click();
    await choose(keeper, 'stockIn_consumableId', 'SC-CRY-2');
    await choose(keeper, 'stockIn_supplierId', 'SUP-002');
    await choose(keeper, 'stockIn_storeId', '2-8℃冷藏库');
    await keeper.locator('#stockIn_lotNo').fill(LOT);
    await typeDate(keeper, 'stockIn_expiryDate', '2029-06-30');
    await keeper.locator('#stockIn_quantity').fill('50');
    await keeper.locator('#stockIn_unitCost').fill('0.4600');
    await dialogOk(keeper);
    await toast(keeper, '保存成功');
    await searchLot(keeper);
    await lotRow(keeper).getByText('50', { exact: true }).waitFor();

    // An issue of 8 (the dialog's default kind), then a count that finds 2 fewer than the ledger.
    await keeper.locator(`[data-testid^="stock-move-${LOT}-"]`).click();
    await keeper.locator('.ant-modal:visible').getByText('出库', { exact: true }).click();
    await keeper.locator('#move_quantity').fill('8');
    await keeper.locator('#move_reason').fill('临床研究中心补充冻存管');
    await dialogOk(keeper);
    await toast(keeper, '保存成功');
    await lotRow(keeper).getByText('42', { exact: true }).waitFor();
    await keeper.locator(`[data-testid^="stock-count-${LOT}-"]`).click();
    await keeper.locator('#count_counted').fill('40');
    await keeper.locator('#count_reason').fill('2支破损');
    await dialogOk(keeper);
    await toast(keeper, '盘点已登记');
    // The ledger stays at 42 until someone else approves; the counter cannot approve their own count.
    await lotRow(keeper).getByText('42', { exact: true }).waitFor();
    await keeper.getByRole('tab', { name: '盘点待审核' }).click();
    await lotRow(keeper).getByText('-2', { exact: true }).waitFor();
    expect(await lotRow(keeper).locator('[data-testid^="stocktake-approve-"]').count()).toBe(0);

    const checker = await open(ACCOUNTS.admin, '/supply/consum-cost-manage?status=pending');
    await lotRow(checker).locator('[data-testid^="stocktake-approve-"]').click();
    await confirmDialogOk(checker);
    await toast(checker, '操作成功');
    await checker.getByRole('tab', { name: '库存', exact: true }).click();
    await searchLot(checker);
    await lotRow(checker).getByText('40', { exact: true }).waitFor();
  });
});
