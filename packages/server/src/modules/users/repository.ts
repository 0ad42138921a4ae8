import { and, asc, count, desc, eq, inArray, is, type SQL, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import * as core from '../../db/schema.js';
import {
  auditLog,
  depts,
  loginLogs,
  permissions,
  rolePermissions,
  roles,
  userRoles,
  users,
} from '../../db/schema.js';
import * as finance from '../../db/schema-finance.js';
import * as financeReceivables from '../../db/schema-finance-receivables.js';
import * as financeStatements from '../../db/schema-finance-statements.js';
import * as lab from '../../db/schema-lab.js';
import * as labQueries from '../../db/schema-lab-queries.js';
import * as library from '../../db/schema-library.js';
import * as libraryBills from '../../db/schema-library-bills.js';
import * as libraryCustody from '../../db/schema-library-custody.js';
import * as libraryHolds from '../../db/schema-library-holds.js';
import * as libraryMaintenance from '../../db/schema-library-maintenance.js';
import * as libraryMoves from '../../db/schema-library-moves.js';
import * as libraryRetention from '../../db/schema-library-retention.js';
import * as marketing from '../../db/schema-marketing.js';
import * as planTemplates from '../../db/schema-plan-templates.js';
import * as portal from '../../db/schema-portal.js';
import * as portalAdmin from '../../db/schema-portal-admin.js';
import * as portalReports from '../../db/schema-portal-reports.js';
import * as progress from '../../db/schema-progress.js';
import * as projectConfig from '../../db/schema-project-config.js';
import * as projectReports from '../../db/schema-project-reports.js';
import * as reportManage from '../../db/schema-report-manage.js';
import * as specimen from '../../db/schema-specimen.js';
import * as supply from '../../db/schema-supply.js';
import * as supplyBarcodes from '../../db/schema-supply-barcodes.js';
import * as supplyLabels from '../../db/schema-supply-labels.js';
import * as supplySuppliers from '../../db/schema-supply-suppliers.js';
import { pageOf } from '../../lib/paging.js';
import { contains } from '../../lib/search.js';
import { type TimeRange, timeRange } from '../../services/audit-trail/queries.js';

export interface UserFilter {
  username?: string | undefined;
  mobile?: string | undefined;
  jobNumber?: string | undefined;
  type?: number | undefined;
  status?: number | undefined;
  deptId?: number | undefined;
  roleId?: number | undefined;
}

function userWhere(filter: UserFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.username) conditions.push(contains(users.username, filter.username));
  if (filter.mobile) conditions.push(contains(users.mobile, filter.mobile));
  if (filter.jobNumber) conditions.push(contains(users.jobNumber, filter.jobNumber));
  if (filter.type !== undefined) conditions.push(eq(users.type, filter.type));
  if (filter.status !== undefined) conditions.push(eq(users.status, filter.status));
  if (filter.deptId !== undefined) conditions.push(eq(users.deptId, filter.deptId));
  if (filter.roleId !== undefined)
    conditions.push(
      sql`${users.id} IN (SELECT ${userRoles.userId} FROM ${userRoles} WHERE ${userRoles.roleId} = ${filter.roleId})`,
    );
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
  isSuper: users.isSuper,
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
      isSuper: r.isSuper as boolean,
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
  // A role named twice is held once (the pair is the table's key).
  const unique = [...new Set(roleIds)];
  if (unique.length > 0) await db.insert(userRoles).values(unique.map((roleId) => ({ userId, roleId })));
}

export async function existingIds(db: Executor, table: typeof roles | typeof depts, ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db.select({ id: table.id }).from(table).where(inArray(table.id, ids));
  return new Set(rows.map((r) => r.id));
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
  const conditions = timeRange(loginLogs.createdAt, filter);
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

/** The roles asked for, each with every permission it gives (whatever its status: it may be enabled later). */
export async function rolesWithAuthorities(db: Executor, roleIds: number[]) {
  if (roleIds.length === 0) return [];
  const rows = await db
    .select({ id: roles.id, name: roles.name, authority: permissions.authority })
    .from(roles)
    .leftJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .leftJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(inArray(roles.id, roleIds));
  const byId = new Map<number, { id: number; name: string; authorities: string[] }>();
  for (const row of rows) {
    const role = byId.get(row.id) ?? { id: row.id, name: row.name, authorities: [] };
    if (row.authority) role.authorities.push(row.authority);
    byId.set(row.id, role);
  }
  return [...byId.values()];
}

export async function enabledSuperCount(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.isSuper, true), eq(users.status, 1)));
  return Number(row?.n ?? 0);
}

export async function userById(db: Executor, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/**
 * Columns that name the user who did something to a record (created, signed, reviewed, received,
 * released, downloaded...), found by name in every table of the schema so later tables are covered
 * too: `*_by`, the actor ids below, and `user_id` except in the tables that only hold the account's
 * own settings, links and log-ins (the audit trail is counted on its own).
 */
const ACTOR_COLUMN = /(_by|^(applicant|auditor|created_user|dispatcher|reviewer|signer|user)_id)$/;
const NOT_RECORDS = new Set([
  'audit_log',
  'login_codes',
  'login_logs',
  'sessions',
  'table_heads',
  'user_projects',
  'user_roles',
  'addresses',
]);
/** Every schema module (src/db/schema*.ts; a test keeps the list complete). */
export const RECORD_SCHEMAS = [
  core,
  library,
  libraryMaintenance,
  libraryMoves,
  libraryBills,
  libraryCustody,
  lab,
  labQueries,
  libraryRetention,
  libraryHolds,
  marketing,
  finance,
  financeStatements,
  financeReceivables,
  planTemplates,
  portal,
  portalAdmin,
  portalReports,
  progress,
  projectConfig,
  projectReports,
  specimen,
  supply,
  reportManage,
  supplyBarcodes,
  supplyLabels,
  supplySuppliers,
];
const actorColumns = RECORD_SCHEMAS.flatMap((schema) =>
  Object.values(schema).flatMap((table) => {
    if (!is(table, PgTable)) return [];
    const config = getTableConfig(table);
    if (NOT_RECORDS.has(config.name)) return [];
    return config.columns
      .filter((c) => c.columnType === 'PgInteger' && ACTOR_COLUMN.test(c.name))
      .map((c) => ({ table: config.name, column: c.name }));
  }),
);

/** Records that tie a user to the laboratory's history (each count capped at 1000). */
export async function recordCounts(
  db: Executor,
  userId: number,
): Promise<{ audit: number; authored: number }> {
  const capped = (from: SQL) => sql`(SELECT count(*) FROM (SELECT 1 FROM ${from} LIMIT 1000) t)`;
  const authored =
    actorColumns.length === 0
      ? sql`0`
      : sql.join(
          actorColumns.map((c) =>
            capped(sql`${sql.identifier(c.table)} WHERE ${sql.identifier(c.column)} = ${userId}`),
          ),
          sql` + `,
        );
  const result = await db.execute(
    sql`SELECT ${capped(sql`${auditLog} WHERE ${auditLog.userId} = ${userId}`)} AS audit, ${authored} AS authored`,
  );
  const [row] = (result as unknown as { rows: Array<{ audit: unknown; authored: unknown }> }).rows;
  return { audit: Number(row?.audit ?? 0), authored: Number(row?.authored ?? 0) };
}
