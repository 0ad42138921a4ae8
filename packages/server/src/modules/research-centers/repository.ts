import { type Lang, projectStateOf, type ResearchCenterRow } from '@trialab/api-contract';
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { projects, researchCenterContacts, researchCenters, sites } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { localNameColumn } from '../../lib/local-name.js';
import { pageOf } from '../../lib/paging.js';
import type { Page } from '../../lib/route.js';
import { contains, containsAny } from '../../lib/search.js';
import { versionedBump } from '../../lib/versioned.js';
import type { Holder } from './service.js';

interface Filter {
  page: number;
  size: number;
  code?: string | undefined;
  name?: string | undefined;
  city?: string | undefined;
  enabled?: boolean | undefined;
}

/**
 * The projects a centre takes part in (a project with two sites at one centre counts once). Names
 * are written out: drizzle leaves a column unqualified in a single-table select, and a bare "id"
 * in the subquery would be the site's.
 */
const projectCount =
  sql<number>`(select count(distinct s.project_id) from ${sites} s where s.research_center_id = "research_centers"."id")`.mapWith(
    Number,
  );

function centerQuery(db: Executor) {
  return db
    .select({
      id: researchCenters.id,
      code: researchCenters.code,
      name: researchCenters.name,
      enName: researchCenters.enName,
      province: researchCenters.province,
      city: researchCenters.city,
      address: researchCenters.address,
      phone: researchCenters.phone,
      enabled: researchCenters.enabled,
      projectCount,
      version: researchCenters.version,
      createdAt: researchCenters.createdAt,
      updatedAt: researchCenters.updatedAt,
    })
    .from(researchCenters);
}

const toRow = (row: Awaited<ReturnType<typeof centerQuery>>[number]): ResearchCenterRow => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export function pageCenters(db: Executor, f: Filter): Promise<Page<ResearchCenterRow>> {
  const where = and(
    f.code ? contains(researchCenters.code, f.code) : undefined,
    containsAny([researchCenters.name, researchCenters.enName], f.name),
    f.city ? contains(researchCenters.city, f.city) : undefined,
    f.enabled === undefined ? undefined : eq(researchCenters.enabled, f.enabled),
  );
  return pageOf(
    db.select({ n: count() }).from(researchCenters).where(where),
    centerQuery(db).where(where).orderBy(asc(researchCenters.code), asc(researchCenters.id)),
    f,
    toRow,
  );
}

export async function centerById(db: Executor, id: number): Promise<ResearchCenterRow> {
  const [row] = await centerQuery(db).where(eq(researchCenters.id, id));
  if (!row) throw notFound();
  return toRow(row);
}

/** The centre that holds a code or a name (codes compared as typed, names as stored), if any. */
export async function holderOf(
  db: Executor,
  field: 'code' | 'name',
  value: string,
  exceptId?: number,
): Promise<Holder | undefined> {
  const column = field === 'code' ? researchCenters.code : researchCenters.name;
  const [row] = await db
    .select({ id: researchCenters.id, code: researchCenters.code, name: researchCenters.name })
    .from(researchCenters)
    .where(
      and(eq(column, value.trim()), exceptId === undefined ? undefined : ne(researchCenters.id, exceptId)),
    );
  return row;
}

export async function insertCenter(db: Executor, values: typeof researchCenters.$inferInsert) {
  const [row] = await db
    .insert(researchCenters)
    .values(values)
    .returning({ id: researchCenters.id, version: researchCenters.version });
  if (!row) throw new Error('insert returned nothing');
  return row;
}

/** An edit at the version read; `updated_at` moves with it. */
const bumpCenter = versionedBump(researchCenters);
export const updateCenter: typeof bumpCenter = (db, id, version, values) =>
  bumpCenter(db, id, version, { ...values, updatedAt: new Date() });

// ---- contacts ----

const contactColumns = {
  id: researchCenterContacts.id,
  centerId: researchCenterContacts.centerId,
  name: researchCenterContacts.name,
  role: researchCenterContacts.role,
  phone: researchCenterContacts.phone,
  email: researchCenterContacts.email,
  version: researchCenterContacts.version,
};

type ContactRole = 'pi' | 'coordinator' | 'pharmacist' | 'other';

export async function contactsOf(db: Executor, centerId: number) {
  const rows = await db
    .select(contactColumns)
    .from(researchCenterContacts)
    .where(eq(researchCenterContacts.centerId, centerId))
    .orderBy(asc(researchCenterContacts.id));
  return rows.map(({ centerId: _, ...row }) => ({ ...row, role: row.role as ContactRole }));
}

export async function contactById(db: Executor, id: number) {
  const [row] = await db
    .select(contactColumns)
    .from(researchCenterContacts)
    .where(eq(researchCenterContacts.id, id));
  if (!row) throw notFound();
  return row;
}

export async function insertContact(db: Executor, values: typeof researchCenterContacts.$inferInsert) {
  const [row] = await db
    .insert(researchCenterContacts)
    .values(values)
    .returning({ id: researchCenterContacts.id, version: researchCenterContacts.version });
  if (!row) throw new Error('insert returned nothing');
  return row;
}

export const updateContact = versionedBump(researchCenterContacts);

export async function deleteContact(db: Executor, id: number): Promise<void> {
  await db.delete(researchCenterContacts).where(eq(researchCenterContacts.id, id));
}

// ---- projects ----

/** The projects a centre takes part in, with the project's number for the centre. */
export async function projectsOf(db: Executor, centerId: number, lang: Lang) {
  const rows = await db
    .select({
      projectId: projects.id,
      projectNo: projects.projectNo,
      projectName: localNameColumn(projects, lang),
      centerNo: sites.centerNo,
      projectStatus: projects.status,
    })
    .from(sites)
    .innerJoin(projects, eq(projects.id, sites.projectId))
    .where(eq(sites.researchCenterId, centerId))
    .orderBy(asc(projects.projectNo), asc(sites.centerNo));
  // The column keeps the state's code: the answer names the state of the project workflow.
  return rows.map((row) => ({ ...row, projectStatus: projectStateOf(row.projectStatus) }));
}
