import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Dialog, Page } from 'playwright-core';
import { onTestFinished } from 'vitest';
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

/**
 * The account's logged-in state: the kept one while its session is alive, else a new login: in
 * `page` if given (a warm page: /login and the shell load there for less than a new context's
 * first load costs; it is put back to nobody first, and left logged in), else in a context of its own.
 */
async function loggedInState(
  browser: Browser,
  baseUrl: string,
  account: string,
  page?: Page,
): Promise<StorageState> {
  let state = await keptState(baseUrl, account);
  if (!state) {
    if (page) {
      await resetPage(page, baseUrl, NOBODY, {});
      await login(page, baseUrl, account);
      state = await page.context().storageState();
    } else {
      const context = await newContext(browser);
      await login(await context.newPage(), baseUrl, account);
      state = await context.storageState();
      await context.close();
    }
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

/**
 * The lane's warm pages: each is the only page of its own context, kept between tests and files
 * (the e2e files run one at a time in one worker that keeps its modules). `account`: whose page it
 * is in the running test, undefined while it is free.
 */
interface WarmPage {
  page: Page;
  /** The console's address (one stack per lane, but a file may start its own). */
  baseUrl: string;
  account: string | undefined;
  /** Who has it: the running test (until it ends), its file (taken in a hook, until the file ends), or nobody. */
  heldBy: 'test' | 'file' | undefined;
}
const warmPages: WarmPage[] = [];

/**
 * A page logged in as `account`. The console's first load in a new context costs Chromium some
 * 2 CPU s, a load in a page that has shown it before about 1 (its process keeps the compiled
 * scripts; docs/performance.md, "Eleventh round"), so pages are kept for the lane: a test takes a
 * free one (or the one it already has for the account), which goes back when the test ends; one
 * taken in a hook (`beforeAll`) is its file's until the file ends (`releaseBrowser`).
 * Handed out, the page is put back to the account's logged-in state: taken off the console (to a
 * static file of the same origin, so the old page's last writes land before the reset), its
 * cookies, permissions, local and session storage those of the account's login, its listeners,
 * routes and size removed: the test starts where a new context would. What cannot be taken back
 * (init scripts, exposed functions, a fake clock) needs a context of the test's own
 * (`loggedInContext`); closing the page or its context is allowed. The caller navigates
 * (`page.goto`).
 */
export async function accountPage(
  browser: Browser,
  baseUrl: string,
  account: string,
  /** More local storage the page starts with (a device host: support/lab/devices.ts). */
  storage: Record<string, string> = {},
): Promise<Page> {
  return warmPage(browser, baseUrl, account, storage);
}

/**
 * A page of nobody: a warm page (`accountPage`) without cookies or storage, where a new context
 * would start (a login through the form, the pages open without a session). A second call in the
 * same test gives the same page again, reset.
 */
export async function visitorPage(browser: Browser, baseUrl: string): Promise<Page> {
  return warmPage(browser, baseUrl, VISITOR, {});
}

/** The pool's name for a page of nobody (no account is named so). */
const VISITOR = '';
/** Nobody's state: no cookies, nothing stored. */
const NOBODY: StorageState = { cookies: [], origins: [] };

/** A page of the pool for `account` (VISITOR: nobody), put back to its logged-in state. */
async function warmPage(
  browser: Browser,
  baseUrl: string,
  account: string,
  storage: Record<string, string>,
): Promise<Page> {
  dropClosed();
  const holder = heldByNow();
  const ours = (warm: WarmPage) => warm.baseUrl === baseUrl && warm.page.context().browser() === browser;
  let warm =
    warmPages.find((each) => each.account === account && each.heldBy === holder && ours(each)) ??
    warmPages.find((each) => each.heldBy === undefined && ours(each));
  if (!warm) {
    const page = await (await contextIn(browser, NOBODY)).newPage();
    warm = { page, baseUrl, account, heldBy: undefined };
    warmPages.push(warm);
    await page.goto(`${baseUrl}/version.json`);
  }
  if (holder === 'test' && warm.heldBy === undefined) {
    const taken = warm;
    onTestFinished(() => giveBack(taken));
  }
  warm.account = account;
  warm.heldBy = holder;
  const { page } = warm;
  const state = account === VISITOR ? NOBODY : await loggedInState(browser, baseUrl, account, page);
  await resetPage(page, baseUrl, state, storage);
  return page;
}

/**
 * Puts a warm page back to a logged-in state: off the console, its other pages closed, its
 * listeners, routes, permissions and size removed, its cookies and storage those of `state`
 * (and `storage`).
 */
async function resetPage(
  page: Page,
  baseUrl: string,
  state: StorageState,
  storage: Record<string, string>,
): Promise<void> {
  const context = page.context();
  for (const other of context.pages()) if (other !== page) await other.close();
  page.removeAllListeners();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await leaveConsole(page, baseUrl);
  await context.clearCookies();
  await context.addCookies(state.cookies);
  await context.clearPermissions();
  const origin = new URL(baseUrl).origin;
  const stored = [
    ...(state.origins.find((each) => each.origin === origin)?.localStorage ?? []),
    ...Object.entries(storage).map(([name, value]) => ({ name, value })),
  ];
  await page.evaluate((items) => {
    localStorage.clear();
    sessionStorage.clear();
    for (const { name, value } of items) localStorage.setItem(name, value);
  }, stored);
  await page.setViewportSize(VIEWPORT);
  page.setDefaultTimeout(scaled(10_000));
}

/** To a static file of the console's origin: the console stops (its timers, its connections). */
async function leaveConsole(page: Page, baseUrl: string): Promise<void> {
  // A page with unsaved input asks before it is left: leave it.
  const leave = (dialog: Dialog) => void dialog.accept();
  page.once('dialog', leave);
  await page.goto(`${baseUrl}/version.json`);
  page.off('dialog', leave);
}

function dropClosed(): void {
  for (let i = warmPages.length - 1; i >= 0; i -= 1) {
    if (warmPages[i]?.page.isClosed()) warmPages.splice(i, 1);
  }
}

/** Whether a test is running (vitest's `onTestFinished` is refused outside one: in a hook). */
function heldByNow(): 'test' | 'file' {
  try {
    onTestFinished(() => undefined);
    return 'test';
  } catch {
    return 'file';
  }
}

/** A warm page goes back to the pool, off the console (closed if it cannot leave it). */
async function giveBack(warm: WarmPage): Promise<void> {
  if (warm.heldBy === undefined) return;
  warm.account = undefined;
  warm.heldBy = undefined;
  if (!warm.page.isClosed()) await leaveConsole(warm.page, warm.baseUrl).catch(() => warm.page.close());
}

/** Every warm page in use goes back (a file's end). */
export async function releaseWarmPages(): Promise<void> {
  dropClosed();
  for (const warm of warmPages) await giveBack(warm);
}

/** Whether the context is a warm page's (`releaseBrowser` leaves it open). */
export function isWarm(context: BrowserContext): boolean {
  return warmPages.some((warm) => !warm.page.isClosed() && warm.page.context() === context);
}

/**
 * Opens a console route in a page that shows the console, as a menu click does (a client-side
 * navigation: about a quarter of a CPU second in Chromium, against about 1 for `page.goto` in a warm
 * page and 2 in a new context), and waits until the route's page is on screen. The console keeps
 * what it had (its tabs, its last five pages, the data it fetched): use `page.goto` where a test
 * wants the page as a new load finds it, or a page it has shown before with what changed since.
 * The pages shown before stay mounted, hidden: a locator that may match in them too needs
 * `:visible` or the page's own container. A drawer or dialog left open stays over the new route.
 */
export async function navigate(page: Page, path: string): Promise<void> {
  await pushRoute(page, path);
  // A page's host is named by its path, without the query (`?id=`) of a detail page.
  await page.locator(`[data-page="${path.split('?')[0]}"]`).waitFor({ state: 'visible' });
}

/**
 * A client-side navigation as the console's router makes it, without waiting for anything: for a
 * path the shell answers without a page host (403, 404, the root); `navigate` waits for the page.
 */
export async function pushRoute(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    history.pushState({}, '', target);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}
