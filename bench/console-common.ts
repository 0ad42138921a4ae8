/** What the console benchmarks share: the pages they click and how a click is timed. */
import type { Browser, Page } from 'playwright-core';

export const UNCACHED = { submenu: '实验室管理', item: '检测项目', path: '/laboratory/test-project' };
export const OTHER = { submenu: '实验室管理', item: '样本日志', path: '/laboratory/specimen-logger' };

/** Clicks a side-menu item in the page and returns ms until the page's content is on screen. */
export async function timeMenuClick(page: Page, item: string, path: string): Promise<number> {
  return (await timeMenuClickToData(page, item, path, false)).rendered;
}

/**
 * Clicks a side-menu item and returns ms until the page's content is on screen (`rendered`) and
 * until its list shows the server's answer (`data`: table rows, no loading spinner in the page),
 * each taken at the next animation frame.
 */
export async function timeMenuClickToData(
  page: Page,
  item: string,
  path: string,
  untilData = true,
): Promise<{ rendered: number; data: number }> {
  return page.evaluate(
    ({ item, path, untilData }) =>
      new Promise<{ rendered: number; data: number }>((resolve, reject) => {
        const target = Array.from(
          document.querySelectorAll<HTMLElement>('[data-testid="side-menu"] [role="menuitem"]'),
        ).find((node) => node.textContent?.trim() === item);
        if (!target) return reject(new Error(`no menu item ${item}`));
        const host = () => document.querySelector<HTMLElement>(`[data-page="${path}"]`);
        const rendered = () => {
          const element = host();
          // The page's own content, not only its host: a hidden page may be hidden by its host's
          // display or content-visibility.
          if (!element?.firstElementChild?.checkVisibility()) return false;
          // The Suspense fallback and the refresh state are a lone spinner in the host.
          return !element.querySelector(':scope > div > .ant-spin');
        };
        const withData = () => {
          const element = host();
          if (!element || !rendered()) return false;
          // Rows of the answer (the bench's page lists the seeded test items): an empty table drawn
          // before the answer is not its data.
          const answered = element.querySelector('.ant-table-row') !== null;
          return answered && element.querySelector('.ant-spin-spinning') === null;
        };
        const start = performance.now();
        const times: { rendered?: number; data?: number } = {};
        const check = () => {
          if (times.rendered === undefined && rendered()) {
            times.rendered = -1;
            requestAnimationFrame(() => {
              times.rendered = performance.now() - start;
              done();
            });
          }
          if (untilData && times.data === undefined && withData()) {
            times.data = -1;
            requestAnimationFrame(() => {
              times.data = performance.now() - start;
              done();
            });
          }
        };
        const done = () => {
          if ((times.rendered ?? -1) < 0 || (untilData && (times.data ?? -1) < 0)) return;
          observer.disconnect();
          resolve({ rendered: times.rendered as number, data: times.data ?? Number.NaN });
        };
        const observer = new MutationObserver(check);
        observer.observe(document.body, { childList: true, subtree: true, attributes: true });
        target.click();
        check();
        setTimeout(() => reject(new Error(`${path} not rendered with its data within 10 s`)), 10_000);
      }),
    { item, path, untilData },
  );
}

export async function expandSubmenu(page: Page, title: string, item: string): Promise<void> {
  const submenu = page
    .getByTestId('side-menu')
    .locator('.ant-menu-submenu-title', { hasText: title })
    .first();
  if ((await submenu.getAttribute('aria-expanded')) !== 'true') await submenu.click();
  await page.getByTestId('side-menu').getByRole('menuitem', { name: item, exact: true }).waitFor();
}

/**
 * tsx compiles this file with esbuild's keepNames, which wraps functions in `__name(…)`; functions
 * handed to page.evaluate (here and in the e2e helpers) then need that helper in the page too.
 */
const NAME_SHIM = 'globalThis.__name = (target) => target;';

export function withNameShim(browser: Browser): Browser {
  return new Proxy(browser, {
    get(target, property) {
      if (property === 'newContext') {
        return async (...args: Parameters<Browser['newContext']>) => {
          const context = await target.newContext(...args);
          await context.addInitScript({ content: NAME_SHIM });
          return context;
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * Waits until the page has had no request in flight for `quietMs`. Playwright's
 * waitForLoadState('networkidle') is a load-time event: after the first time it resolves at once,
 * so after a client-side navigation it would not wait for the page's own requests.
 */
export function networkQuiet(page: Page, quietMs = 500): () => Promise<void> {
  const inFlight = new Set<unknown>();
  let lastChange = Date.now();
  page.on('request', (request) => {
    inFlight.add(request);
    lastChange = Date.now();
  });
  const done = (request: unknown) => {
    inFlight.delete(request);
    lastChange = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return async () => {
    const deadline = Date.now() + 30_000;
    while (inFlight.size > 0 || Date.now() - lastChange < quietMs) {
      if (Date.now() > deadline) throw new Error(`requests still in flight after 30 s: ${inFlight.size}`);
      await page.waitForTimeout(50);
    }
  };
}
