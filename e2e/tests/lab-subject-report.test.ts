/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { releaseBrowser, testBrowser } from '../support/browser.ts';
import { ACCOUNTS, accountPage, DEMO_PASSWORD } from '../support/console/session.ts';
import { pickOption } from '../support/lab/antd.ts';
import { stackBridgeStorage } from '../support/lab/devices.ts';
import { longFlow, scaled } from '../support/timing.ts';

const stack = inject('stack');
const REVIEWER = '13800000002';
let browser: Browser;

beforeAll(async () => {
  browser = await testBrowser();
});
afterAll(() => releaseBrowser(browser));

async function open(account: string, path: string): Promise<Page> {
  const bridge = stack.ports.bridge;
  if (bridge === undefined) throw new Error('no bridge port');
  const page = await accountPage(browser, stack.consoleUrl, account, stackBridgeStorage(bridge));
  await page.goto(`${stack.consoleUrl}${path}`);
  return page;
}

async function sign(page: Page, action: string) {
  await page.getByTestId(`report-action-${action}`).click();
  await page.getByTestId('signature-password').fill(DEMO_PASSWORD);
  await page.getByTestId('signature-ok').click();
  await page.getByTestId('signature-password').waitFor({ state: 'detached' });
}

describe('subject registration and reports through the bridge', () => {
  it(
    'registers a subject with ID card, face comparison and a 3-press fingerprint; a second person approves',
    async () => {
      const page = await open(ACCOUNTS.lab, '/laboratory/before-analysis/input-subject');
      await pickOption(page, page.getByLabel('项目'), /^KM-2026-001/);
      await pickOption(page, page.getByLabel('中心'), /^01 /);
      await page.getByTestId('subject-no').fill('E2E-S-001');

      await page.getByTestId('idcard-read').click();
      const card = page.getByTestId('idcard-result');
      await card.waitFor({ timeout: scaled(40_000) });
      expect(await card.textContent()).toContain('居民身份证');

      await expect
        .poll(() => page.getByTestId('camera-view-1').getAttribute('data-state'), { timeout: scaled(15_000) })
        .toBe('live');
      await page.getByTestId('face-compare-button').click();
      const face = page.getByTestId('face-result');
      await face.waitFor({ timeout: scaled(30_000) });
      expect(await face.getAttribute('data-match')).toBe('true');
      expect(await face.textContent()).toContain('相似度');

      await page.getByText('中控指纹仪（ZK）').click();
      await page.getByTestId('fingerprint-start').click();
      const progress = page.getByTestId('fingerprint-progress');
      await progress.waitFor();
      await page.getByTestId('fingerprint-done').waitFor({ timeout: scaled(60_000) });
      expect(await progress.getAttribute('data-press')).toBe('3');

      await page.getByTestId('subject-submit').click();
      await page.getByText('已提交审核').first().waitFor();
      await page.getByRole('cell', { name: 'E2E-S-001' }).waitFor();

      const review = await open(REVIEWER, '/laboratory/before-analysis/subject-review');
      const row = review.getByRole('row', { name: /E2E-S-001/ });
      await row.getByRole('button').click();
      const detail = review.getByTestId('subject-review-detail');
      await detail.waitFor();
      // Only what the record needs: a masked card number.
      expect(await detail.textContent()).toMatch(/\d{3}\*+\d{3}[\dX]/);
      await review.getByTestId('subject-approve').click();
      // The confirmation message, not the word: the demo's approved records show it in their status too.
      await review.locator('.ant-message').getByText('审核通过').waitFor();
    },
    longFlow(),
  );

  it(
    'enters, reviews and releases with signatures, downloads the PDF, revises and shows both versions',
    async () => {
      const lab = await open(ACCOUNTS.lab, '/laboratory/after-analysis/report-list');
      await lab.getByTestId('report-enter').click();
      await pickOption(lab, lab.getByLabel('受试者'), /E2E-S-001/);
      await lab.getByTestId('result-barcode').fill('E2E-BC-1');
      await pickOption(lab, lab.getByTestId('result-item').first(), /^LFT/);
      await lab.getByTestId('result-value').first().fill('52');
      await lab.getByTestId('result-entry-ok').click();
      await lab.getByText('保存成功').first().waitFor();
      const openButton = lab.getByRole('row', { name: /E2E-S-001/ }).getByRole('button');
      await openButton.first().click();
      await lab.getByTestId('report-detail').waitFor();
      // The enterer cannot review their own results.
      expect(await lab.getByTestId('report-action-review').count()).toBe(0);
      const reportNo = (await lab.locator('.ant-drawer-title').textContent())?.split(' ')[0] ?? '';
      expect(reportNo).toMatch(/^RPT-\d{8}-\d{6}$/);

      const reviewer = await open(REVIEWER, '/laboratory/after-analysis/report-list');
      await reviewer.getByTestId(`report-open-${reportNo}-v0`).click();
      await sign(reviewer, 'review');
      await expect
        .poll(() => reviewer.getByTestId('report-detail').getAttribute('data-status'))
        .toBe('reviewed');
      await sign(reviewer, 'release');
      await expect
        .poll(() => reviewer.getByTestId('report-detail').getAttribute('data-status'))
        .toBe('released');

      const [download] = await Promise.all([
        reviewer.waitForEvent('download'),
        reviewer.getByTestId('report-pdf').click(),
      ]);
      const path = await download.path();
      const bytes = await readFile(path);
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      expect(download.suggestedFilename()).toBe(`${reportNo}-v0.pdf`);

      // The enterer asks for a revision on its page, opened from the drawer, finds it in the
      // revisions list and corrects it there; the reviewer approves it with a signature.
      await lab.reload();
      await lab.getByTestId(`report-open-${reportNo}-v0`).click();
      await lab.getByTestId('report-action-revise').click();
      await lab.waitForURL(/\/new-report-modify\?id=\d+$/);
      await lab.getByTestId('revise-reason').fill('录入错误');
      await lab.getByTestId('result-value').first().fill('36');
      await lab.getByTestId('revision-save').click();
      await lab.getByText('修改申请已提交审核').waitFor();
      await lab.waitForURL(/\/after-analysis\/report-modify$/);
      await lab.getByTestId(`report-edit-${reportNo}-v1`).click();
      await lab.waitForURL(/\/edit-report-modify\?id=\d+$/);
      // The request's page shown (the new-request page stays kept in its tab, hidden).
      const editing = lab.locator('[data-page="/laboratory/after-analysis/edit-report-modify"]');
      await editing.getByTestId('revise-reason').fill('录入错误更正');
      await editing.getByTestId('result-value').first().fill('35');
      await editing.getByTestId('revision-save').click();
      await lab.getByText('修改申请已保存').waitFor();

      await reviewer.goto(`${stack.consoleUrl}/laboratory/after-analysis/report-modify-review`);
      await reviewer.getByTestId(`report-open-${reportNo}-v1`).click();
      await sign(reviewer, 'approveRevision');
      await expect
        .poll(() => reviewer.getByTestId('report-detail').getAttribute('data-status'))
        .toBe('released');
      const versions = reviewer.getByTestId('report-versions');
      await versions.waitFor();
      expect(await versions.textContent()).toMatch(/v0.*已被替代.*v1.*已发布/);
      await versions.getByRole('button', { name: /v0/ }).click();
      await expect
        .poll(() => reviewer.getByTestId('report-detail').getAttribute('data-status'))
        .toBe('superseded');
      expect(await reviewer.getByTestId('report-results').textContent()).toContain('52');
    },
    longFlow(),
  );

  it(
    'enters the test items of a barcode with the captured requisition form; a second person approves',
    async () => {
      const page = await open(ACCOUNTS.lab, '/laboratory/before-analysis/input-test-project');
      await expect
        .poll(() => page.getByTestId('camera-view-0').getAttribute('data-state'), { timeout: scaled(15_000) })
        .toBe('live');
      await page.getByTestId('capture-button').click();
      await page
        .getByTestId('requisition-images')
        .locator('img')
        .first()
        .waitFor({ timeout: scaled(15_000) });
      await page.getByTestId('order-barcode').fill('E2E-ORD-1');
      await pickOption(page, page.getByLabel('受试者'), /E2E-S-001/);
      await pickOption(page, page.getByLabel('检测项目', { exact: true }), /^CBC/);
      await page.keyboard.press('Escape');
      await page.getByTestId('order-submit').click();
      await page.getByText('已提交审核').first().waitFor();
      await page.getByRole('cell', { name: 'E2E-ORD-1' }).waitFor();

      const review = await open(REVIEWER, '/laboratory/before-analysis/test-project-review');
      await review
        .getByRole('row', { name: /E2E-ORD-1/ })
        .getByRole('button')
        .click();
      await review.getByTestId('requisition-images').locator('img').first().waitFor();
      await review.getByRole('button', { name: /^审核通过$/ }).click();
      // The confirmation message, not the word: the demo's approved records show it in their status too.
      await review.locator('.ant-message').getByText('审核通过').waitFor();
      await review.getByText('已通过').first().click();
      await review.getByRole('cell', { name: 'E2E-ORD-1' }).waitFor();
    },
    longFlow(),
  );
});
