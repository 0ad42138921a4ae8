/// <reference lib="dom" />
// Identity-verified custody end to end, through the REAL device bridge and the simulated devices
// (sim-devices; the stack's bridge): an outbound bill confirmed with the receiver identified by ID
// card and face and the signed handover form captured; a destruction authorised by two people and
// confirmed before a witness identified by ID card and face (card C presented on the reader). The bills are made through the
// API from the demo's LC-0001..LC-0004 (seed/library-custody-demo.ts); the handovers on screen.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { endpoints } from '../../packages/api-contract/src/index.ts';
import { releaseBrowser, testBrowser } from '../support/browser.ts';
import { ACCOUNTS, accountPage, DEMO_PASSWORD, loggedInContext } from '../support/console/session.ts';
import { simControl, stackBridgeStorage } from '../support/lab/devices.ts';
import { longFlow, scaled } from '../support/timing.ts';
import { choose, fieldId } from '../support/web/antd.ts';
import { type ApiSession, apiCall, apiSession } from '../support/web/api.ts';

const stack = inject('stack');
const KEEPER = '13800000004';
const REVIEWER = '13800000002';
const { libraryBills: bills, libraryCustody: custody } = endpoints;
let browser: Browser;
const contexts: BrowserContext[] = [];
const port = (name: 'bridge' | 'camera') => {
  const value = stack.ports[name];
  if (value === undefined) throw new Error(`no ${name} port`);
  return value;
};

beforeAll(async () => {
  browser = await testBrowser();
});
afterAll(async () => {
  await simControl(port('camera'), 'DELETE', 'card').catch(() => undefined);
  for (const context of contexts) await context.close().catch(() => undefined);
  await releaseBrowser(browser);
});

async function open(account: string, path: string): Promise<Page> {
  const page = await accountPage(browser, stack.consoleUrl, account, stackBridgeStorage(port('bridge')));
  await page.goto(`${stack.consoleUrl}${path}`);
  return page;
}

async function session(account: string): Promise<ApiSession> {
  const context = await loggedInContext(browser, stack.consoleUrl, account);
  contexts.push(context);
  return apiSession(context, stack.consoleUrl);
}

async function ok<T>(
  s: ApiSession,
  endpoint: Parameters<typeof apiCall>[1],
  input: Parameters<typeof apiCall>[2],
) {
  const answer = await apiCall<T>(s, endpoint, input);
  if (answer.code !== 200) throw new Error(`${endpoint.id}: ${answer.code} ${answer.msg}`);
  return answer.data;
}

const sign = { signature: { password: DEMO_PASSWORD } };

/** Opens the bill in the confirmation list's 待确认 tab, scans its tubes. */
async function openAndScan(page: Page, billNo: string, barcodes: string[]): Promise<void> {
  await page.getByTestId('bill-tabs').getByText('待确认', { exact: true }).click();
  await page
    .locator('.ant-table-row:visible', { hasText: billNo })
    .getByText(/查看|View/)
    .click();
  await page.locator('.ant-drawer-open').waitFor();
  const scan = page.getByTestId('bill-scan');
  for (const code of barcodes) {
    await scan.fill(code);
    await scan.press('Enter');
  }
  await page.getByText(`已扫描 ${barcodes.length} / ${barcodes.length}`).waitFor();
}

/** Reads the card on the reader and waits for its fields. */
async function readCard(page: Page): Promise<void> {
  await page.getByTestId('idcard-read').click();
  await page.getByTestId('idcard-result').waitFor({ timeout: scaled(40_000) });
}

/** The head camera's picture against the card photo, at the lab's threshold (shown and fixed): a match. */
async function compareFace(page: Page): Promise<void> {
  await expect
    .poll(() => page.getByTestId('camera-view-1').getAttribute('data-state'), { timeout: scaled(15_000) })
    .toBe('live');
  expect(await page.getByTestId('face-threshold').isDisabled()).toBe(true);
  await page.getByTestId('face-compare-button').click();
  const face = page.getByTestId('face-result');
  await face.waitFor({ timeout: scaled(30_000) });
  expect(await face.getAttribute('data-match')).toBe('true');
}

/** The document camera captures the signed form; the uploaded image is shown. */
async function captureForm(page: Page): Promise<void> {
  await expect
    .poll(() => page.getByTestId('camera-view-0').getAttribute('data-state'), { timeout: scaled(15_000) })
    .toBe('live');
  await page.getByTestId('capture-button').click();
  await page.getByTestId('custody-form').waitFor({ timeout: scaled(30_000) });
}

describe('identity-verified custody through the bridge', () => {
  it(
    'confirms an outbound bill with the receiver identified by ID card and face and the form captured',
    async () => {
      const keeper = await session(KEEPER);
      const reviewer = await session(REVIEWER);
      // 测试甲 (the simulator's default card) is an authorised receiver of KM-2026-001 in the demo.
      const [jia] = await ok<Array<{ projectId: number }>>(keeper, custody.recipientList, {
        body: { page: 1, size: 10, keyword: '测试甲' },
      });
      const types = await ok<Array<{ id: number; code: string }>>(keeper, bills.outboundTypes, {});
      const created = await ok<{ id: number; billNo: string }>(keeper, bills.outboundCreate, {
        body: {
          kind: 'out',
          projectId: jia?.projectId,
          stockOutTypeId: types.find((t) => t.code === 'TEST')?.id,
          reason: '1',
          recipient: '测试甲',
          destination: 'E2E 交接核验',
          lines: [{ barcode: 'LC-0001' }, { barcode: 'LC-0002' }],
        },
      });
      await ok(keeper, bills.outboundSubmit, { params: { id: created.id }, body: { version: 1 } });
      await ok(reviewer, bills.outboundReview, {
        params: { id: created.id },
        body: { version: 2, action: 'approve', ...sign },
      });

      const page = await open(KEEPER, '/specimen/manage/out-warehouse-bill-confirm');
      await openAndScan(page, created.billNo, ['LC-0001', 'LC-0002']);
      // Nothing identified yet: the confirmation waits.
      expect(await page.getByTestId('bill-confirm').isDisabled()).toBe(true);
      await readCard(page);
      expect(await page.getByTestId('idcard-result').textContent()).toContain('测试甲');
      await compareFace(page);
      await captureForm(page);
      await page.getByTestId('custody-identified').waitFor();
      await page.getByTestId('bill-confirm').click();
      await page.locator('.ant-drawer-open').getByText('已完成').first().waitFor();
      const record = page.getByTestId('custody-record');
      await record.getByText('身份证 + 人脸比对').waitFor();
      expect(await record.textContent()).toContain('990***********0015');

      const check = await ok<{
        method: string;
        personName: string;
        formFileId: number | null;
        score: number;
      }>(keeper, custody.billCheck, { params: { id: created.id } });
      expect(check).toMatchObject({ method: 'idcardFace', personName: '测试甲' });
      expect(check.formFileId).toBeGreaterThan(0);
      expect(check.score).toBeGreaterThan(50);
    },
    longFlow(),
  );

  it(
    'destroys with two authorisers and a witness identified by ID card and face',
    async () => {
      const keeper = await session(KEEPER);
      const manager = await session(ACCOUNTS.manager);
      const reviewer = await session(REVIEWER);
      const [yi] = await ok<Array<{ projectId: number }>>(keeper, custody.recipientList, {
        body: { page: 1, size: 10, keyword: '测试乙' },
      });
      const created = await ok<{ id: number; billNo: string }>(keeper, bills.destroyCreate, {
        body: {
          projectId: yi?.projectId,
          reason: '1',
          lines: [{ barcode: 'LC-0003' }, { barcode: 'LC-0004' }],
        },
      });
      await ok(keeper, bills.destroySubmit, { params: { id: created.id }, body: { version: 1 } });
      // Two authorisers, neither the creator; the reviewer holds QA.
      await ok(manager, bills.destroyReview, {
        params: { id: created.id },
        body: { version: 2, action: 'authorise', ...sign },
      });
      await ok(reviewer, bills.destroyReview, {
        params: { id: created.id },
        body: { version: 3, action: 'approve', ...sign },
      });

      const page = await open(KEEPER, '/specimen/manage/destroy-bill-confirm');
      await openAndScan(page, created.billNo, ['LC-0003', 'LC-0004']);
      await choose(page, 'method', '高压灭菌');
      await page.locator(fieldId('certificate')).fill('E2E-CUSTODY-001');
      // The witness 测试乙 presents their card (type C) and faces the head camera.
      await simControl(port('camera'), 'POST', 'card', { type: 'C' });
      await readCard(page);
      expect(await page.getByTestId('idcard-result').textContent()).toContain('测试乙');
      await compareFace(page);
      await captureForm(page);
      await page.getByTestId('custody-identified').waitFor();
      await page.getByTestId('bill-confirm').click();
      await page.locator('.ant-drawer-open').getByText('已完成').first().waitFor();
      const record = page.getByTestId('custody-record');
      await record.getByText('身份证 + 人脸比对').waitFor();
      expect(await record.textContent()).toContain('测试乙');
      const check = await ok<{ role: string; method: string; personName: string }>(
        keeper,
        custody.billCheck,
        {
          params: { id: created.id },
        },
      );
      expect(check).toMatchObject({ role: 'witness', method: 'idcardFace', personName: '测试乙' });
    },
    longFlow(),
  );
});
