import { AUDIT_SIGN_IN_OBJECTS } from '@trialab/api-contract';
import { and, asc, count, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { auditLog, type loginLogs } from '../../db/schema.js';
import { pageOf } from '../../lib/paging.js';
import { contains, containsAny } from '../../lib/search.js';

/**
 * The audit trail as its readers see it: the platform's operation log (modules/users) and a
 * project's own trail (modules/project-config) page, pick from and export the same rows.
 */

export interface TimeRange {
  startTime?: string | undefined;
  endTime?: string | undefined;
}
/** A time column within the filter's start and end (each optional; an unreadable one ignored). */
export function timeRange(column: typeof loginLogs.createdAt | typeof auditLog.at, r: TimeRange): SQL[] {
  const out: SQL[] = [];
  const start = r.startTime ? new Date(r.startTime) : undefined;
  const end = r.endTime ? new Date(r.endTime) : undefined;
  if (start && !Number.isNaN(start.getTime())) out.push(gte(column, start));
  if (end && !Number.isNaN(end.getTime())) out.push(lte(column, end));
  return out;
}

export interface AuditFilter extends TimeRange {
  username?: string | undefined;
  entity?: string | undefined;
  action?: string | undefined;
  keyword?: string | undefined;
  /** Entries of these entities only (a page's own trail, e.g. the project item log). */
  entities?: readonly string[] | undefined;
  /** Entries whose values name one of these projects (`projectId` in the new or else the old value). */
  projectIds?: readonly number[] | undefined;
  /**
   * Include sign-in events (AUDIT_SIGN_IN_OBJECTS and `auth.*` actions; the login log's): left out
   * unless asked for, or unless the action or entity filter names one.
   */
  signIn?: boolean | undefined;
}

/** Whether a row is a sign-in event. */
const signInEvent = () =>
  sql`(${inArray(auditLog.entity, [...AUDIT_SIGN_IN_OBJECTS])} or ${auditLog.action} like 'auth.%')`;

function auditWhere(filter: AuditFilter): SQL | undefined {
  const conditions = timeRange(auditLog.at, filter);
  if (filter.entities) conditions.push(inArray(auditLog.entity, [...filter.entities]));
  if (filter.projectIds) {
    const named = sql`coalesce(${auditLog.newValue}->>'projectId', ${auditLog.oldValue}->>'projectId')`;
    conditions.push(inArray(named, filter.projectIds.length ? filter.projectIds.map(String) : ['-']));
  }
  if (filter.username) conditions.push(contains(auditLog.username, filter.username));
  if (filter.entity) conditions.push(eq(auditLog.entity, filter.entity));
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  if (!filter.signIn && !filter.action && !filter.entity) conditions.push(sql`not ${signInEvent()}`);
  const keyword = containsAny(
    [
      auditLog.entityId,
      auditLog.reason,
      auditLog.requestId,
      sql`${auditLog.oldValue}::text`,
      sql`${auditLog.newValue}::text`,
    ],
    filter.keyword,
  );
  if (keyword) conditions.push(keyword);
  return conditions.length > 0 ? and(...conditions) : undefined;
}

const auditColumns = {
  id: auditLog.id,
  at: auditLog.at,
  userId: auditLog.userId,
  username: auditLog.username,
  action: auditLog.action,
  entity: auditLog.entity,
  entityId: auditLog.entityId,
  oldValue: auditLog.oldValue,
  newValue: auditLog.newValue,
  reason: auditLog.reason,
  requestId: auditLog.requestId,
  workstation: auditLog.workstation,
  ip: auditLog.ip,
};
const auditRow = (r: { at: Date } & Omit<typeof auditLog.$inferSelect, 'at' | 'prevHash' | 'hash'>) => ({
  ...r,
  at: r.at.toISOString(),
});

export async function pageAudit(db: Executor, filter: AuditFilter, page: number, size: number) {
  const where = auditWhere(filter);
  const { rows, total } = await pageOf(
    db.select({ n: count() }).from(auditLog).where(where),
    db.select(auditColumns).from(auditLog).where(where).orderBy(desc(auditLog.id)),
    { page, size },
  );
  return { rows: rows.map(auditRow), total };
}

/** The users, actions and entities the filtered trail holds (the logs' pickers), sorted. */
export async function auditOptions(db: Executor, filter: AuditFilter) {
  const where = auditWhere({ ...filter, signIn: true });
  const distinct = async (
    column: typeof auditLog.action | typeof auditLog.username | typeof auditLog.entity,
  ) =>
    (await db.selectDistinct({ v: column }).from(auditLog).where(where).orderBy(asc(column)))
      .map((r) => r.v)
      .filter((v): v is string => v !== null);
  return {
    usernames: await distinct(auditLog.username),
    actions: await distinct(auditLog.action),
    entities: await distinct(auditLog.entity),
  };
}

/** The newest `limit` rows of the filtered trail (the export). */
export async function auditRows(db: Executor, filter: AuditFilter, limit: number) {
  const rows = await db
    .select(auditColumns)
    .from(auditLog)
    .where(auditWhere(filter))
    .orderBy(desc(auditLog.id))
    .limit(limit);
  return rows.map(auditRow);
}
