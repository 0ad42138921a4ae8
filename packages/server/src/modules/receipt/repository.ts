import {
  type Lang,
  RECEIPT_EXCEPTION_DICT,
  type ReceiptDetail,
  type ReceiptShipment,
  ResultCode,
} from '@trialab/api-contract';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import {
  dictData,
  files,
  planVisitSamples,
  projectPlans,
  projects,
  sampleTypes,
  sites,
  temperatures,
  users,
  visitPoints,
} from '../../db/schema.js';
import { receiptImages, receiptSamples, receipts } from '../../db/schema-lab.js';
import { clarificationQueries, sampleTransportItems, sampleTransports } from '../../db/schema-portal.js';
import { ApiError, notFound } from '../../lib/errors.js';
import { localNameColumn, localUnitColumn } from '../../lib/local-name.js';
import { pageOf } from '../../lib/paging.js';
import { assertInScope, type SiteScope, scopeWhere } from '../../lib/scope.js';
import { containsAny } from '../../lib/search.js';
import { versionedBump } from '../../lib/versioned.js';

const signer = alias(users, 'signer');

/** Shipments the receipt desk works with: on their way (picked up) or signed off. */
const RECEIPT_STATES = ['picked_up', 'signed'] as const;

function shipmentQuery(db: Executor, lang: Lang) {
  return db
    .select({
      id: sampleTransports.id,
      orderNo: sampleTransports.orderNo,
      expressNo: sampleTransports.expressNo,
      courier: sampleTransports.courier,
      status: sampleTransports.status,
      projectId: sampleTransports.projectId,
      projectNo: projects.projectNo,
      projectName: localNameColumn(projects, lang),
      siteId: sampleTransports.siteId,
      centerNo: sites.centerNo,
      siteName: sites.name,
      temperatureName: localNameColumn(temperatures, lang),
      coldChain: sampleTransports.coldChain,
      bookSendTime: sampleTransports.bookSendTime,
      dispatchTime: sampleTransports.dispatchTime,
      signerName: signer.username,
      signedAt: sampleTransports.signedAt,
      receiptRemark: receipts.remark,
      version: sampleTransports.version,
    })
    .from(sampleTransports)
    .innerJoin(projects, eq(projects.id, sampleTransports.projectId))
    .innerJoin(sites, eq(sites.id, sampleTransports.siteId))
    .innerJoin(temperatures, eq(temperatures.id, sampleTransports.temperatureId))
    .leftJoin(signer, eq(signer.id, sampleTransports.signerId))
    .leftJoin(receipts, eq(receipts.transportId, sampleTransports.id));
}

type Raw = Awaited<ReturnType<typeof shipmentQuery>>[number];

function toShipment(raw: Raw): ReceiptShipment {
  return {
    ...raw,
    status: raw.status as ReceiptShipment['status'],
    bookSendTime: raw.bookSendTime.toISOString(),
    dispatchTime: raw.dispatchTime?.toISOString() ?? null,
    signedAt: raw.signedAt?.toISOString() ?? null,
  };
}

export async function pageShipments(
  db: Executor,
  scope: SiteScope,
  filter: { keyword?: string | undefined; status?: 'picked_up' | 'signed' | undefined },
  page: number,
  size: number,
  lang: Lang,
): Promise<{ rows: ReceiptShipment[]; total: number }> {
  const where = and(
    scopeWhere(scope, sampleTransports.projectId, sampleTransports.siteId),
    filter.status
      ? eq(sampleTransports.status, filter.status)
      : inArray(sampleTransports.status, [...RECEIPT_STATES]),
    containsAny([sampleTransports.expressNo, sampleTransports.orderNo, projects.projectNo], filter.keyword),
  );
  return pageOf(
    db
      .select({ n: count() })
      .from(sampleTransports)
      .innerJoin(projects, eq(projects.id, sampleTransports.projectId))
      .where(where),
    shipmentQuery(db, lang)
      .where(where)
      .orderBy(asc(sampleTransports.status), desc(sampleTransports.dispatchTime), desc(sampleTransports.id)),
    { page, size },
    toShipment,
  );
}

/** A shipment by id, or by exact waybill or order number (case-insensitive), without scope checks. */
export async function findShipment(
  db: Executor,
  by: { id: number } | { keyword: string },
  lang: Lang,
): Promise<ReceiptShipment | undefined> {
  const condition: SQL | undefined =
    'id' in by
      ? eq(sampleTransports.id, by.id)
      : or(
          ilike(sampleTransports.expressNo, by.keyword.replace(/[\\%_]/g, '\\$&')),
          ilike(sampleTransports.orderNo, by.keyword.replace(/[\\%_]/g, '\\$&')),
        );
  const [row] = await shipmentQuery(db, lang).where(condition).orderBy(desc(sampleTransports.id)).limit(1);
  return row ? toShipment(row) : undefined;
}

export async function shipmentDetail(
  db: Executor,
  shipment: ReceiptShipment,
  lang: Lang,
): Promise<ReceiptDetail> {
  const samples = await db
    .select({
      itemId: sampleTransportItems.id,
      sampleTypeName: localNameColumn(sampleTypes, lang),
      temperatureName: localNameColumn(temperatures, lang),
      quantity: sampleTransportItems.quantity,
      unit: localUnitColumn(sampleTransportItems.unit, lang),
      state: receiptSamples.state,
      receivedQuantity: receiptSamples.receivedQuantity,
      exceptionReason: receiptSamples.exceptionReason,
      remark: receiptSamples.remark,
      temperatureCelsius: receiptSamples.temperatureCelsius,
      temperatureRange: receiptSamples.temperatureRange,
      temperatureBreach: receiptSamples.temperatureBreach,
      queryNo: clarificationQueries.queryNo,
      kitLotNo: receiptSamples.kitLotNo,
      kitExpiry: receiptSamples.kitExpiry,
      collectedOn: receiptSamples.collectedOn,
      kitExpired: receiptSamples.kitExpired,
    })
    .from(sampleTransportItems)
    .innerJoin(sampleTypes, eq(sampleTypes.id, sampleTransportItems.sampleTypeId))
    .innerJoin(temperatures, eq(temperatures.id, sampleTransportItems.temperatureId))
    .leftJoin(receiptSamples, eq(receiptSamples.itemId, sampleTransportItems.id))
    .leftJoin(clarificationQueries, eq(clarificationQueries.id, receiptSamples.queryId))
    .where(eq(sampleTransportItems.transportId, shipment.id))
    .orderBy(asc(sampleTransportItems.sort), asc(sampleTransportItems.id));
  const images = await imagesOf(db, shipment.id);
  return {
    ...shipment,
    samples: samples.map((s) => ({
      ...s,
      state: s.state === 'received' || s.state === 'exception' ? s.state : 'awaiting',
      receivedQuantity: s.receivedQuantity ?? null,
      exceptionReason: s.exceptionReason ?? null,
      remark: s.remark ?? null,
      temperatureCelsius: s.temperatureCelsius ?? null,
      temperatureRange: s.temperatureRange ?? null,
      temperatureBreach: s.temperatureBreach ?? false,
      kitLotNo: s.kitLotNo ?? null,
      kitExpiry: s.kitExpiry ?? null,
      collectedOn: s.collectedOn ?? null,
      kitExpired: s.kitExpired ?? false,
    })),
    images,
  };
}

function imageKind(kind: string): 'waybill' | 'temperature' | 'other' {
  return kind === 'waybill' || kind === 'temperature' ? kind : 'other';
}

export async function imagesOf(db: Executor, transportId: number, imageId?: number) {
  const rows = await db
    .select({
      id: receiptImages.id,
      fileId: receiptImages.fileId,
      kind: receiptImages.kind,
      name: files.name,
      capturedBy: users.username,
      capturedAt: receiptImages.capturedAt,
    })
    .from(receiptImages)
    .innerJoin(files, eq(files.id, receiptImages.fileId))
    .leftJoin(users, eq(users.id, receiptImages.capturedBy))
    .where(
      and(
        eq(receiptImages.transportId, transportId),
        imageId === undefined ? undefined : eq(receiptImages.id, imageId),
      ),
    )
    .orderBy(asc(receiptImages.id));
  return rows.map((r) => ({
    ...r,
    kind: imageKind(r.kind),
    capturedBy: r.capturedBy ?? null,
    capturedAt: r.capturedAt.toISOString(),
  }));
}

/** The shipment, refused as missing when there is none and as out of scope when the caller may not see it. */
export async function shipmentInScope(
  db: Executor,
  scope: SiteScope,
  by: { id: number } | { keyword: string },
  lang: Lang,
): Promise<ReceiptShipment> {
  const shipment = await findShipment(db, by, lang);
  if (!shipment) throw notFound();
  assertInScope(scope, shipment);
  return shipment;
}

export async function fileMime(db: Executor, fileId: number): Promise<string> {
  const [file] = await db.select({ mime: files.mime }).from(files).where(eq(files.id, fileId));
  if (!file) throw new ApiError(ResultCode.BAD_REQUEST, { key: 'labFileMissing', params: { id: fileId } });
  return file.mime;
}

export async function insertImage(db: Executor, values: typeof receiptImages.$inferInsert): Promise<number> {
  const [row] = await db.insert(receiptImages).values(values).returning({ id: receiptImages.id });
  if (!row) throw new Error('insert returned nothing');
  return row.id;
}

export async function imageById(db: Executor, id: number) {
  const [image] = await db.select().from(receiptImages).where(eq(receiptImages.id, id));
  if (!image) throw notFound();
  return image;
}

export async function deleteImage(db: Executor, id: number): Promise<void> {
  await db.delete(receiptImages).where(eq(receiptImages.id, id));
}

/** The reasons that are enabled values of the receipt-exception dictionary. */
export async function knownReasons(db: Executor, reasons: string[]): Promise<string[]> {
  if (reasons.length === 0) return [];
  const rows = await db
    .select({ value: dictData.value })
    .from(dictData)
    .where(
      and(
        eq(dictData.dictNo, RECEIPT_EXCEPTION_DICT),
        eq(dictData.status, 1),
        inArray(dictData.value, reasons),
      ),
    );
  return rows.map((r) => r.value);
}

/** Signs the shipment off at the version read; nothing comes back when the version moved on. */
export async function markReceived(
  db: Executor,
  id: number,
  version: number,
  values: Pick<
    typeof sampleTransports.$inferInsert,
    'status' | 'signerId' | 'signedAt' | 'temperatureFileIds'
  >,
  now: Date,
) {
  return versionedBump(sampleTransports)(db, id, version, { ...values, updatedAt: now });
}

/** The receipt itself and one row for each received sample line. */
export async function insertReceipt(
  db: Executor,
  receipt: typeof receipts.$inferInsert,
  samples: Array<typeof receiptSamples.$inferInsert>,
): Promise<void> {
  await db.insert(receipts).values(receipt);
  await db.insert(receiptSamples).values(samples);
}

/**
 * The transport ranges a shipment's lines are checked against: per sample line, its sample type and
 * booked condition, and the transport conditions the project's online plan sets for that sample type
 * (at any visit: a shipment line names no visit).
 */
export async function lineConditions(db: Executor, shipment: { id: number; projectId: number }) {
  const lines = await db
    .select({
      itemId: sampleTransportItems.id,
      sampleTypeId: sampleTransportItems.sampleTypeId,
      sampleTypeName: sampleTypes.name,
      min: temperatures.minCelsius,
      max: temperatures.maxCelsius,
      range: temperatures.range,
    })
    .from(sampleTransportItems)
    .innerJoin(sampleTypes, eq(sampleTypes.id, sampleTransportItems.sampleTypeId))
    .innerJoin(temperatures, eq(temperatures.id, sampleTransportItems.temperatureId))
    .where(eq(sampleTransportItems.transportId, shipment.id));
  const planned = await db
    .selectDistinct({
      sampleTypeId: planVisitSamples.sampleTypeId,
      min: temperatures.minCelsius,
      max: temperatures.maxCelsius,
      range: temperatures.range,
    })
    .from(planVisitSamples)
    .innerJoin(visitPoints, eq(visitPoints.id, planVisitSamples.visitId))
    .innerJoin(projectPlans, eq(projectPlans.id, visitPoints.planId))
    .innerJoin(temperatures, eq(temperatures.id, planVisitSamples.transportTemperatureId))
    .where(and(eq(projectPlans.projectId, shipment.projectId), eq(projectPlans.status, 'online')));
  return lines.map(({ min, max, range, ...line }) => ({
    ...line,
    booked: { min, max, range },
    planned: planned
      .filter((p) => p.sampleTypeId === line.sampleTypeId)
      .map(({ sampleTypeId: _, ...r }) => r),
  }));
}

/** Links a receipt line to the query raised about it. */
export async function linkQuery(db: Executor, transportId: number, itemId: number, queryId: number) {
  await db
    .update(receiptSamples)
    .set({ queryId })
    .where(and(eq(receiptSamples.transportId, transportId), eq(receiptSamples.itemId, itemId)));
}
