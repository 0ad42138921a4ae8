import { Page } from './route.js';

/** A count of the filtered rows, e.g. `db.select({ n: count() }).from(table).where(where)`. */
type CountQuery = PromiseLike<Array<{ n: number | string }>>;

/** An ordered query that can still be limited (a drizzle select before `.limit()`). */
interface OrderedQuery<R> {
  limit(size: number): { offset(skip: number): PromiseLike<R[]> };
}

/**
 * One page of an ordered query with the total its filter matches: the count first, then the
 * page's rows (pages are numbered from 1), each converted by `convert` when given.
 */
export async function pageOf<R, T = R>(
  count: CountQuery,
  rows: OrderedQuery<R>,
  { page, size }: { page: number; size: number },
  convert?: (row: R) => T,
): Promise<Page<T>> {
  const [counted] = await count;
  const found = await rows.limit(size).offset((page - 1) * size);
  return new Page(convert ? found.map(convert) : (found as unknown as T[]), Number(counted?.n ?? 0));
}
