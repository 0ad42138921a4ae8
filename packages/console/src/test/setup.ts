import { cleanup, configure } from '@testing-library/react';
import { Modal, message, notification } from 'antd';
// The instances 'antd' resolves to in tests (vitest loads the package's CommonJS build, lib/).
import { actDestroy as forgetMessageHolder } from 'antd/lib/message';
import { actDestroy as forgetNotificationHolder } from 'antd/lib/notification';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { injectOnlyReadStyles } from './antdStyles';
import { resetShared } from './fakes';

// antd's style sheets carry only the declarations tests read (display, visibility, pointer-events,
// opacity): happy-dom matches every rule of the document for each computed style that the role
// queries and user-event ask for, and matching antd's thousands of rules was a third of this
// project's CPU. See antdStyles.ts.
injectOnlyReadStyles();

/** Where vitest opens happy-dom's page (its default URL). */
const TEST_ORIGIN = 'http://localhost:3000';

// Test files share their worker's modules (isolate: false in vitest.config.ts): this set-up runs
// again before each file and puts back what the previous file may have changed: the fakes and
// stores, and the page (a dialog or message the previous file left closing).
resetShared();
document.body.replaceChildren();
returnToTestOrigin();
// antd's static message and notification functions keep the holder they rendered on first use, in
// a module the worker's files share: a message of this file would render into the previous file's
// holder and never show here (a kit test missed "Disabled ok" that way). The next use builds anew.
forgetMessageHolder();
forgetNotificationHolder();

// The whole suite shares two cores with the server and e2e projects: antd components can take
// longer than testing-library's 1 s default to appear (a role query over a rendered table takes
// seconds on a busy machine), which is load, not a failure.
// On a loaded machine longer still: the machine's load factor (1 to 6) when this file starts, set
// by the limits' set-up file (vitest.limits.ts), which runs before this one.
configure({ asyncUtilTimeout: 10_000 * (Number(import.meta.env.TRIALAB_LOAD_FACTOR) || 1) });

// Components render here as they do inside the shell, where the session has loaded every locale
// namespace (without one, only the login namespaces are there: see locales/index.ts).
beforeAll(async () => {
  const { changeLanguage, currentLanguage, loadAllNamespaces } = await import('../locales');
  const { DEFAULT_LANGUAGE } = await import('../locales/lang');
  // A previous file of this worker may have switched the language.
  if (currentLanguage() !== DEFAULT_LANGUAGE) await changeLanguage(DEFAULT_LANGUAGE);
  await loadAllNamespaces();
});

afterEach(async () => {
  cleanup();
  closeStaticFeedback();
  // React's scheduler runs leftover work (an unmounted tree's passive effects, an antd dialog's
  // closing effects) in later macrotasks, setImmediate slices that may post further slices: let
  // them run while the DOM still exists, not after the file's environment has been torn down.
  await settle();
  // One query cache per test: no answer of one test is shown in the next.
  const { queryClient } = await import('../services/query');
  queryClient.clear();
  returnToTestOrigin();
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: test reset of every cookie
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
});

// antd's confirm dialogs and messages render into roots of their own, outside testing-library's
// container, and close with an animation (rc-motion, up to 500 ms of timers): React still has
// work scheduled for them when the last test ends. Let it finish while the DOM exists, or it runs
// after the file's environment is gone ('window is not defined', seen in fresh-clone runs).
afterAll(async () => {
  closeStaticFeedback();
  await settle();
  if (document.body.childElementCount > 0) await new Promise((resolve) => setTimeout(resolve, 600));
  await settle();
  // Whatever timer is still pending (an animation's, a refetch's) would fire after the DOM is gone
  // and re-render into nothing ('window is not defined', seen again in a loaded run): let the DOM's
  // timers finish (bounded), cancel any left, then flush the renders they scheduled.
  const dom = (globalThis as unknown as { happyDOM?: HappyDom }).happyDOM;
  if (dom) {
    await Promise.race([dom.waitUntilComplete(), new Promise((resolve) => setTimeout(resolve, 2_000))]);
    await dom.abort();
    await settle();
  }
});

/**
 * happy-dom follows a download link to its blob: URL (a browser saves the file and stays), and a
 * page away from the test origin keeps no cookie set afterwards, the session's included: one export
 * test silently logged out every later file of its worker (a locale test failed in CI that way).
 */
function returnToTestOrigin(): void {
  if (window.location.origin !== TEST_ORIGIN) window.location.assign(`${TEST_ORIGIN}/`);
}

/** The part of happy-dom's window API used here. */
interface HappyDom {
  waitUntilComplete(): Promise<void>;
  abort(): Promise<void>;
}

/**
 * Outside the shell, messages and dialogs use antd's static functions, which render into roots of
 * their own and close themselves on timers (a message after 3 s): a timer that fires after the
 * file's environment is gone re-renders into no DOM. Close them now, while it exists.
 */
function closeStaticFeedback(): void {
  message.destroy();
  notification.destroy();
  Modal.destroyAll();
}

/** Lets the scheduler's immediate slices and zero-delay timers run (each may post the next). */
async function settle(): Promise<void> {
  // Node's setImmediate, which React's scheduler uses there (the DOM typings do not declare it).
  const immediate = (globalThis as unknown as { setImmediate(run: () => void): void }).setImmediate;
  for (let round = 0; round < 10; round++) {
    await new Promise<void>((resolve) => immediate(() => resolve()));
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}
