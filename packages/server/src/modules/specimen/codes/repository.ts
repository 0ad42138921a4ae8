import { ResultCode, type SignShipment, type SpecimenBarcodeRow } from '@trialab/api-contract';
import { and, count, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { projects, sampleTypes, sites, temperatures } from '../../../db/schema.js';
import { labSubjects, receiptSamples } from '../../../db/schema-lab.js';
import { sampleTransportItems, sampleTransports } from '../../../db/schema-portal.js';
import { specimenBarcodes } from '../../../db/schema-specimen.js';
import { ApiError, notFound } from '../../../lib/errors.js';
import { pageOf } from '../../../lib/paging.js';
import { outOfScope, type SiteScope } from '../../../lib/scope.js';
import { versionedBump, versionedUpdate } from '../../../lib/versioned.js';
import { checkedSite } from '../../../services/scope.js';

/** Sample codes' SQL: registration links, received shipments and their lines, sign-for and aliquots. */

/** Codes of the list that exist anywhere in the system (uniqueness is system-wide, not per scope). */
export async function takenCodes(db: Executor, codes: string[]): Promise<string[]> {
  if (codes.length === 0) return [];
  const rows = await db
    .select({ code: specimenBarcodes.code })
    .from(specimenBarcodes)
    .where(inArray(specimenBarcodes.code, codes));
  return rows.map((r) => r.code).sort();
}

export async function assertSampleTypeExists(db: Executor, id: number): Promise<void> {
  const [type] = await db.select({ id: sampleTypes.id }).from(sampleTypes).where(eq(sampleTypes.id, id));
  if (!type) throw new ApiError(ResultCode.BAD_REQUEST, { key: 'sampleTypeMissing' });
}

/**
 * Checks the optional links of a barcode (site of the project, sample type, subject of the project)
 * and answers them with the subject's site filled in when no site was given.
 */
export async function checkedLinks(
  db: Executor,
  scope: SiteScope,
  projectId: number,
  links: {
    siteId?: number | null | undefined;
    sampleTypeId?: number | null | undefined;
    subjectId?: number | null | undefined;
    visit?: string | null | undefined;
  },
) {
  const [project] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId));
  if (!project)
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'invalidReference', params: { field: 'projectId' } });
  if (!scope.all && !scope.projectIds.has(projectId)) throw outOfScope();
  let siteId = links.siteId ?? null;
  if (links.subjectId) {
    const [subject] = await db
      .select({ projectId: labSubjects.projectId, siteId: labSubjects.siteId })
      .from(labSubjects)
      .where(eq(labSubjects.id, links.subjectId));
    if (!subject || subject.projectId !== projectId || (siteId !== null && subject.siteId !== siteId))
      throw new ApiError(ResultCode.BAD_REQUEST, {
        key: 'specimenLinkInvalid',
        params: { field: 'subjectId' },
      });
    siteId = subject.siteId;
  }
  if (siteId !== null) await checkedSite(db, scope, projectId, siteId);
  if (links.sampleTypeId) await assertSampleTypeExists(db, links.sampleTypeId);
  return {
    siteId,
    subjectId: links.subjectId ?? null,
    sampleTypeId: links.sampleTypeId ?? null,
    visit: links.visit || null,
  };
}
type Links = Awaited<ReturnType<typeof checkedLinks>>;

export async function insertBarcodes(
  db: Executor,
  rows: Array<typeof specimenBarcodes.$inferInsert>,
): Promise<void> {
  await db.insert(specimenBarcodes).values(rows);
}

/** Optimistic update of a barcode's links: nothing comes back when the version moved on. */
export async function updateLinks(db: Executor, id: number, version: number, link: Links) {
  return versionedBump(specimenBarcodes)(db, id, version, link);
}

// ---- bench sign-for ----

/**
 * A received shipment (signed for by logistics) with samples still to sign for at the bench: a line
 * received more samples than barcodes were signed against it. The bench sign-for page lists these
 * first and the home to-do counts them (one rule for both).
 */
export const awaitingBenchSign = sql`EXISTS (SELECT 1 FROM ${sampleTransportItems} JOIN ${receiptSamples} ON ${receiptSamples.itemId} = ${sampleTransportItems.id} WHERE ${sampleTransportItems.transportId} = ${sampleTransports.id} AND ${receiptSamples.receivedQuantity} > (SELECT count(*) FROM ${specimenBarcodes} WHERE ${specimenBarcodes.transportItemId} = ${sampleTransportItems.id} AND ${specimenBarcodes.parentId} IS NULL))`;

/** Received shipments in the caller's projects (staff) or sites (external users). */
export const receivedShipmentScope = (scope: SiteScope) =>
  and(
    eq(sampleTransports.status, 'signed'),
    scope.all
      ? undefined
      : scope.siteIds
        ? inArray(sampleTransports.siteId, [...scope.siteIds, -1])
        : inArray(sampleTransports.projectId, [...scope.projectIds, -1]),
  );

/** Received shipments (signed off at /express/sign) with each line's received and bench-signed counts. */
export async function signShipments(
  db: Executor,
  scope: SiteScope,
  where: SQL | undefined,
  page: number,
  size: number,
): Promise<{ rows: SignShipment[]; total: number }> {
  const filter = and(receivedShipmentScope(scope), where);
  const { rows: heads, total } = await pageOf(
    db.select({ n: count() }).from(sampleTransports).where(filter),
    db
      .select({
        id: sampleTransports.id,
        orderNo: sampleTransports.orderNo,
        expressNo: sampleTransports.expressNo,
        projectId: sampleTransports.projectId,
        projectNo: projects.projectNo,
        centerNo: sites.centerNo,
        signedAt: sampleTransports.signedAt,
      })
      .from(sampleTransports)
      .innerJoin(projects, eq(projects.id, sampleTransports.projectId))
      .innerJoin(sites, eq(sites.id, sampleTransports.siteId))
      .where(filter)
      .orderBy(desc(sampleTransports.signedAt), desc(sampleTransports.id)),
    { page, size },
  );
  const lines = await receivedLines(
    db,
    heads.map((h) => h.id),
  );
  return {
    rows: heads.map((h) => ({
      ...h,
      signedAt: h.signedAt?.toISOString() ?? null,
      lines: lines
        .filter((l) => l.transportId === h.id)
        .map(({ transportId: _t, temperatureId: _c, ...l }) => l),
    })),
    total,
  };
}

/** The received lines of shipments with how many barcodes were signed for against each. */
export async function receivedLines(db: Executor, transportIds: number[]) {
  if (transportIds.length === 0) return [];
  const signedCount = db
    .select({ itemId: specimenBarcodes.transportItemId, n: count().as('n') })
    .from(specimenBarcodes)
    .where(and(isNotNull(specimenBarcodes.transportItemId), isNull(specimenBarcodes.parentId)))
    .groupBy(specimenBarcodes.transportItemId)
    .as('signed_count');
  const rows = await db
    .select({
      transportId: sampleTransportItems.transportId,
      itemId: sampleTransportItems.id,
      sampleTypeId: sampleTransportItems.sampleTypeId,
      sampleTypeName: sampleTypes.name,
      temperatureId: sampleTransportItems.temperatureId,
      temperatureName: temperatures.name,
      receivedQuantity: receiptSamples.receivedQuantity,
      benchSigned: sql<number>`coalesce(${signedCount.n}, 0)::int`,
    })
    .from(sampleTransportItems)
    .innerJoin(receiptSamples, eq(receiptSamples.itemId, sampleTransportItems.id))
    .innerJoin(sampleTypes, eq(sampleTypes.id, sampleTransportItems.sampleTypeId))
    .innerJoin(temperatures, eq(temperatures.id, sampleTransportItems.temperatureId))
    .leftJoin(signedCount, eq(signedCount.itemId, sampleTransportItems.id))
    .where(inArray(sampleTransportItems.transportId, transportIds))
    .orderBy(sampleTransportItems.sort, sampleTransportItems.id);
  return rows.map((r) => ({ ...r, benchSigned: Number(r.benchSigned) }));
}
type Line = Awaited<ReturnType<typeof receivedLines>>[number];

export async function shipmentById(db: Executor, id: number) {
  const [shipment] = await db
    .select({
      id: sampleTransports.id,
      status: sampleTransports.status,
      projectId: sampleTransports.projectId,
      siteId: sampleTransports.siteId,
    })
    .from(sampleTransports)
    .where(eq(sampleTransports.id, id));
  if (!shipment) throw notFound();
  return shipment;
}

/**
 * Signs the registered barcodes for against one received line; answers how many moved
 * (fewer than asked when someone signed one of them meanwhile).
 */
export async function signAgainstLine(
  db: Executor,
  ids: number[],
  target: { shipmentId: number; line: Line; status: SpecimenBarcodeRow['status']; userId: number; now: Date },
): Promise<number> {
  const { line } = target;
  const updated = await db
    .update(specimenBarcodes)
    .set({
      status: target.status,
      transportId: target.shipmentId,
      transportItemId: line.itemId,
      sampleTypeId: line.sampleTypeId,
      temperatureId: line.temperatureId,
      signedBy: target.userId,
      signedAt: target.now,
      version: sql`${specimenBarcodes.version} + 1`,
    })
    .where(and(inArray(specimenBarcodes.id, ids), eq(specimenBarcodes.status, 'registered')))
    .returning({ id: specimenBarcodes.id });
  return updated.length;
}

// ---- sub-barcodes ----

/** The id of the barcode with this code; -1 (matching nothing) when there is none. */
export async function barcodeIdOf(db: Executor, code: string): Promise<number> {
  const [row] = await db
    .select({ id: specimenBarcodes.id })
    .from(specimenBarcodes)
    .where(eq(specimenBarcodes.code, code));
  return row?.id ?? -1;
}

/**
 * Moves the parent's last suffix on, guarded on the value read so two people aliquoting at once
 * cannot issue the same suffix; answers the parent's shipment, or nothing when the guard failed.
 */
export async function bumpLastSuffix(db: Executor, parentId: number, last: number, next: number) {
  const [bumped] = await db
    .update(specimenBarcodes)
    .set({ lastSuffix: next, version: sql`${specimenBarcodes.version} + 1` })
    .where(and(eq(specimenBarcodes.id, parentId), eq(specimenBarcodes.lastSuffix, last)))
    .returning({ lastSuffix: specimenBarcodes.lastSuffix, transportId: specimenBarcodes.transportId });
  return bumped;
}

/** Disables a barcode at the version read; false when the version moved on. */
export async function disableBarcode(
  db: Executor,
  id: number,
  readVersion: number,
  next: { status: SpecimenBarcodeRow['status']; version: number; userId: number; now: Date; reason: string },
): Promise<boolean> {
  return versionedUpdate(specimenBarcodes)(db, id, readVersion, {
    status: next.status,
    disabledBy: next.userId,
    disabledAt: next.now,
    disabledReason: next.reason,
    version: next.version,
  });
}
