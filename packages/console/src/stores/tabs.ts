import { create } from 'zustand';
import { MAX_CACHED_PAGES, TAB_LOCK_DELAY_MS, TAB_REFRESH_ACTIVE_MS, TAB_REFRESH_OTHER_MS } from '../config';
import { readJson, STORAGE_KEYS, writeJson } from '../utils/storage';

/** A tab of the multi-page shell (SPEC section 3: path, fullPath, title, customName, loading, unclose). */
export interface TabPage {
  /** Route path: one tab per path. */
  path: string;
  /** Path with query, what the tab navigates to. */
  fullPath: string;
  /** i18n key of the title. */
  title: string;
  /** Title set by a rename event; wins over `title`. */
  customName?: string;
  loading: boolean;
  /** Cannot be closed (route flag); bulk closes skip it too. */
  unclose: boolean;
  /** Pinned by the user: behaves as unclosable until unpinned. */
  locked: boolean;
  /** Route flagged not cacheable: its cached content goes when the tab closes. */
  noCache: boolean;
  /** Bumped by refresh: the page remounts. */
  refreshKey: number;
}

export interface OpenInput {
  path: string;
  fullPath: string;
  title: string;
  unclose?: boolean;
  noCache?: boolean;
}

/** Result of a close: refused (last tab or unclosable) or done, with where to go if the active tab went. */
export type CloseResult =
  | { ok: false; reason: 'last' | 'unclosable' | 'missing' }
  | { ok: true; navigateTo?: string };

interface TabsState {
  tabs: TabPage[];
  active: string | null;
  /** Paths whose page content is kept mounted, least recently used first (at most 5). */
  cached: string[];
  open(input: OpenInput, options?: { multiPage?: boolean; cachePage?: boolean }): void;
  close(path: string): CloseResult;
  closeLeft(path: string): CloseResult;
  closeRight(path: string): CloseResult;
  closeOthers(path: string): CloseResult;
  refresh(path: string): void;
  toggleLock(path: string): void;
  rename(path: string, title: string): void;
  edit(path: string, patch: Partial<Pick<TabPage, 'fullPath' | 'title' | 'customName'>>): void;
  save(): void;
  restore(isOpenable: (path: string) => boolean): void;
  reset(): void;
}

const closable = (tab: TabPage) => !tab.unclose && !tab.locked;

function touch(cached: string[], path: string, limit: number): string[] {
  if (cached.at(-1) === path && cached.length <= limit) return cached;
  const next = [...cached.filter((p) => p !== path), path];
  return next.slice(Math.max(0, next.length - limit));
}

export const useTabs = create<TabsState>((set, get) => {
  /** Removes the given tabs; picks a neighbour when the active one goes. */
  const removeTabs = (remove: (tab: TabPage, index: number) => boolean): CloseResult => {
    const { tabs, active, cached } = get();
    const keep = tabs.filter((tab, index) => !remove(tab, index));
    const gone = tabs.filter((tab) => !keep.includes(tab));
    if (gone.length === 0) return { ok: true };
    let nextActive = active;
    if (active && !keep.some((tab) => tab.path === active)) {
      const index = tabs.findIndex((tab) => tab.path === active);
      const right = tabs.slice(index + 1).find((tab) => keep.includes(tab));
      const left = [...tabs.slice(0, index)].reverse().find((tab) => keep.includes(tab));
      nextActive = (right ?? left)?.path ?? null;
    }
    const dropped = new Set(gone.filter((tab) => tab.noCache).map((tab) => tab.path));
    set({ tabs: keep, active: nextActive, cached: cached.filter((path) => !dropped.has(path)) });
    const target = keep.find((tab) => tab.path === nextActive);
    return nextActive !== active && target ? { ok: true, navigateTo: target.fullPath } : { ok: true };
  };

  const patch = (path: string, change: Partial<TabPage>) =>
    set({ tabs: get().tabs.map((tab) => (tab.path === path ? { ...tab, ...change } : tab)) });

  return {
    tabs: [],
    active: null,
    cached: [],
    open(input, options = {}) {
      const multiPage = options.multiPage ?? true;
      const limit = options.cachePage === false ? 1 : MAX_CACHED_PAGES;
      const { tabs, cached } = get();
      const existing = tabs.find((tab) => tab.path === input.path);
      // The same tab object when nothing changed, so the tab strip need not rebuild its items.
      const tab: TabPage = existing
        ? existing.fullPath === input.fullPath
          ? existing
          : { ...existing, fullPath: input.fullPath }
        : {
            path: input.path,
            fullPath: input.fullPath,
            title: input.title,
            loading: false,
            unclose: Boolean(input.unclose),
            locked: false,
            noCache: Boolean(input.noCache),
            refreshKey: 0,
          };
      const nextTabs = !multiPage
        ? tabs.length === 1 && tabs[0] === tab
          ? tabs
          : [tab]
        : existing
          ? tab === existing
            ? tabs
            : tabs.map((t) => (t.path === input.path ? tab : t))
          : [...tabs, tab];
      set({ tabs: nextTabs, active: input.path, cached: touch(cached, input.path, limit) });
    },
    close(path) {
      const { tabs } = get();
      const tab = tabs.find((t) => t.path === path);
      if (!tab) return { ok: false, reason: 'missing' };
      if (tabs.length <= 1) return { ok: false, reason: 'last' };
      if (!closable(tab)) return { ok: false, reason: 'unclosable' };
      return removeTabs((t) => t.path === path);
    },
    closeLeft(path) {
      const index = get().tabs.findIndex((t) => t.path === path);
      if (index < 0) return { ok: false, reason: 'missing' };
      return removeTabs((t, i) => i < index && closable(t));
    },
    closeRight(path) {
      const index = get().tabs.findIndex((t) => t.path === path);
      if (index < 0) return { ok: false, reason: 'missing' };
      return removeTabs((t, i) => i > index && closable(t));
    },
    closeOthers(path) {
      if (!get().tabs.some((t) => t.path === path)) return { ok: false, reason: 'missing' };
      const result = removeTabs((t) => t.path !== path && closable(t));
      // "Close others" keeps the chosen tab: it becomes the active one.
      const chosen = get().tabs.find((t) => t.path === path);
      if (chosen && get().active !== path) {
        set({ active: path });
        return { ok: true, navigateTo: chosen.fullPath };
      }
      return result;
    },
    refresh(path) {
      if (!get().tabs.some((t) => t.path === path)) return;
      const delay = get().active === path ? TAB_REFRESH_ACTIVE_MS : TAB_REFRESH_OTHER_MS;
      patch(path, { loading: true });
      setTimeout(() => {
        const tab = get().tabs.find((t) => t.path === path);
        if (tab) patch(path, { loading: false, refreshKey: tab.refreshKey + 1 });
      }, delay);
    },
    toggleLock(path) {
      setTimeout(() => {
        const tab = get().tabs.find((t) => t.path === path);
        if (tab) patch(path, { locked: !tab.locked });
      }, TAB_LOCK_DELAY_MS);
    },
    rename(path, title) {
      patch(path, { customName: title });
    },
    edit(path, change) {
      patch(path, change);
    },
    save() {
      const { tabs, active } = get();
      writeJson(
        STORAGE_KEYS.tabs,
        { active, tabs: tabs.map((tab) => ({ ...tab, loading: false })) },
        'session',
      );
    },
    restore(isOpenable) {
      const saved = readJson<{ active?: unknown; tabs?: unknown } | null>(STORAGE_KEYS.tabs, null, 'session');
      if (!saved || !Array.isArray(saved.tabs)) return;
      const tabs = (saved.tabs as Partial<TabPage>[])
        .filter((tab): tab is TabPage => typeof tab?.path === 'string' && typeof tab.fullPath === 'string')
        .filter((tab) => isOpenable(tab.path))
        .map((tab) => ({
          path: tab.path,
          fullPath: tab.fullPath,
          title: typeof tab.title === 'string' ? tab.title : `menu.${tab.path}`,
          ...(typeof tab.customName === 'string' ? { customName: tab.customName } : {}),
          loading: false,
          unclose: Boolean(tab.unclose),
          locked: Boolean(tab.locked),
          noCache: Boolean(tab.noCache),
          refreshKey: 0,
        }));
      const active =
        typeof saved.active === 'string' && tabs.some((t) => t.path === saved.active) ? saved.active : null;
      set({ tabs, active, cached: [] });
    },
    reset() {
      set({ tabs: [], active: null, cached: [] });
    },
  };
});
