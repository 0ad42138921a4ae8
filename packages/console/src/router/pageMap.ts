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

const lazyCache = new Map<string, LazyExoticComponent<ComponentType>>();

/** The lazy component of a route; the same instance every time (React.lazy must not be re-created). */
export function pageComponent(fullPath: string): LazyExoticComponent<ComponentType> {
  const key = PAGE_LOADERS.has(fullPath) ? fullPath : BUILDING_PAGE;
  let component = lazyCache.get(key);
  if (!component) {
    const loader = PAGE_LOADERS.get(key);
    if (!loader) throw new Error(`no page for ${fullPath} and no building page`);
    component = lazy(loader);
    lazyCache.set(key, component);
  }
  return component;
}

/** Whether a route has its real page (false: it shows the "being built" state). */
export function hasPage(fullPath: string): boolean {
  return PAGE_LOADERS.has(fullPath);
}

/** Every route of the table resolves to a component (checked by a test). */
export function unresolvedRoutes(): string[] {
  return ALL_LAYOUT_ROUTES.filter((route) => route.isLeaf)
    .map((route) => route.fullPath)
    .filter((path) => !PAGE_LOADERS.has(path) && !PAGE_LOADERS.has(BUILDING_PAGE));
}
