import { useCallback, useEffect, useRef, useState } from 'react';
import {
  REMOTE_SELECT_DEBOUNCE_MS,
  REMOTE_SELECT_PAGE_SIZE,
  REMOTE_SELECT_SCROLL_THRESHOLD,
} from '../../config';

export interface RemotePage<T> {
  data: T[];
  total: number;
}

export interface RemoteOptionsConfig<T> {
  /** The list call: params plus page, size and the search field (SPEC section 7, Dropdown). */
  fetcher(params: Record<string, unknown>): Promise<RemotePage<T>>;
  searchField?: string;
  valueField?: keyof T & string;
  params?: Record<string, unknown>;
  pageSize?: number;
  /** Ignore searches without Chinese characters. */
  chineseOnly?: boolean;
  /** The current value: pages keep loading until it is among the options. */
  value?: unknown;
}

const CHINESE = /[\u4e00-\u9fa5]/;

/**
 * The remote select's behaviour (SPEC sections 4, 5 and 9): page 1 first, more pages on scrolling
 * within 25 px of the bottom until page x size reaches total, searches debounced 500 ms, keeps
 * loading while the current value is missing, load errors swallowed.
 */
export function useRemoteOptions<T extends Record<string, unknown>>(config: RemoteOptionsConfig<T>) {
  const {
    fetcher,
    searchField = 'projectNo',
    valueField = 'id' as keyof T & string,
    params,
    pageSize = REMOTE_SELECT_PAGE_SIZE,
    chineseOnly = false,
    value,
  } = config;
  const [options, setOptions] = useState<T[]>([]);
  const [loading, setLoading] = useState(false);
  const state = useRef({ page: 0, total: Number.POSITIVE_INFINITY, keyword: '', busy: false, generation: 0 });
  const debounce = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;
  const paramsKey = JSON.stringify(params ?? {});

  const load = useCallback(
    async (page: number, keyword: string) => {
      const generation = page === 1 ? state.current.generation + 1 : state.current.generation;
      state.current = { ...state.current, busy: true, generation };
      setLoading(true);
      try {
        const base = JSON.parse(paramsKey) as Record<string, unknown>;
        const result = await fetcherRef.current({
          ...base,
          page,
          size: pageSize,
          [searchField]: keyword || undefined,
        });
        if (generation !== state.current.generation) return;
        state.current = { ...state.current, page, total: result.total, keyword };
        setOptions((previous) => (page === 1 ? result.data : [...previous, ...result.data]));
      } catch {
        // Dropdown load errors are swallowed (SPEC section 8); the list stays as it was.
      } finally {
        if (generation === state.current.generation) {
          state.current.busy = false;
          setLoading(false);
        }
      }
    },
    [pageSize, searchField, paramsKey],
  );

  const hasMore = () => state.current.page * pageSize < state.current.total;

  useEffect(() => {
    void load(1, '');
    return () => clearTimeout(debounce.current);
  }, [load]);

  // Keep loading while the current value is not among the options.
  useEffect(() => {
    if (value === undefined || value === null || value === '' || state.current.busy || !hasMore()) return;
    if (options.some((option) => String(option[valueField]) === String(value))) return;
    if (state.current.page > 0) void load(state.current.page + 1, state.current.keyword);
  });

  const search = useCallback(
    (text: string) => {
      if (chineseOnly && text && !CHINESE.test(text)) return;
      clearTimeout(debounce.current);
      debounce.current = setTimeout(() => void load(1, text.trim()), REMOTE_SELECT_DEBOUNCE_MS);
    },
    [chineseOnly, load],
  );

  const onPopupScroll = useCallback(
    (event: { currentTarget: { scrollTop: number; clientHeight: number; scrollHeight: number } }) => {
      const { scrollTop, clientHeight, scrollHeight } = event.currentTarget;
      if (scrollTop + clientHeight < scrollHeight - REMOTE_SELECT_SCROLL_THRESHOLD) return;
      if (state.current.busy || !hasMore()) return;
      void load(state.current.page + 1, state.current.keyword);
    },
    [load],
  );

  return { options, loading, search, onPopupScroll };
}
