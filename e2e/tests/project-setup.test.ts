// A trial set up in Chromium against the built stack (issue 18): the project manager creates a
// project and imports its sites from an xlsx laid out as the server's template (a bad row is shown
// in the preview and not taken), saves the record, and finds it in the project list.
// To come: the plan with two visits, its approval with an e-signature, the kit in the portal, and a
// receipt outside its temperature range raising an exception and a query.
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { ACCOUNTS, DEMO_PASSWORD, loggedInContext } from '../support/console/session.ts';
import { choose, confirmDialogOk, toast } from '../support/web/antd.ts';

const requireFromServer = createRequire(new URL('../../packages/server/package.json', import.meta.url));
interface Workbook {
  addWorksheet(name: string): { addRow(values: unknown[]): unknown };
  xlsx: { writeBuffer(): Promise<ArrayBuffer> };
}
const { Workbook } = requireFromServer('exceljs') as { Workbook: new () => Workbook };

const stack = inject('stack');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The sites sheet as the template lays it out: site number, research centre, site name. */
async function sitesSheet(rows: string[][]): Promise<Buffer> {
  const workbook = new Workbook();
  const ws = workbook.addWorksheet('中心');
  ws.addRow(['中心编号', '研究中心（编码或名称）', '中心名称（可选）']);
  for (const row of rows) ws.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function upload(page: Page, name: string, content: Buffer) {
  await page.locator('.ant-modal:visible input[type=file]').setInputFiles({
    name,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: content,
  });
}

describe('setting up a trial', () => {
  it('creates a project whose sites come from an xlsx, after a preview that refuses the bad row', async () => {
    const context = await loggedInContext(browser, stack.consoleUrl, ACCOUNTS.manager);
    const page = await context.newPage();
    await page.goto(`${stack.consoleUrl}/project/create-file`);
    await page.locator('#projectFile_projectNo').fill('KM-2027-101');
    await page.locator('#projectFile_name').fill('高血压III期临床研究');
    await choose(page, 'projectFile_managerId', /张项目/);

    await page.getByTestId('project-sites-import').click();
    await upload(
      page,
      '中心.xlsx',
      await sitesSheet([
        ['01', 'RC-0001', ''],
        ['02', 'RC-9999', ''],
        ['03', 'RC-0002', '二中心'],
      ]),
    );
    await expect
      .poll(() => page.getByTestId('project-sites-import-errors-3').textContent())
      .toMatch(/RC-9999/);
    await expect.poll(() => page.getByTestId('project-sites-import-errors-2').textContent()).toBe('-');
    await page.getByTestId('project-sites-import-confirm').click();
    await expect.poll(() => page.getByTestId('project-sites-row').count()).toBe(2);

    await page.getByTestId('project-file-save').click();
    await page.waitForURL(/\/project\/file$/);
    await page.getByText('KM-2027-101').waitFor();
    await context.close();
  });

  it('builds a plan with two visits and their samples, submits it; a reviewer signs it; it goes online', async () => {
    const planNo = 'KM-2027-101-PLAN-A';
    const manager = await loggedInContext(browser, stack.consoleUrl, ACCOUNTS.manager);
    const page = await manager.newPage();
    await page.goto(`${stack.consoleUrl}/project/create-plan`);
    await choose(page, 'plan_projectId', /KM-2027-101/);
    await page.locator('#plan_planNo').fill(planNo);
    await page.locator('#plan_name').fill('高血压III期采样方案');
    const sample = async (
      visit: number,
      type: string,
      transport: RegExp,
      storage: RegExp,
      volume: string,
    ) => {
      await page.getByTestId(`plan-sample-add-${visit}`).click();
      const at = `plan_visits_${visit}_samples_0`;
      await choose(page, `${at}_sampleTypeId`, type);
      await page.locator(`#${at}_volume`).fill(volume);
      await choose(page, `${at}_transportTemperatureId`, transport);
      await choose(page, `${at}_storageTemperatureId`, storage);
    };
    await page.getByTestId('plan-visit-add').click();
    await page.locator('#plan_visits_0_name').fill('V1 筛选期');
    await sample(0, '全血', /^冷藏/, /^冷藏/, '2');
    await page.getByTestId('plan-visit-add').click();
    await page.locator('#plan_visits_1_name').fill('V2 第4周');
    await sample(1, '血清', /^冷藏/, /^深低温/, '5');
    await page.getByTestId('plan-save').click();
    await toast(page, '保存成功');
    await page.waitForURL(/\/project\/plan$/);

    const row = () => page.locator('tr', { hasText: planNo });
    await row().locator('[data-testid^="plan-submit-"]').click();
    await confirmDialogOk(page);
    await expect.poll(() => row().textContent()).toMatch(/待审核/);

    // The reviewer (not the author) approves with the e-signature.
    const reviewer = await loggedInContext(browser, stack.consoleUrl, ACCOUNTS.admin);
    const review = await reviewer.newPage();
    await review.goto(`${stack.consoleUrl}/project/plan-review`);
    const pending = review.locator('tr', { hasText: planNo });
    await pending.locator('[data-testid^="plan-approve-row-"]').click();
    await review.getByTestId('signature-password').fill(DEMO_PASSWORD);
    await review.getByTestId('signature-ok').click();
    await review.getByTestId('signature-password').waitFor({ state: 'detached' });
    await reviewer.close();

    // Approved, the manager puts it online.
    await page.reload();
    await row().locator('[data-testid^="plan-online-"]').click();
    await confirmDialogOk(page);
    await expect.poll(() => row().textContent()).toMatch(/已上线/);
    await manager.close();
  });
});
