import { createHash } from 'node:crypto';
import type { ReportDetail, ReportRow } from '@trialab/api-contract';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { projects, sites, testItems, users } from '../../db/schema.js';
import { labReportResults, labReports, labSignatures, labSubjects } from '../../db/schema-lab.js';
import { canonicalJson } from '../../lib/audit.js';
import { pageOf } from '../../lib/paging.js';
import { containsAny } from '../../lib/search.js';
import { type SiteScope, scopeWhere } from '../portal/scope.js';

const reviewer = alias(users, 'reviewer');
const releaser = alias(users, 'releaser');

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
      version: labReports.version,
    })
    .from(labReports)
    .innerJoin(projects, eq(projects.id, labReports.projectId))
    .innerJoin(sites, eq(sites.id, labReports.siteId))
    .innerJoin(labSubjects, eq(labSubjects.id, labReports.subjectId))
    .innerJoin(users, eq(users.id, labReports.createdBy))
    .leftJoin(reviewer, eq(reviewer.id, labReports.reviewedBy))
    .leftJoin(releaser, eq(releaser.id, labReports.releasedBy));
}

type Raw = Awaited<ReturnType<typeof query>>[number];
export type ReportRecord = ReportRow & { siteId: number; pdfFileId: number | null };

function toRow(raw: Raw): ReportRecord {
  return {
    ...raw,
    status: raw.status as ReportRow['status'],
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

export async function reportDetail(
  db: Executor,
  report: ReportRecord,
): Promise<ReportDetail & { siteId: number; pdfFileId: number | null }> {
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
    })
    .from(labReportResults)
    .innerJoin(testItems, eq(testItems.id, labReportResults.testItemId))
    .where(eq(labReportResults.reportId, report.id))
    .orderBy(asc(testItems.code));
  const signatures = await db
    .select({
      action: labSignatures.action,
      meaning: labSignatures.meaning,
      signerName: labSignatures.signerName,
      signedAt: labSignatures.signedAt,
      contentHash: labSignatures.contentHash,
    })
    .from(labSignatures)
    .where(and(eq(labSignatures.entity, 'labReport'), eq(labSignatures.entityId, report.id)))
    .orderBy(asc(labSignatures.id));
  const versions = await db
    .select({ id: labReports.id, revision: labReports.revision, status: labReports.status })
    .from(labReports)
    .where(eq(labReports.reportNo, report.reportNo))
    .orderBy(asc(labReports.revision));
  return {
    ...report,
    results: results.map((r) => ({
      ...r,
      flag: r.flag === 'H' || r.flag === 'L' || r.flag === 'A' ? r.flag : null,
    })),
    signatures: signatures.map((s) => ({ ...s, signedAt: s.signedAt.toISOString() })),
    versions: versions.map((v) => ({ ...v, status: v.status as ReportRow['status'] })),
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

/**
 * The report select (joins and columns) and its row mapping, for modules that list reports with
 * their own filters (the portal's report search) without re-querying the report tables ad hoc.
 */
export { query as selectReports, toRow as toReportRecord };
