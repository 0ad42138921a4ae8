import { keepPreviousData } from '@tanstack/react-query';
import type { BodyOf, DataOf, EndpointDef, ParamsOf } from '@trialab/api-contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CallInput } from '../services/endpoint';
import { type EndpointPick, useEndpointQuery } from '../services/query';
import type { Envelope } from '../services/request';

export interface PageParams {
  page: number;
  size: number;
}

/** The rows of a paged endpoint's answer. */
export type RowOf<E> = DataOf<E> extends readonly (infer R)[] ? R : never;
/** What a paged endpoint's body takes besides the page. */
export type FilterOf<E> = Omit<BodyOf<E>, keyof PageParams>;

export interface Paged<T> {
  rows: T[];
  total: number;
  loading: boolean;
  page: number;
  size: number;
  setPage(page: number, size: number): void;
  reload(): Promise<void>;
}

/** The first page a list asks for: what `usePaged` requests and a menu click prefetches. */
export const FIRST_PAGE: PageParams = { page: 1, size: 10 };

/** The call input of one page of a list (the body is the filter plus the page). */
export function pagedInput<E extends EndpointDef>(
  filter: object,
  paging: PageParams = FIRST_PAGE,
  params?: ParamsOf<E>,
): CallInput<E> {
  const body = { ...filter, ...paging } as BodyOf<E>;
  return params === undefined ? { body } : { params, body };
}

export interface PagedOptions<E extends EndpointDef> {
  /** Path parameters of the endpoint (e.g. the device whose log is listed). */
  params?: ParamsOf<E>;
  /** False: nothing is asked and the list is empty (e.g. until a barcode is given). */
  enabled?: boolean;
}

/**
 * Server paging for a list, through the query cache: loads when the filter (compared by value) or
 * the page changes; a new filter starts again at page 1 without first loading the old page. Only
 * the answer for the current filter and page is shown (a slow earlier one never overwrites it); the
 * rows on screen stay until the next answer comes, also when it fails (the request helper has
 * shown why).
 */
export function usePaged<E extends EndpointDef, F extends FilterOf<E>>(
  endpoint: EndpointPick<E>,
  filter: F,
  options: PagedOptions<E> = {},
): Paged<RowOf<E>> {
  const enabled = options.enabled ?? true;
  // A new filter or new path parameters (another device's log) start at page 1.
  const key = JSON.stringify([filter, options.params]);
  const [paging, setPaging] = useState({ key, page: FIRST_PAGE.page, size: FIRST_PAGE.size });
  const page = paging.key === key ? paging.page : 1;
  const size = paging.size;
  // Mounting uses an answer that is still fresh (one prefetched at the menu click); after that, every
  // new filter or page asks the server (a cached answer is shown meanwhile), and effects that run
  // again (a kept-alive tab shown again) ask nothing.
  const settled = useRef(false);
  useEffect(() => {
    settled.current = true;
  }, []);
  const query = useEndpointQuery(endpoint, pagedInput<E>(filter, { page, size }, options.params), {
    placeholderData: keepPreviousData,
    enabled,
    refetchOnMount: () => !settled.current,
    ...(settled.current ? { staleTime: 0 } : {}),
  });
  const shown = useRef<Envelope<DataOf<E>> | undefined>(undefined);
  if (query.data && !query.isPlaceholderData) shown.current = query.data;
  const answer = enabled ? shown.current : undefined;
  const { refetch } = query;
  const reload = useCallback(async () => {
    if (enabled) await refetch();
  }, [refetch, enabled]);
  const setPage = useCallback(
    (next: number, nextSize: number) => {
      setPaging({ key, page: next, size: nextSize });
    },
    [key],
  );
  return {
    rows: (answer?.data ?? []) as RowOf<E>[],
    total: answer?.total ?? 0,
    loading: query.isFetching,
    page,
    size,
    setPage,
    reload,
  };
}

/**
 * A list endpoint that answers every row at once (no server paging, e.g. the reorder suggestions):
 * the same `Paged` as `usePaged` for `ListPage`, paged on screen.
 */
export function useWholeList<E extends EndpointDef>(
  endpoint: EndpointPick<E>,
  input: CallInput<E>,
  options: { enabled?: boolean } = {},
): Paged<RowOf<E>> {
  const enabled = options.enabled ?? true;
  const [{ page, size }, setPaging] = useState(FIRST_PAGE);
  const query = useEndpointQuery(endpoint, input, { enabled });
  const all = (enabled ? (query.data?.data ?? []) : []) as RowOf<E>[];
  const { refetch } = query;
  const reload = useCallback(async () => {
    if (enabled) await refetch();
  }, [refetch, enabled]);
  const setPage = useCallback(
    (next: number, nextSize: number) => setPaging({ page: next, size: nextSize }),
    [],
  );
  return {
    rows: all.slice((page - 1) * size, page * size),
    total: all.length,
    loading: query.isFetching,
    page,
    size,
    setPage,
    reload,
  };
}

/** What a `DataTable` shows of a paged list: its rows, its pager and the spinner while it loads. */
export function pagedTable<T>(list: Paged<T>) {
  return {
    dataSource: list.rows,
    loading: list.loading,
    page: list.page,
    size: list.size,
    total: list.total,
    onPageChange: list.setPage,
  };
}
