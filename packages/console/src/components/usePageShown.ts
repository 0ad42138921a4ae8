import { createContext, useContext, useSyncExternalStore } from 'react';

/**
 * Whether a kept page is the one on screen (layouts/KeepAliveOutlet). Hidden pages stay mounted with
 * their effects running, so work that only matters on screen (a camera stream, measuring the
 * window) follows this instead. One object per kept page, stable for its life: reading it through
 * the context re-renders nothing when the page is hidden or shown; usePageShown() does, for the
 * components that draw differently.
 */
export interface PageVisibility {
  readonly shown: boolean;
  subscribe(listener: () => void): () => void;
}

export function createPageVisibility(shown: boolean): PageVisibility & { set(shown: boolean): void } {
  const listeners = new Set<() => void>();
  const state = {
    shown,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next: boolean) {
      if (state.shown === next) return;
      state.shown = next;
      for (const listener of [...listeners]) listener();
    },
  };
  return state;
}

/** Outside the outlet (login, tests, dialogs) a component is always on screen. */
export const PageVisibilityContext = createContext<PageVisibility>(createPageVisibility(true));

/** The page's visibility without re-rendering on its changes (subscribe in an effect). */
export function usePageVisibility(): PageVisibility {
  return useContext(PageVisibilityContext);
}

/** Whether this component's page is on screen; re-renders when that changes. */
export function usePageShown(): boolean {
  const page = useContext(PageVisibilityContext);
  return useSyncExternalStore(page.subscribe, () => page.shown);
}
