import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';
import { isWarm, releaseWarmPages } from './console/session.ts';

/** Debian's Chromium, the browser users run: the benches measure pages in it. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's chromium-headless-shell: the same Blink and V8 without the browser's own layers. The e2e
 * suite drives its pages in it: a logged-in page's cold start and a menu click cost it about 45 %
 * less CPU than the full browser in headless mode (docs/performance.md, "Tenth round").
 */
export const HEADLESS_SHELL_PATH =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

/**
 * A headless Chromium: the headless shell for tests, or with `{ as: 'user' }` the full browser (the
 * benches, whose figures are what a user's browser does). Without the shell (a machine set up before
 * it was wanted) tests fall back to the full browser.
 */
export async function launchBrowser(options: { as?: 'tests' | 'user' } = {}): Promise<Browser> {
  const shell = options.as !== 'user' && existsSync(HEADLESS_SHELL_PATH);
  const executablePath = shell ? HEADLESS_SHELL_PATH : CHROMIUM_PATH;
  if (!existsSync(executablePath)) {
    throw new Error(
      `Chromium not found at ${executablePath}; \`npm test\` installs Debian's chromium package`,
    );
  }
  return chromium.launch({
    executablePath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
    ],
  });
}

/** The worker's browser while it is connected: launched by the first file that asks, then shared. */
let shared: Promise<Browser> | undefined;

/**
 * The e2e files' browser. The files run one at a time in one worker that keeps its modules
 * (e2e/vitest.config.ts: `isolate: false`), so they share one Chromium, launched once per lane
 * instead of once per file (its launch costs well under a CPU second: docs/performance.md, "Eleventh
 * round"). Each test still opens its own context; a file ends with `releaseBrowser`. Playwright
 * ends the browser when the worker exits.
 */
export function testBrowser(): Promise<Browser> {
  if (!shared) {
    const launching = launchBrowser();
    shared = launching;
    launching.then(
      (browser) => browser.on('disconnected', () => (shared = undefined)),
      () => (shared = undefined),
    );
  }
  return shared;
}

/**
 * A file's end with the shared browser: the contexts it left open (a test that failed before its
 * own `close`) are closed, so the next file starts with none but the lane's warm pages
 * (`accountPage`), which go back off the console; the browser stays up.
 */
export async function releaseBrowser(browser: Browser | undefined): Promise<void> {
  await releaseWarmPages();
  await Promise.all(
    browser?.contexts().flatMap((context) => (isWarm(context) ? [] : [context.close()])) ?? [],
  );
}
