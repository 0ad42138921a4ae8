// The library map in Chromium against the built stack: received specimens placed into a box by
// scanning, a scanned barcode opening its position, and a box dragged to another rack slot as a
// reviewed move, approved with an e-signature by someone else and carried out.

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { endpoints } from '../../packages/api-contract/src/index.ts';
import { releaseBrowser, testBrowser } from '../support/browser.ts';
import {
  ACCOUNTS,
  accountPage,
  DEMO_PASSWORD,
  loggedInContext,
  navigate,
} from '../support/console/session.ts';
import { confirmDialogOk, fieldId, toast } from '../support/web/antd.ts';
import { type ApiSession, apiCall, apiSession } from '../support/web/api.ts';

const stack = inject('stack');
const KEEPER = '13800000004';
let browser: Browser;

beforeAll(async () => {
  browser = await testBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
});

/** Two received -80 °C specimens of the plan demo that are not in the library yet. */
async function awaitingStorage(api: ApiSession): Promise<string[]> {
  const signed = await apiCall<Array<{ code: string }>>(api, endpoints.specimenSign.paging, {
    body: { page: 1, size: 100 },
  });
  const units = await apiCall<Array<{ id: number; code: string }>>(api, endpoints.library.unitList, {
    body: { page: 1, size: 50, keyword: 'ULT-01' },
  });
  const ultId = units.data.find((u) => u.code === 'ULT-01')?.id ?? 0;
  const found: string[] = [];
  for (const { code } of signed.data.filter((r) => r.code.startsWith('KM1-'))) {
    // Placeable in ULT-01 now: an allocation there succeeds (and is released at once).
    const held = await apiCall<{ reservationId: string } | null>(api, endpoints.library.allocate, {
      body: { barcodes: [code], unitId: ultId },
    });
    if (held.code !== 200 || !held.data) continue;
    await apiCall(api, endpoints.library.release, { params: { reservationId: held.data.reservationId } });
    found.push(code);
    if (found.length === 2) break;
  }
  return found;
}

async function openMap(page: Page) {
  await page.goto(`${stack.consoleUrl}/specimen/container-manage/specimen-library-map`);
  await page.getByTestId('map-unit-ULT-01').click();
  await page.getByTestId('map-rack-ULT-01-R01').waitFor();
}

describe('specimen library map', () => {
  it('places received specimens into a box by scanning', async () => {
    const page = await accountPage(browser, stack.consoleUrl, KEEPER);
    // The codes are looked up as the super account (the keeper does not see the bench's lists).
    const lookup = await loggedInContext(browser, stack.consoleUrl, ACCOUNTS.admin);
    const codes = await awaitingStorage(await apiSession(lookup, stack.consoleUrl));
    await lookup.close();
    expect(codes).toHaveLength(2);
    await openMap(page);
    await page.getByTestId('map-box-ULT-01-R01-A3').click();
    await page.getByTestId('map-box-grid').waitFor();
    // A free position waits for a scan; the next free one in fill order follows.
    await page.getByTestId('map-cell-A1').click();
    const field = page.getByTestId('map-place-barcode');
    await field.waitFor();
    await page.keyboard.type(codes[0] ?? '', { delay: 5 });
    await page.keyboard.press('Enter');
    await toast(page, `${codes[0]} 已放入 ULT-01-R01-A3 A1`);
    await expect.poll(() => field.inputValue()).toBe('');
    await page.keyboard.type(codes[1] ?? '', { delay: 5 });
    await page.keyboard.press('Enter');
    await toast(page, `${codes[1]} 已放入 ULT-01-R01-A3 A2`);
    await page.getByTestId('map-place-close').click();
    await expect.poll(() => page.getByTestId('map-cell-A2').getAttribute('data-state')).toBe('stored');
  });

  it('drags a box to another rack slot as a reviewed move, approved with a signature and carried out', async () => {
    const page = await accountPage(browser, stack.consoleUrl, KEEPER);
    await openMap(page);
    await page.getByTestId('map-box-ULT-01-R02-A4').dragTo(page.getByTestId('map-slot-ULT-01-R02-3-1'));
    await page.locator(fieldId('reason')).fill('E2E 冻存盒换位');
    await page.getByTestId('map-box-move-form-ok').click();
    await toast(page, '已提交，待他人审核');

    // The super account reviews it with an e-signature.
    const review = await accountPage(browser, stack.consoleUrl, ACCOUNTS.admin);
    await review.goto(`${stack.consoleUrl}/specimen/manage/specimen-move?status=submitted`);
    const row = review.locator('tr', { hasText: 'E2E 冻存盒换位' }).first();
    await row.getByRole('button', { name: '审核通过' }).click();
    await review.getByTestId('signature-password').fill(DEMO_PASSWORD);
    await review.getByTestId('signature-ok').click();
    await review.getByTestId('signature-password').waitFor({ state: 'detached' });
    await toast(review, '操作成功');

    // The keeper carries it out; the box now sits in the slot it was dragged to.
    await navigate(page, '/specimen/manage/specimen-move?status=approved');
    const approved = page.locator('tr', { hasText: 'E2E 冻存盒换位' }).first();
    await approved.getByRole('button', { name: '执行' }).click();
    await confirmDialogOk(page);
    await toast(page, '操作成功');
    await openMap(page);
    await page.getByTestId('map-box-ULT-01-R02-A4').waitFor();
    await expect.poll(() => page.getByTestId('map-slot-ULT-01-R02-1-4').count()).toBe(1);
    await expect.poll(() => page.getByTestId('map-slot-ULT-01-R02-3-1').count()).toBe(0);
  });
});
