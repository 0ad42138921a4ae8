import { and, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema.js';
import type { Principal } from '../../lib/principal.js';
import type { SiteScope } from '../../lib/scope.js';
import type { TodoKind, TodoSource } from '../../lib/workflow.js';

/** A source with the kinds of pending item the caller has in it. */
export interface SourceKinds {
  source: TodoSource;
  kinds: TodoKind[];
}

/** Rows of one kind: in its state, in scope, and left to this caller by the actor rules. */
function kindWhere(source: TodoSource, kind: TodoKind, caller: Principal, scope: SiteScope): SQL {
  const { userId } = caller;
  const { state, createdBy } = source.columns;
  const actor =
    kind.actor === 'any' || createdBy === null
      ? undefined
      : kind.actor === 'creator'
        ? sql`${createdBy} = ${userId}`
        : sql`(${createdBy} IS NULL OR ${createdBy} <> ${userId})`;
  return and(sql`${state} = ${kind.state}`, actor, source.scope(scope, caller)) ?? sql`TRUE`;
}

/** The number of records of each kind (one statement per workflow), in the order of `all`. */
export async function countKinds(db: Executor, all: SourceKinds[], caller: Principal, scope: SiteScope) {
  const out: Array<TodoKind & { count: number }> = [];
  for (const { source, kinds } of all) {
    if (kinds.length === 0) continue;
    const fields = Object.fromEntries(
      kinds.map((kind, i) => [
        `k${i}`,
        sql<number>`count(*) FILTER (WHERE ${kindWhere(source, kind, caller, scope)})`.mapWith(Number),
      ]),
    );
    const [row] = await db.select(fields).from(source.table);
    kinds.forEach((kind, i) => {
      out.push({ ...kind, count: Number(row?.[`k${i}`] ?? 0) });
    });
  }
  return out;
}

interface ItemRow {
  kind: number;
  id: number;
  number: string;
  at: Date | string | null;
  username: string | null;
}

/** The records of the given kinds one by one, oldest first (records without a time last). */
export async function pageItems(
  db: Executor,
  all: SourceKinds[],
  caller: Principal,
  scope: SiteScope,
  page: { page: number; size: number },
) {
  const kinds: TodoKind[] = [];
  const parts: SQL[] = [];
  for (const { source, kinds: ofSource } of all)
    for (const kind of ofSource) {
      const c = source.columns;
      parts.push(
        sql`SELECT ${kinds.length}::int AS kind, ${c.id} AS id, ${c.number}::text AS number, ${c.createdAt} AS at, ${c.createdBy ?? sql`NULL::int`} AS created_by FROM ${source.table} WHERE ${kindWhere(source, kind, caller, scope)}`,
      );
      kinds.push(kind);
    }
  if (parts.length === 0) return { kinds, rows: [] };
  const result = (await db.execute(
    sql`SELECT x.kind, x.id, x.number, x.at, ${users.username} AS username FROM (${sql.join(parts, sql` UNION ALL `)}) x LEFT JOIN ${users} ON ${users.id} = x.created_by ORDER BY x.at ASC NULLS LAST, x.kind, x.id LIMIT ${page.size} OFFSET ${(page.page - 1) * page.size}`,
  )) as unknown as { rows: ItemRow[] };
  return { kinds, rows: result.rows };
}
