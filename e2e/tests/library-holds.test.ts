// Legal holds in Chromium against the built stack: the keeper puts a demo specimen under a legal hold
// from the sample list (reason, then the e-signature), sees the hold on the map and a move of the
// specimen refused naming it, then lifts it from the holds drawer with an e-signature (demo data:
// library-holds-demo.ts, LH-0002 in ULT-01-R01-A5 A4).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { releaseBrowser, testBrowser } from '../support/browser.ts';
import { accountPage, DEMO_PASSWORD, navigate } from '../support/console/session.ts';
import { fieldId, toast } from '../support/web/antd.ts';

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

async function sign(page: Page) {
  await page.getByTestId('signature-password').fill(DEMO_PASSWORD);
  await page.getByTestId('signature-ok').click();
  await page.getByTestId('signature-password').waitFor({ state: 'detached' });
}

describe('legal holds', () => {
  it('sets a legal hold on a specimen, a move of it is refused naming the hold, and lifts it with an e-signature', async () => {
    const page = await accountPage(browser, stack.consoleUrl, KEEPER);

    // 1. From the sample list: the row's action, a reason, the e-signature; the row shows the hold.
    await page.goto(`${stack.consoleUrl}/specimen/manage/sample-list`);
    await page.getByTestId('samples-code').fill('LH-000');
    await page.getByTestId('samples-code').press('Enter');
    // The demo's aliquots of LH-0001 show the hold they inherit, naming their parent.
    await expect.poll(() => row(page, 'LH-0001-1').textContent()).toContain('法律保全 · 来自母样本 LH-0001');
    await expect.poll(() => row(page, 'LH-0003').textContent()).toContain('撤回知情同意');
    await page.getByTestId('hold-set-LH-0002').click();
    await page.locator(fieldId('hold_reason')).fill('E2E 法院保全通知');
    await page.getByTestId('hold-set-ok').click();
    await sign(page);
    await toast(page, '已设置标记');
    await expect.poll(() => row(page, 'LH-0002').textContent()).toContain('法律保全');

    // 2. On the map: the position's details show the hold, and moving the specimen is refused.
    await navigate(page, '/specimen/container-manage/specimen-library-map');
    await page.getByTestId('map-unit-ULT-01').click();
    await page.getByTestId('map-box-ULT-01-R01-A5').click();
    await page.getByTestId('map-box-grid').waitFor();
    await page.getByTestId('map-cell-A4').click();
    await expect.poll(() => page.getByTestId('map-shown-barcode').textContent()).toBe('LH-0002');
    // The map's tag (the sample list stays mounted, hidden, with its own tags).
    await page
      .getByTestId('library-map')
      .getByTestId('hold-tag-legal')
      .filter({ hasText: '法律保全' })
      .waitFor();
    await page.getByTestId('map-move-selected').click();
    await page.getByTestId('map-move-target').click();
    await page.keyboard.type('ULT-01-R02-A1', { delay: 5 });
    await page.keyboard.press('Enter');
    await page.getByTestId('map-move-lines').waitFor();
    await page.locator(fieldId('move_reason')).fill('E2E 整理');
    await page.getByTestId('map-move-form-ok').click();
    await toast(page, '样本 LH-0002 有“法律保全”标记，不能移位');

    // 3. The holds drawer lists it; lifting asks a reason and the e-signature.
    await page.goto(`${stack.consoleUrl}/specimen/manage/sample-list`);
    await page.getByTestId('holds-open').click();
    await page.getByTestId('hold-lift-LH-0002').click();
    await page.locator(fieldId('lift_reason')).fill('E2E 保全解除');
    await page.getByTestId('hold-lift-ok').click();
    await sign(page);
    await toast(page, '已解除标记');
    await page.getByTestId('hold-lift-LH-0002').waitFor({ state: 'detached' });
  });
});
