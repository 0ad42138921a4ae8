/// <reference lib="dom" />
// Kit and tube barcodes: reserve a range at /supply/consum-barcode-list, ship and void codes, then
// scan them at the receipt desk (/express/sign): a good one is accepted, the voided one refused with
// its reason.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { ACCOUNTS, loggedInContext } from '../support/console/session.ts';
import { scaled } from '../support/timing.ts';
import { choose, fieldId, toast } from '../support/web/antd.ts';

const stack = inject('stack');
let browser: Browser;
const CODE = /[TK]\d{9}[0-9A-Z]/g;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function scan(page: Page, code: string) {
  const input = page.getByTestId('barcode-scan-input').locator('input');
  await input.fill(code);
  await input.press('Enter');
  await expect.poll(() => page.getByTestId('barcode-scan-answer').textContent()).toContain(code);
  return page.getByTestId('barcode-scan-answer');
}

describe('kit and tube barcodes', () => {
  it('reserves a range, ships and voids codes, and the receipt desk accepts one and refuses the voided one', async () => {
    const context = await loggedInContext(browser, stack.consoleUrl, ACCOUNTS.admin);
    const page = await context.newPage();
    await page.goto(`${stack.consoleUrl}/supply/consum-barcode-list`);
    // The demo's ranges are listed with their states.
    await expect
      .poll(() => page.getByTestId('range-state-voided').count(), { timeout: scaled(15_000) })
      .toBeGreaterThan(0);

    await page.getByTestId('barcode-reserve').click();
    await choose(page, 'projectId', 'KM-2026-001');
    await choose(page, 'siteId', /^01 /);
    await choose(page, 'visitId', '基线 V1');
    await page.locator(fieldId('count')).last().fill('4');
    await page.locator(fieldId('remark')).last().fill('e2e 采血管');
    await page.getByTestId('barcode-reserve-form-ok').click();
    await toast(page, '已预留 4 个条码');

    const row = page.locator('tr', { hasText: 'e2e 采血管' });
    await row.getByRole('button', { name: '条码' }).click();
    const table = page.getByTestId('barcode-codes');
    await expect.poll(async () => ((await table.textContent()) ?? '').match(CODE)?.length ?? 0).toBe(4);
    const codes = ((await table.textContent()) ?? '').match(CODE) ?? [];
    const [good, , , voided] = codes;
    if (!good || !voided) throw new Error('no codes');

    // Ship them all, then void the last one (a torn label).
    await table.locator('thead .ant-checkbox-input').check();
    await page.getByTestId('barcode-ship').click();
    await toast(page, '已标记寄出 4 个条码');
    await table.locator('tr', { hasText: voided }).locator('.ant-checkbox-input').check();
    await page.getByTestId('barcode-void').click();
    await choose(page, 'reasonCode', '标签损坏');
    await page.locator(fieldId('reason')).last().fill('标签撕裂');
    await page.getByTestId('barcode-void-form-ok').click();
    await expect.poll(() => table.locator('tr', { hasText: voided }).textContent()).toContain('已作废');

    // At the receipt desk, in the shipment from that site.
    await page.goto(`${stack.consoleUrl}/express/sign`);
    const lookup = page.getByTestId('receipt-lookup').locator('input');
    await lookup.fill('SF2000000001');
    await lookup.press('Enter');
    await page.getByTestId('barcode-scan').waitFor({ timeout: scaled(15_000) });
    const ok = await scan(page, good);
    await expect.poll(() => ok.getAttribute('data-answer')).toBe('ok');
    const refused = await scan(page, voided);
    await expect.poll(() => refused.getAttribute('data-answer')).toBe('voided');
    expect(await refused.textContent()).toMatch(/已作废.*标签撕裂/);
    const again = await scan(page, good);
    await expect.poll(() => again.getAttribute('data-answer')).toBe('alreadyUsed');
    await context.close();
  });
});
