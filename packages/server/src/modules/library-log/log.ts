// The custody log (docs/library.md "Custody log and timelines"): every change of a specimen's place,
// newest first, found by indexed keys (specimen, box, reference, time). The total counts at most
// LIBRARY_LOG_CAP + 1 rows (a capped subquery), never the whole log.
import { type CustodyLogRow, type Lang, LIBRARY_LOG_CAP } from '@trialab/api-contract';
import { and, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { projects, users } from '../../db/schema.js';
import { custodyEvents, storageBoxes } from '../../db/schema-library.js';
import { specimenBarcodes } from '../../db/schema-specimen.js';
import { Page } from '../../lib/route.js';
import type { SiteScope } from '../../lib/scope.js';
import { within } from '../../lib/search.js';
import { dayRange, type ZonedTime } from '../../lib/time-zone.js';
import { tableWorkbook, type XlsxColumn } from '../../lib/xlsx.js';
import { custodyWord, referenceText } from '../../services/library-timeline/index.js';
import { placeLabels } from '../../services/library-timeline/places.js';

const parent = alias(specimenBarcodes, 'parent');

export interface LogFilter {
  barcode?: string | undefined;
  boxCode?: string | undefined;
  unitId?: number | undefined;
  actions?: string[] | undefined;
  userId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  reference?: string | undefined;
  zone: string;
}

/** The specimens a condition on specimen_barcodes selects, as ids (an indexed subquery). */
const specimensWhere = (db: Executor, where: SQL | undefined) =>
  inArray(
    custodyEvents.specimenId,
    db.select({ id: specimenBarcodes.id }).from(specimenBarcodes).where(where),
  );

/** The caller's projects; a site user's own sites (through the specimen). */
function scopeOf(db: Executor, scope: SiteScope): SQL | undefined {
  if (scope.all) return undefined;
  if (scope.siteIds)
    return scope.siteIds.size > 0
      ? specimensWhere(db, inArray(specimenBarcodes.siteId, [...scope.siteIds]))
      : sql`false`;
  return scope.projectIds.size > 0 ? inArray(custodyEvents.projectId, [...scope.projectIds]) : sql`false`;
}

/**
 * The filter. A barcode (with its aliquots) and a box are looked up first, so the log is read by
 * literal ids through its specimen and box indexes (a subquery with OR made PostgreSQL walk the
 * whole log backwards: docs/library.md "Custody log and timelines").
 */
async function logWhere(db: Executor, scope: SiteScope, f: LogFilter): Promise<SQL | undefined> {
  const specimens = f.barcode
    ? (
        await db
          .select({ id: specimenBarcodes.id })
          .from(specimenBarcodes)
          .where(
            or(
              eq(specimenBarcodes.code, f.barcode),
              inArray(
                specimenBarcodes.parentId,
                db.select({ id: parent.id }).from(parent).where(eq(parent.code, f.barcode)),
              ),
            ),
          )
      ).map((r) => r.id)
    : undefined;
  const boxes = f.boxCode
    ? (
        await db.select({ id: storageBoxes.id }).from(storageBoxes).where(eq(storageBoxes.code, f.boxCode))
      ).map((r) => r.id)
    : undefined;
  const none = sql`false`;
  return and(
    scopeOf(db, scope),
    specimens ? (specimens.length > 0 ? inArray(custodyEvents.specimenId, specimens) : none) : undefined,
    boxes
      ? boxes.length > 0
        ? or(inArray(custodyEvents.toBoxId, boxes), inArray(custodyEvents.fromBoxId, boxes))
        : none
      : undefined,
    f.unitId ? or(eq(custodyEvents.toUnitId, f.unitId), eq(custodyEvents.fromUnitId, f.unitId)) : undefined,
    f.actions?.length ? inArray(custodyEvents.action, f.actions) : undefined,
    f.userId ? eq(custodyEvents.userId, f.userId) : undefined,
    f.reference
      ? inArray(custodyEvents.reference, [`bill:${f.reference}`, `move:${f.reference}`, f.reference])
      : undefined,
    within(custodyEvents.at, dayRange(f.from, f.to, f.zone)),
  );
}

function logRows(db: Executor, where: SQL | undefined) {
  return db
    .select({
      event: custodyEvents,
      barcode: specimenBarcodes.code,
      projectNo: projects.projectNo,
      userName: users.username,
    })
    .from(custodyEvents)
    .innerJoin(specimenBarcodes, eq(specimenBarcodes.id, custodyEvents.specimenId))
    .innerJoin(projects, eq(projects.id, custodyEvents.projectId))
    .innerJoin(users, eq(users.id, custodyEvents.userId))
    .where(where)
    .orderBy(desc(custodyEvents.id));
}

async function toRows(db: Executor, raw: Awaited<ReturnType<typeof logRows>>): Promise<CustodyLogRow[]> {
  const place = await placeLabels(
    db,
    raw.flatMap((r) => [r.event.fromBoxId, r.event.toBoxId]),
    raw.flatMap((r) => [r.event.fromUnitId, r.event.toUnitId]),
  );
  return raw.map(({ event: e, barcode, projectNo, userName }) => ({
    id: e.id,
    specimenId: e.specimenId,
    barcode,
    projectNo,
    action: e.action as CustodyLogRow['action'],
    from: place(e.fromUnitId, e.fromBoxId, e.fromPosition),
    to: place(e.toUnitId, e.toBoxId, e.toPosition),
    reference: referenceText(e.reference),
    reason: e.reason,
    userName,
    at: e.at.toISOString(),
  }));
}

export async function pageLog(
  db: Executor,
  scope: SiteScope,
  f: LogFilter,
  page: { page: number; size: number },
): Promise<Page<CustodyLogRow>> {
  const where = await logWhere(db, scope, f);
  const capped = db
    .select({ one: sql`1` })
    .from(custodyEvents)
    .where(where)
    .limit(LIBRARY_LOG_CAP + 1)
    .as('capped');
  const [counted] = await db.select({ n: count() }).from(capped);
  const raw = await logRows(db, where)
    .limit(page.size)
    .offset((page.page - 1) * page.size);
  return new Page(await toRows(db, raw), Math.min(Number(counted?.n ?? 0), LIBRARY_LOG_CAP));
}

export async function exportLog(
  db: Executor,
  scope: SiteScope,
  f: LogFilter,
  lang: Lang,
  time: ZonedTime,
): Promise<Buffer> {
  const rows = await toRows(db, await logRows(db, await logWhere(db, scope, f)).limit(LIBRARY_LOG_CAP));
  const columns: Array<XlsxColumn<keyof CustodyLogRow>> = [
    { key: 'at', zh: '时间', en: 'When', hk: '時間', width: 20, time: true },
    { key: 'barcode', zh: '条码', en: 'Barcode', hk: '條碼', width: 20 },
    { key: 'projectNo', zh: '项目编号', en: 'Project no.', hk: '項目編號', width: 14 },
    { key: 'action', zh: '操作', en: 'Action', hk: '操作', width: 12 },
    { key: 'from', zh: '原位置', en: 'From', hk: '原位置', width: 30 },
    { key: 'to', zh: '新位置', en: 'To', hk: '新位置', width: 30 },
    { key: 'reference', zh: '单号', en: 'Reference', hk: '單號', width: 18 },
    { key: 'reason', zh: '原因', en: 'Reason', hk: '原因', width: 24 },
    { key: 'userName', zh: '操作人', en: 'By', hk: '操作人', width: 14 },
  ];
  return tableWorkbook({
    sheet: { zh: '样本日志', en: 'Custody log', hk: '樣本日誌' },
    columns,
    rows: rows.map((r) => ({ ...r, action: custodyWord(r.action, lang) })),
    lang,
    time,
  });
}
