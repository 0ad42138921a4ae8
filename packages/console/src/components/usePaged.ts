import { useCallback, useEffect, useRef, useState } from 'react';

export interface PageParams {
  page: number;
  size: number;
}

/** What a paged contract call answers (the envelope's `data` rows and `total`). */
export interface PageResult<T> {
  data: T[];
  total?: number;
}

export interface Paged<T> {
  rows: T[];
  total: number;
  loading: boolean;
  page: number;
  size: number;
  setPage(page: number, size: number): void;
  reload(): Promise<void>;
}

/**
 * Server paging for a list: loads when the filter (compared by value) or the page changes; a new
 * filter starts again at page 1 without first loading the old page. Only the latest answer is kept
 * (a slow earlier one never overwrites it); errors were shown by the request helper.
 */
export function usePaged<T, F>(fetch: (body: F & PageParams) => Promise<PageResult<T>>, filter: F): Paged<T> {
  const key = JSON.stringify(filter);
  const [paging, setPaging] = useState({ key, page: 1, size: 10 });
  const page = paging.key === key ? paging.page : 1;
  const size = paging.size;
  const [rows, setRows] = useState<T[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  // The latest fetch and filter, so an inline lambda or a new filter object of the same value
  // does not reload.
  const latest = useRef({ fetch, filter });
  latest.current = { fetch, filter };
  const sequence = useRef(0);
  /** The parameters last requested (and not failed): what is, or will be, on screen. */
  const requested = useRef<string | null>(null);
  const params = `${key}|${page}|${size}`;

  // The filter is compared by value: `params` (with `key`) stands for it.
  const reload = useCallback(async () => {
    const mine = ++sequence.current;
    requested.current = params;
    setLoading(true);
    try {
      const response = await latest.current.fetch({ ...latest.current.filter, page, size });
      if (mine !== sequence.current) return;
      setRows(response.data);
      setTotal(response.total ?? 0);
    } catch {
      // shown by the request helper; showing the page again retries
      if (mine === sequence.current) requested.current = null;
    } finally {
      if (mine === sequence.current) setLoading(false);
    }
  }, [params]);

  useEffect(() => {
    // An effect run again with the same parameters (StrictMode, an effect re-created) loads nothing.
    if (requested.current === params) return;
    void reload();
  }, [reload, params]);

  const setPage = useCallback(
    (next: number, nextSize: number) => {
      setPaging({ key, page: next, size: nextSize });
    },
    [key],
  );

  return { rows, total, loading, page, size, setPage, reload };
}
