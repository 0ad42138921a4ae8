import { Spin } from 'antd';
import { type ContextType, type ReactNode, Suspense, useLayoutEffect, useRef } from 'react';
import {
  UNSAFE_LocationContext as LocationContext,
  useLocation,
  useNavigationType,
  useOutlet,
} from 'react-router-dom';
import { useShallow } from 'zustand/react/shallow';
import { createPageVisibility, PageVisibilityContext } from '../components/usePageShown';
import { useSettings } from '../stores/settings';
import { useTabs } from '../stores/tabs';

/**
 * Keeps up to five visited pages mounted (SPEC section 2: at most 5 cached pages) and shows the
 * active one. The others stay mounted with their state and effects, hidden with
 * `content-visibility: hidden`: the browser keeps their style and layout, so showing a tab again
 * re-renders nothing, re-runs no effect and lays nothing out anew (React's <Activity> re-creates
 * every effect of the page and of antd's table, grid and form on reveal, and `display: none` throws
 * the layout away). Hidden content is out of the accessibility tree, focus and find-in-page, as with
 * `display: none`. Work that only matters on screen follows usePageShown().
 * A page leaves when it drops out of the tabs store's cache list (LRU, or a not-cacheable tab
 * closed); a refresh remounts it through its refresh key.
 *
 * Each kept page sees its own location (the URL it was opened with), not the current one: a page
 * hidden in another tab reads its own search parameters, and a navigation elsewhere does not
 * re-render it (react-router's useLocation and useNavigate would otherwise re-render every kept page
 * on every navigation).
 */
export function KeepAliveOutlet() {
  const outlet = useOutlet();
  const location = useLocation();
  const navigationType = useNavigationType();
  const { pathname, search } = location;
  // Which pages are kept, not their LRU order: showing a kept page again reorders the list, and
  // that must not render the outlet a second time.
  const cached = useTabs(useShallow((s) => [...s.cached].sort()));
  const tabs = useTabs((s) => s.tabs);
  const cachePage = useSettings((s) => s.cachePage);
  const elements = useRef(
    new Map<string, { url: string; element: ReactNode; context: ContextType<typeof LocationContext> }>(),
  );

  // useOutlet() is a new element on every render; keeping the first one for the same URL lets React
  // skip the page's subtree when only the shell, the tabs or the cache list changed.
  const url = `${pathname}${search}`;
  if (outlet && elements.current.get(pathname)?.url !== url) {
    elements.current.set(pathname, { url, element: outlet, context: { location, navigationType } });
  }
  for (const path of [...elements.current.keys()]) {
    if (path !== pathname && (!cachePage || !cached.includes(path))) elements.current.delete(path);
  }
  const visibilities = useRef(new Map<string, ReturnType<typeof createPageVisibility>>());
  for (const path of [...visibilities.current.keys()]) {
    if (!elements.current.has(path)) visibilities.current.delete(path);
  }
  // After the commit that shows or hides them, pages hear of it (listeners may render).
  useLayoutEffect(() => {
    for (const [path, visibility] of visibilities.current) visibility.set(path === pathname);
  });

  return (
    <>
      {[...elements.current.entries()].map(([path, { element, context }]) => {
        const tab = tabs.find((item) => item.path === path);
        const visible = path === pathname;
        let visibility = visibilities.current.get(path);
        if (!visibility) {
          visibility = createPageVisibility(visible);
          visibilities.current.set(path, visibility);
        }
        return (
          <div
            key={`${path}#${tab?.refreshKey ?? 0}`}
            data-page={path}
            style={{ position: 'relative', contentVisibility: visible ? undefined : 'hidden' }}
          >
            {tab?.loading ? (
              <div style={{ display: 'grid', placeItems: 'center', minHeight: 240 }}>
                <Spin />
              </div>
            ) : (
              <Suspense
                fallback={
                  <div style={{ display: 'grid', placeItems: 'center', minHeight: 240 }}>
                    <Spin />
                  </div>
                }
              >
                <PageVisibilityContext.Provider value={visibility}>
                  <LocationContext.Provider value={context}>{element}</LocationContext.Provider>
                </PageVisibilityContext.Provider>
              </Suspense>
            )}
          </div>
        );
      })}
    </>
  );
}
