import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { releaseBrowser, testBrowser } from '../support/browser.ts';

const stack = inject('stack');
let browser: Browser;

beforeAll(async () => {
  browser = await testBrowser();
});
afterAll(() => releaseBrowser(browser));

it('serves the console: the login page renders in Chromium', async () => {
  const page = await browser.newPage();
  await page.goto(`${stack.consoleUrl}/`);
  await page.waitForURL('**/login');
  await expect(page.getByRole('button', { name: /登\s*录/ }).isVisible()).resolves.toBe(true);
  await page.close();
});

it('the device bridge answers its health endpoint and sees the simulated camera', async () => {
  const res = await fetch(`${stack.bridgeUrl}/health`);
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ status: 'ok', vendors: { camera: 'up' } });
});
