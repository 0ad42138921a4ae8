// Specimen intake in Chromium against the built stack: register label codes, sign for received
// samples at the bench, put two in a box and take one out, create sub-barcodes of the other.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { releaseBrowser, testBrowser } from '../support/browser.ts';
import { ACCOUNTS, accountPage, navigate } from '../support/console/session.ts';
import { pickOption } from '../support/lab/antd.ts';
import { receiveShipment } from '../support/specimen/receive.ts';
import { choose, confirmDialogOk, fieldId, toast } from '../support/web/antd.ts';
import { apiSession } from '../support/web/api.ts';

const stack = inject('stack');
let browser: Browser;

beforeAll(async () => {
  browser = await testBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
});

/** The text input of a scan field or form input carrying this test id. */
const input = (page: Page, testId: string) =>
  page.locator(`input[data-testid="${testId}"], [data-testid="${testId}"] input`).first();

/** The shown table's rows holding this text (the pages opened before stay mounted, hidden). */
const row = (page: Page, text: string) => page.locator('tr:visible', { hasText: text });

async function scan(page: Page, testId: string, code: string) {
  const field = input(page, testId);
  await field.fill(code);
  await field.press('Enter');
}

describe('specimen intake', () => {
  it('registers codes, signs for received samples, stores two in a box, takes one out and aliquots the other', async () => {
    const page = await accountPage(browser, stack.consoleUrl, ACCOUNTS.lab);
    await page.goto(`${stack.consoleUrl}/laboratory/before-analysis/register-sample-code`);
    // KM-2026-003 (EMS1000000004: serum 4 and whole blood 4, refrigerated) arrives at the receipt desk.
    await page.getByTestId('code-register-open').waitFor();
    await receiveShipment(await apiSession(page.context(), stack.consoleUrl), 'EMS1000000004');

    // 1. Register three pre-printed serum labels E2E-SP-01..03.
    await page.getByTestId('code-register-open').click();
    await choose(page, 'projectId', /KM-2026-003/);
    await choose(page, 'sampleTypeId', /^血清$/);
    await input(page, 'code-prefix').fill('E2E-SP-');
    await input(page, 'code-from').fill('1');
    await input(page, 'code-to').fill('3');
    await input(page, 'code-to').press('Tab');
    await expect.poll(() => page.getByTestId('code-preview').textContent()).toContain('E2E-SP-0001');
    await page.getByTestId('code-register-submit').click();
    await toast(page, '已登记 3 个条码');
    await row(page, 'E2E-SP-0003').first().waitFor();

    // 2. Sign for two of them against the received shipment.
    await navigate(page, '/laboratory/before-analysis/specimen-sign');
    await page.getByTestId('sign-choose-ST-DEMO-RCV-004').click();
    await scan(page, 'sign-scan', 'E2E-SP-0001');
    await scan(page, 'sign-scan', 'E2E-SP-0002');
    await expect.poll(() => page.getByTestId('sign-codes').textContent()).toContain('E2E-SP-0002');
    await page.getByTestId('sign-submit').click();
    await confirmDialogOk(page);
    await toast(page, '已签收 2 个样本');
    await row(page, 'E2E-SP-0001').filter({ hasText: '李实验' }).first().waitFor();

    // 3. Put both into the refrigerated box BOX-R-01 (next free positions).
    await navigate(page, '/laboratory/before-analysis/specimen-inside');
    await pickOption(page, page.getByTestId('inside-container'), /BOX-R-01/);
    await scan(page, 'inside-scan', 'E2E-SP-0001');
    await scan(page, 'inside-scan', 'E2E-SP-0002');
    await row(page, 'E2E-SP-0002').filter({ hasText: '已签收' }).first().waitFor();
    await page.getByTestId('inside-submit').click();
    await confirmDialogOk(page);
    await toast(page, '已入库 2 个样本');
    await expect.poll(() => page.getByTestId('inside-stored').textContent()).toMatch(/E2E-SP-0001 → [A-I]\d/);

    // 4. Take one out with a reason.
    await navigate(page, '/laboratory/before-analysis/specimen-outside');
    await scan(page, 'outside-scan', 'E2E-SP-0001');
    await row(page, 'E2E-SP-0001').filter({ hasText: 'BOX-R-01' }).first().waitFor();
    await page.getByTestId('outside-reason').fill('上机检测');
    await page.getByTestId('outside-submit').click();
    await confirmDialogOk(page);
    await toast(page, '已出库 1 个样本');

    // The staging list holds only the other one now.
    await navigate(page, '/laboratory/before-analysis/specimen-staging');
    const keyword = page.locator(fieldId('keyword')).filter({ visible: true });
    await keyword.fill('E2E-SP');
    await keyword.press('Enter');
    await row(page, 'E2E-SP-0002').filter({ hasText: 'BOX-R-01' }).first().waitFor();
    await expect.poll(() => row(page, 'E2E-SP-0001').count()).toBe(0);

    // 5. Two aliquots of the stored one: -01 and -02.
    await navigate(page, '/laboratory/before-analysis/manage-sub-barcode');
    await input(page, 'sub-parent').fill('E2E-SP-0002');
    await input(page, 'sub-count').fill('2');
    await page.getByTestId('sub-create').click();
    await toast(page, 'E2E-SP-0002-01, E2E-SP-0002-02');
    await row(page, 'E2E-SP-0002-02').first().waitFor();
  });
});
