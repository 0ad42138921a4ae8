import type { EndpointDef, ParamsOf } from '@trialab/api-contract';
import { useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { UNSAFE_LocationContext as LocationContext } from 'react-router-dom';
import type { EndpointPick } from '../../services/query';
import { type FilterOf, type Paged, type RowOf, usePaged } from '../usePaged';

/** A list with its filter: what the filter form sets and the page shows. */
export interface ListState<T, F> extends Paged<T> {
  filter: F;
  /**
   * Applies the filter form's values (empty ones dropped) and starts again at page 1. Pressing
   * search with an unchanged filter asks the server again: others may have changed the rows.
   */
  search(values: F): void;
  /** Back to the initial filter (and, like search, loads again when it already is). */
  reset(): void;
  /** The part of the filter that came from the page's address (`options.url`); the form shows it. */
  fromUrl: Partial<F>;
}

/**
 * Drops what a cleared form field leaves (undefined, null, '', blank strings, empty arrays), so the
 * request carries only real conditions and a search that only cleared empty fields is the same filter.
 */
export function compactFilter<F extends object>(values: F): F {
  const kept = Object.entries(values).filter(
    ([, v]) =>
      v !== undefined &&
      v !== null &&
      !(typeof v === 'string' && v.trim() === '') &&
      !(Array.isArray(v) && v.length === 0),
  );
  return Object.fromEntries(kept) as F;
}

/**
 * How a filter field is read from the address: one value, every value (`?status=a&status=b`), or a
 * record id (`?projectId=3`, read as the number 3; anything else is ignored).
 */
export type UrlField = 'one' | 'many' | 'id';

/** The filter fields named in `fields` that the address's query string carries. */
export function filterFromUrl<F>(search: string, fields: Partial<Record<keyof F, UrlField>>): Partial<F> {
  const query = new URLSearchParams(search);
  const out: Record<string, unknown> = {};
  for (const [name, kind] of Object.entries(fields)) {
    const values = query.getAll(name).filter((v) => v !== '');
    if (kind === 'id') {
      const id = Number(values[0]);
      if (/^\d+$/.test(values[0] ?? '') && Number.isSafeInteger(id) && id > 0) out[name] = id;
    } else if (values.length > 0) out[name] = kind === 'many' ? values : values[0];
  }
  return out as Partial<F>;
}

export interface ListOptions<E extends EndpointDef, F> {
  /** Path parameters of the endpoint. */
  params?: ParamsOf<E>;
  /**
   * Filter fields a link may set through the address (`/x/list?status=submitted`, as the home
   * to-do list does): they start the filter, and a later address with other values applies them.
   */
  url?: Partial<Record<keyof F, UrlField>>;
  /** Whether the filter is complete enough to ask (default: always); otherwise the list is empty. */
  when?(filter: F): boolean;
}

/**
 * Filter state plus server paging for a list page, on a paged endpoint of the contract: the request
 * body is the filter, or `toBody(filter)`, plus the page. Rows are typed from the declaration.
 */
export function useListPage<E extends EndpointDef, F extends FilterOf<E>>(
  endpoint: EndpointPick<E>,
  initial: F,
  options?: ListOptions<E, F>,
): ListState<RowOf<E>, F>;
export function useListPage<E extends EndpointDef, F extends object>(
  endpoint: EndpointPick<E>,
  initial: F,
  options: ListOptions<E, F> & { toBody(filter: F): FilterOf<E> },
): ListState<RowOf<E>, F>;
export function useListPage<E extends EndpointDef, F extends object>(
  endpoint: EndpointPick<E>,
  initial: F,
  options: ListOptions<E, F> & { toBody?(filter: F): FilterOf<E> } = {},
): ListState<RowOf<E>, F> {
  const { toBody, when, params, url } = options;
  // Outside a router (unit tests of a list) there is no address to read.
  const search = useContext(LocationContext)?.location.search ?? '';
  const urlKey = url ? JSON.stringify(filterFromUrl<F>(search, url)) : '{}';
  const fromUrl = useMemo(() => JSON.parse(urlKey) as Partial<F>, [urlKey]);
  const [start] = useState(initial);
  // Reset goes back to `start`: the address's filter is dropped with the form's fields.
  const [filter, setFilter] = useState<F>(() => ({ ...start, ...fromUrl }));
  const body = toBody ? toBody(filter) : (filter as FilterOf<E>);
  const paged = usePaged<E, FilterOf<E>>(endpoint, body, { params, enabled: when ? when(filter) : true });
  const current = useRef({ filter, paged });
  current.current = { filter, paged };
  /** A new filter loads through usePaged; the same one is loaded again from page 1 here. */
  const apply = useCallback((next: F) => {
    const { filter: shown, paged: list } = current.current;
    if (JSON.stringify(next) !== JSON.stringify(shown)) setFilter(next);
    else if (list.page !== 1) list.setPage(1, list.size);
    else void list.reload();
  }, []);
  const reset = useCallback(() => apply(start), [apply, start]);
  const searchWith = useCallback((values: F) => apply(compactFilter(values)), [apply]);
  // The page kept open in its tab and opened again by a link with another filter.
  const appliedUrl = useRef(urlKey);
  useEffect(() => {
    if (appliedUrl.current === urlKey) return;
    appliedUrl.current = urlKey;
    apply({ ...start, ...fromUrl });
  }, [urlKey, fromUrl, apply, start]);
  return { ...paged, filter, search: searchWith, reset, fromUrl };
}

/**
 * A status tab (or segmented switch) a link may choose through the address, as the home to-do's
 * `?status=<state>` does: `fromAddress` maps the address's value to the tab showing it. The tab
 * starts from the address, a later address naming another tab (a link to the page kept open in its
 * tab) switches to it, and the user's own clicks are kept until then.
 */
export function useUrlTab<T extends string>(
  fromAddress: Readonly<Record<string, T>>,
  initial: T,
  field = 'status',
): [T, (tab: T) => void] {
  const search = useContext(LocationContext)?.location.search ?? '';
  const asked = new URLSearchParams(search).get(field);
  const chosen = asked !== null && Object.hasOwn(fromAddress, asked) ? fromAddress[asked] : undefined;
  const [tab, setTab] = useState<T>(chosen ?? initial);
  const applied = useRef(chosen);
  useEffect(() => {
    if (applied.current === chosen) return;
    applied.current = chosen;
    if (chosen !== undefined) setTab(chosen);
  }, [chosen]);
  return [tab, setTab];
}
