import { Spin } from 'antd';
import { Activity, type ContextType, type ReactNode, Suspense, useRef } from 'react';
import {
  UNSAFE_LocationContext as LocationContext,
  useLocation,
  useNavigationType,
  useOutlet,
} from 'react-router-dom';
import { useSettings } from '../stores/settings';
import { useTabs } from '../stores/tabs';

/**
 * Keeps up to five visited pages mounted (SPEC section 2: at most 5 cached pages) and shows the
 * active one; the others are hidden with React's Activity, which preserves their state. A page
 * leaves when it drops out of the tabs store's cache list (LRU, or a not-cacheable tab closed);
 * a refresh remounts it through its refresh key.
 *
 * Each kept page sees its own location (the URL it was opened with), not the current one: a page
 * hidden in another tab reads its own search parameters, and a navigation elsewhere does not
 * re-render it (react-router's useLocation and useNavigate would otherwise re-render every kept page
 * on every navigation, and the hidden ones all at once when shown).
 */
export function KeepAliveOutlet() {
  const outlet = useOutlet();
  const location = useLocation();
  const navigationType = useNavigationType();
  const { pathname, search } = location;
  const cached = useTabs((s) => s.cached);
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

  return (
    <>
      {[...elements.current.entries()].map(([path, { element, context }]) => {
        const tab = tabs.find((item) => item.path === path);
        const visible = path === pathname;
        return (
          <Activity key={`${path}#${tab?.refreshKey ?? 0}`} mode={visible ? 'visible' : 'hidden'}>
            <div data-page={path} style={{ position: 'relative' }}>
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
                  <LocationContext.Provider value={context}>{element}</LocationContext.Provider>
                </Suspense>
              )}
            </div>
          </Activity>
        );
      })}
    </>
  );
}
