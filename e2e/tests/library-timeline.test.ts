// The specimen timeline in Chromium against the built stack: the demo specimen with a whole story
// (library-timeline-demo.ts) opened from the sample list shows its receipt with the cold-chain
// reading, its storage and its move; the custody log finds its events and opens the same story.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { releaseBrowser, testBrowser } from '../support/browser.ts';
import { accountPage, navigate } from '../support/console/session.ts';

const stack = inject('stack');
/** 样本库管理员 (biobank_keeper). */
const KEEPER = '13800000004';
const CODE = 'LIB-TL-0001';
let browser: Browser;

beforeAll(async () => {
  browser = await testBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
});

const eventTexts = (page: Page) =>
  page.getByTestId('specimen-timeline').getByTestId('timeline-event').allTextContents();

describe('specimen timeline', () => {
  it('opens a demo specimen’s timeline from the sample list and the custody log: receipt, storage, a move', async () => {
    const page = await accountPage(browser, stack.consoleUrl, KEEPER);
    await page.goto(`${stack.consoleUrl}/specimen/manage/sample-list`);
    await page.getByTestId('samples-code').fill(CODE);
    await page.getByTestId('samples-code').press('Enter');
    await page.getByTestId(`sample-timeline-${CODE}`).click();
    await page.getByTestId('specimen-timeline').getByTestId('timeline-event').first().waitFor();
    await expect.poll(() => eventTexts(page).then((t) => t.length)).toBeGreaterThanOrEqual(10);
    const texts = await eventTexts(page);
    const receipt = texts.find((t) => t.includes('实验室接收')) ?? '';
    expect(receipt).toContain('到货温度 -72.5 ℃');
    expect(receipt).toContain('ST-DEMO-TL-001');
    expect(receipt).toContain('temperature-logger-ST-DEMO-TL-001.pdf');
    expect(texts.some((t) => t.startsWith('库存入库') && t.includes('ULT-01 / R01 / A4 / I1'))).toBe(true);
    expect(
      texts.some((t) => t.includes('移位') && t.includes('ULT-01 / R01 / A4 / I1 → ULT-01 / R01 / A4 / I2')),
    ).toBe(true);
    expect(texts.some((t) => t.includes('归还') && t.includes('冻融次数 1'))).toBe(true);
    // Receipt before storage before the move: the story is in time order.
    const at = (word: string) => texts.findIndex((t) => t.includes(word));
    expect(at('实验室接收')).toBeLessThan(at('库外 → ULT-01'));
    expect(at('库外 → ULT-01')).toBeLessThan(at('按受试者归并冻存盒'));
    await page.keyboard.press('Escape');
    await page.getByTestId('specimen-timeline').waitFor({ state: 'detached' });

    // The custody log: the specimen's four events, newest first; a row opens the same story.
    await navigate(page, '/specimen/specimen-log-manage');
    await page.getByTestId('log-barcode').fill(CODE);
    await page.getByTestId('log-barcode').press('Enter');
    // Visible rows: the sample list stays mounted, hidden, with its row of the specimen.
    const rows = page.locator('.ant-table-row:visible', { hasText: CODE });
    await expect.poll(() => rows.count()).toBe(4);
    expect(await rows.first().textContent()).toContain('归还');
    await rows.last().locator('td').first().click();
    await page.getByTestId('specimen-timeline').getByTestId('timeline-event').first().waitFor();
    expect((await eventTexts(page)).some((t) => t.includes('实验室接收'))).toBe(true);
  });
});
