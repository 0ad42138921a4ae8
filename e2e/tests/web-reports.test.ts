/// <reference lib="dom" />
// Portal report screens end to end as a site user: the laboratory releases a report (through the
// API, as its screens do), the site finds it, downloads the PDF, acknowledges the demo chargeback
// notice and reads the demo rejection notification (packages/server/src/seed/portal-reports-demo.ts).
import { readFile } from 'node:fs/promises';
import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { endpoints } from '../../packages/api-contract/src/index.ts';
import { releaseBrowser, testBrowser } from '../support/browser.ts';
import { ACCOUNTS, accountPage, loggedInContext, navigate } from '../support/console/session.ts';
import { scaled } from '../support/timing.ts';
import { confirmDialogOk, toast } from '../support/web/antd.ts';
import { type ApiSession, apiCall, apiSession } from '../support/web/api.ts';

const stack = inject('stack');
const REVIEWER = '13800000002';
/** 何研究 (site 01 of KM-2026-001), granted the inventory unblinding results in the demo. */
const UNBLINDING_USER = '13900000003';
const PASSWORD = 'Trialab@2026';
let browser: Browser;
let page: Page;
let reportNo = '';
let subjectNo = '';

/** The text runs of each page, as a PDF reader's search sees them (PDF.js, as the server tests read PDFs). */
async function pdfPages(bytes: Uint8Array): Promise<string[][]> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: VerbosityLevel.ERRORS }).promise;
  try {
    const pages: string[][] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const content = await (await pdf.getPage(n)).getTextContent();
      pages.push(
        content.items.flatMap((item) => ('str' in item && item.str.trim() ? [item.str.trim()] : [])),
      );
    }
    return pages;
  } finally {
    await pdf.destroy();
  }
}

async function staff(account: string): Promise<ApiSession> {
  return apiSession(await loggedInContext(browser, stack.consoleUrl, account), stack.consoleUrl);
}

async function ok<T>(call: Promise<{ code: number; msg: string; data: T }>): Promise<T> {
  const answer = await call;
  if (answer.code !== 200) throw new Error(`${answer.code} ${answer.msg}`);
  return answer.data;
}

/** An approved subject of site 01 of KM-2026-001 with one released report, made by two lab users. */
async function releaseReport(): Promise<string> {
  const lab = await staff(ACCOUNTS.lab);
  const reviewer = await staff(REVIEWER);
  const [project] = await ok<Array<{ id: number }>>(
    apiCall(lab, endpoints.project.ownAll, { body: { projectNo: 'KM-2026-001', page: 1, size: 10 } }),
  );
  if (!project) throw new Error('no demo project');
  const sites = await ok<Array<{ id: number; centerNo: string }>>(
    apiCall(lab, endpoints.project.sitesByProject, { body: { projectId: project.id, page: 1, size: 10 } }),
  );
  const site = sites.find((s) => s.centerNo === '01');
  if (!site) throw new Error('no demo site');
  const tag = Date.now().toString(36).toUpperCase();
  subjectNo = `E2E-R-${tag}`;
  const subject = await ok<{ id: number; version: number }>(
    apiCall(lab, endpoints.subject.create, {
      body: {
        projectId: project.id,
        siteId: site.id,
        subjectNo,
        name: '报告测试甲',
        gender: '1',
        birthday: '1985-05-05',
        cardType: 'A',
        cardId: `E2E${tag}`,
        face: { confidence: 90, threshold: 60 },
        fingerprint: { vendor: 'zk', template: Buffer.from(`e2e-${tag}`).toString('base64') },
      },
    }),
  );
  await ok(
    apiCall(reviewer, endpoints.subject.review, {
      params: { id: subject.id },
      body: { version: subject.version, action: 'approve' },
    }),
  );
  const [item] = await ok<Array<{ id: number }>>(
    apiCall(lab, endpoints.testItems.paging, { body: { keyword: 'LFT', page: 1, size: 10 } }),
  );
  if (!item) throw new Error('no LFT test item');
  const report = await ok<{ id: number; reportNo: string; version: number }>(
    apiCall(lab, endpoints.report.create, {
      body: {
        subjectId: subject.id,
        barcode: `E2E-BC-${tag}`,
        visit: '基线 V1',
        results: [{ testItemId: item.id, value: '52' }],
      },
    }),
  );
  const reviewed = await ok<{ version: number }>(
    apiCall(reviewer, endpoints.report.review, {
      params: { id: report.id },
      body: { version: report.version, signature: { password: PASSWORD } },
    }),
  );
  await ok(
    apiCall(reviewer, endpoints.report.release, {
      params: { id: report.id },
      body: { version: reviewed.version, signature: { password: PASSWORD } },
    }),
  );
  return report.reportNo;
}

beforeAll(async () => {
  browser = await testBrowser();
  reportNo = await releaseReport();
  page = await accountPage(browser, stack.consoleUrl, ACCOUNTS.site);
  await page.goto(`${stack.consoleUrl}/web/report-search`);
});
afterAll(() => releaseBrowser(browser));

/** The visible table row that contains this text (other tabs stay mounted, hidden). */
const row = (text: string) => page.locator('.ant-table-row:visible', { hasText: text });

describe('portal reports', () => {
  it('finds a released report, opens it and downloads the PDF', async () => {
    await page.getByTestId('filter-report-no').fill(reportNo);
    await page
      .getByRole('button', { name: /查\s*询/ })
      .first()
      .click();
    // The unfiltered list may already show the report: wait for the filtered answer to replace it.
    await expect
      .poll(() => page.locator('.ant-table-row:visible').count(), { timeout: scaled(10_000) })
      .toBe(1);
    await row(reportNo).waitFor();

    await page.getByTestId(`report-view-${reportNo}`).click();
    const detail = page.getByTestId('report-detail');
    await detail.getByText('肝功能').waitFor();
    await detail.getByText('偏高').waitFor();
    await detail.getByText('当前版本').waitFor();
    await page.locator('.ant-modal:visible .ant-modal-close').click();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId(`report-pdf-${reportNo}`).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${reportNo}-v0.pdf`);
    const bytes = await readFile(await download.path());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // The report as the lab issued it, in the sites' copy: the lab, the subject by number and
    // initials (the project does not allow full names), the results, page 1 of N (zh_CN).
    const pages = await pdfPages(bytes);
    const [first = []] = pages;
    expect(first).toContain('特莱博中心实验室');
    expect(first).toContain(`${subjectNo} BGCSJ`);
    expect(pages.flat().join(' ')).not.toContain('报告测试甲');
    expect(first).toContain('LFT');
    expect(first).toContain('52');
    expect(first).toContain('↑ 偏高');
    expect(first).toContain(`第 1 页 / 共 ${pages.length} 页`);

    // The download is listed under my reports.
    await page.getByRole('tab', { name: '我下载的报告' }).click();
    await row(reportNo).waitFor();
  });

  it('acknowledges a chargeback notice', async () => {
    await page.getByRole('tab', { name: '扣费通知' }).click();
    await row('CB-DEMO-0001').getByTestId('chargeback-status-issued').waitFor();
    await page.getByTestId('chargeback-acknowledge-CB-DEMO-0001').click();
    await page.getByText('确定确认该扣费通知吗？').waitFor();
    await confirmDialogOk(page);
    await toast(page, '操作成功');
    await row('CB-DEMO-0001').getByTestId('chargeback-status-acknowledged').waitFor();
    expect(await page.getByTestId('chargeback-dispute-CB-DEMO-0001').count()).toBe(0);
  });

  it('sees the rejection notification of a sample rejected at receipt and marks it read', async () => {
    await page.getByRole('tab', { name: '拒收通知' }).click();
    const notice = row('ST-DEMO-INS-001');
    await notice.getByText('溶血', { exact: true }).waitFor();
    await notice.getByText('未读', { exact: true }).waitFor();
    await notice.getByRole('button', { name: '标为已读' }).click();
    await toast(page, '操作成功');
    await notice.getByText('已读', { exact: true }).waitFor();
  });

  it('lists the results, the inspection form and, with the permission, the unblinding results', async () => {
    await navigate(page, '/web/result-report');
    await row(reportNo).getByText('偏高').waitFor();

    await navigate(page, '/web/inspection-form');
    await page.getByTestId('inspection-view-ST-DEMO-INS-001').click();
    const form = page.getByTestId('inspection-detail');
    await form.getByText('异常', { exact: true }).waitFor();
    await form.getByText('合格', { exact: true }).waitFor();
    await page.locator('.ant-modal:visible .ant-modal-close').click();

    // 何研究 of the same site holds the unblinding permission: the subject's name is shown.
    const granted = await accountPage(browser, stack.consoleUrl, UNBLINDING_USER);
    await granted.goto(`${stack.consoleUrl}/web/personal-report`);
    await granted.locator('.ant-table-row:visible', { hasText: reportNo }).getByText('报告测试甲').waitFor();
  });
});
