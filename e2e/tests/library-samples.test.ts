// The specimen library's awaiting-storage page in Chromium against the built stack: a rack scanner's
// file with one unreadable tube imported into a box, and received specimens auto-allocated and placed
// within their reservation (demo data: library-samples-demo.ts).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { releaseBrowser, testBrowser } from '../support/browser.ts';
import { accountPage, navigate } from '../support/console/session.ts';
import { toast } from '../support/web/antd.ts';

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

describe('specimens awaiting storage', () => {
  it('imports a rack-scanner file with one unreadable tube, allocates and places two specimens, finds them in the sample list', async () => {
    const page = await accountPage(browser, stack.consoleUrl, KEEPER);
    await page.goto(`${stack.consoleUrl}/specimen/specimen-history`);
    // Other files sign specimens for the lab on the same stack, later than the demo's: filter to ours.
    await page.getByTestId('awaiting-keyword').fill('LIB-RCV');
    await page.getByTestId('awaiting-keyword').press('Enter');
    await row(page, 'LIB-RCV-0005').waitFor();

    // 1. The scanner's file: two tubes, one NO READ, one empty position; the box comes from its rack.
    await page.getByTestId('awaiting-import').click();
    await page.locator('.ant-modal input[type="file"]').setInputFiles({
      name: 'rack-e2e.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        [
          'Rack Barcode,Tube Position,Tube Barcode,Status',
          'SCAN-96-02,A01,LIB-RCV-0005,OK',
          'SCAN-96-02,A02,LIB-RCV-0006,OK',
          'SCAN-96-02,A03,,NO READ',
          'SCAN-96-02,A04,NO TUBE,',
        ].join('\r\n'),
      ),
    });
    await page.getByTestId('scan-file-name').filter({ hasText: 'rack-e2e.csv' }).waitFor();
    await expect.poll(() => page.getByTestId('scan-box').inputValue()).toBe('SCAN-96-02');
    await page.getByTestId('scan-preview').click();
    await page
      .getByTestId('scan-counts')
      .filter({ hasText: '入库 2 个，锁定 1 个无法识别的孔位，错误 0 处' })
      .waitFor();
    const unreadable = page.getByTestId('scan-lines').locator('tr', { hasText: 'A03' });
    await expect.poll(() => unreadable.textContent()).toContain('无法识别');
    await expect.poll(() => unreadable.textContent()).toContain('锁定孔位');
    await page.getByTestId('scan-save').click();
    await toast(page, '已入库 2 个，锁定 1 个孔位');
    await row(page, 'LIB-RCV-0005').waitFor({ state: 'detached' });
    await row(page, 'LIB-RCV-0006').waitFor({ state: 'detached' });

    // 2. Two received specimens allocated into a chosen box, shown with the time left, then placed.
    for (const code of ['LIB-RCV-0007', 'LIB-RCV-0008'])
      await row(page, code).locator('input[type="checkbox"]').check();
    await page.getByTestId('awaiting-allocate').filter({ hasText: '2' }).click();
    await page.getByTestId('allocate-box').fill('RCV-96-01');
    await page.getByTestId('allocate-run').click();
    await page
      .getByTestId('allocate-countdown')
      .filter({ hasText: /预留剩余 [45]:\d\d/ })
      .waitFor();
    const cells = page.getByTestId('allocate-cells');
    await expect
      .poll(() => cells.locator('tr', { hasText: 'LIB-RCV-0007' }).textContent())
      .toContain('RCV-96-01A1');
    await expect
      .poll(() => cells.locator('tr', { hasText: 'LIB-RCV-0008' }).textContent())
      .toContain('RCV-96-01A2');
    await page.getByTestId('allocate-commit').click();
    await toast(page, '已入库 2 个样本');
    await row(page, 'LIB-RCV-0008').waitFor({ state: 'detached' });

    // 3. The sample list finds them where they were put.
    await navigate(page, '/specimen/manage/sample-list');
    await page.getByTestId('samples-code').fill('LIB-RCV-0007');
    await page.getByTestId('samples-code').press('Enter');
    const found = row(page, 'LIB-RCV-0007');
    await expect.poll(() => found.textContent()).toContain('RCV-96-01');
    await expect.poll(() => found.textContent()).toContain('在库');
    await expect.poll(() => row(page, 'LIB-RCV-0005').isVisible()).toBe(false);
  });
});
