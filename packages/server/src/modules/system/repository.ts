import { type DUPLICATE_TARGETS, ResultCode } from '@trialab/api-contract';
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  depts,
  dictData,
  dictTypes,
  files,
  projects,
  roles,
  sampleTypes,
  tableHeads,
  users,
} from '../../db/schema.js';
import { sharedDocumentRevisions } from '../../db/schema-portal-admin.js';
import { ApiError, notFound } from '../../lib/errors.js';
import { pageOf } from '../../lib/paging.js';
import { Page } from '../../lib/route.js';
import { contains, containsAny } from '../../lib/search.js';
import { versionedBump } from '../../lib/versioned.js';

// ---- dictionaries ----

export async function dictType(db: Executor, dictNo: number) {
  const [type] = await db.select().from(dictTypes).where(eq(dictTypes.dictNo, dictNo));
  if (!type) throw notFound();
  return type;
}

/** One page of a dictionary's values, answered as the one dictionary with its values. */
export async function pageDict(
  db: Executor,
  filter: { dictNo: number; label?: string | undefined },
  page: { page: number; size: number },
) {
  const type = await dictType(db, filter.dictNo);
  const where = and(
    eq(dictData.dictNo, filter.dictNo),
    filter.label ? contains(dictData.label, filter.label) : undefined,
  );
  const { rows: items, total } = await pageOf(
    db.select({ n: count() }).from(dictData).where(where),
    db.select().from(dictData).where(where).orderBy(asc(dictData.sort), asc(dictData.id)),
    page,
  );
  return new Page(
    [{ dictNo: type.dictNo, name: type.name, enName: type.enName, dictDataRespList: items }],
    total,
  );
}

/** The enabled values of these dictionaries, by dictionary number. */
export async function enabledValues(db: Executor, dictNos: number[]) {
  const items = await db
    .select()
    .from(dictData)
    .where(and(inArray(dictData.dictNo, dictNos), eq(dictData.status, 1)))
    .orderBy(asc(dictData.sort), asc(dictData.id));
  return Object.fromEntries(dictNos.map((t) => [String(t), items.filter((i) => i.dictNo === t)]));
}

export async function dictValue(db: Executor, id: number, missing = notFound) {
  const [row] = await db.select().from(dictData).where(eq(dictData.id, id));
  if (!row) throw missing();
  return row;
}

/** Writes the value at the version read; nothing comes back when the version moved on. */
export const updateDictValue = versionedBump(dictData);

export async function insertDictValues(
  db: Executor,
  values: Array<typeof dictData.$inferInsert>,
): Promise<number> {
  const rows = await db.insert(dictData).values(values).returning({ id: dictData.id });
  return rows.length;
}

/** Every dictionary with its item counts, by number; `keyword` matches the number or a name. */
export async function dictTypeList(db: Executor, keyword: string | undefined) {
  const items = db
    .select({
      dictNo: dictData.dictNo,
      itemCount: count().as('item_count'),
      enabledCount: sql<number>`count(*) filter (where ${dictData.status} = 1)`.as('enabled_count'),
    })
    .from(dictData)
    .groupBy(dictData.dictNo)
    .as('items');
  const rows = await db
    .select({
      dictNo: dictTypes.dictNo,
      name: dictTypes.name,
      enName: dictTypes.enName,
      itemCount: items.itemCount,
      enabledCount: items.enabledCount,
    })
    .from(dictTypes)
    .leftJoin(items, eq(items.dictNo, dictTypes.dictNo))
    .where(containsAny([dictTypes.name, dictTypes.enName, sql`cast(${dictTypes.dictNo} as text)`], keyword))
    .orderBy(asc(dictTypes.dictNo));
  return rows.map((r) => ({
    ...r,
    itemCount: Number(r.itemCount ?? 0),
    enabledCount: Number(r.enabledCount ?? 0),
  }));
}

/** The dictionary numbers that exist. */
export async function dictNumbers(db: Executor): Promise<Set<number>> {
  const rows = await db.select({ dictNo: dictTypes.dictNo }).from(dictTypes);
  return new Set(rows.map((r) => r.dictNo));
}

/** `dictNo/value` of every item of these dictionaries. */
export async function dictValueKeys(db: Executor, dictNos: number[]): Promise<Set<string>> {
  if (dictNos.length === 0) return new Set();
  const rows = await db
    .select({ dictNo: dictData.dictNo, value: dictData.value })
    .from(dictData)
    .where(inArray(dictData.dictNo, dictNos));
  return new Set(rows.map((r) => `${r.dictNo}/${r.value}`));
}

/**
 * The dictionaries' revision: the sum of the items' versions. Items are never deleted, an insert
 * adds 1 and every edit bumps a version, so it grows with every change, on every instance.
 */
export async function dictRevision(db: Executor): Promise<number> {
  const [row] = await db.select({ n: sql<string>`coalesce(sum(${dictData.version}), 0)` }).from(dictData);
  return Number(row?.n ?? 0);
}

/** Inserts a value new to the dictionary or relabels the one with the same value; true when inserted. */
export async function upsertDictValue(
  db: Executor,
  dictNo: number,
  item: { value: string; label: string; enLabel: string; sort: number },
): Promise<boolean> {
  const [existing] = await db
    .select({ id: dictData.id })
    .from(dictData)
    .where(and(eq(dictData.dictNo, dictNo), eq(dictData.value, item.value)));
  if (!existing) {
    await db.insert(dictData).values({ ...item, dictNo });
    return true;
  }
  await db
    .update(dictData)
    .set({ label: item.label, enLabel: item.enLabel, sort: item.sort, version: sql`${dictData.version} + 1` })
    .where(eq(dictData.id, existing.id));
  return false;
}

/** The stored file's hash, only when the caller uploaded it (only their own files can be read this way). */
export async function ownUpload(db: Executor, fileId: number, userId: number): Promise<string> {
  const [file] = await db
    .select({ sha256: files.sha256, uploadedBy: files.uploadedBy })
    .from(files)
    .where(eq(files.id, fileId));
  if (!file || file.uploadedBy !== userId)
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'labFileMissing', params: { id: fileId } });
  return file.sha256;
}

// ---- the console's shared lookups ----

const DUPLICATE_COLUMNS = {
  'user.mobile': [users, users.mobile, users.id],
  'user.email': [users, users.email, users.id],
  'user.jobNumber': [users, users.jobNumber, users.id],
  'role.name': [roles, roles.name, roles.id],
  'role.code': [roles, roles.code, roles.id],
  'project.projectNo': [projects, projects.projectNo, projects.id],
  'dept.name': [depts, depts.name, depts.id],
} as const satisfies Record<keyof typeof DUPLICATE_TARGETS, unknown>;

/** Whether another record already has the value (e-mail compared case-insensitively). */
export async function isDuplicate(
  db: Executor,
  body: { target: keyof typeof DUPLICATE_TARGETS; keyword: string; id?: number | undefined },
): Promise<boolean> {
  const [table, column, idColumn] = DUPLICATE_COLUMNS[body.target];
  const match =
    body.target === 'user.email'
      ? sql`lower(${column}) = ${body.keyword.toLowerCase()}`
      : eq(column, body.keyword);
  const where = body.id ? and(match, ne(idColumn, body.id)) : match;
  const rows = await db.select({ n: count() }).from(table).where(where);
  return Number(rows[0]?.n ?? 0) > 0;
}

export async function tableHeadOf(db: Executor, userId: number, code: string): Promise<string[]> {
  const [row] = await db
    .select()
    .from(tableHeads)
    .where(and(eq(tableHeads.userId, userId), eq(tableHeads.code, code)));
  return row?.titles ?? [];
}

export async function saveTableHead(db: Executor, userId: number, code: string, titles: string[], now: Date) {
  await db
    .insert(tableHeads)
    .values({ userId, code, titles, updatedAt: now })
    .onConflictDoUpdate({ target: [tableHeads.userId, tableHeads.code], set: { titles, updatedAt: now } });
}

/** The enabled sample types (what a new record may use), in the lab's order. */
export function sampleTypesNamed(db: Executor, name: string | undefined) {
  return db
    .select({ id: sampleTypes.id, name: sampleTypes.name, enName: sampleTypes.enName })
    .from(sampleTypes)
    .where(and(eq(sampleTypes.enabled, true), name ? contains(sampleTypes.name, name) : undefined))
    .orderBy(asc(sampleTypes.sort), asc(sampleTypes.id));
}

// ---- files ----

/** Locks the user's row: concurrent uploads of one user check the quota one after the other. */
export async function lockUser(db: Executor, userId: number): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function insertFile(db: Executor, values: typeof files.$inferInsert): Promise<number> {
  const [row] = await db.insert(files).values(values).returning({ id: files.id });
  if (!row) throw new Error('file insert returned nothing');
  return row.id;
}

export async function fileById(db: Executor, id: number) {
  const [row] = await db.select().from(files).where(eq(files.id, id));
  if (!row) throw notFound();
  return row;
}

/** Whether the file is a shared document's revision. */
export async function isSharedDocument(db: Executor, fileId: number): Promise<boolean> {
  const [shared] = await db
    .select({ id: sharedDocumentRevisions.id })
    .from(sharedDocumentRevisions)
    .where(eq(sharedDocumentRevisions.fileId, fileId));
  return shared !== undefined;
}
