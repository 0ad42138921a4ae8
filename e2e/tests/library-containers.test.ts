// Storage management in Chromium against the built stack, as the biobank keeper: a freezer created
// and filled with racks and boxes from types in one action, seen with its racks and boxes; one box
// moved to a free slot of another freezer's rack with a reason; a cell of it blocked as broken.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { releaseBrowser, testBrowser } from '../support/browser.ts';
import { accountPage, navigate } from '../support/console/session.ts';
import { choose, fieldId, toast } from '../support/web/antd.ts';

const stack = inject('stack');
/** The demo biobank keeper (样本库管理员). */
const KEEPER = '13800000004';
const BASE = '/specimen/container-manage';
let browser: Browser;

beforeAll(async () => {
  browser = await testBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
});

/** Types a keyword into the shown list's filter form (the lists before stay mounted, hidden) and searches. */
async function search(page: Page, keyword: string) {
  const box = page.locator('form[id$="-filter"]:visible').locator(fieldId('keyword'));
  await box.fill(keyword);
  await box.press('Enter');
}

describe('storage management', () => {
  it('creates a freezer filled from types, moves one of its boxes with a reason and blocks a cell', async () => {
    const page = await accountPage(browser, stack.consoleUrl, KEEPER);

    // 1. A freezer with two racks of RT-4x5, each slot holding a BT-9x9 box, in one action.
    await page.goto(`${stack.consoleUrl}${BASE}/device-manage`);
    await page.getByTestId('unit-create').click();
    const form = page.getByTestId('unit-form');
    await form.locator(fieldId('unit_code')).fill('E2E-F1');
    await form.locator(fieldId('unit_name')).fill('E2E 冰箱');
    await choose(page, 'unit_roomId', 'ROOM-80A');
    await choose(page, 'unit_temperatureId', '深低温');
    await page.getByTestId('unit-fill').check();
    await choose(page, 'unit_fillWith_rackTypeId', 'RT-4x5');
    await form.locator(fieldId('unit_fillWith_racks')).fill('2');
    await choose(page, 'unit_fillWith_boxTypeId', 'BT-9x9');
    await expect.poll(() => page.getByTestId('unit-fill-summary').textContent()).toContain('共 40 个冻存盒');
    await page.getByTestId('unit-form-ok').click();
    await search(page, 'E2E-F1');
    const row = page.locator('tr', { hasText: 'E2E-F1' });
    await expect.poll(() => row.getByTestId('occupancy').textContent()).toBe('0 / 3240 · 0%');
    await expect.poll(() => row.getByTestId('status-active').textContent()).toBe('运行中');

    // 2. Its racks, each with its 20 boxes.
    await navigate(page, `${BASE}/frozen-manage`);
    await search(page, 'E2E-F1');
    await page.locator('tr', { hasText: 'E2E-F1-R02' }).waitFor();
    await expect.poll(() => page.locator('tr', { hasText: 'E2E-F1-R01' }).textContent()).toContain('20 / 20');

    // 3. One box to a free slot of the demo freezer's first rack, with a reason.
    await page.getByTestId('rack-boxes-E2E-F1-R01').click();
    await page.waitForURL(/frozen-box-manage\?rackId=/);
    await page.getByTestId('box-move-E2E-F1-R01-A1').click();
    await page.waitForURL(/frozen-box-move\?boxId=/);
    await expect.poll(() => page.getByTestId('box-move-from').textContent()).toContain('E2E-F1');
    await choose(page, 'boxMove_unitId', 'ULT-01');
    await choose(page, 'boxMove_rackId', 'ULT-01-R01');
    await choose(page, 'boxMove_slot', /^B1$/);
    await page.locator(fieldId('boxMove_reason')).fill('E2E 整理空间');
    await page.getByTestId('box-move-save').click();
    await toast(page, '冻存盒已移位');

    // 4. The box is in its new place; a cell of it blocked as broken.
    await page.goto(`${stack.consoleUrl}${BASE}/frozen-box-manage`);
    await search(page, 'E2E-F1-R01-A1');
    const moved = page.locator('tr', { hasText: 'E2E-F1-R01-A1' });
    await expect.poll(() => moved.textContent()).toContain('ULT-01-R01 · B1');
    await page.getByTestId('box-cells-E2E-F1-R01-A1').click();
    await page.getByTestId('cell-A1').click();
    await page.getByTestId('block-form').locator(fieldId('block_reason')).fill('孔位破损');
    await page.getByTestId('block-form-ok').click();
    await toast(page, '孔位 A1 已锁定');
    await expect.poll(() => page.getByTestId('cell-A1').getAttribute('data-state')).toBe('blocked');
  });
});
