import { createHash } from 'node:crypto';
import type { ReportDetail, ReportRow } from '@trialab/api-contract';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { files, projects, sampleTypes, sites, testItems, users } from '../../db/schema.js';
import {
  labReportResults,
  labReports,
  labSubjects,
  labTestOrders,
  receiptSamples,
  receipts,
  testItemSettings,
} from '../../db/schema-lab.js';
import { sampleTransportItems } from '../../db/schema-portal.js';
import { projectReports } from '../../db/schema-project-reports.js';
import { specimenBarcodes } from '../../db/schema-specimen.js';
import { type PrintContext, renderDocument } from '../../documents/document.js';
import { canonicalJson } from '../../lib/audit.js';
import { notFound } from '../../lib/errors.js';
import type { FileStore } from '../../lib/file-store.js';
import { pageOf } from '../../lib/paging.js';
import { assertInScope, type SiteScope, scopeWhere } from '../../lib/scope.js';
import { containsAny } from '../../lib/search.js';
import { versionedBump } from '../../lib/versioned.js';
import { signaturesOf } from '../../services/signatures.js';
import { type ReportDocumentData, reportDocument } from './report-document.js';

const reviewer = alias(users, 'reviewer');
const releaser = alias(users, 'releaser');
const requester = alias(users, 'requester');
const itemType = alias(sampleTypes, 'item_sample_type');
const primary = alias(specimenBarcodes, 'primary_specimen');

/** Reports with an abnormal flag on any result. */
const abnormalExpr = sql<boolean>`exists (select 1 from ${labReportResults} r where r.report_id = ${labReports.id} and r.flag is not null)`;

function query(db: Executor) {
  return db
    .select({
      id: labReports.id,
      reportNo: labReports.reportNo,
      revision: labReports.revision,
      revisionOf: labReports.revisionOf,
      revisionReason: labReports.revisionReason,
      projectId: labReports.projectId,
      projectNo: projects.projectNo,
      siteId: labReports.siteId,
      siteName: sites.name,
      subjectId: labReports.subjectId,
      subjectNo: labSubjects.subjectNo,
      subjectName: labSubjects.name,
      barcode: labReports.barcode,
      visit: labReports.visit,
      samplingTime: labReports.samplingTime,
      status: labReports.status,
      projectReview: projectReports.status,
      abnormal: abnormalExpr,
      createdBy: labReports.createdBy,
      createdByName: users.username,
      createdAt: labReports.createdAt,
      reviewedByName: reviewer.username,
      reviewedAt: labReports.reviewedAt,
      releasedByName: releaser.username,
      releasedAt: labReports.releasedAt,
      returnReason: labReports.returnReason,
      contentHash: labReports.contentHash,
      pdfFileId: labReports.pdfFileId,
      sitePdfFileId: labReports.sitePdfFileId,
      version: labReports.version,
    })
    .from(labReports)
    .innerJoin(projects, eq(projects.id, labReports.projectId))
    .innerJoin(sites, eq(sites.id, labReports.siteId))
    .innerJoin(labSubjects, eq(labSubjects.id, labReports.subjectId))
    .innerJoin(users, eq(users.id, labReports.createdBy))
    .leftJoin(reviewer, eq(reviewer.id, labReports.reviewedBy))
    .leftJoin(releaser, eq(releaser.id, labReports.releasedBy))
    .leftJoin(
      projectReports,
      and(eq(projectReports.labReportId, labReports.id), eq(projectReports.kind, 'lab')),
    );
}

type Raw = Awaited<ReturnType<typeof query>>[number];
export type ReportRecord = ReportRow & {
  siteId: number;
  /** The lab's copy of the released PDF, and the sites' (ReportDocumentData `siteCopy`). */
  pdfFileId: number | null;
  sitePdfFileId: number | null;
};

function toRow(raw: Raw): ReportRecord {
  return {
    ...raw,
    status: raw.status as ReportRow['status'],
    projectReview: (raw.projectReview ?? null) as ReportRow['projectReview'],
    abnormal: Boolean(raw.abnormal),
    samplingTime: raw.samplingTime?.toISOString() ?? null,
    createdAt: raw.createdAt.toISOString(),
    reviewedByName: raw.reviewedByName ?? null,
    reviewedAt: raw.reviewedAt?.toISOString() ?? null,
    releasedByName: raw.releasedByName ?? null,
    releasedAt: raw.releasedAt?.toISOString() ?? null,
    hasPdf: raw.pdfFileId !== null,
  };
}

export async function pageReports(
  db: Executor,
  scope: SiteScope,
  filter: { status?: string[] | undefined; keyword?: string | undefined; abnormal?: boolean | undefined },
  page: number,
  size: number,
) {
  const where = and(
    scopeWhere(scope, labReports.projectId, labReports.siteId),
    filter.status && filter.status.length > 0 ? inArray(labReports.status, filter.status) : undefined,
    filter.abnormal === undefined ? undefined : filter.abnormal ? abnormalExpr : sql`not ${abnormalExpr}`,
    containsAny([labReports.reportNo, labReports.barcode, labSubjects.subjectNo], filter.keyword),
  );
  return pageOf(
    db
      .select({ n: count() })
      .from(labReports)
      .innerJoin(labSubjects, eq(labSubjects.id, labReports.subjectId))
      .where(where),
    query(db).where(where).orderBy(desc(labReports.createdAt), desc(labReports.id)),
    { page, size },
    toRow,
  );
}

export async function countByStatus(db: Executor, scope: SiteScope) {
  const rows = await db
    .select({ status: labReports.status, n: count() })
    .from(labReports)
    .where(scopeWhere(scope, labReports.projectId, labReports.siteId))
    .groupBy(labReports.status);
  const [abnormal] = await db
    .select({ n: count() })
    .from(labReports)
    .where(
      and(
        scopeWhere(scope, labReports.projectId, labReports.siteId),
        abnormalExpr,
        sql`${labReports.status} <> 'superseded'`,
      ),
    );
  return {
    rows: rows.map((r) => ({ status: r.status, n: Number(r.n) })),
    abnormal: Number(abnormal?.n ?? 0),
  };
}

export async function findReport(db: Executor, id: number): Promise<ReportRecord | undefined> {
  const [row] = await query(db).where(eq(labReports.id, id));
  return row ? toRow(row) : undefined;
}

/**
 * Where the report's specimen came from and who asked for it: the project and site, the test order
 * of the barcode (its recorder and time), and the specimen's type and receipt time from the registered
 * barcode, its shipment line and the shipment's receipt.
 */
async function reportContext(db: Executor, id: number) {
  const line = sql`coalesce(${specimenBarcodes.transportItemId}, ${primary.transportItemId})`;
  const [row] = await db
    .select({
      projectName: projects.name,
      projectEnName: projects.enName,
      sponsor: projects.sponsor,
      siteNo: sites.centerNo,
      requestedByName: requester.username,
      requestedAt: labTestOrders.createdAt,
      sampleType: sampleTypes.name,
      sampleTypeEn: sampleTypes.enName,
      // An aliquot was signed for when it was split: the primary sample's sign-for is the receipt.
      receivedAt:
        sql<Date | null>`coalesce(${primary.signedAt}, ${specimenBarcodes.signedAt}, ${receiptSamples.receivedAt}, ${receipts.receivedAt})`.mapWith(
          specimenBarcodes.signedAt,
        ),
    })
    .from(labReports)
    .innerJoin(projects, eq(projects.id, labReports.projectId))
    .innerJoin(sites, eq(sites.id, labReports.siteId))
    .leftJoin(labTestOrders, eq(labTestOrders.barcode, labReports.barcode))
    .leftJoin(requester, eq(requester.id, labTestOrders.createdBy))
    .leftJoin(specimenBarcodes, eq(specimenBarcodes.code, labReports.barcode))
    .leftJoin(primary, eq(primary.id, specimenBarcodes.parentId))
    .leftJoin(sampleTransportItems, eq(sampleTransportItems.id, line))
    .leftJoin(
      sampleTypes,
      eq(
        sampleTypes.id,
        sql`coalesce(${specimenBarcodes.sampleTypeId}, ${sampleTransportItems.sampleTypeId})`,
      ),
    )
    .leftJoin(receiptSamples, eq(receiptSamples.itemId, line))
    .leftJoin(
      receipts,
      eq(receipts.transportId, sql`coalesce(${specimenBarcodes.transportId}, ${primary.transportId})`),
    )
    .where(eq(labReports.id, id));
  if (!row) throw notFound();
  return row;
}

/** Distinct non-empty names joined with a comma (the test items' sample types). */
const joined = (names: Array<string | null>): string | null =>
  [...new Set(names.filter((n): n is string => Boolean(n)))].join(', ') || null;

export async function reportDetail(
  db: Executor,
  report: ReportRecord,
): Promise<ReportDetail & Pick<ReportRecord, 'siteId' | 'pdfFileId' | 'sitePdfFileId'>> {
  const results = await db
    .select({
      testItemId: labReportResults.testItemId,
      code: testItems.code,
      name: testItems.name,
      enName: testItems.enName,
      value: labReportResults.value,
      unit: labReportResults.unit,
      referenceRange: labReportResults.referenceRange,
      flag: labReportResults.flag,
      remark: labReportResults.remark,
      method: testItemSettings.methodology,
      itemType: itemType.name,
      itemTypeEn: itemType.enName,
    })
    .from(labReportResults)
    .innerJoin(testItems, eq(testItems.id, labReportResults.testItemId))
    .leftJoin(testItemSettings, eq(testItemSettings.testItemId, labReportResults.testItemId))
    .leftJoin(itemType, eq(itemType.id, testItemSettings.sampleTypeId))
    .where(eq(labReportResults.reportId, report.id))
    .orderBy(asc(testItems.code));
  const signatures = await signaturesOf(db, 'labReport', report.id);
  const versions = await db
    .select({ id: labReports.id, revision: labReports.revision, status: labReports.status })
    .from(labReports)
    .where(eq(labReports.reportNo, report.reportNo))
    .orderBy(asc(labReports.revision));
  const context = await reportContext(db, report.id);
  // Without a registered specimen, the type the ordered items are examined in.
  const specimenKnown = context.sampleType !== null;
  return {
    ...report,
    ...context,
    sponsor: context.sponsor ?? null,
    requestedByName: context.requestedByName ?? null,
    requestedAt: context.requestedAt?.toISOString() ?? null,
    sampleType: specimenKnown ? context.sampleType : joined(results.map((r) => r.itemType)),
    sampleTypeEn: specimenKnown ? context.sampleTypeEn : joined(results.map((r) => r.itemTypeEn)),
    receivedAt: context.receivedAt?.toISOString() ?? null,
    results: results.map(({ itemType: _t, itemTypeEn: _e, ...r }) => ({
      ...r,
      method: r.method ?? null,
      flag: r.flag === 'H' || r.flag === 'L' || r.flag === 'A' ? r.flag : null,
    })),
    signatures,
    versions: versions.map((v) => ({ ...v, status: v.status as ReportRow['status'] })),
  };
}

/**
 * What the report document prints: the detail, and for a corrected report the results it replaces;
 * `siteCopy`: the copy the sites receive (the subject's initials unless the project shows them names).
 */
export async function reportDocumentData(
  db: Executor,
  report: ReportRecord,
  siteCopy = false,
): Promise<ReportDocumentData> {
  const detail = await reportDetail(db, report);
  const prior = report.revisionOf === null ? undefined : await findReport(db, report.revisionOf);
  return {
    ...detail,
    siteCopy,
    replaces: prior ? { revision: prior.revision, results: (await reportDetail(db, prior)).results } : null,
  };
}

/** SHA-256 over the canonical JSON of what a signature vouches for: identity of the report and its results. */
export function contentHash(
  detail: Pick<ReportDetail, 'reportNo' | 'revision' | 'subjectNo' | 'barcode' | 'visit' | 'results'>,
): string {
  const content = {
    reportNo: detail.reportNo,
    revision: detail.revision,
    subjectNo: detail.subjectNo,
    barcode: detail.barcode,
    visit: detail.visit,
    results: detail.results.map((r) => ({
      code: r.code,
      value: r.value,
      unit: r.unit,
      referenceRange: r.referenceRange,
      flag: r.flag,
    })),
  };
  return createHash('sha256').update(canonicalJson(content)).digest('hex');
}

export async function pendingRevisionExists(db: Executor, reportNo: string): Promise<boolean> {
  const [row] = await db
    .select({ id: labReports.id })
    .from(labReports)
    .where(and(eq(labReports.reportNo, reportNo), eq(labReports.status, 'revision_pending')));
  return row !== undefined;
}

/** The report in the caller's scope (404 otherwise, as if it did not exist). */
export async function reportInScope(db: Executor, scope: SiteScope, id: number): Promise<ReportRecord> {
  const report = await findReport(db, id);
  if (!report) throw notFound();
  assertInScope(scope, report);
  return report;
}

/** The test items results are entered for, with their settings (unit, range, type, decimals). */
export function resultItems(db: Executor, ids: number[]) {
  return db
    .select({
      id: testItems.id,
      code: testItems.code,
      enabled: testItems.enabled,
      unit: testItemSettings.unit,
      referenceRange: testItemSettings.referenceRange,
      resultType: testItemSettings.resultType,
      decimals: testItemSettings.decimals,
    })
    .from(testItems)
    .leftJoin(testItemSettings, eq(testItemSettings.testItemId, testItems.id))
    .where(inArray(testItems.id, ids));
}

export async function insertReport(
  db: Executor,
  values: typeof labReports.$inferInsert,
): Promise<{ id: number; revision: number; version: number }> {
  const [row] = await db
    .insert(labReports)
    .values(values)
    .returning({ id: labReports.id, revision: labReports.revision, version: labReports.version });
  if (!row) throw new Error('insert returned nothing');
  return row;
}

/** Sets columns that do not count as an edit (number, content hash): the version stays. */
export async function setReport(
  db: Executor,
  id: number,
  values: Pick<
    Partial<typeof labReports.$inferInsert>,
    'reportNo' | 'contentHash' | 'pdfFileId' | 'sitePdfFileId'
  >,
): Promise<void> {
  await db.update(labReports).set(values).where(eq(labReports.id, id));
}

/** Writes the report at the version read; nothing comes back when the version moved on. */
export const updateReport = versionedBump(labReports);

/** Marks the prior version superseded, if it is still the released one. */
export async function supersede(db: Executor, id: number): Promise<void> {
  await db
    .update(labReports)
    .set({ status: 'superseded', version: sql`${labReports.version} + 1` })
    .where(and(eq(labReports.id, id), eq(labReports.status, 'released')));
}

export async function insertResults(
  db: Executor,
  rows: Array<typeof labReportResults.$inferInsert>,
): Promise<void> {
  await db.insert(labReportResults).values(rows);
}

export async function deleteResults(db: Executor, reportId: number): Promise<void> {
  await db.delete(labReportResults).where(eq(labReportResults.reportId, reportId));
}

/**
 * Renders the PDF of a report just released, in the releasing request's language and zone, and
 * stores it as a file: the issued document never changes afterwards.
 */
/**
 * Prints a released version and stores it twice: the lab's copy (the subject's full name) and the
 * sites' copy (subject number and initials). Printed again when a signature is added (the project's
 * approval), so the stored copies carry every signature. The portal serves the sites' copy unless
 * the project shows its sites the full name (portal-reports). `siteOnly`: the sites' copy alone (a
 * version released before there were two, at its first download by a site).
 */
export async function storePdf(
  db: Executor,
  store: FileStore,
  context: PrintContext,
  id: number,
  userId: number,
  siteOnly = false,
): Promise<number> {
  const report = await findReport(db, id);
  if (!report) throw notFound();
  const name = `${report.reportNo}-v${report.revision}.pdf`;
  const stored = async (siteCopy: boolean) => {
    const pdf = await renderDocument(reportDocument, await reportDocumentData(db, report, siteCopy), context);
    const sha256 = await store.put(pdf);
    const [file] = await db
      .insert(files)
      .values({ name, mime: 'application/pdf', size: pdf.length, sha256, uploadedBy: userId })
      .returning({ id: files.id });
    if (!file) throw new Error('pdf not stored');
    return file.id;
  };
  const sitePdfFileId = await stored(true);
  await setReport(db, id, siteOnly ? { sitePdfFileId } : { pdfFileId: await stored(false), sitePdfFileId });
  return sitePdfFileId;
}

export async function fileById(db: Executor, id: number) {
  const [file] = await db.select().from(files).where(eq(files.id, id));
  if (!file) throw notFound();
  return file;
}

/**
 * The report select (joins and columns) and its row mapping, for modules that list reports with
 * their own filters (the portal's report search) without re-querying the report tables ad hoc.
 */
export { query as selectReports, toRow as toReportRecord };
