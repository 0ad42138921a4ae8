import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Dialog, Page } from 'playwright-core';
import { endpoints, endpointUrl } from '../../../packages/api-contract/src/index.ts';
import { scaled } from '../timing.ts';
import { apiCall, apiSession } from '../web/api.ts';
import { solvePuzzle } from './puzzle.ts';

/** Seeded demo accounts (packages/server/src/seed/demo-data.ts) and their shared password. */
export const DEMO_PASSWORD = 'Trialab@2026';
export const ACCOUNTS = {
  admin: '13800000000',
  manager: '13800000003',
  lab: '13800000001',
  finance: '13800000005',
  platform: '13800000007',
  newStaff: '13800000009',
  site: '13900000001',
} as const;

/** Opens /login, fills the password tab, ticks the agreement and solves the puzzle. */
export async function submitPasswordLogin(
  page: Page,
  baseUrl: string,
  account: string,
  password = DEMO_PASSWORD,
) {
  await page.goto(`${baseUrl}/login`);
  await page.getByRole('textbox', { name: /账号|Account/ }).fill(account);
  await page.getByLabel(/^(密码|Password)$/).fill(password);
  const agreement = page.getByRole('checkbox');
  if (!(await agreement.isChecked())) await agreement.check();
  await page.getByRole('button', { name: /^(登\s*录|Log in)$/ }).click();
  await page.getByTestId('slide-puzzle').waitFor();
  await solvePuzzle(page);
}

/** Logs in and waits until the shell shows the first page. */
export async function login(page: Page, baseUrl: string, account: string, password = DEMO_PASSWORD) {
  await submitPasswordLogin(page, baseUrl, account, password);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: scaled(15_000) });
  await page.getByTestId('tabs-bar').waitFor();
}

export async function newContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  context.setDefaultTimeout(scaled(10_000));
  return context;
}

/** The latest login code the server "sent" (demo outbox; absent in production). */
export async function latestCode(baseUrl: string, recipient: string): Promise<string> {
  const response = await fetch(
    `${baseUrl}${endpointUrl(endpoints.auth.outbox)}?recipient=${encodeURIComponent(recipient)}`,
  );
  const body = (await response.json()) as { data: Array<{ body: string; subject: string }> };
  const text = `${body.data[0]?.subject ?? ''} ${body.data[0]?.body ?? ''}`;
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${recipient}: ${JSON.stringify(body)}`);
  return code;
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * A logged-in browser state per account, kept for the whole run of a stack: a login through the
 * form costs Chromium some 4.5 CPU s, and every file used to log in again each account it uses
 * (docs/performance.md, "Seventh round"). Kept in memory (the e2e files share their modules) and in
 * a folder per stack (named by its console address; the e2e global set-up removes it), and used only
 * after one signed call shows the session alive: a test may have logged out, locked out or changed
 * the password of the account since.
 */
const states = new Map<string, StorageState>();

/** The directory where a stack's logged-in states are kept between files. */
export function sessionStateDir(baseUrl: string): string {
  return join(
    tmpdir(),
    'trialab-e2e-sessions',
    createHash('sha1').update(baseUrl).digest('hex').slice(0, 16),
  );
}

async function keptState(baseUrl: string, account: string): Promise<StorageState | undefined> {
  let state = states.get(account);
  if (!state) {
    try {
      state = JSON.parse(await readFile(join(sessionStateDir(baseUrl), `${account}.json`), 'utf8'));
    } catch {
      return undefined;
    }
  }
  const kept = state as StorageState;
  const context = { storageState: async () => kept } as unknown as BrowserContext;
  try {
    const alive = await apiCall(await apiSession(context, baseUrl), endpoints.user.getCurrentUser);
    return alive.code === 200 ? kept : undefined;
  } catch {
    return undefined;
  }
}

/** The account's logged-in state: the kept one while its session is alive, else a new login. */
async function loggedInState(browser: Browser, baseUrl: string, account: string): Promise<StorageState> {
  let state = await keptState(baseUrl, account);
  if (!state) {
    const context = await newContext(browser);
    await login(await context.newPage(), baseUrl, account);
    state = await context.storageState();
    await context.close();
    await mkdir(sessionStateDir(baseUrl), { recursive: true });
    await writeFile(join(sessionStateDir(baseUrl), `${account}.json`), JSON.stringify(state));
  }
  states.set(account, state);
  return state;
}

/** A new context logged in as `account` (a test that sets up the context itself: init scripts, cookies). */
export async function loggedInContext(
  browser: Browser,
  baseUrl: string,
  account: string,
): Promise<BrowserContext> {
  return contextIn(browser, await loggedInState(browser, baseUrl, account));
}

/** A new context holding a logged-in state, at the size and waits the tests expect. */
async function contextIn(browser: Browser, state: StorageState): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: VIEWPORT, storageState: state });
  context.setDefaultTimeout(scaled(10_000));
  return context;
}

const VIEWPORT = { width: 1440, height: 900 };

/** Pages kept between the tests of a file, by stack and account (`releaseBrowser` closes them). */
const keptPages = new Map<string, Page>();

/**
 * A page logged in as `account`, kept for the account's next test in the file. The console's first
 * load in a new context costs Chromium some 2 CPU s, a load in a page that has shown it before about
 * 1 (its process keeps the compiled scripts; docs/performance.md, "Eleventh round"). Handed out
 * again, the page is first taken off the console (to a static file of the same origin, so the old
 * page's last writes land before the reset) and its cookies, local and session storage are put back
 * to the logged-in state, its listeners, routes and size removed: the test starts where a new
 * context would. What cannot be taken back (init scripts, extra pages' state) needs a context of
 * the test's own (`loggedInContext`). The caller navigates (`page.goto`).
 */
export async function accountPage(browser: Browser, baseUrl: string, account: string): Promise<Page> {
  const state = await loggedInState(browser, baseUrl, account);
  const key = `${baseUrl} ${account}`;
  const kept = keptPages.get(key);
  if (kept && !kept.isClosed()) {
    const context = kept.context();
    for (const other of context.pages()) if (other !== kept) await other.close();
    kept.removeAllListeners();
    keepPage(key, kept);
    await kept.unrouteAll({ behavior: 'ignoreErrors' });
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    // A page with unsaved input asks before it is left: leave it.
    const leave = (dialog: Dialog) => void dialog.accept();
    kept.once('dialog', leave);
    await kept.goto(`${baseUrl}/version.json`);
    kept.off('dialog', leave);
    await context.clearCookies();
    await context.addCookies(state.cookies);
    await context.clearPermissions();
    const origin = new URL(baseUrl).origin;
    const stored = state.origins.find((each) => each.origin === origin)?.localStorage ?? [];
    await kept.evaluate((items) => {
      localStorage.clear();
      sessionStorage.clear();
      for (const { name, value } of items) localStorage.setItem(name, value);
    }, stored);
    await kept.setViewportSize(VIEWPORT);
    return kept;
  }
  const page = await (await contextIn(browser, state)).newPage();
  keepPage(key, page);
  return page;
}

function keepPage(key: string, page: Page): void {
  keptPages.set(key, page);
  page.once('close', () => {
    if (keptPages.get(key) === page) keptPages.delete(key);
  });
}
