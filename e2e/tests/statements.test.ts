// Statements end to end against the built stack (docs/finance.md "Statements"): finance withdraws the
// demo's draft of this month and generates the month's statement of the contract's project again;
// the super account reviews it (e-signed: not its creator), confirms it (e-signed) with the customer's signed
// statement (it is numbered then) and credits one of its lines; finance reviews the credit (e-signed).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { releaseBrowser, testBrowser } from '../support/browser.ts';
import { accountPage, DEMO_PASSWORD, navigate } from '../support/console/session.ts';
import { choose, fieldId, toast } from '../support/web/antd.ts';

const stack = inject('stack');
const FINANCE = '13800000005';
const ADMIN = '13800000000';
let browser: Browser;

beforeAll(async () => {
  browser = await testBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
});

const row = (page: Page, text: string) => page.locator('.ant-table-row:visible', { hasText: text }).first();
/** KM-2026-001's statement of `month` (the demo's Northbridge statement of KM-2026-003 may share the month). */
const statementRow = (page: Page, month: string) =>
  page.locator('.ant-table-row:visible', { hasText: month }).filter({ hasText: 'KM-2026-001' }).first();

async function sign(page: Page) {
  await page.getByTestId('signature-password').fill(DEMO_PASSWORD);
  await page.getByTestId('signature-ok').click();
  await page.getByTestId('signature-password').waitFor({ state: 'detached' });
}

describe('statements', () => {
  it('a statement is generated, reviewed and confirmed; a credit on it is reviewed', async () => {
    const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' })
      .format(new Date())
      .slice(0, 7);
    const finance = await accountPage(browser, stack.consoleUrl, FINANCE);
    const admin = await accountPage(browser, stack.consoleUrl, ADMIN);

    // 1. Finance: the demo's draft of this month cancelled (its events free again), then generated.
    await finance.goto(`${stack.consoleUrl}/financial/review-final-statement`);
    await statementRow(finance, month).locator('[data-testid^="statement-cancel-"]').click();
    await finance.getByTestId('statement-cancel-reason').fill('重新生成');
    await finance.locator('.ant-modal:visible .ant-btn-dangerous').click();
    await statementRow(finance, month).waitFor({ state: 'detached' });
    await finance.getByTestId('statement-generate').click();
    await choose(finance, 'statementGenerate_projectId', 'KM-2026-001');
    await choose(finance, 'statementGenerate_period', month);
    await finance.getByTestId('statement-generate-form-ok').click();
    await toast(finance, '结算单草稿已生成');
    await statementRow(finance, month).waitFor();
    // Its creator has no review button (separation of duties).
    expect(await statementRow(finance, month).locator('[data-testid^="statement-review-"]').count()).toBe(0);

    // 2. The super account reviews it with an e-signature, then confirms it (e-signed) with the signed statement.
    await admin.goto(`${stack.consoleUrl}/financial/review-final-statement`);
    await statementRow(admin, month).locator('[data-testid^="statement-review-"]').click();
    await sign(admin);
    await statementRow(admin, month).waitFor({ state: 'detached' });
    await admin.goto(`${stack.consoleUrl}/financial/confirm-final-statement`);
    await statementRow(admin, month).locator('[data-testid^="statement-confirm-"]').click();
    await admin.locator('.ant-modal-wrap:visible input[type=file]').setInputFiles({
      name: 'signed-statement.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4 signed statement'),
    });
    await expect.poll(() => admin.locator('.ant-modal-wrap:visible').textContent()).toContain('已上传');
    await admin.getByTestId('statement-confirm-form-ok').click();
    // The confirmation is e-signed: it fixes the money and the number.
    await expect
      .poll(() => admin.locator('.ant-modal-wrap:visible').last().textContent())
      .toContain('结算单确认');
    await sign(admin);
    await statementRow(admin, month).waitFor({ state: 'detached' });
    await choose(admin, 'status', '已确认');
    await admin.locator('button[type="submit"]:visible').first().click();
    // Numbered at confirmation (after the demo's, receivables-demo.ts confirms an older one too).
    await expect.poll(() => statementRow(admin, month).textContent()).toMatch(/JS\d{4}-\d{4}/);

    // 3. A credit on one of its lines, made by the super account.
    await navigate(admin, '/financial/adjustment-final-statement');
    await admin.getByTestId('adjustment-create').click();
    await choose(admin, 'adjustmentCreate_statementId', `KM-2026-001 · ${month}`);
    await admin.locator(fieldId('adjustmentCreate_reason')).fill('E2E 复测冲减');
    await admin.locator('[data-testid^="adjustment-amount-"]').first().fill('1.00');
    await admin.getByTestId('adjustment-create-form-ok').click();
    await row(admin, 'E2E 复测冲减').waitFor();

    // 4. Finance reviews the credit with an e-signature.
    await navigate(finance, '/financial/review-adjustment');
    await row(finance, 'E2E 复测冲减').locator('[data-testid^="adjustment-review-"]').click();
    await sign(finance);
    await row(finance, 'E2E 复测冲减').waitFor({ state: 'detached' });
    await admin.reload();
    await expect.poll(() => row(admin, 'E2E 复测冲减').textContent()).toContain('已审核');
  });
});
