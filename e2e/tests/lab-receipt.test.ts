/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { releaseBrowser, testBrowser } from '../support/browser.ts';
import { ACCOUNTS, accountPage } from '../support/console/session.ts';
import { simControl, stackBridgeStorage } from '../support/lab/devices.ts';
import { scaled } from '../support/timing.ts';

const stack = inject('stack');
let browser: Browser;
const simPort = () => {
  const port = stack.ports.camera;
  if (port === undefined) throw new Error('no camera simulator port');
  return port;
};
const bridgePort = () => {
  const port = stack.ports.bridge;
  if (port === undefined) throw new Error('no bridge port');
  return port;
};

beforeAll(async () => {
  browser = await testBrowser();
});
afterAll(async () => {
  await simControl(simPort(), 'DELETE', 'fault').catch(() => undefined);
  await releaseBrowser(browser);
});

async function openSign(): Promise<Page> {
  const page = await accountPage(browser, stack.consoleUrl, ACCOUNTS.lab, stackBridgeStorage(bridgePort()));
  await page.goto(`${stack.consoleUrl}/express/sign`);
  return page;
}

async function lookup(page: Page, waybill: string) {
  const input = page.getByTestId('receipt-lookup').locator('input');
  await input.fill(waybill);
  await input.press('Enter');
  await page.getByTestId('receipt-detail').waitFor();
  await expect.poll(() => page.getByTestId('receipt-detail').textContent()).toContain(waybill);
}

describe('sample receipt at /express/sign through the bridge', () => {
  it('captures the waybill with the document camera, keeps it after a reload and signs off', async () => {
    const page = await openSign();
    await lookup(page, 'SF1000000002');
    // Live view through the bridge's MJPEG proxy.
    const view = page.getByTestId('camera-view-0');
    await expect.poll(() => view.getAttribute('data-state'), { timeout: scaled(15_000) }).toBe('live');
    const src = await view.locator('img').getAttribute('src');
    expect(src).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${bridgePort()}/stream/0\\?sid=\\d+`));

    await page.getByText('90°', { exact: true }).click();
    await page.getByTestId('capture-button').click();
    await page.getByText('图片已保存').waitFor({ timeout: scaled(15_000) });
    const image = page.getByTestId('receipt-image').first();
    await expect.poll(() => image.getAttribute('data-kind')).toBe('waybill');

    // Stored server-side: shown again after a reload.
    await page.reload();
    await lookup(page, 'SF1000000002');
    const stored = page.getByTestId('receipt-image').locator('img').first();
    await expect
      .poll(() => stored.evaluate((img) => (img as HTMLImageElement).naturalWidth), {
        timeout: scaled(10_000),
      })
      .toBeGreaterThan(0);

    await page.getByTestId('receipt-sign').click();
    await page.getByRole('button', { name: /^确\s*定$/ }).click();
    await page.getByText('签收成功').waitFor();
    await expect.poll(() => page.getByTestId('receipt-detail').getAttribute('data-status')).toBe('signed');
    await expect.poll(() => page.getByTestId('receipt-detail').textContent()).toContain('李实验');
  });

  it('shows the catalogue message when the camera service is down and recovers when it is back', async () => {
    const page = await openSign();
    await lookup(page, 'JD1000000003');
    const view = page.getByTestId('camera-view-0');
    await expect.poll(() => view.getAttribute('data-state'), { timeout: scaled(15_000) }).toBe('live');

    // The camera service goes away: every request to it is reset.
    await simControl(simPort(), 'POST', 'fault', { kind: 'reset', service: 'camera' });
    await expect.poll(() => view.getAttribute('data-state'), { timeout: scaled(20_000) }).toBe('error');
    const error = view.getByTestId('camera-error');
    expect(await error.getAttribute('data-code')).toMatch(/^(VENDOR_UNREACHABLE|DEVICE_NOT_CONNECTED)$/);
    expect(await error.textContent()).toMatch(/^(连接设备接口服务失败|设备未连接或未打开，请检查设备连接)$/);

    await simControl(simPort(), 'DELETE', 'fault');
    await expect.poll(() => view.getAttribute('data-state'), { timeout: scaled(20_000) }).toBe('live');
  });

  it("lists today's to-do with the shipments awaiting receipt and opens the receipt page from it", async () => {
    const page = await accountPage(browser, stack.consoleUrl, ACCOUNTS.lab);
    await page.goto(`${stack.consoleUrl}/laboratory/before-analysis/day-todo`);
    const card = page.getByTestId('todo-receipt');
    await expect
      .poll(async () => Number(await card.locator('.ant-statistic-content-value').textContent()), {
        timeout: scaled(10_000),
      })
      .toBeGreaterThan(0);
    await card.click();
    await page.waitForURL('**/express/sign');
  });
});
