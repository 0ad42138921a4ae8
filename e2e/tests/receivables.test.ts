// Receivables end to end against the built stack (docs/finance.md "Receivables"): finance records a
// payment from Huakang, allocates part of it to the demo's overdue statement, and sees the statement's
// outstanding balance and the aging's 31–60 days bucket go down by exactly that amount. The home
// to-do's burn-down tile opens the page on the contracts it counted, the filter shown in its form.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { releaseBrowser, testBrowser } from '../support/browser.ts';
import { accountPage } from '../support/console/session.ts';
import { choose, fieldId } from '../support/web/antd.ts';

const stack = inject('stack');
const FINANCE = '13800000005';
let browser: Browser;

beforeAll(async () => {
  browser = await testBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
});

/** The amount a money text shows, in cents, exactly (`CNY 6,800.00 (1)` → 680000n). */
const centsOf = (text: string | null) =>
  BigInt((/[\d,]+\.\d{2}/.exec(text ?? '')?.[0] ?? '0.00').replace(/[,.]/g, ''));

describe('receivables', () => {
  it('a payment is recorded and allocated; the balance and the aging follow', async () => {
    const page = await accountPage(browser, stack.consoleUrl, FINANCE);
    await page.goto(`${stack.consoleUrl}/financial/receivables`);
    const bucket = page.locator('[data-testid^="aging-d31_60-"]').first();
    const before = centsOf(await bucket.textContent());
    expect(before > 12_035n).toBe(true);
    // The bucket opens the statements it counts: the overdue statement, partly paid.
    await bucket.click();
    const overdue = page.locator('.ant-table-row:visible', { hasText: '部分收款' }).first();
    await overdue.waitFor();
    const number = (await overdue.locator('td').first().textContent())?.trim() ?? '';
    expect(number).toMatch(/^JS\d{4}-\d{4}$/);
    const outstanding = centsOf(await overdue.locator('td').nth(6).textContent());

    // Record a payment received today.
    await page.getByRole('tab', { name: '收款' }).click();
    await page.getByTestId('payment-record').click();
    await choose(page, 'payment_customerId', '华康');
    await page.locator(fieldId('payment_amount')).fill('300.00');
    await page
      .locator(fieldId('payment_receivedOn'))
      .fill(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date()));
    await page.locator(fieldId('payment_bankRef')).fill('E2E-AR-0001');
    await page.locator(fieldId('payment_payer')).fill('华康制药有限公司');
    await page.getByTestId('payment-form-ok').click();
    const payment = page.locator('.ant-table-row:visible', { hasText: 'E2E-AR-0001' }).first();
    await payment.waitFor();

    // Allocate 120.35 of it to the overdue statement.
    await payment.locator('[data-testid^="payment-allocate-"]').click();
    const line = page.locator('.ant-modal-wrap:visible .ant-table-row', { hasText: number });
    await line.locator('[data-testid^="allocate-amount-"]').fill('120.35');
    await page.getByTestId('allocation-form-ok').click();
    await expect.poll(() => payment.textContent()).toContain('179.65');

    // The balance and the aging moved by exactly that.
    await expect
      .poll(async () => centsOf(await page.locator('[data-testid^="aging-d31_60-"]').first().textContent()))
      .toBe(before - 12_035n);
    await page.getByRole('tab', { name: '结算单余额' }).click();
    await expect
      .poll(async () =>
        centsOf(
          await page
            .locator('.ant-table-row:visible', { hasText: number })
            .first()
            .locator('td')
            .nth(6)
            .textContent(),
        ),
      )
      .toBe(outstanding - 12_035n);
  });

  it('the home to-do’s burn-down tile opens the contracts it counted', async () => {
    const page = await accountPage(browser, stack.consoleUrl, FINANCE);
    await page.goto(`${stack.consoleUrl}/home/todo`);
    const tile = page.getByTestId('todo-kind-contractBurnDown-raised');
    await tile.waitFor();
    const counted = Number(await tile.locator('.ant-statistic-content-value').textContent());
    expect(counted).toBeGreaterThanOrEqual(1);
    await tile.click();
    await page.waitForURL(/\/financial\/receivables\?tab=burn&alert=near&alert=over$/);
    await page.getByRole('tab', { name: '合同消耗', selected: true }).waitFor();
    // The burn-down's list: the card of its filter form.
    const rows = page
      .locator('.ant-card', { has: page.getByTestId('burn-alert-filter') })
      .locator('.ant-table-row:visible');
    const row = rows.filter({ hasText: 'DEMO-HT-2026-004' });
    await row.waitFor();
    expect(await row.textContent()).toContain('已达 80%');
    // The form shows the link's filter; the list holds exactly what the tile counted.
    const filter = page.getByTestId('burn-alert-filter');
    expect(await filter.textContent()).toContain('已达 80%');
    expect(await filter.textContent()).toContain('已达 100%');
    await expect.poll(async () => rows.count()).toBe(counted);
  });
});
