/**
 * Every page a staff member and a trial-site user can open, checked with axe-core (WCAG 2.1 A/AA):
 * no serious or critical violation; and at 1440x900 no text wrapped one character per line and no
 * table column hidden behind a pinned one (support/layout.ts; every page in Chinese and English). All routes in the default theme (dark) and language (zh-CN);
 * the pages people use most also in the light and night themes and in English and Hong Kong Chinese.
 * Then what no menu leads to: /login (each sign-in method, the forgotten-password dialog), /403, the
 * 404 page, the lock screen and the forced password change.
 *
 * `npm test` runs this file in an e2e lane of its own, on a stack of its own, beside the other e2e
 * files (scripts/test-all.ts `OWN_LANE_E2E`): it only reads, and needs nothing another file wrote.
 */
import { existsSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { MenuItem } from '../../packages/api-contract/src/index.ts';
import { describeViolations, seriousViolations } from '../support/a11y.ts';
import { releaseBrowser, testBrowser } from '../support/browser.ts';
import { ACCOUNTS, loggedInContext, navigate, newContext } from '../support/console/session.ts';
import { describeLayout, layoutProblems } from '../support/layout.ts';
import { scaled } from '../support/timing.ts';

const PAGES_DIR = new URL('../../packages/console/src/pages', import.meta.url);
const hasPage = (path: string) => existsSync(new URL(`.${path}/index.tsx`, `${PAGES_DIR.href}/`));

/** The pages the issue named, checked in every theme and language. */
const EVERYDAY = [
  '/laboratory/after-analysis/report-monitor',
  '/express/sign',
  '/laboratory/before-analysis/input-subject',
  '/web/quick',
  '/web/user-apply',
  '/web/create-apply',
  '/web/sample-transport-report',
];

const stack = inject('stack');
let browser: Browser;
beforeAll(async () => {
  browser = await testBrowser();
});
afterAll(() => releaseBrowser(browser));

/** Leaves of the account's menu that have a page (the "being built" placeholder is one page). */
async function menuPages(page: Page): Promise<string[]> {
  const menus = await page.evaluate(
    () => JSON.parse(localStorage.getItem('admin.routes') ?? '[]') as MenuItem[],
  );
  const leaves: string[] = [];
  const walk = (items: MenuItem[]) => {
    for (const item of items) {
      if (item.children.length) walk(item.children);
      else if (item.type === 2 && !item.meta.link) leaves.push(item.fullPath);
    }
  };
  walk(menus);
  return leaves.filter(hasPage);
}

/** Client-side navigation (as a menu click does) and a wait until the page shows its content. */
async function open(page: Page, path: string): Promise<void> {
  await navigate(page, path);
  const key = path.split('?')[0];
  // Loaded: no Suspense or loading spinner left in the page.
  await page.waitForFunction((target) => {
    const element = document.querySelector(`[data-page="${target}"]`);
    return (
      element?.firstElementChild && !element.querySelector('.ant-spin-spinning, :scope > div > .ant-spin')
    );
  }, key);
}

/**
 * Closes every tab it can but the active one (its context menu), as a part of the sweep starts: each open
 * tab is more for every later page's render and axe scan to go through (a fifth of the renderer's
 * CPU by the fourth part of the staff's 155 pages).
 */
async function closeOtherTabs(page: Page): Promise<void> {
  await page.locator('.ant-tabs-tab-active [data-testid="tab"]').click({ button: 'right' });
  await page.locator('.ant-dropdown:not(.ant-dropdown-hidden) [data-menu-id$="closeOthers"]').click();
  // Left: the active tab and those the menu makes unclosable (no close button).
  await page.waitForFunction(
    () => !document.querySelector('.ant-tabs-tab:not(.ant-tabs-tab-active) .ant-tabs-tab-remove'),
  );
  // Off every page's buttons: one under the pointer shows its hover colours to axe.
  await page.mouse.move(0, 0);
}

async function contextFor(
  account: string,
  settings: { theme: 'dark' | 'light' | 'night'; lang: 'zh-CN' | 'en-US' | 'zh-HK' },
): Promise<BrowserContext> {
  const context = await loggedInContext(browser, stack.consoleUrl, account);
  await context.addInitScript((wanted) => {
    const stored = JSON.parse(localStorage.getItem('admin.setting') ?? '{}');
    localStorage.setItem(
      'admin.setting',
      JSON.stringify({ ...stored, theme: { ...stored.theme, mode: wanted.theme } }),
    );
    localStorage.setItem('lang', wanted.lang);
  }, settings);
  return context;
}

/** Pages opened from a list's rows (no menu leaf), by address, with what shows them loaded. */
const DETAILS: Record<string, string> = {
  '/project/progress/project-plan-form-detail?id=1': '[data-testid="progress-tasks"] .ant-table-row',
  '/project/create-file?id=1': '[data-testid="project-sites-0"]',
  '/financial/final-statement-detail?id=1': '[data-testid="statement-history"]',
};

interface Sweep {
  account: string;
  settings: Parameters<typeof contextFor>[1];
  /** Only these pages of the account's menu (all of them when absent). */
  only?: readonly string[];
  checks: { axe: boolean; layout: boolean };
  /** Pages of `only` the account's menu must have (a page missing from it would go unchecked). */
  mustHave?: readonly string[];
}

/**
 * One account's pages in one theme and language, on one page of one context, in `parts` tests of
 * a slice each: a slice's limit guards a hang, and a failure names the pages it is in.
 */
function sweep(
  title: string,
  { account, settings, only, checks, mustHave = [] }: Sweep,
  parts: number,
): void {
  describe(title, () => {
    let context: BrowserContext;
    let page: Page;
    let paths: string[] = [];
    const where = `${settings.theme}/${settings.lang}`;
    beforeAll(async () => {
      context = await contextFor(account, settings);
      page = await context.newPage();
      await page.goto(`${stack.consoleUrl}/home/todo`);
      await page.getByTestId('tabs-bar').waitFor();
      paths = (await menuPages(page)).filter((path) => !only || only.includes(path));
      if (!only && account === ACCOUNTS.admin) paths.push(...Object.keys(DETAILS));
    });
    afterAll(() => context?.close());

    it.each(Array.from({ length: parts }, (_, i) => i + 1))(
      `pages, part %i of ${parts}`,
      async (part) => {
        const size = Math.ceil(paths.length / parts);
        const slice = paths.slice((part - 1) * size, part * size);
        expect(paths.length).toBeGreaterThan(only ? 0 : 10);
        expect(mustHave.filter((path) => !paths.includes(path))).toEqual([]);
        const problems: string[] = [];
        if (part > 1) await closeOtherTabs(page);
        for (const path of slice) {
          await open(page, path);
          const loaded = DETAILS[path];
          if (loaded) await page.locator(loaded).first().waitFor();
          const within = `[data-page="${path.split('?')[0]}"]`;
          if (checks.axe)
            problems.push(...describeViolations(`${where} ${path}`, await seriousViolations(page, within)));
          if (checks.layout)
            problems.push(...describeLayout(`${where} ${path}`, await layoutProblems(page, within)));
        }
        expect(problems).toEqual([]);
      },
      scaled(150_000),
    );

    // Each page's own content above, then the shell once with the last part's pages open (tens of
    // tabs, more than the strip shows): scanning the whole document per page would check the same
    // menu and tab bar a hundred times over.
    if (checks.axe)
      it('the shell with every page open', async () => {
        expect(describeViolations(`${where} shell`, await seriousViolations(page))).toEqual([]);
      });
  });
}

describe('accessibility (axe-core, WCAG 2.1 A and AA)', () => {
  const everything = { axe: true, layout: true };
  const layoutOnly = { axe: false, layout: true };
  // Staff see some 140 pages, a trial-site user some 20.
  sweep(
    'every page of a staff member, dark theme, zh-CN',
    {
      account: ACCOUNTS.admin,
      settings: { theme: 'dark', lang: 'zh-CN' },
      checks: everything,
    },
    4,
  );
  sweep(
    'every page of a trial-site user, dark theme, zh-CN',
    {
      account: ACCOUNTS.site,
      settings: { theme: 'dark', lang: 'zh-CN' },
      checks: everything,
    },
    1,
  );
  sweep(
    'every page of a staff member in English at 1440x900: no one-character lines, no column behind a pinned one',
    { account: ACCOUNTS.admin, settings: { theme: 'light', lang: 'en-US' }, checks: layoutOnly },
    4,
  );
  sweep(
    'every page of a trial-site user in English at 1440x900: no one-character lines, no column behind a pinned one',
    { account: ACCOUNTS.site, settings: { theme: 'light', lang: 'en-US' }, checks: layoutOnly },
    1,
  );
  for (const [theme, lang] of [
    ['light', 'en-US'],
    ['night', 'zh-HK'],
  ] as const) {
    // The portal's pages on the site's menu, the lab's on the staff's (some are on both).
    sweep(
      `everyday pages of a staff member in the ${theme} theme, ${lang}`,
      {
        account: ACCOUNTS.admin,
        settings: { theme, lang },
        only: EVERYDAY,
        checks: everything,
        mustHave: EVERYDAY.filter((path) => !path.startsWith('/web/')),
      },
      1,
    );
    sweep(
      `everyday pages of a trial-site user in the ${theme} theme, ${lang}`,
      {
        account: ACCOUNTS.site,
        settings: { theme, lang },
        only: EVERYDAY,
        checks: everything,
        mustHave: EVERYDAY.filter((path) => path.startsWith('/web/')),
      },
      1,
    );
  }
});

/** Waits until no antd open animation runs (a dialog fading in has its text at partial contrast). */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => !document.querySelector('[class*="-appear-active"], [class*="-enter-active"]'),
  );
}

describe('pages outside the menu (axe-core, WCAG 2.1 A and AA)', () => {
  it('/login in each sign-in method with its forgotten-password dialog, /403 and /404 without a session', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const problems: string[] = [];
    await page.goto(`${stack.consoleUrl}/login`);
    await page.getByRole('textbox', { name: '账号' }).waitFor();
    problems.push(...describeViolations('/login 密码登录', await seriousViolations(page)));
    for (const [method, field] of [
      ['短信登录', '手机号'],
      ['邮箱登录', '邮箱'],
    ] as const) {
      await page.getByText(method, { exact: true }).click();
      await page.getByRole('textbox', { name: field }).waitFor();
      problems.push(...describeViolations(`/login ${method}`, await seriousViolations(page)));
    }
    await page.getByRole('button', { name: '忘记密码' }).click();
    await page.getByRole('dialog').waitFor();
    await settled(page);
    problems.push(...describeViolations('/login 忘记密码', await seriousViolations(page, '.ant-modal')));
    for (const path of ['/403', '/404']) {
      await page.goto(`${stack.consoleUrl}${path}`);
      await page.getByText(path.slice(1), { exact: true }).waitFor();
      problems.push(...describeViolations(path, await seriousViolations(page)));
    }
    await context.close();
    expect(problems).toEqual([]);
  });

  it('with a session: an unknown address (404), /403, the lock screen and the forced password change', async () => {
    const problems: string[] = [];
    const context = await loggedInContext(browser, stack.consoleUrl, ACCOUNTS.admin);
    const page = await context.newPage();
    for (const [path, shown] of [
      ['/no-such-page', '404'],
      ['/403', '403'],
    ] as const) {
      await page.goto(`${stack.consoleUrl}${path}`);
      await page.getByText(shown, { exact: true }).waitFor();
      problems.push(...describeViolations(`${path} (signed in)`, await seriousViolations(page)));
    }
    await context.close();

    // The lock screen as a reload finds it (lockWindowState, shared by the tabs), and the password
    // change a login with an expired password leads to (the session's passwordChange).
    const cases = [
      {
        name: 'lock screen',
        testId: 'lock-dialog',
        state: () => localStorage.setItem('lockWindowState', '1'),
      },
      {
        name: 'password change',
        testId: 'password-dialog',
        state: () =>
          sessionStorage.setItem(
            'admin.passwordChange',
            JSON.stringify({ reason: 'expired', expireDays: 90 }),
          ),
      },
    ];
    for (const { name, testId, state } of cases) {
      const dialogContext = await loggedInContext(browser, stack.consoleUrl, ACCOUNTS.admin);
      await dialogContext.addInitScript(state);
      const dialogPage = await dialogContext.newPage();
      await dialogPage.goto(`${stack.consoleUrl}/home/todo`);
      await dialogPage.getByTestId(testId).waitFor();
      await settled(dialogPage);
      problems.push(...describeViolations(name, await seriousViolations(dialogPage, '.ant-modal')));
      await dialogContext.close();
    }
    expect(problems).toEqual([]);
  });
});
