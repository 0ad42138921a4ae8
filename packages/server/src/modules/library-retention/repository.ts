// The specimen-expired page's reads (docs/library.md "Retention and expired specimens"): the stored
// specimens of the caller's projects whose retention (services/retention) ends within the window or
// has ended, with their place and any open bill that already holds them; and the rules.
import {
  BILL_OPEN_STATES,
  type BillKind,
  type BillState,
  type ExpiredSpecimen,
  type Lang,
  libraryWord,
  RETENTION_INSTRUCTION_WORDS,
  RETENTION_WINDOW_DAYS,
  type RetentionRule,
} from '@trialab/api-contract';
import { and, asc, count, eq, inArray, like, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { projects, sampleTypes, stockOutTypes, users } from '../../db/schema.js';
import { labSubjects } from '../../db/schema-lab.js';
import { specimenPositions, storageBoxes, storageRacks, storageUnits } from '../../db/schema-library.js';
import { specimenBillLines, specimenBills } from '../../db/schema-library-bills.js';
import { retentionRules } from '../../db/schema-library-retention.js';
import { specimenBarcodes } from '../../db/schema-specimen.js';
import { localNameColumn } from '../../lib/local-name.js';
import { Page } from '../../lib/route.js';
import type { SiteScope } from '../../lib/scope.js';
import { prefixPattern } from '../../lib/search.js';
import type { ZonedTime } from '../../lib/time-zone.js';
import { tableWorkbook, type XlsxColumn } from '../../lib/xlsx.js';
import { cellText } from '../../services/positions/engine.js';
import { retentionSubquery } from '../../services/retention/retention.js';
import { addDays } from '../progress/service.js';
import { barcodeScope } from '../specimen/repository.js';

export interface ExpiredFilter {
  code?: string | undefined;
  projectId?: number | undefined;
  sampleTypeId?: number | undefined;
  unitId?: number | undefined;
  instruction?: string | undefined;
  dueFrom?: string | undefined;
  dueTo?: string | undefined;
  overdue?: boolean | undefined;
  /** Today in the reader's zone (YYYY-MM-DD): the window and the days left count from it. */
  today: string;
}

function expiredRows(db: Executor, scope: SiteScope, f: ExpiredFilter, lang: Lang) {
  // Which specimens: stored, in the caller's projects, by the filters on the specimen itself.
  const retention = retentionSubquery(
    db,
    and(
      eq(specimenBarcodes.status, 'signed'),
      eq(specimenBarcodes.library, 'stored'),
      barcodeScope(scope),
      f.code ? like(specimenBarcodes.code, prefixPattern(f.code)) : undefined,
      f.projectId ? eq(specimenBarcodes.projectId, f.projectId) : undefined,
      f.sampleTypeId ? eq(specimenBarcodes.sampleTypeId, f.sampleTypeId) : undefined,
    ),
  );
  const windowEnd = addDays(f.today, RETENTION_WINDOW_DAYS);
  const openBill = db
    .select({
      specimenId: specimenBillLines.specimenId,
      billId: sql<number>`${specimenBills.id}`.as('bill_id'),
      billNo: specimenBills.billNo,
      billKind: sql<string>`${specimenBills.kind}`.as('bill_kind'),
      billStatus: sql<string>`${specimenBills.status}`.as('bill_status'),
    })
    .from(specimenBillLines)
    .innerJoin(specimenBills, eq(specimenBills.id, specimenBillLines.billId))
    .where(and(eq(specimenBillLines.held, true), inArray(specimenBills.status, [...BILL_OPEN_STATES])))
    .as('open_bill');
  const where = and(
    sql`${retention.endsOn} <= ${windowEnd}::date`,
    f.dueFrom ? sql`${retention.endsOn} >= ${f.dueFrom}::date` : undefined,
    f.dueTo ? sql`${retention.endsOn} <= ${f.dueTo}::date` : undefined,
    f.overdue ? sql`${retention.endsOn} <= ${f.today}::date` : undefined,
    f.instruction ? sql`${retention.instruction} = ${f.instruction}` : undefined,
    f.unitId ? eq(storageBoxes.unitId, f.unitId) : undefined,
  );
  const query = db
    .select({
      id: specimenBarcodes.id,
      code: specimenBarcodes.code,
      projectId: specimenBarcodes.projectId,
      projectNo: projects.projectNo,
      subjectNo: labSubjects.subjectNo,
      visit: specimenBarcodes.visit,
      sampleTypeName: localNameColumn(sampleTypes, lang),
      unitName: storageUnits.name,
      rack: storageRacks.code,
      box: storageBoxes.code,
      boxCols: storageBoxes.cols,
      boxLabels: storageBoxes.labels,
      row: specimenPositions.row,
      col: specimenPositions.col,
      endsOn: sql<string>`${retention.endsOn}::text`,
      daysLeft: sql<number>`(${retention.endsOn} - ${f.today}::date)::int`,
      instruction: retention.instruction,
      start: retention.start,
      ruleId: retention.ruleId,
      note: retention.note,
      returnTypeId: retention.returnTypeId,
      extendedUntil: sql<string | null>`${retention.extendedUntil}::text`,
      billId: openBill.billId,
      billNo: openBill.billNo,
      billKind: openBill.billKind,
      billStatus: openBill.billStatus,
    })
    .from(retention)
    .innerJoin(specimenBarcodes, eq(specimenBarcodes.id, retention.specimenId))
    .innerJoin(projects, eq(projects.id, specimenBarcodes.projectId))
    .leftJoin(labSubjects, eq(labSubjects.id, specimenBarcodes.subjectId))
    .leftJoin(sampleTypes, eq(sampleTypes.id, specimenBarcodes.sampleTypeId))
    .leftJoin(
      specimenPositions,
      and(eq(specimenPositions.specimenId, specimenBarcodes.id), eq(specimenPositions.status, 'stored')),
    )
    .leftJoin(storageBoxes, eq(storageBoxes.id, specimenPositions.boxId))
    .leftJoin(storageRacks, eq(storageRacks.id, storageBoxes.rackId))
    .leftJoin(storageUnits, eq(storageUnits.id, storageBoxes.unitId))
    .leftJoin(openBill, eq(openBill.specimenId, specimenBarcodes.id))
    .where(where);
  return query;
}

type Raw = Awaited<ReturnType<typeof expiredRows>>[number];

const toExpired = ({
  boxCols,
  boxLabels,
  row,
  col,
  billId,
  billNo,
  billKind,
  billStatus,
  ...r
}: Raw): ExpiredSpecimen => ({
  ...r,
  daysLeft: Number(r.daysLeft),
  ruleId: Number(r.ruleId),
  returnTypeId: r.returnTypeId === null ? null : Number(r.returnTypeId),
  position:
    r.box && row !== null && boxCols !== null
      ? cellText({ cols: boxCols, labels: boxLabels ?? 'alnum' }, row, col ?? 1) || null
      : null,
  bill:
    billId !== null && billNo !== null
      ? { id: Number(billId), billNo, kind: billKind as BillKind, status: billStatus as BillState }
      : null,
});

export async function pageExpired(
  db: Executor,
  scope: SiteScope,
  f: ExpiredFilter,
  page: { page: number; size: number },
  lang: Lang,
): Promise<Page<ExpiredSpecimen>> {
  const query = expiredRows(db, scope, f, lang);
  const [counted] = await db.select({ n: count() }).from(query.as('counted'));
  const rows = await query
    .orderBy(sql`ends_on`, asc(specimenBarcodes.code))
    .limit(page.size)
    .offset((page.page - 1) * page.size);
  return new Page(rows.map(toExpired), Number(counted?.n ?? 0));
}

/** Most rows an export writes. */
const EXPORT_MAX = 10_000;

export async function exportExpired(
  db: Executor,
  scope: SiteScope,
  f: ExpiredFilter,
  lang: Lang,
  time: ZonedTime,
): Promise<Buffer> {
  const rows = (
    await expiredRows(db, scope, f, lang).orderBy(sql`ends_on`, asc(specimenBarcodes.code)).limit(EXPORT_MAX)
  ).map(toExpired);
  type Key = keyof ExpiredSpecimen | 'place' | 'billText';
  const columns: Array<XlsxColumn<Key>> = [
    { key: 'code', zh: '条码', en: 'Barcode', hk: '條碼', width: 20 },
    { key: 'projectNo', zh: '项目编号', en: 'Project no.', hk: '項目編號', width: 14 },
    { key: 'subjectNo', zh: '受试者', en: 'Subject', hk: '受試者', width: 14 },
    { key: 'visit', zh: '访视', en: 'Visit', hk: '訪視', width: 12 },
    { key: 'sampleTypeName', zh: '样本类型', en: 'Sample type', hk: '樣本類型', width: 12 },
    { key: 'place', zh: '位置', en: 'Position', hk: '位置', width: 40 },
    { key: 'endsOn', zh: '保存期至', en: 'Retention ends', hk: '保存期至', width: 12 },
    { key: 'daysLeft', zh: '剩余天数', en: 'Days left', hk: '剩餘天數', width: 10 },
    { key: 'instruction', zh: '到期处理', en: 'Instruction', hk: '到期處理', width: 18 },
    { key: 'note', zh: '说明', en: 'Note', hk: '說明', width: 30 },
    { key: 'extendedUntil', zh: '延长至', en: 'Extended until', hk: '延長至', width: 12 },
    { key: 'billText', zh: '所在单据', en: 'On bill', hk: '所在單據', width: 16 },
  ];
  return tableWorkbook({
    sheet: { zh: '过期样本', en: 'Expired samples', hk: '過期樣本' },
    columns,
    rows: rows.map((r) => ({
      ...r,
      place: placeText(r),
      instruction: libraryWord(RETENTION_INSTRUCTION_WORDS, r.instruction, lang),
      billText: r.bill?.billNo ?? null,
    })),
    lang,
    time,
  });
}

/** "unit / rack / box / cell", the parts there are. */
export const placeText = (r: Pick<ExpiredSpecimen, 'unitName' | 'rack' | 'box' | 'position'>) =>
  [r.unitName, r.rack, r.box, r.position].filter((x) => x).join(' / ');

/** The stored specimens among `ids` in scope, with their current retention (the extension's check). */
export async function retentionOfStored(db: Executor, scope: SiteScope, ids: number[]) {
  const retention = retentionSubquery(
    db,
    and(inArray(specimenBarcodes.id, ids), eq(specimenBarcodes.library, 'stored'), barcodeScope(scope)),
  );
  const known = await db
    .select({
      id: specimenBarcodes.id,
      code: specimenBarcodes.code,
      endsOn: sql<string | null>`${retention.endsOn}::text`,
    })
    .from(specimenBarcodes)
    .leftJoin(retention, eq(retention.specimenId, specimenBarcodes.id))
    .where(and(inArray(specimenBarcodes.id, ids), barcodeScope(scope)));
  return known;
}

export async function pageRules(
  db: Executor,
  scope: SiteScope,
  projectId: number | undefined,
  page: { page: number; size: number },
  lang: Lang,
): Promise<Page<RetentionRule>> {
  const where: SQL | undefined = and(
    scope.all ? undefined : inArray(retentionRules.projectId, [...scope.projectIds, -1]),
    projectId ? eq(retentionRules.projectId, projectId) : undefined,
  );
  const [counted] = await db.select({ n: count() }).from(retentionRules).where(where);
  const rows = await db
    .select({
      id: retentionRules.id,
      projectId: retentionRules.projectId,
      projectNo: projects.projectNo,
      sampleTypeId: retentionRules.sampleTypeId,
      sampleTypeName: localNameColumn(sampleTypes, lang),
      period: retentionRules.period,
      unit: retentionRules.unit,
      start: retentionRules.start,
      instruction: retentionRules.instruction,
      returnTypeId: retentionRules.returnTypeId,
      returnTypeName: localNameColumn(stockOutTypes, lang),
      note: retentionRules.note,
      studyEnd: projects.endDate,
      updatedByName: users.username,
      updatedAt: retentionRules.updatedAt,
      version: retentionRules.version,
    })
    .from(retentionRules)
    .innerJoin(projects, eq(projects.id, retentionRules.projectId))
    .leftJoin(sampleTypes, eq(sampleTypes.id, retentionRules.sampleTypeId))
    .leftJoin(stockOutTypes, eq(stockOutTypes.id, retentionRules.returnTypeId))
    .leftJoin(users, eq(users.id, sql`coalesce(${retentionRules.updatedBy}, ${retentionRules.createdBy})`))
    .where(where)
    .orderBy(asc(projects.projectNo), sql`${retentionRules.sampleTypeId} nulls first`, asc(retentionRules.id))
    .limit(page.size)
    .offset((page.page - 1) * page.size);
  return new Page(
    rows.map((r) => ({
      ...r,
      unit: r.unit as RetentionRule['unit'],
      start: r.start as RetentionRule['start'],
      instruction: r.instruction as RetentionRule['instruction'],
      sampleTypeName: r.sampleTypeId === null ? null : r.sampleTypeName,
      returnTypeName: r.returnTypeId === null ? null : r.returnTypeName,
      updatedAt: r.updatedAt.toISOString(),
    })),
    Number(counted?.n ?? 0),
  );
}
