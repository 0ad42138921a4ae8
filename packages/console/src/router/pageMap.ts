import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { ALL_LAYOUT_ROUTES } from './routeTable';

type PageModule = { default: ComponentType };
type Loader = () => Promise<PageModule>;

/**
 * Pages by route path: `src/pages/<route path>/index.tsx` serves that route (one lazy chunk per
 * page). Routes of the table without a page file show the "being built" page.
 */
// /login is bundled eagerly by AppRoutes, so it is left out here.
const modules = import.meta.glob<PageModule>(['../pages/**/index.tsx', '!../pages/login/**']);

export function pagePathOf(file: string): string {
  return file.replace(/^\.\.\/pages/, '').replace(/\/index\.tsx$/, '') || '/';
}

export const PAGE_LOADERS: ReadonlyMap<string, Loader> = new Map(
  Object.entries(modules).map(([file, loader]) => [pagePathOf(file), loader]),
);

const BUILDING_PAGE = '/exception/building';

const componentCache = new Map<string, ComponentType | LazyExoticComponent<ComponentType>>();
const loading = new Map<string, Promise<PageModule>>();
/** Page modules whose chunk has arrived: their component renders without suspending. */
const loaded = new Map<string, PageModule>();

function pageKey(fullPath: string): string {
  return PAGE_LOADERS.has(fullPath) ? fullPath : BUILDING_PAGE;
}

/** One download per page chunk, shared by a preload and the lazy component (a failure may retry). */
function load(key: string): Promise<PageModule> {
  let promise = loading.get(key);
  if (!promise) {
    const loader = PAGE_LOADERS.get(key);
    if (!loader) throw new Error(`no page for ${key} and no building page`);
    promise = loader().then(
      (module) => {
        loaded.set(key, module);
        return module;
      },
      (error: unknown) => {
        loading.delete(key);
        throw error;
      },
    );
    loading.set(key, promise);
  }
  return promise;
}

/**
 * The component of a route: the page itself when its chunk has arrived, else a lazy one. The same
 * instance every time once handed out (a different component type would remount the page).
 */
export function pageComponent(fullPath: string): ComponentType | LazyExoticComponent<ComponentType> {
  const key = pageKey(fullPath);
  let component = componentCache.get(key);
  if (!component) {
    if (!PAGE_LOADERS.has(key)) throw new Error(`no page for ${fullPath} and no building page`);
    component = loaded.get(key)?.default ?? lazy(() => load(key));
    componentCache.set(key, component);
  }
  return component;
}

/**
 * Resolves once a page's chunk is there (at once when it is), failed or not: a menu click waits for
 * it before navigating, so the page renders without suspending. A suspended first render would show
 * the fallback, and React then holds the page back for its fallback throttle (300 ms), longer
 * than the chunk takes. A failed chunk is left to the navigation (ChunkErrorBoundary).
 */
export function pageReady(fullPath: string): Promise<void> {
  return load(pageKey(fullPath)).then(
    () => undefined,
    () => undefined,
  );
}

/**
 * Starts downloading a page's chunk before it is opened (the pointer is on its menu item), so the
 * click finds it loaded. Errors are left to the real navigation (ChunkErrorBoundary).
 */
export function preloadPage(fullPath: string): void {
  load(pageKey(fullPath)).catch(() => undefined);
}

/** Runs `next` when the browser is idle (at the latest after 2 s), or after 200 ms without idle callbacks. */
export function whenIdle(next: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(next, { timeout: 2000 });
  else setTimeout(next, 200);
}

/** How many page chunks the idle preload fetches at once (it yields to the user between them). */
const IDLE_PRELOAD_CONCURRENCY = 2;

/**
 * Downloads (and evaluates) while the browser is idle, first the page kit (./pageKit: the table,
 * form and select code every page shares), then the chunks of the given pages a few at a time, so
 * a first click on a menu item finds its code loaded, as routers that preload their lazy routes do.
 * When the user asked to save data only the kit is fetched: any first page needs it, the pages'
 * own chunks wait for their click. Returns a cancel function (logout, unmount).
 */
export function preloadPagesWhenIdle(fullPaths: readonly string[]): () => void {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  const queue = connection?.saveData
    ? []
    : [...new Set(fullPaths.map(pageKey))].filter((key) => !loading.has(key));
  let cancelled = false;
  const worker = () =>
    whenIdle(() => {
      const key = queue.shift();
      if (cancelled || !key) return;
      load(key).then(worker, worker);
    });
  whenIdle(() => {
    if (cancelled) return;
    // The kit's chunks first: pages import them, so the page workers then find them loaded.
    import('./pageKit')
      .then((kit) => kit.PAGE_KIT.length)
      .catch(() => undefined)
      .finally(() => {
        for (let index = 0; index < IDLE_PRELOAD_CONCURRENCY; index += 1) worker();
      });
  });
  return () => {
    cancelled = true;
  };
}

/** Every route of the table resolves to a component (checked by a test). */
export function unresolvedRoutes(): string[] {
  return ALL_LAYOUT_ROUTES.filter((route) => route.isLeaf)
    .map((route) => route.fullPath)
    .filter((path) => !PAGE_LOADERS.has(path) && !PAGE_LOADERS.has(BUILDING_PAGE));
}
