import type { Lang } from '@trialab/api-contract';
import { and, asc, count, countDistinct, desc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import {
  depts,
  permissions,
  planVisitSamples,
  projectContacts,
  projectGroups,
  projectPlans,
  projects,
  researchCenters,
  rolePermissions,
  roles,
  sampleTypes,
  sites,
  userProjects,
  userRoles,
  users,
  visitPoints,
} from '../../db/schema.js';
import { labSubjects, labTestOrders } from '../../db/schema-lab.js';
import { consumableOrders, sampleTransports } from '../../db/schema-portal.js';
import { specimenBarcodes } from '../../db/schema-specimen.js';
import { notFound } from '../../lib/errors.js';
import { localNameColumn } from '../../lib/local-name.js';
import { pageOf } from '../../lib/paging.js';
import type { SiteScope } from '../../lib/scope.js';
import { contains, containsAny } from '../../lib/search.js';
import { versionedBump } from '../../lib/versioned.js';
import type { UniqueField } from './service.js';

/** Projects' SQL: the project lists and pickers, the record with its sites, groups and contacts. */

const manager = alias(users, 'manager');
const backup = alias(users, 'backup_manager');

const columns = {
  id: projects.id,
  projectNo: projects.projectNo,
  name: projects.name,
  enName: projects.enName,
  protocolNo: projects.protocolNo,
  sponsor: projects.sponsor,
  status: projects.status,
  managerId: projects.managerId,
  managerName: manager.username,
  backupManagerId: projects.backupManagerId,
  backupManagerName: backup.username,
  startDate: projects.startDate,
  endDate: projects.endDate,
  version: projects.version,
};

/** The list row, managers named. */
function selectRows(db: Executor) {
  return db
    .select(columns)
    .from(projects)
    .leftJoin(manager, eq(manager.id, projects.managerId))
    .leftJoin(backup, eq(backup.id, projects.backupManagerId));
}

/** The pickers' short row: the name in the reader's language (`localNameColumn`). */
const pickerColumns = (lang: Lang) => ({
  id: projects.id,
  projectNo: projects.projectNo,
  name: localNameColumn(projects, lang),
});

/** Projects outside the user's scope are invisible (external users: their projects and sites only). */
function scopeCondition(scope: SiteScope): SQL | undefined {
  if (scope.all) return undefined;
  const ids = [...scope.projectIds];
  return ids.length > 0 ? inArray(projects.id, ids) : eq(projects.id, -1);
}

type ProjectFilter = {
  page: number;
  size: number;
  projectNo?: string | undefined;
  name?: string | undefined;
  sponsor?: string | undefined;
  status?: number | undefined;
  managerId?: number | undefined;
};

const projectsWhere = (scope: SiteScope, f: ProjectFilter) =>
  and(
    scopeCondition(scope),
    f.projectNo ? contains(projects.projectNo, f.projectNo) : undefined,
    containsAny([projects.name, projects.enName], f.name),
    f.sponsor ? contains(projects.sponsor, f.sponsor) : undefined,
    f.status !== undefined ? eq(projects.status, f.status) : undefined,
    f.managerId !== undefined
      ? or(eq(projects.managerId, f.managerId), eq(projects.backupManagerId, f.managerId))
      : undefined,
  );

/** A page of the projects the scope sees, by number. */
export async function pageProjects(db: Executor, scope: SiteScope, f: ProjectFilter) {
  const where = projectsWhere(scope, f);
  return pageOf(
    db.select({ n: count() }).from(projects).where(where),
    selectRows(db).where(where).orderBy(asc(projects.projectNo)),
    f,
  );
}

/** The same page in the short form of the pickers. */
export async function pageProjectPicks(db: Executor, scope: SiteScope, f: ProjectFilter, lang: Lang) {
  const where = projectsWhere(scope, f);
  return pageOf(
    db.select({ n: count() }).from(projects).where(where),
    db.select(pickerColumns(lang)).from(projects).where(where).orderBy(asc(projects.projectNo)),
    f,
  );
}

/** Every project the scope sees, by number. */
export function allProjects(db: Executor, scope: SiteScope, lang: Lang) {
  return db
    .select({ ...pickerColumns(lang), status: projects.status })
    .from(projects)
    .where(scopeCondition(scope))
    .orderBy(asc(projects.projectNo));
}

export async function projectById(db: Executor, id: number) {
  const [row] = await selectRows(db).where(eq(projects.id, id));
  if (!row) throw notFound();
  return row;
}

/** The picker row of a project by number, unchecked (empty when there is none). */
export const projectsByNo = (db: Executor, projectNo: string, lang: Lang) =>
  db
    .select({ ...pickerColumns(lang), status: projects.status })
    .from(projects)
    .where(eq(projects.projectNo, projectNo));

export async function projectByNo(db: Executor, projectNo: string) {
  const [row] = await selectRows(db).where(eq(projects.projectNo, projectNo));
  if (!row) throw notFound();
  return row;
}

/** The record as the form edits it: the row, its description, sites, groups and contacts. */
export async function projectDetail(db: Executor, id: number) {
  const row = await projectById(db, id);
  const [{ description = null } = {}] = await db
    .select({ description: projects.description })
    .from(projects)
    .where(eq(projects.id, id));
  return {
    ...row,
    description,
    sites: await db
      .select({
        id: sites.id,
        centerNo: sites.centerNo,
        name: sites.name,
        researchCenterId: sites.researchCenterId,
        researchCenterName: researchCenters.name,
      })
      .from(sites)
      .leftJoin(researchCenters, eq(researchCenters.id, sites.researchCenterId))
      .where(eq(sites.projectId, id))
      .orderBy(asc(sites.centerNo)),
    groups: await db
      .select({ id: projectGroups.id, code: projectGroups.code, name: projectGroups.name })
      .from(projectGroups)
      .where(eq(projectGroups.projectId, id))
      .orderBy(asc(projectGroups.sort), asc(projectGroups.id)),
    contacts: await db
      .select({
        id: projectContacts.id,
        name: projectContacts.name,
        role: projectContacts.role,
        phone: projectContacts.phone,
        email: projectContacts.email,
      })
      .from(projectContacts)
      .where(eq(projectContacts.projectId, id))
      .orderBy(asc(projectContacts.sort), asc(projectContacts.id)),
  };
}

const UNIQUE_COLUMNS = {
  projectNo: projects.projectNo,
  name: projects.name,
  protocolNo: projects.protocolNo,
};

/** The project holding a unique value, other than `exceptId`. */
export async function holderOf(db: Executor, field: UniqueField, value: string, exceptId?: number) {
  const [row] = await db
    .select({ id: projects.id, projectNo: projects.projectNo })
    .from(projects)
    .where(
      and(eq(UNIQUE_COLUMNS[field], value), exceptId === undefined ? undefined : ne(projects.id, exceptId)),
    );
  return row;
}

/** Enabled staff whose roles grant editing project records, and enabled super users. */
export async function projectManagers(db: Executor) {
  const granted = db
    .select({ id: userRoles.userId })
    .from(userRoles)
    .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.status, 1)))
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .innerJoin(
      permissions,
      and(eq(permissions.id, rolePermissions.permissionId), eq(permissions.authority, 'project:file:edit')),
    );
  return db
    .select({ id: users.id, username: users.username, jobNumber: users.jobNumber })
    .from(users)
    .where(
      and(eq(users.type, 1), eq(users.status, 1), or(eq(users.isSuper, true), inArray(users.id, granted))),
    )
    .orderBy(asc(users.username), asc(users.id));
}

/** Records filed under a project or some of its sites, by kind (the names of USAGE_NAMES). */
export async function usageOf(db: Executor, where: { projectId: number } | { siteIds: number[] }) {
  const tables = [
    ['barcodes', specimenBarcodes],
    ['subjects', labSubjects],
    ['orders', labTestOrders],
    ['consumables', consumableOrders],
    ['transports', sampleTransports],
  ] as const;
  const used: string[] = [];
  for (const [kind, table] of tables) {
    const cond =
      'projectId' in where ? eq(table.projectId, where.projectId) : inArray(table.siteId, where.siteIds);
    const [row] = await db.select({ id: table.id }).from(table).where(cond).limit(1);
    if (row) used.push(kind);
  }
  // External users are granted sites; staff grants go with the project.
  const [grant] = await db
    .select({ id: userProjects.userId })
    .from(userProjects)
    .innerJoin(users, eq(users.id, userProjects.userId))
    .where(
      and(
        eq(users.type, 2),
        'projectId' in where
          ? eq(userProjects.projectId, where.projectId)
          : inArray(userProjects.siteId, where.siteIds),
      ),
    )
    .limit(1);
  if (grant) used.push('users');
  return used;
}

export interface RecordValues {
  projectNo: string;
  name: string;
  enName?: string | null | undefined;
  protocolNo?: string | null | undefined;
  sponsor?: string | null | undefined;
  managerId: number;
  backupManagerId?: number | null | undefined;
  startDate?: string | null | undefined;
  endDate?: string | null | undefined;
  description?: string | null | undefined;
}

const rowValues = (v: RecordValues) => ({
  projectNo: v.projectNo,
  name: v.name,
  enName: v.enName || null,
  protocolNo: v.protocolNo || null,
  sponsor: v.sponsor || null,
  managerId: v.managerId,
  backupManagerId: v.backupManagerId ?? null,
  startDate: v.startDate || null,
  endDate: v.endDate || null,
  description: v.description || null,
});

export async function insertProject(db: Executor, values: RecordValues, createdBy: number | null) {
  const [row] = await db
    .insert(projects)
    .values({ ...rowValues(values), status: 1, createdBy })
    .returning({ id: projects.id, version: projects.version });
  if (!row) throw new Error('insert returned nothing');
  return row;
}

const bump = versionedBump(projects);

export async function updateProject(db: Executor, id: number, version: number, values: RecordValues) {
  return bump(db, id, version, { ...rowValues(values), updatedAt: new Date() });
}

export const updateProjectStatus = (db: Executor, id: number, version: number, status: number) =>
  bump(db, id, version, { status, updatedAt: new Date() });

/** Staff who should see the project they create or manage (external users get sites elsewhere). */
export async function grantStaff(db: Executor, projectId: number, userIds: readonly number[]) {
  const have = await db
    .select({ userId: userProjects.userId })
    .from(userProjects)
    .where(eq(userProjects.projectId, projectId));
  const missing = [...new Set(userIds)].filter((u) => !have.some((h) => h.userId === u));
  if (missing.length > 0)
    await db.insert(userProjects).values(missing.map((userId) => ({ userId, projectId, siteId: null })));
}

/** Enabled research centres among these ids. */
export async function enabledCenters(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: researchCenters.id, name: researchCenters.name })
    .from(researchCenters)
    .where(and(inArray(researchCenters.id, [...ids]), eq(researchCenters.enabled, true)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export const sitesOf = (db: Executor, projectId: number) =>
  db
    .select({ id: sites.id, centerNo: sites.centerNo, researchCenterId: sites.researchCenterId })
    .from(sites)
    .where(eq(sites.projectId, projectId));

/** Writes the sites (kept by id, new ones added, the others removed), groups and contacts sent. */
export async function replaceChildren(
  db: Executor,
  projectId: number,
  input: {
    sites: readonly { id?: number | undefined; researchCenterId: number; centerNo: string; name: string }[];
    groups: readonly { code: string; name: string }[];
    contacts: readonly {
      name: string;
      role: string;
      phone?: string | null | undefined;
      email?: string | null | undefined;
    }[];
  },
  removedSiteIds: readonly number[],
) {
  if (removedSiteIds.length > 0) await db.delete(sites).where(inArray(sites.id, [...removedSiteIds]));
  // Kept sites first get a temporary number, so two sites may swap numbers without a clash.
  for (const s of input.sites)
    if (s.id !== undefined)
      await db
        .update(sites)
        .set({ centerNo: `~${s.id}` })
        .where(and(eq(sites.id, s.id), eq(sites.projectId, projectId)));
  for (const s of input.sites) {
    const values = { centerNo: s.centerNo, name: s.name, researchCenterId: s.researchCenterId };
    if (s.id !== undefined)
      await db
        .update(sites)
        .set(values)
        .where(and(eq(sites.id, s.id), eq(sites.projectId, projectId)));
    else await db.insert(sites).values({ ...values, projectId });
  }
  await db.delete(projectGroups).where(eq(projectGroups.projectId, projectId));
  if (input.groups.length > 0)
    await db
      .insert(projectGroups)
      .values(input.groups.map((g, sort) => ({ projectId, code: g.code, name: g.name, sort })));
  await db.delete(projectContacts).where(eq(projectContacts.projectId, projectId));
  if (input.contacts.length > 0)
    await db.insert(projectContacts).values(
      input.contacts.map((c, sort) => ({
        projectId,
        name: c.name,
        role: c.role,
        phone: c.phone || null,
        email: c.email || null,
        sort,
      })),
    );
}

/** Removes the record; its sites, groups, contacts, visit points and staff grants go with it. */
export async function deleteProject(db: Executor, id: number): Promise<void> {
  await db.delete(projects).where(eq(projects.id, id));
}

/** A page of the project's sites by number, only `allowed` ones when given. */
export async function pageSites(
  db: Executor,
  projectId: number,
  allowed: ReadonlySet<number> | undefined,
  f: { page: number; size: number },
) {
  const where = and(
    eq(sites.projectId, projectId),
    allowed && allowed.size > 0 ? inArray(sites.id, [...allowed]) : undefined,
  );
  return pageOf(
    db.select({ n: count() }).from(sites).where(where),
    db
      .select({ id: sites.id, projectId: sites.projectId, centerNo: sites.centerNo, name: sites.name })
      .from(sites)
      .where(where)
      .orderBy(asc(sites.centerNo)),
    f,
  );
}

/** Enabled research centres, for an import naming them by code or name. */
export const enabledCenterChoices = (db: Executor) =>
  db
    .select({ id: researchCenters.id, code: researchCenters.code, name: researchCenters.name })
    .from(researchCenters)
    .where(eq(researchCenters.enabled, true));

/** The record's sites with their research centre's code (the import layout, for the export). */
export const sitesForExport = (db: Executor, projectId: number) =>
  db
    .select({ centerNo: sites.centerNo, center: researchCenters.code, name: sites.name })
    .from(sites)
    .leftJoin(researchCenters, eq(researchCenters.id, sites.researchCenterId))
    .where(eq(sites.projectId, projectId))
    .orderBy(asc(sites.centerNo));

const isoGranted = <R extends { grantedAt: Date }>(row: R) => ({
  ...row,
  grantedAt: row.grantedAt.toISOString(),
});

type UserFilter = { projectId: number; keyword?: string | undefined; siteId?: number | undefined };

const userKeyword = (keyword: string | undefined) =>
  containsAny([users.username, users.mobile, users.email, users.jobNumber], keyword);

const researchWhere = (f: UserFilter) =>
  and(eq(userProjects.projectId, f.projectId), eq(users.type, 1), userKeyword(f.keyword));

/** Staff granted the project, by name (a grant per user: staff grants have no site). */
export function researchUsers(db: Executor, f: UserFilter) {
  return db
    .selectDistinctOn([users.username, users.id], {
      userId: users.id,
      username: users.username,
      jobNumber: users.jobNumber,
      mobile: users.mobile,
      email: users.email,
      deptName: depts.name,
      status: users.status,
      grantedAt: userProjects.createdAt,
    })
    .from(userProjects)
    .innerJoin(users, eq(users.id, userProjects.userId))
    .leftJoin(depts, eq(depts.id, users.deptId))
    .where(researchWhere(f))
    .orderBy(asc(users.username), asc(users.id), asc(userProjects.createdAt));
}

export async function pageResearchUsers(db: Executor, f: UserFilter & { page: number; size: number }) {
  return pageOf(
    db
      .select({ n: countDistinct(users.id) })
      .from(userProjects)
      .innerJoin(users, eq(users.id, userProjects.userId))
      .where(researchWhere(f)),
    researchUsers(db, f),
    f,
    isoGranted,
  );
}

/** External grants of the project: one row per user and site, limited to `allowed` sites when given. */
const externalWhere = (f: UserFilter, allowed: ReadonlySet<number> | undefined) =>
  and(
    eq(userProjects.projectId, f.projectId),
    eq(users.type, 2),
    f.siteId !== undefined ? eq(userProjects.siteId, f.siteId) : undefined,
    allowed && allowed.size > 0 ? inArray(userProjects.siteId, [...allowed]) : undefined,
    userKeyword(f.keyword),
  );

export function externalUsers(db: Executor, f: UserFilter, allowed: ReadonlySet<number> | undefined) {
  return db
    .select({
      userId: users.id,
      username: users.username,
      mobile: users.mobile,
      email: users.email,
      status: users.status,
      siteId: userProjects.siteId,
      centerNo: sites.centerNo,
      siteName: sites.name,
      grantedAt: userProjects.createdAt,
    })
    .from(userProjects)
    .innerJoin(users, eq(users.id, userProjects.userId))
    .leftJoin(sites, eq(sites.id, userProjects.siteId))
    .where(externalWhere(f, allowed))
    .orderBy(asc(sites.centerNo), asc(users.username), asc(userProjects.id));
}

export async function pageExternalUsers(
  db: Executor,
  f: UserFilter & { page: number; size: number },
  allowed: ReadonlySet<number> | undefined,
) {
  return pageOf(
    db
      .select({ n: count() })
      .from(userProjects)
      .innerJoin(users, eq(users.id, userProjects.userId))
      .where(externalWhere(f, allowed)),
    externalUsers(db, f, allowed),
    f,
    isoGranted,
  );
}

type ReceiveAddress = (typeof consumableOrders.$inferSelect)['receiveAddress'];

/**
 * The people the project's kits were sent to: the receive addresses of its consumable orders (as
 * submitted), one row per site, name and phone, with the latest address of that person.
 */
export async function pageReceivers(
  db: Executor,
  f: UserFilter & { page: number; size: number },
  allowed: ReadonlySet<number> | undefined,
) {
  const name = sql<string>`${consumableOrders.receiveAddress}->>'name'`;
  const phone = sql<string>`${consumableOrders.receiveAddress}->>'phone'`;
  const lastOrderAt = sql<string>`max(${consumableOrders.applyTime})`;
  const where = and(
    eq(consumableOrders.projectId, f.projectId),
    f.siteId !== undefined ? eq(consumableOrders.siteId, f.siteId) : undefined,
    allowed && allowed.size > 0 ? inArray(consumableOrders.siteId, [...allowed]) : undefined,
    containsAny([name, phone], f.keyword),
  );
  return pageOf(
    db
      .select({ n: sql<number>`count(distinct (${consumableOrders.siteId}, ${name}, ${phone}))` })
      .from(consumableOrders)
      .where(where),
    db
      .select({
        siteId: consumableOrders.siteId,
        centerNo: sites.centerNo,
        siteName: sites.name,
        name,
        phone,
        orders: count(),
        lastOrderAt,
        // The address of the person's latest order.
        address: sql<ReceiveAddress>`(array_agg(${consumableOrders.receiveAddress} order by ${consumableOrders.applyTime} desc, ${consumableOrders.id} desc))[1]`,
      })
      .from(consumableOrders)
      .innerJoin(sites, eq(sites.id, consumableOrders.siteId))
      .where(where)
      .groupBy(consumableOrders.siteId, sites.centerNo, sites.name, name, phone)
      .orderBy(asc(sites.centerNo), desc(lastOrderAt), asc(name)),
    f,
    ({ address, orders, lastOrderAt, ...row }) => ({
      ...row,
      email: address.email,
      company: address.company,
      area: address.area,
      detail: address.detail,
      orders: Number(orders),
      lastOrderAt: new Date(lastOrderAt).toISOString(),
    }),
  );
}

/** Projects in scope with their sites (`sitesByProject` limits an external user's sites). */
export async function projectsWithSites(db: Executor, scope: SiteScope, lang: Lang) {
  const list = await allProjects(db, scope, lang);
  const ids = list.map((p) => p.id);
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({ id: sites.id, projectId: sites.projectId, centerNo: sites.centerNo, name: sites.name })
          .from(sites)
          .where(inArray(sites.projectId, ids))
          .orderBy(asc(sites.centerNo));
  return list.map((p) => {
    const allowed = scope.sitesByProject.get(p.id);
    return {
      ...p,
      sites: rows
        .filter((s) => s.projectId === p.id && (!allowed || allowed.size === 0 || allowed.has(s.id)))
        .map(({ projectId: _, ...s }) => s),
    };
  });
}

/** Projects in scope with barcodes signed for on the day `today` (YYYY-MM-DD) of `timeZone`. */
export function signedOnDay(db: Executor, scope: SiteScope, today: string, timeZone: string, lang: Lang) {
  return db
    .select({
      projectId: projects.id,
      projectNo: projects.projectNo,
      name: localNameColumn(projects, lang),
      samples: sql<number>`cast(count(*) as int)`,
    })
    .from(specimenBarcodes)
    .innerJoin(projects, eq(projects.id, specimenBarcodes.projectId))
    .where(
      and(
        scopeCondition(scope),
        sql`(${specimenBarcodes.signedAt} at time zone ${timeZone})::date = ${today}::date`,
      ),
    )
    .groupBy(projects.id, projects.projectNo, projects.name, projects.enName)
    .orderBy(asc(projects.projectNo));
}

/** Each site's research centre address (only `allowed` sites when given). */
export function siteAddresses(
  db: Executor,
  projectId: number,
  siteId: number | undefined,
  allowed: ReadonlySet<number> | undefined,
) {
  return db
    .select({
      siteId: sites.id,
      centerNo: sites.centerNo,
      siteName: sites.name,
      centerName: researchCenters.name,
      province: researchCenters.province,
      city: researchCenters.city,
      address: researchCenters.address,
      phone: researchCenters.phone,
    })
    .from(sites)
    .leftJoin(researchCenters, eq(researchCenters.id, sites.researchCenterId))
    .where(
      and(
        eq(sites.projectId, projectId),
        siteId !== undefined ? eq(sites.id, siteId) : undefined,
        allowed && allowed.size > 0 ? inArray(sites.id, [...allowed]) : undefined,
      ),
    )
    .orderBy(asc(sites.centerNo));
}

/** The project's online plan version with its visits and their samples, in order. */
export async function onlinePlanOf(db: Executor, projectId: number) {
  const [plan] = await db
    .select({
      id: projectPlans.id,
      planNo: projectPlans.planNo,
      revision: projectPlans.revision,
      name: projectPlans.name,
    })
    .from(projectPlans)
    .where(and(eq(projectPlans.projectId, projectId), eq(projectPlans.status, 'online')))
    .orderBy(asc(projectPlans.planNo), desc(projectPlans.revision))
    .limit(1);
  if (!plan) return { plan: null, visits: [] };
  const rows = await db
    .select({
      visitId: visitPoints.id,
      visit: visitPoints.name,
      sampleTypeName: sampleTypes.name,
      volume: planVisitSamples.volume,
      unit: planVisitSamples.unit,
      count: planVisitSamples.count,
      testItemIds: planVisitSamples.testItemIds,
    })
    .from(visitPoints)
    .leftJoin(planVisitSamples, eq(planVisitSamples.visitId, visitPoints.id))
    .leftJoin(sampleTypes, eq(sampleTypes.id, planVisitSamples.sampleTypeId))
    .where(eq(visitPoints.planId, plan.id))
    .orderBy(
      asc(visitPoints.sort),
      asc(visitPoints.id),
      asc(planVisitSamples.sort),
      asc(planVisitSamples.id),
    );
  type Sample = {
    sampleTypeName: string;
    volume: number;
    unit: string;
    count: number;
    testItemIds: number[];
  };
  const visits = new Map<number, { name: string; samples: Sample[] }>();
  for (const r of rows) {
    const visit = visits.get(r.visitId) ?? { name: r.visit, samples: [] };
    visits.set(r.visitId, visit);
    // A visit without samples comes back once, with the sample columns null.
    if (r.sampleTypeName !== null && r.volume !== null && r.unit !== null && r.count !== null)
      visit.samples.push({
        sampleTypeName: r.sampleTypeName,
        volume: r.volume,
        unit: r.unit,
        count: r.count,
        testItemIds: r.testItemIds ?? [],
      });
  }
  return { plan, visits: [...visits.values()] };
}

export async function siteCount(db: Executor, projectId: number) {
  const [row] = await db.select({ n: count() }).from(sites).where(eq(sites.projectId, projectId));
  return Number(row?.n ?? 0);
}
