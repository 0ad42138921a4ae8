// One timeline per specimen and per box (docs/library.md "Custody log and timelines"): the story told
// by every record that touched it, gathered in one place. Each source is one function reading one
// kind of record and answering drafts; `SPECIMEN_SOURCES` and `BOX_SOURCES` list them, so a later
// part (supply, billing, reports) adds its records by adding one function to a list. The gatherer
// names the people in one query and orders everything by time (ties keep the sources' order).
import {
  auditActionWord,
  auditFieldWord,
  auditVerbWord,
  BATCH_EDIT_FIELDS,
  CUSTODY_ACTION_WORDS,
  type CustodyAction,
  DESTROY_METHOD_WORDS,
  endpoints,
  type Lang,
  libraryWord,
  localName,
  MAINTENANCE_KIND_WORDS,
  stateWord,
  type TimelineEvent,
  type TimelineKind,
  workflowById,
} from '@trialab/api-contract';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { auditLog, files, sampleTypes, sites, users } from '../../db/schema.js';
import {
  labReports,
  labSubjects,
  labTestOrders,
  receiptImages,
  receiptSamples,
  receipts,
} from '../../db/schema-lab.js';
import { custodyEvents, type storageBoxes } from '../../db/schema-library.js';
import { specimenBillLines, specimenBills } from '../../db/schema-library-bills.js';
import { libraryCustodyChecks } from '../../db/schema-library-custody.js';
import { unitMaintenanceTasks } from '../../db/schema-library-maintenance.js';
import { portalEvents, sampleTransports } from '../../db/schema-portal.js';
import { specimenBarcodes, tempStorageContainers, tempStorageLogs } from '../../db/schema-specimen.js';
import { t } from '../../lib/i18n.js';
import type { SiteScope } from '../../lib/scope.js';
import { scopeWhere } from '../../lib/scope.js';
import { witnessNames } from '../bills/witness.js';
import { type PlaceLabel, placeLabels } from './places.js';

/** An event as a source answers it: the person by id (named once for all), files by id. */
export interface Draft {
  at: Date;
  kind: TimelineKind;
  title: string;
  detail?: string | null;
  userId: number | null;
  reference?: string | null;
  fileIds?: readonly number[];
}

/** The specimen a timeline is about (its row of specimen_barcodes). */
export type TimelineSpecimen = typeof specimenBarcodes.$inferSelect;

export interface SourceContext {
  db: Executor;
  lang: Lang;
  scope: SiteScope;
}

export type SpecimenSource = (ctx: SourceContext, specimen: TimelineSpecimen) => Promise<Draft[]>;
export type BoxSource = (ctx: SourceContext, box: typeof storageBoxes.$inferSelect) => Promise<Draft[]>;

const words = (lang: Lang) => lang.replace('_', '-');
const dash = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? '—' : String(value);
const joined = (...parts: Array<string | null | undefined>) => parts.filter(Boolean).join('；') || null;

/** A custody action in words (past participle). */
export const custodyWord = (action: string, lang: Lang) =>
  libraryWord(CUSTODY_ACTION_WORDS, action as CustodyAction, words(lang));

/** Collection: the barcode labelled at the site for its subject and visit (an aliquot: its parent). */
const collection: SpecimenSource = async ({ db, lang }, s) => {
  if (s.parentId !== null) {
    const [parent] = await db
      .select({ code: specimenBarcodes.code })
      .from(specimenBarcodes)
      .where(eq(specimenBarcodes.id, s.parentId));
    return [
      {
        at: s.createdAt,
        kind: 'aliquot',
        title: t(lang, 'tlAliquotOf', { parent: parent?.code ?? '—' }),
        userId: s.createdBy,
      },
    ];
  }
  const [where] = await db
    .select({ site: sites.centerNo, subject: labSubjects.subjectNo })
    .from(specimenBarcodes)
    .leftJoin(sites, eq(sites.id, specimenBarcodes.siteId))
    .leftJoin(labSubjects, eq(labSubjects.id, specimenBarcodes.subjectId))
    .where(eq(specimenBarcodes.id, s.id));
  return [
    {
      at: s.createdAt,
      kind: 'collection',
      title: t(lang, 'tlLabelled'),
      detail: t(lang, 'tlLabelledDetail', {
        site: dash(where?.site),
        subject: dash(where?.subject),
        visit: dash(s.visit),
      }),
      userId: s.createdBy,
    },
  ];
};

/** Shipment: the portal's sample transport it came in, booked and dispatched, with its attachments. */
const shipment: SpecimenSource = async ({ db, lang }, s) => {
  if (s.transportId === null) return [];
  const [row] = await db.select().from(sampleTransports).where(eq(sampleTransports.id, s.transportId));
  if (!row) return [];
  const out: Draft[] = [
    {
      at: row.createdAt,
      kind: 'shipment',
      title: t(lang, 'tlShipmentBooked'),
      userId: row.createdBy,
      reference: row.orderNo,
      fileIds: row.attachmentFileIds,
    },
  ];
  if (row.dispatchTime)
    out.push({
      at: row.dispatchTime,
      kind: 'shipment',
      title: t(lang, 'tlShipmentDispatched'),
      detail: row.expressNo
        ? t(lang, 'tlShipmentDispatchedDetail', { courier: dash(row.courier), expressNo: row.expressNo })
        : null,
      userId: row.dispatcherId,
      reference: row.orderNo,
      fileIds: row.temperatureFileIds,
    });
  return out;
};

/** Receipt: the lab's sign-off of its shipment line, with the cold-chain reading and the captured images. */
const receipt: SpecimenSource = async ({ db, lang }, s) => {
  if (s.transportId === null) return [];
  const [signed] = await db
    .select({ receipt: receipts, orderNo: sampleTransports.orderNo })
    .from(receipts)
    .innerJoin(sampleTransports, eq(sampleTransports.id, receipts.transportId))
    .where(eq(receipts.transportId, s.transportId));
  if (!signed) return [];
  const [line] =
    s.transportItemId === null
      ? []
      : await db.select().from(receiptSamples).where(eq(receiptSamples.itemId, s.transportItemId));
  const images = await db
    .select({ fileId: receiptImages.fileId })
    .from(receiptImages)
    .where(eq(receiptImages.transportId, s.transportId))
    .orderBy(asc(receiptImages.id));
  const reading =
    line?.temperatureCelsius === null || line?.temperatureCelsius === undefined
      ? t(lang, 'tlNoReading')
      : t(lang, 'tlReading', {
          reading: line.temperatureCelsius,
          range: dash(line.temperatureRange),
          verdict: t(lang, line.temperatureBreach ? 'tlReadingBreach' : 'tlReadingWithin'),
        });
  return [
    {
      at: line?.receivedAt ?? signed.receipt.receivedAt,
      kind: 'receipt',
      title: t(lang, line?.state === 'exception' ? 'tlReceivedException' : 'tlReceived'),
      detail: joined(reading, line?.remark ?? signed.receipt.remark),
      userId: line?.receivedBy ?? signed.receipt.receivedBy,
      reference: signed.orderNo,
      fileIds: images.map((i) => i.fileId),
    },
  ];
};

/** The bench: signed for, and in and out of temporary storage (its device log). */
const bench: SpecimenSource = async ({ db, lang }, s) => {
  const out: Draft[] = [];
  if (s.signedAt) out.push({ at: s.signedAt, kind: 'bench', title: t(lang, 'tlSigned'), userId: s.signedBy });
  const logs = await db
    .select({ log: tempStorageLogs, container: tempStorageContainers.code })
    .from(tempStorageLogs)
    .leftJoin(tempStorageContainers, eq(tempStorageContainers.id, tempStorageLogs.containerId))
    .where(and(eq(tempStorageLogs.barcodeId, s.id), inArray(tempStorageLogs.action, ['in', 'out'])))
    .orderBy(asc(tempStorageLogs.id));
  for (const { log, container } of logs)
    out.push({
      at: log.at,
      kind: 'bench',
      title: t(lang, log.action === 'in' ? 'tlBenchIn' : 'tlBenchOut'),
      detail: joined(
        [container, log.position].filter(Boolean).join(' / ') || null,
        log.reason ? t(lang, 'tlReason', { reason: log.reason }) : null,
      ),
      userId: log.userId,
    });
  return out;
};

/** Tests: the test order naming the barcode (requisition form) and the reports on it. */
const tests: SpecimenSource = async ({ db, lang }, s) => {
  const out: Draft[] = [];
  const orders = await db.select().from(labTestOrders).where(eq(labTestOrders.barcode, s.code));
  const orderFlow = workflowById('testOrder');
  for (const o of orders) {
    out.push({
      at: o.createdAt,
      kind: 'test',
      title: t(lang, 'tlTestOrdered', { count: o.testItemIds.length }),
      userId: o.createdBy,
      fileIds: o.requisitionFileIds,
    });
    if (o.reviewedAt && orderFlow)
      out.push({
        at: o.reviewedAt,
        kind: 'test',
        title: t(lang, 'tlTestReviewed', { state: stateWord(orderFlow, o.status, words(lang)) }),
        detail: o.reviewReason ? t(lang, 'tlReason', { reason: o.reviewReason }) : null,
        userId: o.reviewedBy,
      });
  }
  if (s.subjectId === null) return out;
  const reports = await db
    .select()
    .from(labReports)
    .where(and(eq(labReports.subjectId, s.subjectId), eq(labReports.barcode, s.code)))
    .orderBy(asc(labReports.id));
  for (const r of reports) {
    const reference = r.revision > 0 ? `${r.reportNo}-R${r.revision}` : r.reportNo;
    out.push({
      at: r.createdAt,
      kind: 'test',
      title: t(lang, 'tlResultsEntered'),
      userId: r.createdBy,
      reference,
    });
    if (r.releasedAt)
      out.push({
        at: r.releasedAt,
        kind: 'test',
        title: t(lang, 'tlReportReleased'),
        userId: r.releasedBy,
        reference,
        fileIds: r.pdfFileId !== null && r.status !== 'returned' ? [r.pdfFileId] : [],
      });
  }
  return out;
};

/** Aliquoting: the sub-barcodes made from it, one event per making. */
const aliquots: SpecimenSource = async ({ db, lang }, s) => {
  const children = await db
    .select({ code: specimenBarcodes.code, at: specimenBarcodes.createdAt, by: specimenBarcodes.createdBy })
    .from(specimenBarcodes)
    .where(eq(specimenBarcodes.parentId, s.id))
    .orderBy(asc(specimenBarcodes.suffix));
  const made = new Map<string, { at: Date; by: number; codes: string[] }>();
  for (const c of children) {
    const key = `${c.at.getTime()}:${c.by}`;
    const group = made.get(key) ?? { at: c.at, by: c.by, codes: [] };
    group.codes.push(c.code);
    made.set(key, group);
  }
  return [...made.values()].map((g) => ({
    at: g.at,
    kind: 'aliquot' as const,
    title: t(lang, 'tlAliquoted', { codes: g.codes.join(', ') }),
    userId: g.by,
  }));
};

/** The bills a custody event of a bill names (`bill:<no>`), read once per timeline. */
async function billsByNo(db: Executor, numbers: string[]) {
  if (numbers.length === 0) return new Map<string, typeof specimenBills.$inferSelect>();
  const rows = await db.select().from(specimenBills).where(inArray(specimenBills.billNo, numbers));
  return new Map(rows.map((b) => [b.billNo, b]));
}

/** The number a custody reference names (`bill:CK…`, `move:MV…`, `scan-import:file`); `demo` as it is. */
export const referenceText = (reference: string | null) =>
  reference === null ? null : reference.replace(/^(bill|move|scan-import|reservation):/, '');

/**
 * Storage: the custody log, each event from where to where, with the freeze-thaw count after a
 * return, the handover of an outbound and the method, certificate and witness of a destruction.
 */
const storage: SpecimenSource = async ({ db, lang }, s) => {
  const events = await db
    .select()
    .from(custodyEvents)
    .where(eq(custodyEvents.specimenId, s.id))
    .orderBy(asc(custodyEvents.id));
  if (events.length === 0) return [];
  const place = await placeLabels(
    db,
    events.flatMap((e) => [e.fromBoxId, e.toBoxId]),
    events.flatMap((e) => [e.fromUnitId, e.toUnitId]),
  );
  const bills = await billsByNo(
    db,
    events.flatMap((e) => (e.reference?.startsWith('bill:') ? [e.reference.slice(5)] : [])),
  );
  const witnesses = await witnessNames(
    db,
    [...bills.values()].map((b) => b.id),
  );
  let thawed = 0;
  return events.map((e) => {
    if (e.action === 'return') thawed += 1;
    const bill = e.reference?.startsWith('bill:') ? bills.get(e.reference.slice(5)) : undefined;
    const handover =
      bill && e.action === 'outbound' && (bill.receiverName || bill.recipient)
        ? t(lang, 'tlHandedTo', {
            receiver: dash(bill.receiverName ?? bill.recipient),
            destination: dash(bill.destination),
          })
        : null;
    const destroyed =
      bill && e.action === 'destroy'
        ? t(lang, 'tlDestroyedBy', {
            method: bill.method ? libraryWord(DESTROY_METHOD_WORDS, bill.method, lang) : '—',
            certificate: dash(bill.certificate),
            witness: dash(witnesses.get(bill.id)),
          })
        : null;
    return {
      at: e.at,
      kind: 'storage' as const,
      title: custodyWord(e.action, lang),
      detail: joined(
        t(lang, 'tlFromTo', {
          from: placeOr(place, lang, e.fromUnitId, e.fromBoxId, e.fromPosition),
          to: placeOr(place, lang, e.toUnitId, e.toBoxId, e.toPosition),
        }),
        e.action === 'return' ? t(lang, 'tlFreezeThaw', { count: thawed }) : null,
        handover,
        destroyed,
        e.reason && !destroyed ? t(lang, 'tlReason', { reason: e.reason }) : null,
      ),
      userId: e.userId,
      reference: referenceText(e.reference),
    };
  });
};

const placeOr = (
  place: PlaceLabel,
  lang: Lang,
  unitId: number | null,
  boxId: number | null,
  position: string | null,
) => place(unitId, boxId, position) ?? t(lang, 'tlOutside');

/** Bills: put on a bill, and each step of its workflow (submitted, approved, confirmed, rejected…). */
const bills: SpecimenSource = async ({ db, lang }, s) => {
  const rows = await db
    .select({ bill: specimenBills })
    .from(specimenBillLines)
    .innerJoin(specimenBills, eq(specimenBills.id, specimenBillLines.billId))
    .where(eq(specimenBillLines.specimenId, s.id));
  if (rows.length === 0) return [];
  const flows = rows.map(({ bill }) => ({
    bill,
    flow: bill.kind === 'destroy' ? 'destroyBill' : 'outboundBill',
  }));
  const steps = await db
    .select()
    .from(portalEvents)
    .where(
      or(
        ...flows.map(({ bill, flow }) =>
          and(eq(portalEvents.workflow, flow), eq(portalEvents.recordId, bill.id)),
        ),
      ),
    )
    .orderBy(asc(portalEvents.id));
  const out: Draft[] = [];
  for (const { bill, flow } of flows) {
    const kind = t(lang, bill.kind === 'destroy' ? 'tlDestroyBill' : 'tlOutboundBill');
    out.push({
      at: bill.createdAt,
      kind: 'bill',
      title: t(lang, 'tlOnBill', { kind, billNo: bill.billNo }),
      userId: bill.createdBy,
      reference: bill.billNo,
    });
    const workflow = workflowById(flow);
    for (const step of steps.filter((e) => e.workflow === flow && e.recordId === bill.id))
      out.push({
        at: step.at,
        kind: 'bill',
        title: t(lang, 'tlBillStep', {
          kind,
          billNo: bill.billNo,
          step: auditVerbWord(step.action, words(lang)) ?? step.action,
          state: workflow ? stateWord(workflow, step.toState, words(lang)) : step.toState,
        }),
        detail: step.reason ? t(lang, 'tlReason', { reason: step.reason }) : null,
        userId: step.userId,
        reference: bill.billNo,
      });
  }
  // The handover's identity check (receiver or witness): the result kept, and the signed form's image.
  const checks = await db
    .select()
    .from(libraryCustodyChecks)
    .where(
      inArray(
        libraryCustodyChecks.billId,
        flows.map(({ bill }) => bill.id),
      ),
    );
  for (const check of checks) {
    const bill = flows.find((f) => f.bill.id === check.billId)?.bill;
    if (!bill) continue;
    const scored =
      check.score === null
        ? null
        : t(lang, 'tlIdentityScore', { score: check.score, threshold: dash(check.threshold) });
    out.push({
      at: check.recordedAt,
      kind: 'bill',
      title: t(lang, check.role === 'witness' ? 'tlWitnessIdentified' : 'tlReceiverIdentified', {
        name: check.personName,
        billNo: bill.billNo,
      }),
      detail: joined(
        t(lang, `tlIdentity_${check.method}` as 'tlIdentity_password'),
        scored,
        check.cardNoMasked ? t(lang, 'tlIdentityCard', { card: check.cardNoMasked }) : null,
        check.deviceType
          ? t(lang, 'tlIdentityDevice', { device: dash(check.deviceId ?? check.deviceType) })
          : null,
      ),
      userId: check.recordedBy,
      reference: bill.billNo,
      fileIds: check.formFileId === null ? [] : [check.formFileId],
    });
  }
  return out;
};

/** A record's own entries in the audit trail, in words (but those `told` already tells, by action and time). */
async function auditDrafts(
  db: Executor,
  lang: Lang,
  entity: string,
  id: number,
  told: (action: string, at: Date) => boolean = () => false,
): Promise<Draft[]> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(id))))
    .orderBy(asc(auditLog.id));
  return rows
    .filter((r) => !told(r.action, r.at))
    .map((r) => ({
      at: r.at,
      kind: 'record' as const,
      title: auditActionWord(r.action, words(lang)),
      detail: r.reason ? t(lang, 'tlReason', { reason: r.reason }) : null,
      userId: r.userId,
    }));
}

/** The audit action of a batch correction of the record (told by `corrections`, with its values). */
const BATCH_EDIT = endpoints.libraryBatchEdit.apply.id;

/** The audit trail of the barcode's own record (links changed, holds set and lifted, …). */
const records: SpecimenSource = ({ db, lang }, s) =>
  auditDrafts(db, lang, 'specimenBarcode', s.id, (action) => action === BATCH_EDIT);

/** Batch corrections of the record: each changed field before → after (sample types named), and why. */
const corrections: SpecimenSource = async ({ db, lang }, s) => {
  const rows = await db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, 'specimenBarcode'),
        eq(auditLog.entityId, String(s.id)),
        eq(auditLog.action, BATCH_EDIT),
      ),
    )
    .orderBy(asc(auditLog.id));
  if (rows.length === 0) return [];
  const values = (v: unknown) => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});
  const typeIds = rows.flatMap((r) =>
    [values(r.oldValue).sampleTypeId, values(r.newValue).sampleTypeId].filter(
      (x): x is number => typeof x === 'number',
    ),
  );
  const types = typeIds.length
    ? await db
        .select({ id: sampleTypes.id, name: sampleTypes.name, enName: sampleTypes.enName })
        .from(sampleTypes)
        .where(inArray(sampleTypes.id, typeIds))
    : [];
  const shown = (field: string, value: unknown) => {
    if (field === 'sampleTypeId') {
      const type = types.find((x) => x.id === value);
      return type ? localName(type, lang) : dash(null);
    }
    return dash(value as string | number | null);
  };
  return rows.map((r) => {
    const before = values(r.oldValue);
    const after = values(r.newValue);
    // In the page's order of fields (a jsonb value keeps its keys in its own order).
    const changes = BATCH_EDIT_FIELDS.filter((field) => field in after).map((field) =>
      t(lang, 'tlCorrectedField', {
        field: auditFieldWord(field, words(lang)),
        before: shown(field, before[field]),
        after: shown(field, after[field]),
      }),
    );
    return {
      at: r.at,
      kind: 'record' as const,
      title: t(lang, 'tlCorrected'),
      detail: joined(...changes, r.reason ? t(lang, 'tlReason', { reason: r.reason }) : null),
      userId: r.userId,
    };
  });
};

/** Every source of a specimen's story, in the order ties at one instant are told. */
export const SPECIMEN_SOURCES: Readonly<Record<string, SpecimenSource>> = {
  collection,
  shipment,
  receipt,
  bench,
  tests,
  aliquots,
  bills,
  storage,
  records,
  corrections,
};

/** Box: created where it is kept (the unit and slot it was first in is the first custody event's, or now). */
const boxCreated: BoxSource = async ({ db, lang }, box) => {
  const place = await placeLabels(db, [box.id], [box.unitId]);
  return [
    {
      at: box.createdAt,
      kind: 'box',
      title: t(lang, 'tlBoxCreated', { place: place(box.unitId, box.id, null) ?? box.code }),
      userId: box.createdBy,
    },
  ];
};

/** The box's tubes in and out (custody events of the caller's projects), one event per batch. */
const boxTubes: BoxSource = async ({ db, lang, scope }, box) => {
  const rows = await db
    .select({ event: custodyEvents, code: specimenBarcodes.code })
    .from(custodyEvents)
    .innerJoin(specimenBarcodes, eq(specimenBarcodes.id, custodyEvents.specimenId))
    .where(
      and(
        or(eq(custodyEvents.fromBoxId, box.id), eq(custodyEvents.toBoxId, box.id)),
        scopeWhere(scope, specimenBarcodes.projectId, specimenBarcodes.siteId),
      ),
    )
    .orderBy(asc(custodyEvents.id));
  const place = await placeLabels(
    db,
    rows.flatMap((r) => [r.event.fromBoxId, r.event.toBoxId]),
    rows.flatMap((r) => [r.event.fromUnitId, r.event.toUnitId]),
  );
  const batches = new Map<string, typeof rows>();
  for (const r of rows) {
    const key = `${r.event.batchId}:${r.event.action}:${r.event.toBoxId === box.id ? 'in' : 'out'}`;
    batches.set(key, [...(batches.get(key) ?? []), r]);
  }
  return [...batches.values()].map((batch) => {
    const first = batch[0] as (typeof rows)[number];
    const e = first.event;
    const action = custodyWord(e.action, lang);
    if (e.action === 'boxMove')
      return {
        at: e.at,
        kind: 'box' as const,
        title: t(lang, 'tlBoxMoved', { count: batch.length }),
        detail: joined(
          t(lang, 'tlFromTo', {
            from: placeOr(place, lang, e.fromUnitId, null, null),
            to: placeOr(place, lang, e.toUnitId, null, null),
          }),
          e.reason ? t(lang, 'tlReason', { reason: e.reason }) : null,
        ),
        userId: e.userId,
        reference: referenceText(e.reference),
      };
    const entered = e.toBoxId === box.id;
    const title =
      batch.length === 1
        ? t(lang, entered ? 'tlTubeIn' : 'tlTubeOut', {
            code: first.code,
            action,
            position: dash(entered ? e.toPosition : e.fromPosition),
          })
        : t(lang, 'tlTubes', { action, count: batch.length });
    const cells = batch
      .map((r) => `${r.code} ${dash(entered ? r.event.toPosition : r.event.fromPosition)}`)
      .join(', ');
    return {
      at: e.at,
      kind: 'storage' as const,
      title,
      detail: joined(
        batch.length > 1 ? cells : null,
        e.reason ? t(lang, 'tlReason', { reason: e.reason }) : null,
      ),
      userId: e.userId,
      reference: referenceText(e.reference),
    };
  });
};

/** The box's own record in the audit trail (moved, resized, restricted, cells blocked, scanned in). */
const boxRecords: BoxSource = async ({ db, lang }, box) => {
  // A move of a box holding tubes is told by its custody events (boxTubes, with from and to).
  const moved = new Set(
    (
      await db
        .selectDistinct({ at: custodyEvents.at })
        .from(custodyEvents)
        .where(and(eq(custodyEvents.toBoxId, box.id), eq(custodyEvents.action, 'boxMove')))
    ).map((r) => r.at.getTime()),
  );
  return auditDrafts(
    db,
    lang,
    'storageBox',
    box.id,
    (action, at) => action === 'library.boxMove' && moved.has(at.getTime()),
  );
};

/** Maintenance done on the units the box was in, while it was there. */
const boxMaintenance: BoxSource = async ({ db, lang }, box) => {
  const stays = await db
    .select({ unitId: custodyEvents.toUnitId, at: sql<Date>`min(${custodyEvents.at})` })
    .from(custodyEvents)
    .where(and(eq(custodyEvents.toBoxId, box.id), eq(custodyEvents.action, 'boxMove')))
    .groupBy(custodyEvents.toUnitId);
  const unitIds = [...new Set([box.unitId, ...stays.flatMap((s) => (s.unitId === null ? [] : [s.unitId]))])];
  const tasks = await db
    .select()
    .from(unitMaintenanceTasks)
    .where(
      and(inArray(unitMaintenanceTasks.unitId, unitIds), sql`${unitMaintenanceTasks.doneAt} is not null`),
    )
    .orderBy(asc(unitMaintenanceTasks.doneAt));
  const place = await placeLabels(db, [], unitIds);
  return tasks
    .filter((task) => task.doneAt && task.doneAt >= box.createdAt)
    .map((task) => ({
      at: task.doneAt as Date,
      kind: 'maintenance' as const,
      title: t(lang, 'tlMaintenance', {
        unit: place(task.unitId, null, null) ?? '—',
        kind: libraryWord(MAINTENANCE_KIND_WORDS, task.kind as 'defrost', words(lang)),
      }),
      detail: task.doneRemark,
      userId: task.doneBy,
    }));
};

/** Every source of a box's story. */
export const BOX_SOURCES: Readonly<Record<string, BoxSource>> = {
  boxCreated,
  boxRecords,
  boxTubes,
  boxMaintenance,
};

async function userNames(db: Executor, ids: ReadonlyArray<number | null>): Promise<Map<number, string>> {
  const keys = [...new Set(ids.filter((id): id is number => id !== null))];
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.username })
    .from(users)
    .where(inArray(users.id, keys));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The drafts of every source, ordered by time (stable: ties keep the sources' order), with names and files. */
async function tell(db: Executor, drafts: Draft[][]): Promise<TimelineEvent[]> {
  const all = drafts.flat().sort((a, b) => a.at.getTime() - b.at.getTime());
  const names = await userNames(
    db,
    all.map((d) => d.userId),
  );
  const fileIds = [...new Set(all.flatMap((d) => d.fileIds ?? []))];
  const named =
    fileIds.length === 0
      ? new Map<number, string>()
      : new Map(
          (
            await db.select({ id: files.id, name: files.name }).from(files).where(inArray(files.id, fileIds))
          ).map((f) => [f.id, f.name]),
        );
  return all.map((d) => ({
    at: d.at.toISOString(),
    kind: d.kind,
    title: d.title,
    detail: d.detail ?? null,
    who: d.userId === null ? null : (names.get(d.userId) ?? null),
    reference: d.reference ?? null,
    files: (d.fileIds ?? []).flatMap((id) => {
      const name = named.get(id);
      return name === undefined ? [] : [{ id, name }];
    }),
  }));
}

/** Runs the sources one after another (one connection; a transaction answers one query at a time). */
async function gather<T>(
  sources: Readonly<Record<string, (ctx: SourceContext, of: T) => Promise<Draft[]>>>,
  ctx: SourceContext,
  of: T,
) {
  const drafts: Draft[][] = [];
  for (const source of Object.values(sources)) drafts.push(await source(ctx, of));
  return tell(ctx.db, drafts);
}

/** A specimen's timeline from every source. */
export const specimenEvents = (ctx: SourceContext, specimen: TimelineSpecimen): Promise<TimelineEvent[]> =>
  gather(SPECIMEN_SOURCES, ctx, specimen);

/** A box's timeline from every source. */
export const boxEvents = (
  ctx: SourceContext,
  box: typeof storageBoxes.$inferSelect,
): Promise<TimelineEvent[]> => gather(BOX_SOURCES, ctx, box);
