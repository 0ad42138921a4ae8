/**
 * The library map drawn in Chromium (issue 27 "Scale"), for packages/server/bench/library-scale.ts,
 * which starts the server (serving the built console) on its million specimens and runs this:
 *   node --conditions=@trialab/source --import tsx bench/library-map-draw.ts <server url> <unit code>...
 * Logs in as the keeper, opens the map, clicks the first unit (warm-up: the map's chunk and styles),
 * then each other unit once (uncached) and times the click until every rack and box of the unit is on
 * screen (taken at the next animation frame), and the unit map's answer (Resource Timing). Prints one
 * JSON line `{"draw": [ms...], "answer": [ms...]}`.
 */
import type { Page } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser.ts';
import { login, newContext } from '../e2e/support/console/session.ts';
import { withNameShim } from './console-common.ts';

const [base, ...units] = process.argv.slice(2);
if (!base || units.length < 2) throw new Error('usage: library-map-draw.ts <url> <warm-up unit> <unit>...');

/** Clicks a unit; ms until its racks and boxes are drawn, and its map answer's duration. */
function timeUnitClick(page: Page, code: string): Promise<{ draw: number; answer: number }> {
  return page.evaluate(
    (code) =>
      new Promise<{ draw: number; answer: number }>((resolve, reject) => {
        const button = document.querySelector<HTMLElement>(`[data-testid="map-unit-${code}"]`);
        if (!button) return reject(new Error(`no unit ${code} on the map`));
        const start = performance.now();
        // Drawn: the unit's card with at least one rack, every rack's slots filled (a box or an
        // empty slot per slot) and no spinner.
        const drawn = () => {
          const racks = document.querySelectorAll('[data-testid^="map-rack-"]');
          if (racks.length === 0) return false;
          const titles = document.querySelectorAll('[data-testid="library-map"] .ant-card-head-title');
          if (![...titles].some((title) => title.textContent?.startsWith(`${code} `))) return false;
          return document.querySelectorAll(`[data-testid^="map-box-${code}-"]`).length > 0;
        };
        let done = false;
        const check = () => {
          if (done || !drawn()) return;
          done = true;
          observer.disconnect();
          requestAnimationFrame(() => {
            const draw = performance.now() - start;
            const entry = performance
              .getEntriesByType('resource')
              .filter((e) => e.name.includes('/library/unit/') && e.name.endsWith('/map'))
              .pop() as PerformanceResourceTiming | undefined;
            resolve({ draw, answer: entry ? entry.responseEnd - entry.startTime : Number.NaN });
          });
        };
        const observer = new MutationObserver(check);
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        button.click();
        check();
        setTimeout(() => reject(new Error(`unit ${code} not drawn within 30 s`)), 30_000);
      }),
    code,
  );
}

const browser = withNameShim(await launchBrowser({ as: 'user' }));
try {
  const context = await newContext(browser);
  const page = await context.newPage();
  await login(page, base, '13800000004');
  await page.goto(`${base}/specimen/container-manage/specimen-library-map`);
  const [warm, ...measured] = units as [string, ...string[]];
  await page.getByTestId(`map-unit-${warm}`).waitFor();
  await timeUnitClick(page, warm);
  const draw: number[] = [];
  const answer: number[] = [];
  for (const code of measured) {
    const figures = await timeUnitClick(page, code);
    draw.push(figures.draw);
    answer.push(figures.answer);
  }
  console.log(JSON.stringify({ draw, answer }));
} finally {
  await browser.close();
}
