// Marketing in Chromium against the built stack (docs/finance.md): sales adds a customer and drafts a
// quotation from the standard rate card (demo: marketing-demo.ts), submits it; the super account
// approves it with an e-signature; sales makes a contract from it linked to the project, attaches the
// signed scan and puts it in force with an e-signature.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { releaseBrowser, testBrowser } from '../support/browser.ts';
import { accountPage, DEMO_PASSWORD, navigate } from '../support/console/session.ts';
import { choose, fieldId } from '../support/web/antd.ts';

const stack = inject('stack');
/** 孙销售 (sales) and the super account (reviewer: no discount limit). */
const SALES = '13800000006';
const ADMIN = '13800000000';
const CUSTOMER = 'E2E 临床医药有限公司';
let browser: Browser;

beforeAll(async () => {
  browser = await testBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
});

const row = (page: Page, text: string) => page.locator('.ant-table-row', { hasText: text }).first();
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function sign(page: Page) {
  await page.getByTestId('signature-password').fill(DEMO_PASSWORD);
  await page.getByTestId('signature-ok').click();
  await page.getByTestId('signature-password').waitFor({ state: 'detached' });
}

describe('marketing', () => {
  it('sales quotes a new customer from a rate card, a reviewer approves, a contract is made and put in force', async () => {
    const page = await accountPage(browser, stack.consoleUrl, SALES);

    // 1. A customer with a contact, linked to the project.
    await page.goto(`${stack.consoleUrl}/marketing/customer`);
    await row(page, '华康制药有限公司').waitFor();
    await page.getByTestId('customer-create').click();
    await page.locator(fieldId('customer_name')).fill(CUSTOMER);
    await choose(page, 'customer_type', '药企');
    await choose(page, 'customer_projectIds', 'KM-2026-001');
    await page.keyboard.press('Escape');
    await page.locator(fieldId('customer_bankAccount')).fill('6222021001123456789');
    await page.locator(fieldId('contacts_0_name')).fill('E2E 联系人');
    await page.getByTestId('customer-form-ok').click();
    await row(page, CUSTOMER).waitFor();

    // 2. A quotation from the standard rate card, one line, then submitted.
    await page.goto(`${stack.consoleUrl}/marketing/create-quotation`);
    await choose(page, 'quotation_customerId', CUSTOMER);
    await choose(page, 'quotation_projectId', 'KM-2026-001');
    await choose(page, 'quotation_rateCardVersionId', '2026 标准价目表');
    await page.locator(fieldId('quotation_validUntil')).fill(day(30));
    await page.getByTestId('quotation-line-add').click();
    await choose(page, 'lines_0_rateLineId', '血常规检测');
    await page.locator(fieldId('lines_0_quantity')).fill('100');
    await page.getByTestId('quotation-save').click();
    await page.waitForURL(/\/marketing\/quotation$/);
    await row(page, CUSTOMER).getByRole('button', { name: '提交审核' }).click();
    await expect.poll(() => row(page, CUSTOMER).textContent()).toContain('待审核');
    // 100 × 50.00, tax included.
    expect(await row(page, CUSTOMER).textContent()).toContain('CNY 5,000.00');

    // 3. The super account approves it with an e-signature.
    const reviewer = await accountPage(browser, stack.consoleUrl, ADMIN);
    await reviewer.goto(`${stack.consoleUrl}/marketing/quotation-review`);
    await row(reviewer, CUSTOMER).getByRole('button', { name: '批准' }).click();
    await sign(reviewer);
    await row(reviewer, CUSTOMER).waitFor({ state: 'detached' });

    // 4. A contract from the approved quotation, linked to the project, the scan attached, in force.
    await navigate(page, '/marketing/contract');
    await page.getByTestId('contract-create').click();
    await choose(page, 'contract_quotationId', CUSTOMER);
    await page.locator(fieldId('contract_number')).fill('HT-E2E-001');
    await page.locator(fieldId('contract_partyB')).fill('上海启航中心实验室有限公司');
    await page.locator(fieldId('contract_validFrom')).fill(day(0));
    await page.locator(fieldId('contract_validTo')).fill(day(365));
    await page.locator(fieldId('contract_paymentTerms')).fill('月结，对账后30日内付款');
    await choose(page, 'contract_projectIds', 'KM-2026-001');
    await page.keyboard.press('Escape');
    await page.locator('.ant-modal-wrap:visible input[type=file]').setInputFiles({
      name: 'signed.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4 signed'),
    });
    await expect.poll(() => page.locator('.ant-modal-wrap:visible').textContent()).toContain('已上传');
    await page.getByTestId('contract-form-ok').click();
    await row(page, 'HT-E2E-001').waitFor();
    expect(await row(page, 'HT-E2E-001').textContent()).toContain('KM-2026-001');
    await page.getByTestId('contract-activate-HT-E2E-001').click();
    await sign(page);
    await expect.poll(() => row(page, 'HT-E2E-001').textContent()).toContain('执行中');
  });
});
