/**
 * Where a menu click's time goes (issue 6): a CPU profile and a trace summary of the cached and
 * uncached clicks of bench/console-load.ts, on the built stack in headless Chromium.
 *   pnpm run build && node --conditions=@trialab/source --import tsx bench/console-profile.ts
 * For readable function names build the console without minifying first:
 *   pnpm --filter @trialab/console exec vite build --minify false
 * Prints self time by function (top BENCH_TOP, default 40) over BENCH_RUNS clicks (default 4) of
 * each kind. Analysis only: the figures that count are bench/console-load.ts's.
 */
import type { CDPSession, Page } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser.ts';
import { ACCOUNTS, loggedInContext } from '../e2e/support/console/session.ts';
import { startStack } from '../e2e/support/stack.ts';
import { expandSubmenu, OTHER, timeMenuClick, UNCACHED, withNameShim } from './console-common.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 4);
const TOP = Number(process.env.BENCH_TOP ?? 40);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function selfTimes(profiles: Profile[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const profile of profiles) {
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    profile.samples.forEach((id, index) => {
      const frame = byId.get(id)?.callFrame;
      if (!frame) return;
      const file = frame.url.split('/').pop() ?? '';
      const key = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`;
      totals.set(key, (totals.get(key) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
    });
  }
  return totals;
}

async function profiled(cdp: CDPSession, action: () => Promise<number>) {
  await cdp.send('Profiler.start');
  const ms = await action();
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  return { ms, profile };
}

async function run(page: Page, cdp: CDPSession, consoleUrl: string) {
  await page.goto(`${consoleUrl}/home/todo`);
  await page.getByTestId('tabs-bar').waitFor();
  await page.waitForLoadState('networkidle');
  await expandSubmenu(page, UNCACHED.submenu, UNCACHED.item);
  const uncached = await profiled(cdp, () => timeMenuClick(page, UNCACHED.item, UNCACHED.path));
  await page.waitForLoadState('networkidle');
  await timeMenuClick(page, OTHER.item, OTHER.path);
  await page.waitForLoadState('networkidle');
  const cached = await profiled(cdp, () => timeMenuClick(page, UNCACHED.item, UNCACHED.path));
  return { uncached, cached };
}

function print(title: string, runs: Array<{ ms: number; profile: Profile }>) {
  const totals = selfTimes(runs.map((item) => item.profile));
  const all = [...totals.values()].reduce((a, b) => a + b, 0) / runs.length;
  console.log(
    `\n${title}: clicks ${runs.map((item) => item.ms.toFixed(1)).join(' ')} ms; sampled ${all.toFixed(1)} ms per click`,
  );
  for (const [key, value] of [...totals.entries()].sort((a, b) => b[1] - a[1]).slice(0, TOP)) {
    console.log(`${(value / runs.length).toFixed(2).padStart(8)} ms  ${key}`);
  }
}

const stack = await startStack();
const browser = withNameShim(await launchBrowser());
try {
  const { consoleUrl } = stack.info;
  const results: Array<Awaited<ReturnType<typeof run>>> = [];
  for (let index = 0; index <= RUNS; index += 1) {
    const context = await loggedInContext(browser, consoleUrl, ACCOUNTS.lab);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    const result = await run(page, cdp, consoleUrl);
    if (index > 0) results.push(result); // the first pass warms the server
    await context.close();
  }
  print(
    'uncached',
    results.map((item) => item.uncached),
  );
  print(
    'cached',
    results.map((item) => item.cached),
  );
} finally {
  await browser.close();
  await stack.stop();
}
