/**
 * Where a menu click's time goes (issue 6): a CPU profile and a trace summary of the cached and
 * uncached clicks of bench/console-load.ts, on the built stack in headless Chromium.
 *   pnpm run build && node --conditions=@trialab/source --import tsx bench/console-profile.ts
 * For readable function names build the console without minifying first:
 *   pnpm --filter @trialab/console exec vite build --minify false
 * Prints self time by function (top BENCH_TOP, default 40) over BENCH_RUNS clicks (default 4) of
 * each kind, then the renderer main thread's self time by trace event (script, style, layout, paint)
 * for the same clicks. Analysis only: the figures that count are bench/console-load.ts's.
 */
import type { Browser, CDPSession, Page } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser.ts';
import { ACCOUNTS, loggedInContext } from '../e2e/support/console/session.ts';
import { startStack } from '../e2e/support/stack.ts';
import {
  expandSubmenu,
  networkQuiet,
  OTHER,
  timeMenuClick,
  UNCACHED,
  withNameShim,
} from './console-common.ts';

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

const frameKey = ({ functionName, url, lineNumber }: ProfileNode['callFrame']) =>
  `${functionName || '(anonymous)'} ${url.split('/').pop() ?? ''}:${lineNumber + 1}`;

/**
 * Time by function of CPU profiles: self time, or with BENCH_INCLUSIVE=1 the time with its callees
 * (a React component's own render with its hooks: React renders its children later, not inside it).
 * BENCH_UNDER=<function name> keeps only the samples taken inside that function (one render pass).
 */
function selfTimes(profiles: Profile[]): Map<string, number> {
  const inclusive = process.env.BENCH_INCLUSIVE === '1';
  const under = process.env.BENCH_UNDER;
  const totals = new Map<string, number>();
  for (const profile of profiles) {
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    const parent = new Map<number, number>();
    for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
    profile.samples.forEach((id, index) => {
      const delta = (profile.timeDeltas[index] ?? 0) / 1000;
      const keys = new Set<string>();
      let within = !under;
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        const frame = byId.get(at)?.callFrame;
        if (!frame) continue;
        if (frame.functionName === under) within = true;
        if (at === id || inclusive) keys.add(frameKey(frame));
      }
      if (!within) return;
      for (const key of keys) totals.set(key, (totals.get(key) ?? 0) + delta);
    });
  }
  return totals;
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

/** Self time (children subtracted) of the complete events on the renderer's main thread. */
function traceSelfTimes(events: TraceEvent[]): Map<string, number> {
  const main = events.find((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain');
  const slices = events
    .filter((event) => event.ph === 'X' && main && event.pid === main.pid && event.tid === main.tid)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const totals = new Map<string, number>();
  const stack: Array<{ end: number; name: string; self: number }> = [];
  const pop = () => {
    const done = stack.pop();
    if (done) totals.set(done.name, (totals.get(done.name) ?? 0) + done.self / 1000);
  };
  for (const event of slices) {
    const dur = event.dur ?? 0;
    while (stack.length && (stack.at(-1)?.end ?? 0) <= event.ts) pop();
    const parent = stack.at(-1);
    if (parent) parent.self -= dur;
    stack.push({ end: event.ts + dur, name: event.name, self: dur });
  }
  while (stack.length) pop();
  return totals;
}

type Measure = (
  page: Page,
  action: () => Promise<number>,
) => Promise<{ ms: number; totals: Map<string, number> }>;

function profiler(cdp: CDPSession): Measure {
  return async (_page, action) => {
    await cdp.send('Profiler.start');
    const ms = await action();
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    return { ms, totals: selfTimes([profile]) };
  };
}

function tracer(browser: Browser): Measure {
  return async (page, action) => {
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'v8.execute'],
    });
    const ms = await action();
    const buffer = await browser.stopTracing();
    const { traceEvents } = JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] };
    return { ms, totals: traceSelfTimes(traceEvents) };
  };
}

async function run(page: Page, measure: Measure, consoleUrl: string) {
  const quiet = networkQuiet(page);
  await page.goto(`${consoleUrl}/home/todo`);
  await page.getByTestId('tabs-bar').waitFor();
  await quiet();
  await expandSubmenu(page, UNCACHED.submenu, UNCACHED.item);
  const before = await page.evaluate(() => performance.now());
  const uncached = await measure(page, () => timeMenuClick(page, UNCACHED.item, UNCACHED.path));
  // What the uncached click downloaded, in ms from just before the click.
  const timeline = await page.evaluate(
    (since) =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime >= since)
        .map((entry) => {
          const resource = entry as PerformanceResourceTiming;
          const name = new URL(resource.name).pathname.split('/').pop();
          return `${name} ${(resource.startTime - since).toFixed(0)}-${(resource.responseEnd - since).toFixed(0)}`;
        }),
    before,
  );
  console.log(`uncached click (${uncached.ms.toFixed(0)} ms) fetched: ${timeline.join(', ')}`);
  await quiet();
  await timeMenuClick(page, OTHER.item, OTHER.path);
  await quiet();
  const requests: string[] = [];
  const onRequest = (request: { url(): string }) => requests.push(new URL(request.url()).pathname);
  page.on('request', onRequest);
  const cached = await measure(page, () => timeMenuClick(page, UNCACHED.item, UNCACHED.path));
  page.off('request', onRequest);
  return { uncached, cached: { ...cached, requests } };
}

function print(title: string, runs: Array<{ ms: number; totals: Map<string, number> }>) {
  const totals = new Map<string, number>();
  for (const item of runs)
    for (const [key, value] of item.totals) totals.set(key, (totals.get(key) ?? 0) + value);
  const all = [...totals.values()].reduce((a, b) => a + b, 0) / runs.length;
  console.log(
    `\n${title}: clicks ${runs.map((item) => item.ms.toFixed(1)).join(' ')} ms; ${all.toFixed(1)} ms recorded per click`,
  );
  for (const [key, value] of [...totals.entries()].sort((a, b) => b[1] - a[1]).slice(0, TOP)) {
    console.log(`${(value / runs.length).toFixed(2).padStart(8)} ms  ${key}`);
  }
}

const stack = await startStack();
const browser = withNameShim(await launchBrowser({ as: 'user' }));
try {
  const { consoleUrl } = stack.info;
  for (const kind of ['CPU profile', 'trace'] as const) {
    const results: Array<Awaited<ReturnType<typeof run>>> = [];
    for (let index = 0; index <= RUNS; index += 1) {
      const context = await loggedInContext(browser, consoleUrl, ACCOUNTS.lab);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      const result = await run(page, kind === 'trace' ? tracer(browser) : profiler(cdp), consoleUrl);
      if (index > 0) results.push(result); // the first pass warms the server
      await context.close();
    }
    print(
      `${kind}, uncached`,
      results.map((item) => item.uncached),
    );
    print(
      `${kind}, cached`,
      results.map((item) => item.cached),
    );
    console.log(
      `requests during the cached clicks: ${results.flatMap((item) => item.cached.requests).join(' ')}`,
    );
  }
} finally {
  await browser.close();
  await stack.stop();
}
