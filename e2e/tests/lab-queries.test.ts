/// <reference lib="dom" />
// Staff queries answered at the site's /web/question, and result entry started from an approved
// test order, end to end against the built stack.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { endpoints } from '../../packages/api-contract/src/index.ts';
import { releaseBrowser, testBrowser } from '../support/browser.ts';
import { ACCOUNTS, accountPage } from '../support/console/session.ts';
import { stackBridgeStorage } from '../support/lab/devices.ts';
import { scaled } from '../support/timing.ts';
import { choose, confirmDialogOk } from '../support/web/antd.ts';
import { apiCall, apiSession } from '../support/web/api.ts';

const stack = inject('stack');
const REVIEWER = '13800000002';
let browser: Browser;

beforeAll(async () => {
  browser = await testBrowser();
});
afterAll(() => releaseBrowser(browser));

async function open(account: string, path: string): Promise<Page> {
  const bridge = stack.ports.bridge;
  const storage = bridge === undefined ? {} : stackBridgeStorage(bridge);
  const page = await accountPage(browser, stack.consoleUrl, account, storage);
  await page.goto(`${stack.consoleUrl}${path}`);
  return page;
}

/** A valid 1×1 PNG (the server checks the type by its first bytes; the browser must draw it). */
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The visible table row that contains this text. */
const row = (page: Page, text: string) => page.locator('.ant-table-row:visible', { hasText: text });

describe('lab queries and result entry from a test order', () => {
  it('staff raise a query, the site answers it at /web/question, staff close it', async () => {
    const staff = await open(ACCOUNTS.lab, '/laboratory/before-analysis/question');
    await staff.getByTestId('query-raise').click();
    // The list's filters have a project too: the dialog must be open before choosing in it.
    await staff.locator('.ant-modal:visible').waitFor();
    await choose(staff, 'projectId', 'KM-2026-001');
    await choose(staff, 'siteId', '北京协和医院');
    await staff.getByTestId('query-subject').fill('E2E-LQ-001');
    await staff.getByTestId('query-barcode').fill('E2E-LQ-BC1');
    // The shipment picker offers the chosen site's shipments (the demo one of site 01).
    await choose(staff, 'transportId', 'ST-DEMO-INS-001');
    await choose(staff, 'queryType', '样本问题');
    await staff.getByTestId('query-content').fill('样本管标签缺少采样时间，请补充。');
    // A photo of the label goes with the query (uploaded when chosen).
    const [uploaded] = await Promise.all([
      staff.waitForResponse((r) => r.url().includes('/file/upload')),
      staff.locator('.ant-modal:visible input[type=file]').setInputFiles({
        name: '标签.png',
        mimeType: 'image/png',
        buffer: ONE_PIXEL_PNG,
      }),
    ]);
    expect(uploaded.status()).toBe(200);
    await staff.locator('.ant-modal:visible .ant-upload-list-item-done').waitFor();
    await staff.getByTestId('query-raise-ok').click();
    // The new query opens in the drawer (its success toast may be gone on a loaded machine).
    const detail = staff.getByTestId('staff-query-detail');
    await detail.getByText('待答复').waitFor({ timeout: scaled(20_000) });
    await detail.getByText('ST-DEMO-INS-001', { exact: false }).waitFor();
    await detail.locator('img').first().waitFor();
    // Nothing to close before the site answers.
    expect(await staff.getByTestId('staff-query-close').count()).toBe(0);

    const site = await open(ACCOUNTS.site, '/web/question');
    await site.getByTestId('query-E2E-LQ-001').click();
    await site.waitForURL('**/web/question-details**');
    // The site sees the photo staff attached.
    await site.getByTestId('query-detail').locator('img').first().waitFor();
    await site.getByTestId('query-reply-input').fill('采样时间为09:15，已在申请单上补充。');
    await Promise.all([
      site.waitForResponse((r) => r.url().includes('/file/upload')),
      site.locator('input[type=file][accept*="image/png"]').setInputFiles({
        name: '申请单.png',
        mimeType: 'image/png',
        buffer: ONE_PIXEL_PNG,
      }),
    ]);
    await site.locator('.ant-upload-list-item-done').first().waitFor();
    await site.getByTestId('query-reply-send').click();
    // The reply record shows it (the toast may be gone on a loaded machine before it is looked for).
    await site
      .getByTestId('query-reply')
      .getByText('已在申请单上补充')
      .waitFor({ timeout: scaled(20_000) });
    await site.getByTestId('query-detail').getByText('已答复').waitFor();

    await staff.reload();
    await row(staff, 'E2E-LQ-001').getByRole('button', { name: '查看' }).click();
    await staff.getByTestId('staff-query-reply').getByText('已在申请单上补充').waitFor();
    // Staff see the photo the site replied with.
    await staff.getByTestId('staff-query-reply').locator('img').first().waitFor();
    await staff.getByTestId('staff-query-detail').getByText('已答复').waitFor();
    await staff.getByTestId('staff-query-close').click();
    await staff.getByText('确定接受中心的答复并关闭该质疑吗？').waitFor();
    await confirmDialogOk(staff);
    await staff
      .getByTestId('staff-query-detail')
      .getByText('已解决')
      .waitFor({ timeout: scaled(20_000) });
    // The resolved query can be re-opened (with a reason): the button is there, close is not.
    await staff.getByTestId('staff-query-reopen').waitFor();
    expect(await staff.getByTestId('staff-query-close').count()).toBe(0);

    await site.goto(`${stack.consoleUrl}/web/question`);
    await row(site, 'E2E-LQ-001').getByText('已解决').waitFor();
  });

  it('an approved test order leads to the result entry of its items', async () => {
    // Subject and order through the API (registration through the devices has its own test).
    const labPage = await open(ACCOUNTS.lab, '/laboratory/before-analysis/day-todo');
    const reviewerPage = await open(REVIEWER, '/laboratory/before-analysis/day-todo');
    const lab = await apiSession(labPage.context(), stack.consoleUrl);
    const reviewer = await apiSession(reviewerPage.context(), stack.consoleUrl);
    const projects = await apiCall<Array<{ id: number; projectNo: string }>>(lab, endpoints.project.ownAll, {
      body: { page: 1, size: 50 },
    });
    const projectId = projects.data.find((p) => p.projectNo === 'KM-2026-001')?.id ?? 0;
    const sites = await apiCall<Array<{ id: number; centerNo: string }>>(
      lab,
      endpoints.project.sitesByProject,
      {
        body: { projectId, page: 1, size: 50 },
      },
    );
    const siteId = sites.data.find((s) => s.centerNo === '01')?.id ?? 0;
    const subject = await apiCall<{ id: number }>(lab, endpoints.subject.create, {
      body: {
        projectId,
        siteId,
        subjectNo: 'E2E-LQ-S1',
        name: '结果录入',
        cardType: 'B',
        cardId: '110101199303030033',
        face: { confidence: 90, threshold: 60 },
        fingerprint: { vendor: 'zk', template: 'dGVtcGxhdGU=' },
      },
    });
    expect(subject.code).toBe(200);
    await apiCall(reviewer, endpoints.subject.review, {
      params: { id: subject.data.id },
      body: { version: 1, action: 'approve' },
    });
    const items = await apiCall<Array<{ id: number; code: string }>>(lab, endpoints.testItems.paging, {
      body: { page: 1, size: 50 },
    });
    const cbc = items.data.find((i) => i.code === 'CBC')?.id ?? 0;
    const order = await apiCall<{ id: number; version: number }>(lab, endpoints.testOrder.create, {
      body: { subjectId: subject.data.id, barcode: 'E2E-LQ-BC2', testItemIds: [cbc] },
    });
    expect(order.code).toBe(200);
    const approved = await apiCall(reviewer, endpoints.testOrder.review, {
      params: { id: order.data.id },
      body: { version: order.data.version, action: 'approve' },
    });
    expect(approved.code).toBe(200);

    // The day to-do counts it and leads to the approved orders; the order leads to its result entry.
    await labPage.reload();
    const todo = labPage.getByTestId('todo-results');
    await expect.poll(async () => (await todo.textContent()) ?? '').toMatch(/待录入结果的检测申请\s*[1-9]/);
    await todo.click();
    await labPage.waitForURL('**/test-project-review?status=approved');
    await labPage.getByTestId('order-enter-E2E-LQ-BC2').click();
    await labPage.waitForURL('**/report-list?testOrderId=*');
    await labPage.getByTestId('result-order').getByText('E2E-LQ-BC2').waitFor();
    await labPage.getByTestId('result-value').fill('5.6');
    await labPage.getByTestId('result-entry-ok').click();
    await row(labPage, 'E2E-LQ-BC2')
      .getByText('E2E-LQ-S1')
      .waitFor({ timeout: scaled(20_000) });

    // Entered once: the order no longer offers the entry.
    await labPage.goto(`${stack.consoleUrl}/laboratory/before-analysis/test-project-review?status=approved`);
    await row(labPage, 'E2E-LQ-BC2').waitFor();
    expect(await labPage.getByTestId('order-enter-E2E-LQ-BC2').count()).toBe(0);
  });
});
