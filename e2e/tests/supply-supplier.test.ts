/// <reference lib="dom" />
// Suppliers end to end (docs/supply.md "Suppliers"): the keeper adds a supplier with a
// qualification, blocks it with a reason, and a stock-in of its lot is refused naming it.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { releaseBrowser, testBrowser } from '../support/browser.ts';
import { accountPage, navigate } from '../support/console/session.ts';
import { choose, fieldId, toast, typeDate } from '../support/web/antd.ts';

const stack = inject('stack');
/** The supply keeper (packages/server/src/seed/demo-data.ts). */
const STAFF_SUPPLY = '13800000004';
const CODE = 'E2E-SUP-1';
const NAME = '端到端测试供应商';
const REASON = '年度审核未通过';
let browser: Browser;

beforeAll(async () => {
  browser = await testBrowser();
});
afterAll(() => releaseBrowser(browser));

describe('suppliers', () => {
  it('the keeper adds a supplier with a qualification, blocks it, and its lot is refused at stock-in', async () => {
    const page = await accountPage(browser, stack.consoleUrl, STAFF_SUPPLY);
    await page.goto(`${stack.consoleUrl}/supply/supplier`);

    await page.getByTestId('supplier-add').click();
    await page.locator(fieldId('supplier_code')).fill(CODE);
    await page.locator(fieldId('supplier_name')).fill(NAME);
    await page.getByTestId('supplier-contact-add').click();
    await page.locator(fieldId('supplier_contacts_0_name')).fill('测试联系人');
    await page.getByTestId('supplier-qualification-add').click();
    await page.locator(fieldId('supplier_qualifications_0_docNo')).fill('LIC-E2E-001');
    await typeDate(page, 'supplier_qualifications_0_expiryDate', '2031-12-31');
    await page.locator('.ant-modal:visible .ant-btn-primary').click();
    await toast(page, '已保存');
    await page
      .getByTestId('qualification-LIC-E2E-001')
      .getByText('有效至 2031-12-31', { exact: false })
      .waitFor();

    await page.getByTestId(`supplier-block-${CODE}`).click();
    await page.getByTestId('supplier-reason').fill(REASON);
    await page.locator('.ant-modal:visible .ant-btn-dangerous').click();
    await page.getByTestId(`supplier-status-${CODE}`).getByText('已停用').waitFor();
    await page.getByText(`停用原因: ${REASON}`).waitFor();

    await navigate(page, '/supply/consum-cost-manage');
    await page.getByTestId('stock-in').click();
    await choose(page, 'stockIn_consumableId', 'SC-PAD');
    await choose(page, 'stockIn_supplierId', CODE);
    await page.locator('#stockIn_lotNo').fill('PD-E2E-01');
    await typeDate(page, 'stockIn_expiryDate', '2030-06-30');
    await page.locator('#stockIn_quantity').fill('10');
    await page.locator('#stockIn_unitCost').fill('12.5');
    await page.locator('.ant-modal:visible .ant-btn-primary').click();
    await toast(page, `供应商 ${CODE} ${NAME} 已停用（${REASON}），不能入库其批次`);
  });
});
