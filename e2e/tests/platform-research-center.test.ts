// Research centres in Chromium against the built stack: the platform administrator registers a
// hospital (a code another centre has is said before saving), opens its details, adds a contact,
// and finds a demo centre's projects with their centre numbers; list and details pass axe.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { describeViolations, seriousViolations } from '../support/a11y.ts';
import { releaseBrowser, testBrowser } from '../support/browser.ts';
import { ACCOUNTS, accountPage } from '../support/console/session.ts';

const stack = inject('stack');
let browser: Browser;

beforeAll(async () => {
  browser = await testBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
});

async function noSeriousViolations(page: Page, where: string) {
  expect(describeViolations(where, await seriousViolations(page))).toEqual([]);
}

describe('research centres', () => {
  it('registers a centre, adds its contact, and shows where a demo centre takes part', async () => {
    const page = await accountPage(browser, stack.consoleUrl, ACCOUNTS.platform);
    await page.goto(`${stack.consoleUrl}/platform/research-center`);
    await page.getByTestId('research-center-detail-RC-0001').waitFor();
    await noSeriousViolations(page, 'list');

    // 1. A demo centre: its projects with the project's number for it.
    await page.getByTestId('research-center-detail-RC-0004').click();
    const detail = page.getByTestId('research-center-detail');
    await detail.getByText('KM-2026-002').waitFor();
    await detail.getByText('罗静').waitFor();
    await noSeriousViolations(page, 'details');
    await page.locator('.ant-modal:visible .ant-modal-close').click();
    await detail.waitFor({ state: 'hidden' });

    // 2. A new centre: RC-0001 is taken (said while typing), RC-0100 is free.
    await page.getByTestId('research-center-create').click();
    await page.locator('#researchCenter_code').fill('RC-0001');
    await page.locator('#researchCenter_name').fill('山东大学齐鲁医院');
    await page.getByText('该编码已被其他研究中心使用').waitFor();
    await page.locator('#researchCenter_code').fill('RC-0100');
    await page.locator('#researchCenter_city').fill('济南市');
    await page.getByTestId('research-center-form-ok').click();
    await page.getByTestId('research-center-detail-RC-0100').waitFor();

    // 3. Its first contact, added in the details.
    await page.getByTestId('research-center-detail-RC-0100').click();
    await page.getByText('尚未参与任何项目').waitFor();
    await page.getByTestId('research-center-contact-add').click();
    await page.locator('#researchCenterContact_name').fill('高峰');
    await page.locator('#researchCenterContact_phone').fill('13605310001');
    await page.getByTestId('research-center-contact-form-ok').click();
    await detail.getByText('高峰').waitFor();
    await detail.getByText('主要研究者（PI）').waitFor();
  });
});
