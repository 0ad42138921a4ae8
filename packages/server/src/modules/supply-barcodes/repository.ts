import type { BarcodeKind, BarcodeRangeRow, BarcodeRow, BarcodeState, Lang } from '@trialab/api-contract';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { projects, sites, users, visitPoints } from '../../db/schema.js';
import { sampleTransports } from '../../db/schema-portal.js';
import {
  supplyBarcodeCounter,
  supplyBarcodeRanges,
  supplyBarcodes,
} from '../../db/schema-supply-barcodes.js';
import { localNameColumn } from '../../lib/local-name.js';
import { pageOf } from '../../lib/paging.js';
import { type SiteScope, scopeWhere } from '../../lib/scope.js';
import { contains } from '../../lib/search.js';
import { barcodeOf } from './service.js';

/** Rows written per INSERT statement when a range is reserved. */
const INSERT_CHUNK = 500;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Takes the next `count` serials of the one counter (the row lock makes concurrent reservations wait
 * for each other: ranges never overlap) and writes the range and its codes.
 */
export async function reserveRange(
  db: Executor,
  values: {
    projectId: number;
    siteId: number;
    visitId: number | null;
    kind: BarcodeKind;
    count: number;
    remark: string | null;
    reservedBy: number;
    reservedAt: Date;
  },
): Promise<number> {
  const [taken] = await db
    .update(supplyBarcodeCounter)
    .set({ next: sql`${supplyBarcodeCounter.next} + ${values.count}` })
    .where(eq(supplyBarcodeCounter.id, 1))
    .returning({ next: supplyBarcodeCounter.next });
  if (!taken) throw new Error('supply_barcode_counter has no row 1');
  const first = taken.next - values.count;
  const serials = Array.from({ length: values.count }, (_, i) => first + i);
  const [range] = await db
    .insert(supplyBarcodeRanges)
    .values({
      ...values,
      firstSerial: first,
      firstCode: barcodeOf(values.kind, first),
      lastCode: barcodeOf(values.kind, first + values.count - 1),
    })
    .returning({ id: supplyBarcodeRanges.id });
  if (!range) throw new Error('range not written');
  for (let i = 0; i < serials.length; i += INSERT_CHUNK) {
    await db.insert(supplyBarcodes).values(
      serials.slice(i, i + INSERT_CHUNK).map((serial) => ({
        rangeId: range.id,
        serial,
        code: barcodeOf(values.kind, serial),
      })),
    );
  }
  return range.id;
}

/** States counted per range. */
async function statesOf(db: Executor, rangeIds: number[]) {
  const counted = new Map<number, Partial<Record<BarcodeState, number>>>();
  if (rangeIds.length === 0) return counted;
  const rows = await db
    .select({ rangeId: supplyBarcodes.rangeId, state: supplyBarcodes.state, n: count() })
    .from(supplyBarcodes)
    .where(inArray(supplyBarcodes.rangeId, rangeIds))
    .groupBy(supplyBarcodes.rangeId, supplyBarcodes.state);
  for (const r of rows) {
    const states = counted.get(r.rangeId) ?? {};
    states[r.state as BarcodeState] = Number(r.n);
    counted.set(r.rangeId, states);
  }
  return counted;
}

/** Where a range's codes belong: its project, site and visit (named in the caller's language). */
const rangePlaceColumns = (lang: Lang) => ({
  projectId: supplyBarcodeRanges.projectId,
  projectNo: projects.projectNo,
  siteId: supplyBarcodeRanges.siteId,
  centerNo: sites.centerNo,
  siteName: sites.name,
  visitId: supplyBarcodeRanges.visitId,
  visitName: sql<
    string | null
  >`(SELECT ${localNameColumn(visitPoints, lang)} FROM ${visitPoints} WHERE ${visitPoints.id} = ${supplyBarcodeRanges.visitId})`,
});

const rangeColumns = (lang: Lang) => ({
  id: supplyBarcodeRanges.id,
  ...rangePlaceColumns(lang),
  kind: supplyBarcodeRanges.kind,
  count: supplyBarcodeRanges.count,
  firstCode: supplyBarcodeRanges.firstCode,
  lastCode: supplyBarcodeRanges.lastCode,
  remark: supplyBarcodeRanges.remark,
  reservedByName: users.username,
  reservedAt: supplyBarcodeRanges.reservedAt,
});

function rangesFrom(db: Executor, lang: Lang, where: SQL | undefined) {
  return db
    .select(rangeColumns(lang))
    .from(supplyBarcodeRanges)
    .innerJoin(projects, eq(projects.id, supplyBarcodeRanges.projectId))
    .innerJoin(sites, eq(sites.id, supplyBarcodeRanges.siteId))
    .innerJoin(users, eq(users.id, supplyBarcodeRanges.reservedBy))
    .where(where);
}

export async function pageRanges(
  db: Executor,
  scope: SiteScope,
  f: {
    page: number;
    size: number;
    projectId?: number | undefined;
    siteId?: number | undefined;
    kind?: BarcodeKind | undefined;
  },
  lang: Lang,
) {
  const where = and(
    scopeWhere(scope, supplyBarcodeRanges.projectId, supplyBarcodeRanges.siteId),
    f.projectId ? eq(supplyBarcodeRanges.projectId, f.projectId) : undefined,
    f.siteId ? eq(supplyBarcodeRanges.siteId, f.siteId) : undefined,
    f.kind ? eq(supplyBarcodeRanges.kind, f.kind) : undefined,
  );
  const page = await pageOf(
    db.select({ n: count() }).from(supplyBarcodeRanges).where(where),
    rangesFrom(db, lang, where).orderBy(desc(supplyBarcodeRanges.id)),
    f,
  );
  const states = await statesOf(
    db,
    page.rows.map((r) => r.id),
  );
  return page.map((r) => rangeRow(r, states.get(r.id) ?? {}));
}

type RangeSelect = Awaited<ReturnType<typeof rangesFrom>>[number];

function rangeRow(r: RangeSelect, states: Partial<Record<BarcodeState, number>>): BarcodeRangeRow {
  return { ...r, kind: r.kind as BarcodeKind, states, reservedAt: r.reservedAt.toISOString() };
}

export async function rangeById(db: Executor, lang: Lang, id: number): Promise<BarcodeRangeRow> {
  const [row] = await rangesFrom(db, lang, eq(supplyBarcodeRanges.id, id));
  if (!row) throw new Error(`range ${id} vanished`);
  return rangeRow(row, (await statesOf(db, [id])).get(id) ?? {});
}

const barcodeColumns = (lang: Lang) => ({
  id: supplyBarcodes.id,
  code: supplyBarcodes.code,
  rangeId: supplyBarcodes.rangeId,
  kind: supplyBarcodeRanges.kind,
  state: supplyBarcodes.state,
  ...rangePlaceColumns(lang),
  printedAt: supplyBarcodes.printedAt,
  shippedAt: supplyBarcodes.shippedAt,
  usedAt: supplyBarcodes.usedAt,
  usedOrderNo: sampleTransports.orderNo,
  voidedAt: supplyBarcodes.voidedAt,
  voidReason: supplyBarcodes.voidReason,
});

function barcodesFrom(db: Executor, lang: Lang, where: SQL | undefined) {
  return db
    .select(barcodeColumns(lang))
    .from(supplyBarcodes)
    .innerJoin(supplyBarcodeRanges, eq(supplyBarcodeRanges.id, supplyBarcodes.rangeId))
    .innerJoin(projects, eq(projects.id, supplyBarcodeRanges.projectId))
    .innerJoin(sites, eq(sites.id, supplyBarcodeRanges.siteId))
    .leftJoin(sampleTransports, eq(sampleTransports.id, supplyBarcodes.usedTransportId))
    .where(where);
}

type BarcodeSelect = Awaited<ReturnType<typeof barcodesFrom>>[number];
const barcodeRow = (r: BarcodeSelect): BarcodeRow => ({
  ...r,
  kind: r.kind as BarcodeKind,
  state: r.state as BarcodeState,
  printedAt: iso(r.printedAt),
  shippedAt: iso(r.shippedAt),
  usedAt: iso(r.usedAt),
  voidedAt: iso(r.voidedAt),
});

export function pageBarcodes(
  db: Executor,
  scope: SiteScope,
  f: {
    page: number;
    size: number;
    rangeId?: number | undefined;
    projectId?: number | undefined;
    state?: BarcodeState | undefined;
    code?: string | undefined;
  },
  lang: Lang,
) {
  const where = and(
    scopeWhere(scope, supplyBarcodeRanges.projectId, supplyBarcodeRanges.siteId),
    f.rangeId ? eq(supplyBarcodes.rangeId, f.rangeId) : undefined,
    f.projectId ? eq(supplyBarcodeRanges.projectId, f.projectId) : undefined,
    f.state ? eq(supplyBarcodes.state, f.state) : undefined,
    f.code ? contains(supplyBarcodes.code, f.code.toUpperCase()) : undefined,
  );
  return pageOf(
    db
      .select({ n: count() })
      .from(supplyBarcodes)
      .innerJoin(supplyBarcodeRanges, eq(supplyBarcodeRanges.id, supplyBarcodes.rangeId))
      .where(where),
    barcodesFrom(db, lang, where).orderBy(desc(supplyBarcodes.rangeId), supplyBarcodes.serial),
    f,
    barcodeRow,
  );
}

/** Of `codes`, those in the caller's scope, as rows (locked for the change that follows). */
export async function barcodesByCode(db: Executor, scope: SiteScope, codes: string[], lang: Lang) {
  if (codes.length === 0) return [];
  const rows = await barcodesFrom(
    db,
    lang,
    and(
      inArray(supplyBarcodes.code, codes),
      scopeWhere(scope, supplyBarcodeRanges.projectId, supplyBarcodeRanges.siteId),
    ),
  ).for('update', { of: supplyBarcodes });
  return rows.map(barcodeRow);
}

/** One code, whoever's project it is (the receipt desk's check), or undefined. */
export async function barcodeByCode(db: Executor, code: string, lang: Lang) {
  const [row] = await barcodesFrom(db, lang, eq(supplyBarcodes.code, code)).for('update', {
    of: supplyBarcodes,
  });
  return row ? barcodeRow(row) : undefined;
}

export async function setStates(
  db: Executor,
  ids: number[],
  from: readonly BarcodeState[],
  set: Partial<typeof supplyBarcodes.$inferInsert>,
): Promise<number> {
  if (ids.length === 0) return 0;
  const updated = await db
    .update(supplyBarcodes)
    .set(set)
    .where(and(inArray(supplyBarcodes.id, ids), inArray(supplyBarcodes.state, [...from])))
    .returning({ id: supplyBarcodes.id });
  return updated.length;
}

/** The site and visit a reservation names, checked to belong to the project. */
export async function siteAndVisit(db: Executor, siteId: number, visitId: number | null) {
  const [site] = await db.select().from(sites).where(eq(sites.id, siteId));
  const [visit] = visitId ? await db.select().from(visitPoints).where(eq(visitPoints.id, visitId)) : [];
  return { site, visit };
}

/** A project's visits, each name once (its earliest visit point of that name). */
export async function projectVisits(db: Executor, projectId: number, lang: Lang) {
  const rows = await db
    .select({
      id: visitPoints.id,
      name: localNameColumn(visitPoints, lang),
      raw: visitPoints.name,
      sort: visitPoints.sort,
    })
    .from(visitPoints)
    .where(eq(visitPoints.projectId, projectId))
    .orderBy(visitPoints.id);
  const seen = new Map<string, { id: number; name: string; sort: number }>();
  for (const r of rows) if (!seen.has(r.raw)) seen.set(r.raw, r);
  return [...seen.values()]
    .sort((a, b) => a.sort - b.sort || a.id - b.id)
    .map(({ id, name }) => ({ id, name }));
}
