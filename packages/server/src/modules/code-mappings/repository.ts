import type { CodeMappingRow, Lang, MappingKind } from '@trialab/api-contract';
import { and, asc, count, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import {
  codeMappings,
  projects,
  sampleTypes,
  sites,
  temperatures,
  testItems,
  visitPoints,
} from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { localNameColumn } from '../../lib/local-name.js';
import { pageOf } from '../../lib/paging.js';
import { Page } from '../../lib/route.js';
import { containsAny } from '../../lib/search.js';
import { versionedBump } from '../../lib/versioned.js';
import { mappingKey, pickMapping, type Target, targetKey } from './service.js';

// ---- the lab records a mapping points to ----

interface TargetTable {
  table: PgTable;
  id: PgColumn;
  code: PgColumn;
  name: PgColumn;
  enabled: PgColumn | SQL;
  projectId: PgColumn | SQL;
}

/** Where each kind's records live; visits and sites are always enabled (they have no switch). */
function targetTable(kind: MappingKind): TargetTable {
  switch (kind) {
    case 'testItem':
      return { table: testItems, ...pick(testItems), projectId: sql`null` };
    case 'sampleType':
      return { table: sampleTypes, ...pick(sampleTypes), projectId: sql`null` };
    case 'temperature':
      return { table: temperatures, ...pick(temperatures), projectId: sql`null` };
    case 'site':
      return {
        table: sites,
        id: sites.id,
        code: sites.centerNo,
        name: sites.name,
        enabled: sql`true`,
        projectId: sites.projectId,
      };
    case 'visit':
      return {
        table: visitPoints,
        id: visitPoints.id,
        code: visitPoints.name,
        name: visitPoints.name,
        enabled: sql`true`,
        projectId: visitPoints.projectId,
      };
  }
}

function pick(t: { id: PgColumn; code: PgColumn; name: PgColumn; enabled: PgColumn }) {
  return { id: t.id, code: t.code, name: t.name, enabled: t.enabled };
}

/** A kind's records: some by id, or those of a project (visits and sites), in code order. */
export async function targetRows(
  db: Executor,
  kind: MappingKind,
  filter: { ids?: number[]; projectId?: number | null | undefined } = {},
): Promise<Target[]> {
  const t = targetTable(kind);
  const scoped = kind === 'site' || kind === 'visit';
  const where = and(
    filter.ids ? inArray(t.id, filter.ids) : undefined,
    scoped && filter.projectId !== undefined ? sql`${t.projectId} = ${filter.projectId ?? 0}` : undefined,
  );
  const rows = await db
    .select({ id: t.id, code: t.code, name: t.name, enabled: t.enabled, projectId: t.projectId })
    .from(t.table)
    .where(where)
    .orderBy(asc(t.code), asc(t.id));
  return rows as Target[];
}

export async function targetById(db: Executor, kind: MappingKind, id: number): Promise<Target | undefined> {
  const [row] = await targetRows(db, kind, { ids: [id] });
  return row;
}

/** Every record of the kinds given, by `targetKey` (what an import row names by its code). */
export async function targetsByCode(
  db: Executor,
  kinds: readonly MappingKind[],
): Promise<Map<string, Target>> {
  const found = new Map<string, Target>();
  for (const kind of kinds)
    for (const row of await targetRows(db, kind)) found.set(targetKey(kind, row.projectId, row.code), row);
  return found;
}

// ---- mappings ----

type Stored = typeof codeMappings.$inferSelect & { projectNo: string | null };

function mappingQuery(db: Executor) {
  return db
    .select({
      id: codeMappings.id,
      projectId: codeMappings.projectId,
      projectNo: projects.projectNo,
      kind: codeMappings.kind,
      source: codeMappings.source,
      externalCode: codeMappings.externalCode,
      externalName: codeMappings.externalName,
      targetId: codeMappings.targetId,
      enabled: codeMappings.enabled,
      version: codeMappings.version,
      updatedAt: codeMappings.updatedAt,
    })
    .from(codeMappings)
    .leftJoin(projects, eq(projects.id, codeMappings.projectId));
}

/** The rows with their lab records' codes and names (looked up once per kind). */
async function withTargets(db: Executor, rows: readonly Stored[]): Promise<CodeMappingRow[]> {
  const labels = new Map<string, Target>();
  const kinds = [...new Set(rows.map((r) => r.kind as MappingKind))];
  for (const kind of kinds) {
    const ids = rows.filter((r) => r.kind === kind).map((r) => r.targetId);
    for (const target of await targetRows(db, kind, { ids })) labels.set(`${kind}/${target.id}`, target);
  }
  return rows.map(({ updatedAt: _, ...row }) => {
    const target = labels.get(`${row.kind}/${row.targetId}`);
    return {
      ...row,
      kind: row.kind as MappingKind,
      targetCode: target?.code ?? '',
      targetName: target?.name ?? '',
    };
  });
}

export interface MappingFilter {
  kind?: MappingKind | undefined;
  projectId?: number | null | undefined;
  source?: string | undefined;
  code?: string | undefined;
}

function filterWhere(f: MappingFilter): SQL | undefined {
  return and(
    f.kind ? eq(codeMappings.kind, f.kind) : undefined,
    f.projectId === undefined
      ? undefined
      : f.projectId === null
        ? isNull(codeMappings.projectId)
        : eq(codeMappings.projectId, f.projectId),
    containsAny([codeMappings.source], f.source),
    containsAny([codeMappings.externalCode, codeMappings.externalName], f.code),
  );
}

const ORDER = [
  asc(codeMappings.kind),
  asc(codeMappings.source),
  asc(codeMappings.externalCode),
  asc(codeMappings.id),
];

export async function pageMappings(
  db: Executor,
  f: MappingFilter & { page: number; size: number },
): Promise<Page<CodeMappingRow>> {
  const where = filterWhere(f);
  const page = await pageOf(
    db.select({ n: count() }).from(codeMappings).where(where),
    mappingQuery(db)
      .where(where)
      .orderBy(...ORDER),
    f,
  );
  return new Page(await withTargets(db, page.rows), page.total);
}

/** Every mapping the filter finds (the export), in list order. */
export async function allMappings(db: Executor, f: MappingFilter, limit: number): Promise<CodeMappingRow[]> {
  return withTargets(
    db,
    await mappingQuery(db)
      .where(filterWhere(f))
      .orderBy(...ORDER)
      .limit(limit),
  );
}

export async function mappingById(db: Executor, id: number, missing = notFound): Promise<CodeMappingRow> {
  const [row] = await mappingQuery(db).where(eq(codeMappings.id, id));
  if (!row) throw missing();
  const [withTarget] = await withTargets(db, [row]);
  if (!withTarget) throw missing();
  return withTarget;
}

export async function insertMapping(db: Executor, values: typeof codeMappings.$inferInsert) {
  const [row] = await db
    .insert(codeMappings)
    .values(values)
    .returning({ id: codeMappings.id, version: codeMappings.version });
  if (!row) throw new Error('insert returned nothing');
  return row;
}

export const updateMapping = versionedBump(codeMappings);

export async function deleteMapping(db: Executor, id: number): Promise<boolean> {
  const rows = await db
    .delete(codeMappings)
    .where(eq(codeMappings.id, id))
    .returning({ id: codeMappings.id });
  return rows.length > 0;
}

export async function projectExists(db: Executor, id: number): Promise<boolean> {
  const [row] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, id));
  return row !== undefined;
}

/** Every project, by number: any of them may be a mapping's scope. */
export function allProjects(db: Executor, lang: Lang) {
  return db
    .select({ id: projects.id, projectNo: projects.projectNo, name: localNameColumn(projects, lang) })
    .from(projects)
    .orderBy(asc(projects.projectNo));
}

export async function projectIdsByNo(db: Executor): Promise<Map<string, number>> {
  const rows = await db.select({ id: projects.id, projectNo: projects.projectNo }).from(projects);
  return new Map(rows.map((r) => [r.projectNo, r.id]));
}

/** Every mapping's key -> its lab record (what an import would re-point). */
export async function mappingKeys(db: Executor): Promise<Map<string, number>> {
  const rows = await db
    .select({
      projectId: codeMappings.projectId,
      kind: codeMappings.kind,
      source: codeMappings.source,
      externalCode: codeMappings.externalCode,
      targetId: codeMappings.targetId,
    })
    .from(codeMappings);
  return new Map(rows.map((r) => [mappingKey(r.projectId, r.kind, r.source, r.externalCode), r.targetId]));
}

/** Inserts the mapping of a key, or re-points and renames the existing one; true when inserted. */
export async function upsertMapping(
  db: Executor,
  values: {
    projectId: number | null;
    kind: MappingKind;
    source: string;
    externalCode: string;
    externalName: string | null;
    targetId: number;
  },
): Promise<boolean> {
  const [existing] = await db
    .select({ id: codeMappings.id })
    .from(codeMappings)
    .where(
      and(
        values.projectId === null
          ? isNull(codeMappings.projectId)
          : eq(codeMappings.projectId, values.projectId),
        eq(codeMappings.kind, values.kind),
        eq(codeMappings.source, values.source),
        eq(codeMappings.externalCode, values.externalCode),
      ),
    );
  if (!existing) {
    await db.insert(codeMappings).values(values);
    return true;
  }
  await db
    .update(codeMappings)
    .set({
      targetId: values.targetId,
      externalName: values.externalName,
      version: sql`${codeMappings.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(codeMappings.id, existing.id));
  return false;
}

/**
 * What an external code stands for in a project: the project's enabled mapping, else the enabled
 * all-projects one (scope null asks for the latter only); null when the code is not mapped.
 * Imports of sponsors' and sites' files call this for each code they read.
 */
export async function resolveExternalCode(
  db: Executor,
  scope: number | null,
  kind: MappingKind,
  source: string,
  code: string,
): Promise<CodeMappingRow | null> {
  const candidates = await mappingQuery(db).where(
    and(
      eq(codeMappings.kind, kind),
      eq(codeMappings.source, source),
      eq(codeMappings.externalCode, code),
      eq(codeMappings.enabled, true),
      scope === null
        ? isNull(codeMappings.projectId)
        : or(isNull(codeMappings.projectId), eq(codeMappings.projectId, scope)),
    ),
  );
  const chosen = pickMapping(candidates, scope);
  return chosen ? ((await withTargets(db, [chosen]))[0] ?? null) : null;
}
