import { and, asc, count, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { auditLog, depts, loginLogs, roles, userRoles, users } from '../../db/schema.js';
import { pageOf } from '../../lib/paging.js';
import { contains, containsAny } from '../../lib/search.js';

export interface UserFilter {
  username?: string | undefined;
  mobile?: string | undefined;
  jobNumber?: string | undefined;
  type?: number | undefined;
  status?: number | undefined;
  deptId?: number | undefined;
}

function userWhere(filter: UserFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.username) conditions.push(contains(users.username, filter.username));
  if (filter.mobile) conditions.push(contains(users.mobile, filter.mobile));
  if (filter.jobNumber) conditions.push(contains(users.jobNumber, filter.jobNumber));
  if (filter.type !== undefined) conditions.push(eq(users.type, filter.type));
  if (filter.status !== undefined) conditions.push(eq(users.status, filter.status));
  if (filter.deptId !== undefined) conditions.push(eq(users.deptId, filter.deptId));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

const rowColumns = {
  id: users.id,
  username: users.username,
  mobile: users.mobile,
  email: users.email,
  jobNumber: users.jobNumber,
  type: users.type,
  status: users.status,
  gender: users.gender,
  deptId: users.deptId,
  deptName: depts.name,
  loginDate: users.loginDate,
  createdAt: users.createdAt,
  version: users.version,
};

/**
 * Each user's roles as `[[id, name], ...]`, in the same statement as the rows: PostgreSQL runs the
 * subquery only for the rows of the page (after the sort and limit), and the page costs one round
 * trip instead of two (bench/users-page.ts).
 */
const rolesColumn = sql<Array<[number, string]>>`(
  SELECT coalesce(json_agg(json_build_array(r.id, r.name) ORDER BY r.id), '[]'::json)
  FROM ${userRoles} ur JOIN ${roles} r ON r.id = ur.role_id WHERE ur.user_id = ${users.id})`;

function toUserRows(rows: Array<Record<keyof typeof rowColumns | 'roles', unknown>>) {
  return rows.map((r) => {
    const mine = (r.roles as Array<[number, string]>).map(([id, name]) => ({ id, name }));
    return {
      id: r.id as number,
      username: r.username as string,
      mobile: r.mobile as string | null,
      email: r.email as string | null,
      jobNumber: r.jobNumber as string | null,
      type: r.type as number,
      status: r.status as number,
      gender: r.gender as number | null,
      deptId: r.deptId as number | null,
      deptName: r.deptName as string | null,
      roleIds: mine.map((l) => l.id),
      roleNames: mine.map((l) => l.name),
      loginDate: (r.loginDate as Date | null)?.toISOString() ?? null,
      createdAt: (r.createdAt as Date).toISOString(),
      version: r.version as number,
    };
  });
}

export async function pageUsers(db: Executor, filter: UserFilter, page: number, size: number) {
  const where = userWhere(filter);
  // With a contains-filter the planner tends to walk the primary key backwards through most of the
  // table hoping to meet matches early; `id + 0` makes it use the trigram indexes and sort the few
  // matches instead (measured in bench/users-page.ts).
  const textFilter = Boolean(filter.username || filter.mobile || filter.jobNumber);
  const order = textFilter ? desc(sql`${users.id} + 0`) : desc(users.id);
  // One scan gives the page and the total (window count); a separate count only past the last page.
  const rows = await db
    .select({ ...rowColumns, roles: rolesColumn, total: sql<string>`count(*) over ()` })
    .from(users)
    .leftJoin(depts, eq(depts.id, users.deptId))
    .where(where)
    .orderBy(order)
    .limit(size)
    .offset((page - 1) * size);
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && page > 1) {
    const [counted] = await db.select({ n: count() }).from(users).where(where);
    total = Number(counted?.n ?? 0);
  }
  return { rows: toUserRows(rows), total };
}

export async function getUserRow(db: Executor, where: SQL) {
  const rows = await db
    .select({ ...rowColumns, roles: rolesColumn })
    .from(users)
    .leftJoin(depts, eq(depts.id, users.deptId))
    .where(where)
    .limit(1);
  const [row] = toUserRows(rows);
  return row;
}

export async function simpleUsers(db: Executor, where: SQL | undefined) {
  return db
    .select({ id: users.id, username: users.username, mobile: users.mobile })
    .from(users)
    .where(and(eq(users.status, 1), where))
    .orderBy(asc(users.username))
    .limit(2000);
}

export async function setUserRoles(db: Executor, userId: number, roleIds: number[]) {
  await db.delete(userRoles).where(eq(userRoles.userId, userId));
  if (roleIds.length > 0) await db.insert(userRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
}

export async function existingIds(db: Executor, table: typeof roles | typeof depts, ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db.select({ id: table.id }).from(table).where(inArray(table.id, ids));
  return new Set(rows.map((r) => r.id));
}

export interface TimeRange {
  startTime?: string | undefined;
  endTime?: string | undefined;
}
function range(column: typeof loginLogs.createdAt | typeof auditLog.at, r: TimeRange): SQL[] {
  const out: SQL[] = [];
  const start = r.startTime ? new Date(r.startTime) : undefined;
  const end = r.endTime ? new Date(r.endTime) : undefined;
  if (start && !Number.isNaN(start.getTime())) out.push(gte(column, start));
  if (end && !Number.isNaN(end.getTime())) out.push(lte(column, end));
  return out;
}

export async function pageLoginLogs(
  db: Executor,
  filter: TimeRange & {
    account?: string | undefined;
    success?: boolean | undefined;
    ip?: string | undefined;
    method?: string | undefined;
  },
  page: number,
  size: number,
) {
  const conditions = range(loginLogs.createdAt, filter);
  if (filter.account) conditions.push(contains(loginLogs.account, filter.account));
  if (filter.success !== undefined) conditions.push(eq(loginLogs.success, filter.success));
  if (filter.ip) conditions.push(contains(loginLogs.ip, filter.ip));
  if (filter.method) conditions.push(eq(loginLogs.method, filter.method));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const { rows, total } = await pageOf(
    db.select({ n: count() }).from(loginLogs).where(where),
    db.select().from(loginLogs).where(where).orderBy(desc(loginLogs.id)),
    { page, size },
  );
  return {
    rows: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    total,
  };
}

export interface AuditFilter extends TimeRange {
  username?: string | undefined;
  entity?: string | undefined;
  action?: string | undefined;
  keyword?: string | undefined;
}

function auditWhere(filter: AuditFilter): SQL | undefined {
  const conditions = range(auditLog.at, filter);
  if (filter.username) conditions.push(contains(auditLog.username, filter.username));
  if (filter.entity) conditions.push(eq(auditLog.entity, filter.entity));
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
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
