// Reads of the specimen library's bills: lists, one bill with its lines in pick-list order (room,
// unit, rack, box, position), each line's eligibility, the confirmation's scan state, signatures.
import {
  BILL_OPEN_STATES,
  type BillDetail,
  type BillFamily,
  type BillKind,
  type BillLine,
  type BillRow,
  type BillState,
  type DestroyMethod,
  type Lang,
  type LibraryState,
  type ScanState,
} from '@trialab/api-contract';
import { and, asc, count, desc, eq, exists, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { dictData, projects, sampleTypes, stockOutTypes, users } from '../../db/schema.js';
import {
  specimenPositions,
  storageBoxes,
  storageRacks,
  storageRooms,
  storageUnits,
} from '../../db/schema-library.js';
import {
  specimenBillAuthorisations,
  specimenBillLines,
  specimenBills,
} from '../../db/schema-library-bills.js';
import { specimenBarcodes } from '../../db/schema-specimen.js';
import { notFound } from '../../lib/errors.js';
import { localNameColumn } from '../../lib/local-name.js';
import { pageOf } from '../../lib/paging.js';
import type { SiteScope } from '../../lib/scope.js';
import { eventsOf, iso } from '../../lib/workflow.js';
import { lineProblems } from '../../services/bills/eligibility.js';
import { witnessNames } from '../../services/bills/witness.js';
import { cellText, isLive } from '../../services/positions/engine.js';
import { signaturesOf } from '../../services/signatures.js';

export type Bill = typeof specimenBills.$inferSelect;
const creator = alias(users, 'bill_creator');
const returnBox = alias(storageBoxes, 'return_box');

const kindsOf = (family: BillFamily): BillKind[] =>
  family === 'destroy' ? ['destroy'] : ['out', 'pre', 'post', 'backup'];
const projectScope = (scope: SiteScope): SQL | undefined =>
  scope.all
    ? undefined
    : scope.projectIds.size > 0
      ? inArray(specimenBills.projectId, [...scope.projectIds])
      : sql`false`;

export async function pageBills(
  db: Executor,
  family: BillFamily,
  scope: SiteScope,
  body: {
    page: number;
    size: number;
    status?: BillState | null | undefined;
    kind?: BillKind | null | undefined;
    projectId?: number | null | undefined;
    keyword?: string | null | undefined;
  },
  lang: Lang,
) {
  const keyword = body.keyword?.trim();
  const where = and(
    inArray(specimenBills.kind, kindsOf(family)),
    projectScope(scope),
    body.status ? eq(specimenBills.status, body.status) : undefined,
    body.kind ? eq(specimenBills.kind, body.kind) : undefined,
    body.projectId ? eq(specimenBills.projectId, body.projectId) : undefined,
    keyword
      ? or(
          sql`${specimenBills.billNo} ilike ${`%${keyword}%`}`,
          sql`${specimenBills.recipient} ilike ${`%${keyword}%`}`,
          exists(
            db
              .select({ one: sql`1` })
              .from(specimenBillLines)
              .innerJoin(specimenBarcodes, eq(specimenBarcodes.id, specimenBillLines.specimenId))
              .where(and(eq(specimenBillLines.billId, specimenBills.id), eq(specimenBarcodes.code, keyword))),
          ),
        )
      : undefined,
  );
  return pageOf(
    db.select({ n: count() }).from(specimenBills).where(where),
    billQuery(db, lang).where(where).orderBy(desc(specimenBills.id)),
    body,
    toRow,
  );
}

function billQuery(db: Executor, lang: Lang) {
  return db
    .select({
      bill: specimenBills,
      projectNo: projects.projectNo,
      projectName: localNameColumn(projects, lang),
      stockOutTypeName: localNameColumn(stockOutTypes, lang),
      returnsSample: stockOutTypes.returnsSample,
      reasonLabel: lang === 'en_US' ? dictData.enLabel : dictData.label,
      creatorName: creator.username,
      lines: sql<number>`(select count(*) from ${specimenBillLines} l where l.bill_id = ${specimenBills.id})::int`,
    })
    .from(specimenBills)
    .innerJoin(projects, eq(projects.id, specimenBills.projectId))
    .innerJoin(creator, eq(creator.id, specimenBills.createdBy))
    .leftJoin(stockOutTypes, eq(stockOutTypes.id, specimenBills.stockOutTypeId))
    .leftJoin(
      dictData,
      and(
        eq(dictData.value, specimenBills.reason),
        sql`${dictData.dictNo} = case when ${specimenBills.kind} = 'destroy' then 1018 else 1017 end`,
      ),
    );
}

type BillQueryRow = Awaited<ReturnType<ReturnType<typeof billQuery>['where']>>[number];

function toRow(r: BillQueryRow): BillRow {
  const b = r.bill;
  return {
    id: b.id,
    billNo: b.billNo,
    kind: b.kind as BillKind,
    status: b.status as BillState,
    projectId: b.projectId,
    projectNo: r.projectNo,
    projectName: r.projectName,
    stockOutTypeId: b.stockOutTypeId,
    stockOutTypeName: r.stockOutTypeName ?? null,
    returnsSample: r.returnsSample ?? false,
    reason: b.reason,
    reasonLabel: r.reasonLabel ?? b.reason,
    recipient: b.recipient,
    destination: b.destination,
    plannedAt: b.plannedAt,
    removedAt: b.removedAt,
    deviation: b.deviation,
    remark: b.remark,
    lines: r.lines,
    createdBy: b.createdBy,
    creatorName: r.creatorName,
    createdAt: b.createdAt.toISOString(),
    version: b.version,
  };
}

/** One bill of the family in the caller's projects (else not found: ids of other projects cannot be probed). */
export async function billOf(
  db: Executor,
  family: BillFamily,
  scope: SiteScope,
  id: number,
  lock = false,
): Promise<Bill> {
  const query = db
    .select()
    .from(specimenBills)
    .where(and(eq(specimenBills.id, id), inArray(specimenBills.kind, kindsOf(family)), projectScope(scope)));
  const [bill] = lock ? await query.for('update') : await query;
  if (!bill) throw notFound();
  return bill;
}

/** The lines of a bill in pick-list order: room, unit, rack, box, position; those not in the library last. */
export async function lineRows(
  db: Executor,
  bill: Pick<Bill, 'id' | 'kind' | 'status'>,
  lang: Lang,
  now: Date,
): Promise<BillLine[]> {
  const rows = await db
    .select({
      line: specimenBillLines,
      barcode: specimenBarcodes.code,
      library: specimenBarcodes.library,
      freezeThaw: specimenBarcodes.freezeThaw,
      volumeUl: specimenBarcodes.volumeUl,
      sampleTypeName: localNameColumn(sampleTypes, lang),
      position: specimenPositions,
      box: {
        id: storageBoxes.id,
        code: storageBoxes.code,
        cols: storageBoxes.cols,
        labels: storageBoxes.labels,
      },
      rack: storageRacks.code,
      unitName: storageUnits.name,
      roomName: storageRooms.name,
      returnBox: returnBox.code,
    })
    .from(specimenBillLines)
    .innerJoin(specimenBarcodes, eq(specimenBarcodes.id, specimenBillLines.specimenId))
    .leftJoin(sampleTypes, eq(sampleTypes.id, specimenBarcodes.sampleTypeId))
    .leftJoin(specimenPositions, eq(specimenPositions.specimenId, specimenBillLines.specimenId))
    .leftJoin(storageBoxes, eq(storageBoxes.id, specimenPositions.boxId))
    .leftJoin(storageRacks, eq(storageRacks.id, storageBoxes.rackId))
    .leftJoin(storageUnits, eq(storageUnits.id, storageBoxes.unitId))
    .leftJoin(storageRooms, eq(storageRooms.id, storageUnits.roomId))
    .leftJoin(returnBox, eq(returnBox.id, specimenBillLines.returnBoxId))
    .where(eq(specimenBillLines.billId, bill.id))
    .orderBy(
      sql`${storageRooms.code} nulls last`,
      asc(storageUnits.code),
      asc(storageRacks.slot),
      asc(storageBoxes.rackRow),
      asc(storageBoxes.rackCol),
      asc(storageBoxes.code),
      asc(specimenPositions.row),
      asc(specimenPositions.col),
      asc(specimenBarcodes.code),
    );
  const open = BILL_OPEN_STATES.includes(bill.status as BillState);
  const problems = open
    ? await lineProblems(
        db,
        bill,
        rows.map((r) => ({
          specimenId: r.line.specimenId,
          library: r.library as LibraryState,
          reservedElsewhere: !!r.position && r.position.status === 'reserved' && isLive(r.position, now),
        })),
        now,
      )
    : new Map();
  return rows.map((r) => {
    const stored = r.position?.status === 'stored' && r.box ? r.box : null;
    return {
      id: r.line.id,
      specimenId: r.line.specimenId,
      barcode: r.barcode,
      sampleTypeName: r.sampleTypeName ?? null,
      library: r.library as LibraryState,
      freezeThaw: r.freezeThaw,
      roomName: stored ? r.roomName : null,
      unitName: stored ? r.unitName : null,
      rack: stored ? r.rack : null,
      boxId: stored?.id ?? null,
      box: stored?.code ?? null,
      position:
        stored && r.position
          ? cellText({ cols: stored.cols, labels: stored.labels }, r.position.row, r.position.col) || null
          : null,
      whole: r.line.whole,
      quantityUl: r.line.quantityUl,
      volumeUl: r.volumeUl,
      problems: problems.get(r.line.specimenId) ?? [],
      scanned: r.line.scannedAt !== null,
      missingNote: r.line.missingNote,
      returnedAt: iso(r.line.returnedAt),
      returnBox: r.returnBox ?? null,
      returnPosition: r.line.returnPosition,
    };
  });
}

/** What the confirmation scan still lacks: lines neither scanned nor reconciled as missing, extras. */
export function scanStateOf(
  lines: Array<Pick<BillLine, 'id' | 'barcode' | 'box' | 'scanned' | 'missingNote'>>,
  extras: string[],
): ScanState {
  const live = lines.filter((l) => l.missingNote === null);
  return {
    lines: live.length,
    scanned: live.filter((l) => l.scanned).length,
    missing: live.filter((l) => !l.scanned).map((l) => ({ lineId: l.id, barcode: l.barcode, box: l.box })),
    extras,
  };
}

export async function billDetail(db: Executor, bill: Bill, lang: Lang, now: Date): Promise<BillDetail> {
  const [head] = await billQuery(db, lang).where(eq(specimenBills.id, bill.id));
  if (!head) throw notFound();
  const lines = await lineRows(db, bill, lang, now);
  const signatures = await signaturesOf(db, 'specimenBill', bill.id);
  const authorisers = await db
    .select({
      userId: specimenBillAuthorisations.userId,
      name: users.username,
      qa: specimenBillAuthorisations.qa,
    })
    .from(specimenBillAuthorisations)
    .innerJoin(users, eq(users.id, specimenBillAuthorisations.userId))
    .where(eq(specimenBillAuthorisations.billId, bill.id))
    .orderBy(asc(specimenBillAuthorisations.step));
  const witnessName =
    bill.kind === 'destroy' ? ((await witnessNames(db, [bill.id])).get(bill.id) ?? null) : null;
  const events = await eventsOf(db, bill.kind === 'destroy' ? 'destroyBill' : 'outboundBill', bill.id);
  return {
    ...toRow(head),
    lineRows: lines,
    scan: scanStateOf(lines, bill.extras),
    signatures,
    authorisers,
    method: (bill.method as DestroyMethod | null) ?? null,
    certificate: bill.certificate,
    receiverName: bill.receiverName,
    witnessName,
    confirmedAt: iso(bill.confirmedAt),
    events: events.map((e) => ({
      action: e.action,
      fromState: e.fromState,
      toState: e.toState,
      username: e.username,
      at: e.at,
      reason: e.reason,
    })),
  };
}
