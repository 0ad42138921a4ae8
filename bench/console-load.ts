/**
 * Console load benchmark (issue 6): the built stack in Debian's headless Chromium.
 *   pnpm run build && node --conditions=@trialab/source --import tsx bench/console-load.ts
 *
 * 1. /login from an empty cache: bytes of JS and CSS the page had finished loading when the login
 *    form accepted input (as transferred, from CDP `Network.loadingFinished` encodedDataLength, and
 *    gzip-compressed, each body gzipped alone at level 6), and the time from navigation start until
 *    the account input exists and is enabled (then checked by typing into it).
 * 2. Logged in (lab account), time from a side-menu click to the page rendered: the page's host
 *    element visible with the page's own content (not the Suspense or refresh spinner), taken at
 *    the next animation frame. Uncached: a page not opened before in a fresh browser context (its
 *    chunk comes from the server); cached: the same page opened in a tab, another page opened, then
 *    the menu clicked again.
 * Medians over BENCH_RUNS runs (default 7). Targets: /login at most 300 KB gzip JS+CSS; cached tab
 * under 50 ms; uncached page under 300 ms. Figures only: nothing here fails on a target.
 */
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser.ts';
import { ACCOUNTS, loggedInContext, newContext } from '../e2e/support/console/session.ts';
import { startStack } from '../e2e/support/stack.ts';
import {
  expandSubmenu,
  networkQuiet,
  OTHER,
  timeMenuClick,
  timeMenuClickToData,
  UNCACHED,
  withNameShim,
} from './console-common.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
if (!Number.isInteger(RUNS) || RUNS < 1)
  throw new Error(`BENCH_RUNS must be a positive integer, not ${RUNS}`);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;

interface Resource {
  url: string;
  kind: 'js' | 'css';
  encoded: number;
  gzip: number;
  contentEncoding: string;
}

interface LoginRun {
  readyMs: number;
  atReady: Resource[];
  total: Resource[];
}

// Records, in the page, when the login form's account input first exists and is enabled, and which
// resources had finished loading then (Resource Timing entries appear at responseEnd).
const READY_PROBE = `(() => {
  const check = () => {
    const input = document.querySelector('#login_account');
    if (!input || input.disabled || !input.isConnected || !input.checkVisibility()) return false;
    window.__loginReady = {
      at: performance.now(),
      resources: performance.getEntriesByType('resource').map((entry) => entry.name),
    };
    return true;
  };
  const observer = new MutationObserver(() => { if (check()) observer.disconnect(); });
  observer.observe(document, { childList: true, subtree: true, attributes: true });
})();`;

async function measureLogin(browser: Browser, consoleUrl: string): Promise<LoginRun> {
  const context = await newContext(browser);
  await context.addInitScript({ content: READY_PROBE });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const responses = new Map<string, { url: string; kind: 'js' | 'css'; contentEncoding: string }>();
  const finished = new Map<string, number>();
  cdp.on('Network.responseReceived', (event) => {
    const mime = event.response.mimeType;
    const kind = mime.includes('javascript') ? 'js' : mime === 'text/css' ? 'css' : null;
    if (!kind) return;
    const headers = Object.fromEntries(
      Object.entries(event.response.headers).map(([key, value]) => [key.toLowerCase(), String(value)]),
    );
    responses.set(event.requestId, {
      url: event.response.url,
      kind,
      contentEncoding: headers['content-encoding'] ?? 'identity',
    });
  });
  cdp.on('Network.loadingFinished', (event) => finished.set(event.requestId, event.encodedDataLength));

  await page.goto(`${consoleUrl}/login`);
  await page.waitForFunction(() => '__loginReady' in window);
  const ready = (await page.evaluate(
    () => (window as unknown as { __loginReady: unknown }).__loginReady,
  )) as {
    at: number;
    resources: string[];
  };
  // It accepts input: typing lands in the field.
  await page.locator('#login_account').fill('13800000001');
  if ((await page.locator('#login_account').inputValue()) !== '13800000001') {
    throw new Error('the login form did not take input');
  }
  await page.waitForLoadState('networkidle');

  const all: Resource[] = [];
  for (const [requestId, response] of responses) {
    const encoded = finished.get(requestId);
    if (encoded === undefined) continue;
    const body = (await cdp.send('Network.getResponseBody', { requestId })) as {
      body: string;
      base64Encoded: boolean;
    };
    const bytes = Buffer.from(body.body, body.base64Encoded ? 'base64' : 'utf8');
    all.push({ ...response, encoded, gzip: gzipSync(bytes, { level: 6 }).length });
  }
  await context.close();
  const readySet = new Set(ready.resources);
  return { readyMs: ready.at, atReady: all.filter((item) => readySet.has(item.url)), total: all };
}

// The console preloads the user's pages while idle unless the browser asks to save data: this makes
// the page's chunks come from the server at the click, as on a first visit with no idle time.
const SAVE_DATA = `Object.defineProperty(navigator, 'connection', { value: { saveData: true } });`;

async function measureNavigation(browser: Browser, consoleUrl: string) {
  const context: BrowserContext = await loggedInContext(browser, consoleUrl, ACCOUNTS.lab);
  const page = await context.newPage();
  const quiet = networkQuiet(page);
  await page.goto(`${consoleUrl}/home/todo`);
  await page.getByTestId('tabs-bar').waitFor();
  await quiet();
  await expandSubmenu(page, UNCACHED.submenu, UNCACHED.item);
  const { rendered: uncached, data: uncachedData } = await timeMenuClickToData(
    page,
    UNCACHED.item,
    UNCACHED.path,
  );
  await quiet();
  await timeMenuClick(page, OTHER.item, OTHER.path);
  await quiet();
  const cached = await timeMenuClick(page, UNCACHED.item, UNCACHED.path);
  await context.close();

  const cold = await loggedInContext(browser, consoleUrl, ACCOUNTS.lab);
  await cold.addInitScript({ content: SAVE_DATA });
  const coldPage = await cold.newPage();
  const coldQuiet = networkQuiet(coldPage);
  await coldPage.goto(`${consoleUrl}/home/todo`);
  await coldPage.getByTestId('tabs-bar').waitFor();
  await coldQuiet();
  await expandSubmenu(coldPage, UNCACHED.submenu, UNCACHED.item);
  const { rendered: uncachedCold, data: uncachedColdData } = await timeMenuClickToData(
    coldPage,
    UNCACHED.item,
    UNCACHED.path,
  );
  await cold.close();
  return { uncached, uncachedData, cached, uncachedCold, uncachedColdData };
}

async function main() {
  const stack = await startStack();
  const browser = withNameShim(await launchBrowser({ as: 'user' }));
  try {
    const { consoleUrl } = stack.info;
    const loadBefore = loadavg();
    // One unmeasured pass warms the server (first queries, module loading), not the browser.
    await measureLogin(browser, consoleUrl);
    await measureNavigation(browser, consoleUrl);

    const logins: LoginRun[] = [];
    for (let run = 0; run < RUNS; run += 1) logins.push(await measureLogin(browser, consoleUrl));
    const navigations: Array<{
      uncached: number;
      uncachedData: number;
      cached: number;
      uncachedCold: number;
      uncachedColdData: number;
    }> = [];
    for (let run = 0; run < RUNS; run += 1) navigations.push(await measureNavigation(browser, consoleUrl));
    const loadAfter = loadavg();

    const sum = (items: Resource[], kind: 'js' | 'css', field: 'encoded' | 'gzip') =>
      items.filter((item) => item.kind === kind).reduce((total, item) => total + item[field], 0);
    const first = logins[0];
    if (!first) throw new Error('no run');
    const encodings = [...new Set(first.atReady.map((item) => item.contentEncoding))].join(', ');
    const figures = {
      loginFiles: first.atReady.length,
      loginJsGzip: median(logins.map((run) => sum(run.atReady, 'js', 'gzip'))),
      loginCssGzip: median(logins.map((run) => sum(run.atReady, 'css', 'gzip'))),
      loginTransferred: median(
        logins.map((run) => sum(run.atReady, 'js', 'encoded') + sum(run.atReady, 'css', 'encoded')),
      ),
      loginAfterIdleGzip: median(
        logins.map((run) => sum(run.total, 'js', 'gzip') + sum(run.total, 'css', 'gzip')),
      ),
      loginReady: median(logins.map((run) => run.readyMs)),
      uncached: median(navigations.map((run) => run.uncached)),
      cached: median(navigations.map((run) => run.cached)),
      uncachedCold: median(navigations.map((run) => run.uncachedCold)),
      uncachedData: median(navigations.map((run) => run.uncachedData)),
      uncachedColdData: median(navigations.map((run) => run.uncachedColdData)),
    };
    const loginGzip = figures.loginJsGzip + figures.loginCssGzip;
    const verdict = (ok: boolean) => (ok ? 'within target' : 'OVER TARGET');
    const machine = [
      `${availableParallelism()} CPU (${cpus()[0]?.model ?? 'unknown'})`,
      `${Math.round(totalmem() / 2 ** 30)} GiB RAM`,
      `Node ${process.version}`,
      `Chromium ${browser.version()}`,
      `load average ${loadBefore.map((value) => value.toFixed(2)).join(' ')} before, ${loadAfter
        .map((value) => value.toFixed(2))
        .join(' ')} after`,
    ].join(', ');

    console.log(`console load benchmark, ${RUNS} runs each (medians)`);
    console.log(`machine: ${machine}`);
    console.log(
      `/login JS+CSS at form ready: ${kb(loginGzip)} gzip (JS ${kb(figures.loginJsGzip)}, CSS ${kb(
        figures.loginCssGzip,
      )}, ${figures.loginFiles} files); transferred ${kb(figures.loginTransferred)} (content-encoding: ${encodings}) — target 300 KB: ${verdict(loginGzip <= 300 * 1024)}`,
    );
    console.log(`/login JS+CSS once the network is idle: ${kb(figures.loginAfterIdleGzip)} gzip`);
    console.log(`/login form accepts input after: ${ms(figures.loginReady)} from navigation start`);
    console.log(
      `menu click to page rendered, uncached (${UNCACHED.path}): ${ms(figures.uncached)} — target 300 ms: ${verdict(figures.uncached < 300)}`,
    );
    console.log(
      `menu click to page rendered, uncached, chunks not preloaded (Save-Data): ${ms(figures.uncachedCold)}`,
    );
    console.log(
      `menu click to page with its list's data, uncached: ${ms(figures.uncachedData)}; chunks not preloaded (Save-Data): ${ms(figures.uncachedColdData)}`,
    );
    console.log(
      `menu click to page rendered, cached tab: ${ms(figures.cached)} — target 50 ms: ${verdict(figures.cached < 50)}`,
    );
    console.log(
      `samples: ready ${logins.map((run) => run.readyMs.toFixed(0)).join(' ')} ms; uncached ${navigations
        .map((run) => run.uncached.toFixed(0))
        .join(' ')} ms; not preloaded ${navigations
        .map((run) => run.uncachedCold.toFixed(0))
        .join(' ')} ms; with data ${navigations
        .map((run) => run.uncachedData.toFixed(0))
        .join(' ')} ms; with data, not preloaded ${navigations
        .map((run) => run.uncachedColdData.toFixed(0))
        .join(' ')} ms; cached ${navigations.map((run) => run.cached.toFixed(1)).join(' ')} ms`,
    );
  } finally {
    await browser.close();
    await stack.stop();
  }
}

await main();
