/// <reference lib="dom" />
// The header's device-bridge indicator against the stack's real bridge and simulators.
import { createServer } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { releaseBrowser, testBrowser } from '../support/browser.ts';
import { ACCOUNTS, accountPage, login, newContext } from '../support/console/session.ts';
import { stackBridgeStorage, useStackBridge } from '../support/lab/devices.ts';
import { scaled } from '../support/timing.ts';

const stack = inject('stack');
let browser: Browser;
const contexts: BrowserContext[] = [];

function port(name: 'bridge' | 'server'): number {
  const value = stack.ports[name];
  if (value === undefined) throw new Error(`the stack reports no ${name} port`);
  return value;
}

/** A loopback port nothing listens on: bound by us, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

async function statusOf(page: Page): Promise<string | null> {
  return page.getByTestId('bridge-status').getAttribute('data-status');
}

/** Waits for a status and checks the tooltip says it in words. */
async function expectStatus(page: Page, status: string, text: RegExp): Promise<void> {
  await expect.poll(() => statusOf(page), { timeout: scaled(20_000) }).toBe(status);
  await page.getByTestId('bridge-status').hover();
  await expect.poll(() => page.getByRole('tooltip').textContent()).toMatch(text);
}

beforeAll(async () => {
  browser = await testBrowser();
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await releaseBrowser(browser);
});

describe('device-bridge indicator', () => {
  it('shows connected to the running bridge (ticket from the server, origin allowed)', async () => {
    const page = await accountPage(
      browser,
      stack.consoleUrl,
      ACCOUNTS.lab,
      stackBridgeStorage(port('bridge')),
    );
    await page.goto(`${stack.consoleUrl}/home/todo`);
    await expectStatus(page, 'connected', /设备服务已连接/);
  });

  it('shows not running when the device host override points at a closed port', async () => {
    const page = await accountPage(
      browser,
      stack.consoleUrl,
      ACCOUNTS.lab,
      stackBridgeStorage(await closedPort()),
    );
    await page.goto(`${stack.consoleUrl}/home/todo`);
    await expectStatus(page, 'notRunning', /设备服务未启动/);
    // Not mistaken for a refusal, and it keeps retrying rather than settling on another state.
    await page.waitForTimeout(1_500);
    expect(await statusOf(page)).toBe('notRunning');
  });

  it('shows refused for a console origin the bridge does not allow', async () => {
    // The bridge allows the console's own origin (http://localhost:<port>); the same server reached
    // as http://127.0.0.1:<port> is another origin.
    const otherOrigin = `http://127.0.0.1:${port('server')}`;
    expect(otherOrigin).not.toBe(new URL(stack.consoleUrl).origin);
    const context = await newContext(browser);
    contexts.push(context);
    await useStackBridge(context, port('bridge'));
    const page = await context.newPage();
    await login(page, otherOrigin, ACCOUNTS.lab);
    // The bridge's close code says why: the origin, not the ticket.
    await expectStatus(page, 'refused', /设备服务拒绝连接.*设备桥不允许此网站访问/);
  });
});
