/// <reference lib="dom" />
// Kit and tube barcodes: reserve a range at /supply/consum-barcode-list, print its labels through
// the stack's bridge to the simulated ZPL printer (the bytes checked: one label per code), ship and
// void codes, then scan them at the receipt desk (/express/sign): a good one is accepted, the voided
// one refused with its reason.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { releaseBrowser, testBrowser } from '../support/browser.ts';
import { ACCOUNTS, accountPage } from '../support/console/session.ts';
import { stackBridgeStorage } from '../support/lab/devices.ts';
import { scaled } from '../support/timing.ts';
import { choose, fieldId, toast } from '../support/web/antd.ts';

const stack = inject('stack');
let browser: Browser;
const CODE = /[TK]\d{9}[0-9A-Z]/g;
const port = (name: 'bridge' | 'camera') => {
  const value = stack.ports[name];
  if (value === undefined) throw new Error(`no ${name} port`);
  return value;
};
interface PrinterJobs {
  jobs: Array<{ zpl: string; labels: number }>;
}
const printerJobs = async () =>
  ((await (await fetch(`http://127.0.0.1:${port('camera')}/__sim/printer`)).json()) as PrinterJobs).jobs;

beforeAll(async () => {
  browser = await testBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
});

async function scan(page: Page, code: string) {
  const input = page.getByTestId('barcode-scan-input').locator('input');
  await input.fill(code);
  await input.press('Enter');
  await expect.poll(() => page.getByTestId('barcode-scan-answer').textContent()).toContain(code);
  return page.getByTestId('barcode-scan-answer');
}

describe('kit and tube barcodes', () => {
  it('reserves a range, prints its labels to the simulated printer, ships and voids codes; the desk accepts one and refuses the voided one', async () => {
    const page = await accountPage(
      browser,
      stack.consoleUrl,
      ACCOUNTS.admin,
      stackBridgeStorage(port('bridge')),
    );
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

    // Print their labels through the bridge: the simulated printer receives one label per code.
    const before = (await printerJobs()).length;
    await table.locator('thead .ant-checkbox-input').check();
    await page.getByTestId('label-print').click();
    await page.getByTestId('label-template').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'TUBE-DM v2' })
      .click();
    await expect
      .poll(() => page.getByTestId('label-printer').textContent(), { timeout: scaled(15_000) })
      .toContain('label-sim');
    await page.getByTestId('label-print-ok').click();
    await toast(page, '已向打印机 label-sim 发送 4 张标签');
    await expect.poll(async () => (await printerJobs()).length).toBe(before + 1);
    const job = (await printerJobs()).at(-1);
    expect(job?.labels).toBe(4);
    const formats = job?.zpl.split('\n') ?? [];
    expect(formats).toHaveLength(4);
    codes.forEach((code, i) => {
      expect(formats[i]).toMatch(new RegExp(`^\\^XA.*\\^BXN,\\d+,200\\^FH\\^FD${code}\\^FS.*\\^XZ$`));
    });
    await expect.poll(() => table.textContent()).toContain('已打印');

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
  });
});
