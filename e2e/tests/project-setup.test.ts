// A trial set up in Chromium against the built stack (issue 18): the project manager creates a
// project and imports its sites from an xlsx laid out as the server's template (a bad row is shown
// in the preview and not taken); builds a plan with two visits and a kit, submits it; another person
// approves it with an e-signature and it goes online; a new site user of the project confirms the
// kit's supply and can choose it in the portal's application form. Last, the cold chain at the
// receipt desk: a sample line read above its plan's transport range becomes an exception and a query
// the site sees in its query list.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { endpoints } from '../../packages/api-contract/src/index.ts';
import { releaseBrowser, testBrowser } from '../support/browser.ts';
import { ACCOUNTS, accountPage, DEMO_PASSWORD, navigate } from '../support/console/session.ts';
import { attachWaybillPhoto } from '../support/specimen/receive.ts';
import { choose, confirmDialogOk, toast } from '../support/web/antd.ts';
import { apiCall, apiSession } from '../support/web/api.ts';
import { createSiteUser, firstLogin } from '../support/web/site-user.ts';
import { uploadXlsx, xlsxSheet } from '../support/xlsx.ts';

const stack = inject('stack');
const PROJECT_NO = 'KM-2027-101';
const KIT = '筛选期采血包';
let browser: Browser;
beforeAll(async () => {
  browser = await testBrowser();
});
afterAll(() => releaseBrowser(browser));

/** The sites sheet as the template lays it out: site number, research centre, site name. */
const sitesSheet = (rows: string[][]) =>
  xlsxSheet('中心', ['中心编号', '研究中心（编码或名称）', '中心名称（可选）'], rows);

describe('setting up a trial', () => {
  it('creates a project whose sites come from an xlsx, after a preview that refuses the bad row', async () => {
    const page = await accountPage(browser, stack.consoleUrl, ACCOUNTS.manager);
    await page.goto(`${stack.consoleUrl}/project/create-file`);
    await page.locator('#projectFile_projectNo').fill('KM-2027-101');
    await page.locator('#projectFile_name').fill('高血压III期临床研究');
    await choose(page, 'projectFile_managerId', /张项目/);

    await page.getByTestId('project-sites-import').click();
    await uploadXlsx(
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
    await expect.poll(() => page.getByTestId(/^project-sites-\d+$/).count()).toBe(2);

    await page.getByTestId('project-file-save').click();
    await page.waitForURL(/\/project\/file$/);
    await page.getByText('KM-2027-101').waitFor();
  });

  it('builds a plan with two visits, their samples and a kit, submits it; a reviewer signs it; it goes online', async () => {
    const planNo = `${PROJECT_NO}-PLAN-A`;
    const page = await accountPage(browser, stack.consoleUrl, ACCOUNTS.manager);
    await page.goto(`${stack.consoleUrl}/project/create-plan`);
    await choose(page, 'plan_projectId', PROJECT_NO);
    await page.locator('#plan_planNo').fill(planNo);
    await page.locator('#plan_name').fill('高血压III期采样方案');
    const sample = async (
      visit: number,
      type: string,
      transport: RegExp,
      storage: RegExp,
      volume: string,
    ) => {
      await page.getByTestId(`plan-sample-${visit}-add`).click();
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

    // The kit the sites will apply for, defined on the saved version.
    const row = () => page.locator('tr', { hasText: planNo });
    await row().locator('[data-testid^="plan-edit-"]').click();
    await page.getByTestId('plan-kit-add').click();
    const kitForm = page.getByTestId('plan-kit-form');
    await kitForm.locator('#planKit_name').fill(KIT);
    await kitForm.getByLabel('耗材名称', { exact: true }).fill('EDTA 紫头管');
    await kitForm.getByLabel('单位', { exact: true }).fill('支');
    await page.getByTestId('plan-kit-form-ok').click();
    await page.getByTestId('plan-kits').getByText(KIT).waitFor();
    await page.goto(`${stack.consoleUrl}/project/plan`);

    await row().locator('[data-testid^="plan-submit-"]').click();
    await confirmDialogOk(page);
    await expect.poll(() => row().textContent()).toMatch(/待审核/);

    // The reviewer (not the author) approves with the e-signature.
    const review = await accountPage(browser, stack.consoleUrl, ACCOUNTS.admin);
    await review.goto(`${stack.consoleUrl}/project/plan-review`);
    const pending = review.locator('tr', { hasText: planNo });
    await pending.locator('[data-testid^="plan-approve-row-"]').click();
    await review.getByTestId('signature-password').fill(DEMO_PASSWORD);
    await review.getByTestId('signature-ok').click();
    await review.getByTestId('signature-password').waitFor({ state: 'detached' });

    // Approved, the manager puts it online.
    await page.reload();
    await row().locator('[data-testid^="plan-online-"]').click();
    await confirmDialogOk(page);
    await expect.poll(() => row().textContent()).toMatch(/已上线/);
  });

  it("a site user of the project confirms the kit's supply and can choose it in the application form", async () => {
    const mobile = '13700000318';
    await createSiteUser(browser, stack.consoleUrl, {
      username: '吴协调',
      mobile,
      projectNo: PROJECT_NO,
      centerNos: ['01'],
    });
    const user = await firstLogin(browser, stack.consoleUrl, mobile);
    const page = await user.newPage();
    await page.goto(`${stack.consoleUrl}/web/receipt-check`);
    await page.getByTestId(`kit-confirm-${KIT}`).click();
    await confirmDialogOk(page);
    await expect.poll(() => page.getByTestId(`kit-confirm-${KIT}`).count()).toBe(0);

    await navigate(page, '/web/create-apply');
    await choose(page, 'projectId', PROJECT_NO);
    await choose(page, 'siteId', /./);
    const kit = page.getByTestId(`kit-choose-${KIT}`);
    await expect.poll(() => kit.isEnabled()).toBe(true);
    await kit.check();
    await expect.poll(() => kit.isChecked()).toBe(true);
    await user.close();
  });

  it('a sample line read above its transport range is received as an exception with a query to the site', async () => {
    // KM-2026-001's online plan carries serum at 2-8 °C; the waybill photo comes through the API
    // (lab-receipt.test.ts drives the document camera).
    const page = await accountPage(browser, stack.consoleUrl, ACCOUNTS.lab);
    const api = await apiSession(page.context(), stack.consoleUrl);
    const found = await apiCall<{ id: number; samples: Array<{ itemId: number; sampleTypeName: string }> }>(
      api,
      endpoints.receipt.lookup,
      { query: { keyword: 'SF1000000001' } },
    );
    expect(found.code, found.msg).toBe(200);
    await attachWaybillPhoto(api, found.data.id);
    const serum = found.data.samples.find((s) => s.sampleTypeName === '血清');
    if (!serum) throw new Error('demo serum line missing');

    await page.goto(`${stack.consoleUrl}/express/sign`);
    const input = page.getByTestId('receipt-lookup').locator('input');
    await input.fill('SF1000000001');
    await input.press('Enter');
    await page.getByTestId('receipt-detail').waitFor();
    await page.getByTestId(`receipt-reading-${serum.itemId}`).fill('12.5');
    await page.getByTestId('receipt-sign').click();
    await confirmDialogOk(page);
    await toast(page, '签收成功');
    const breach = page.getByTestId(`receipt-breach-${serum.itemId}`);
    await breach.waitFor();
    expect(await breach.textContent()).toMatch(/2/);
    const query = page.getByTestId(`receipt-breach-query-${serum.itemId}`);
    const queryNo = ((await query.textContent()) ?? '').match(/Q\w+/)?.[0];
    expect(queryNo).toBeTruthy();

    // Site 01 of KM-2026-001 finds the query in its list.
    const sitePage = await accountPage(browser, stack.consoleUrl, ACCOUNTS.site);
    await sitePage.goto(`${stack.consoleUrl}/web/question`);
    await sitePage.getByText(queryNo ?? '-').waitFor();
  });
});
