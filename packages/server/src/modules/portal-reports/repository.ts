import {
  type ChargebackRow,
  type ChargebackState,
  dec,
  type Lang,
  type PortalReportRow,
  type PortalResultRow,
  type RejectionRow,
  type UnblindingRow,
} from '@trialab/api-contract';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, not, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { projects, sampleTypes, sites, testItems, users } from '../../db/schema.js';
import { labReportResults, labReports, labSubjects, receiptSamples } from '../../db/schema-lab.js';
import { sampleTransportItems, sampleTransports } from '../../db/schema-portal.js';
import { chargebackNotices, rejectionReads, reportDownloads } from '../../db/schema-portal-reports.js';
import { projectReports } from '../../db/schema-project-reports.js';
import { notFound } from '../../lib/errors.js';
import { pageOf } from '../../lib/paging.js';
import { assertInScope, type SiteScope, scopeWhere } from '../../lib/scope.js';
import { contains, within } from '../../lib/search.js';
import { dayRange } from '../../lib/time-zone.js';
import { versionedUpdate } from '../../lib/versioned.js';
import { dictLabels } from '../../services/dictionaries.js';
import {
  awaitingProjectReview,
  fullNameProjects,
  pendingReviewOf,
  subjectForSites,
} from '../../services/report-review.js';
import { findReport, type ReportRecord, selectReports, toReportRecord } from '../reports/repository.js';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Versions a site may see: the released one and the ones a revision replaced. */
export const VISIBLE_STATES = ['released', 'superseded'] as const;

export interface ReportFilters {
  projectId?: number | undefined;
  siteId?: number | undefined;
  subjectNo?: string | undefined;
  barcode?: string | undefined;
  releasedFrom?: string | undefined;
  releasedTo?: string | undefined;
  /** The user's zone, in which the dates are days. */
  zone: string;
}

/**
 * Conditions shared by the report and result lists; dates are whole days in the user's zone,
 * `releasedTo` inclusive.
 */
function reportWhere(scope: SiteScope, f: ReportFilters): SQL | undefined {
  return and(
    scopeWhere(scope, labReports.projectId, labReports.siteId),
    eq(labReports.status, 'released'),
    not(awaitingProjectReview(labReports.id)),
    f.projectId ? eq(labReports.projectId, f.projectId) : undefined,
    f.siteId ? eq(labReports.siteId, f.siteId) : undefined,
    f.subjectNo ? contains(labSubjects.subjectNo, f.subjectNo) : undefined,
    f.barcode ? contains(labReports.barcode, f.barcode) : undefined,
    within(labReports.releasedAt, dayRange(f.releasedFrom, f.releasedTo, f.zone)),
  );
}

function toPortalRow(
  r: ReportRecord,
  downloadedAt: Date | undefined,
  fullNames: ReadonlySet<number>,
): PortalReportRow {
  return {
    kind: 'lab',
    title: null,
    id: r.id,
    reportNo: r.reportNo,
    revision: r.revision,
    revisionReason: r.revisionReason,
    projectId: r.projectId,
    projectNo: r.projectNo,
    siteId: r.siteId,
    siteName: r.siteName,
    subjectNo: r.subjectNo,
    subject: subjectForSites(r.subjectName, fullNames.has(r.projectId)),
    barcode: r.barcode,
    visit: r.visit,
    samplingTime: r.samplingTime,
    abnormal: r.abnormal,
    releasedAt: r.releasedAt,
    releasedByName: r.releasedByName,
    hasPdf: r.hasPdf,
    downloadedAt: iso(downloadedAt ?? null),
  };
}

async function downloadsOf(db: Executor, userId: number, reportIds: number[]) {
  if (reportIds.length === 0) return new Map<number, Date>();
  const rows = await db
    .select({ reportId: reportDownloads.reportId, lastAt: reportDownloads.lastAt })
    .from(reportDownloads)
    .where(and(eq(reportDownloads.userId, userId), inArray(reportDownloads.reportId, reportIds)));
  return new Map(rows.map((r) => [r.reportId, r.lastAt]));
}

type ListFilters = ReportFilters & { reportNo?: string | undefined; downloaded?: boolean | undefined };

/**
 * Approved manual reports in the same list (project-reports): matched by project, site, subject,
 * number and approval day; they have no barcode, and their downloads are not recorded (so "my
 * reports" leaves them out).
 */
function manualWhere(scope: SiteScope, f: ListFilters): SQL | undefined {
  if (f.barcode || f.downloaded) return sql`false`;
  return and(
    eq(projectReports.kind, 'manual'),
    eq(projectReports.status, 'approved'),
    scopeWhere(scope, projectReports.projectId, projectReports.siteId),
    f.projectId ? eq(projectReports.projectId, f.projectId) : undefined,
    f.siteId ? eq(projectReports.siteId, f.siteId) : undefined,
    f.subjectNo ? contains(projectReports.subjectNo, f.subjectNo) : undefined,
    f.reportNo ? contains(projectReports.reportNo, f.reportNo) : undefined,
    within(projectReports.reviewedAt, dayRange(f.releasedFrom, f.releasedTo, f.zone)),
  );
}

const approver = alias(users, 'approver');

/** Approved manual reports as portal rows. */
export async function manualPortalRows(db: Executor, where: SQL | undefined): Promise<PortalReportRow[]> {
  const rows = await db
    .select({
      id: projectReports.id,
      reportNo: projectReports.reportNo,
      projectId: projectReports.projectId,
      projectNo: projects.projectNo,
      siteId: projectReports.siteId,
      siteName: sites.name,
      subjectNo: projectReports.subjectNo,
      visit: projectReports.visit,
      title: projectReports.title,
      releasedAt: projectReports.reviewedAt,
      releasedByName: approver.username,
    })
    .from(projectReports)
    .innerJoin(projects, eq(projects.id, projectReports.projectId))
    .innerJoin(sites, eq(sites.id, projectReports.siteId))
    .leftJoin(approver, eq(approver.id, projectReports.reviewedBy))
    .where(where);
  return rows.map((r) => ({
    ...r,
    kind: 'manual' as const,
    subject: '',
    revision: 0,
    revisionReason: null,
    barcode: '',
    samplingTime: null,
    abnormal: false,
    releasedAt: iso(r.releasedAt),
    releasedByName: r.releasedByName ?? null,
    hasPdf: true,
    downloadedAt: null,
  }));
}

/** The released lab reports and approved manual reports in scope, newest first, one page. */
export async function pageReleasedReports(
  db: Executor,
  scope: SiteScope,
  userId: number,
  f: ListFilters,
  page: number,
  size: number,
): Promise<{ rows: PortalReportRow[]; total: number }> {
  const mine = sql`exists (select 1 from ${reportDownloads} d where d.report_id = ${labReports.id} and d.user_id = ${userId})`;
  const where = and(
    reportWhere(scope, f),
    f.reportNo ? contains(labReports.reportNo, f.reportNo) : undefined,
    f.downloaded === undefined ? undefined : f.downloaded ? mine : sql`not ${mine}`,
  );
  const manual = manualWhere(scope, f);
  const [[labCount], [manualCount]] = await Promise.all([
    db
      .select({ n: count() })
      .from(labReports)
      .innerJoin(labSubjects, eq(labSubjects.id, labReports.subjectId))
      .where(where),
    db.select({ n: count() }).from(projectReports).where(manual),
  ]);
  // One ordered page of keys over both kinds, then the rows of each kind by id.
  const keys = await db
    .select({
      kind: sql<string>`'lab'`.as('kind'),
      id: labReports.id,
      at: sql`${labReports.releasedAt}`.as('at'),
    })
    .from(labReports)
    .innerJoin(labSubjects, eq(labSubjects.id, labReports.subjectId))
    .where(where)
    .unionAll(
      db
        .select({
          kind: sql<string>`'manual'`.as('kind'),
          id: projectReports.id,
          at: sql`${projectReports.reviewedAt}`.as('at'),
        })
        .from(projectReports)
        .where(manual),
    )
    .orderBy(sql`at DESC NULLS LAST`, sql`kind`, sql`id DESC`)
    .limit(size)
    .offset((page - 1) * size);
  const ids = (kind: string) => keys.filter((k) => k.kind === kind).map((k) => k.id);
  const labIds = ids('lab');
  const manualIds = ids('manual');
  const records =
    labIds.length > 0
      ? (await selectReports(db).where(inArray(labReports.id, labIds))).map(toReportRecord)
      : [];
  const downloads = await downloadsOf(db, userId, labIds);
  const fullNames = await fullNameProjects(
    db,
    records.map((r) => r.projectId),
  );
  const labRows = new Map(records.map((r) => [r.id, toPortalRow(r, downloads.get(r.id), fullNames)]));
  const manualRows = new Map(
    (manualIds.length > 0 ? await manualPortalRows(db, inArray(projectReports.id, manualIds)) : []).map(
      (r) => [r.id, r],
    ),
  );
  const rows = keys.flatMap((k) => {
    const row = k.kind === 'lab' ? labRows.get(k.id) : manualRows.get(k.id);
    return row ? [row] : [];
  });
  return { rows, total: Number(labCount?.n ?? 0) + Number(manualCount?.n ?? 0) };
}

export async function portalRowOf(
  db: Executor,
  userId: number,
  record: ReportRecord,
): Promise<PortalReportRow> {
  const downloads = await downloadsOf(db, userId, [record.id]);
  return toPortalRow(record, downloads.get(record.id), await fullNameProjects(db, [record.projectId]));
}

/** Released versions of one report number (revision marks), oldest first. */
export async function releasedVersions(db: Executor, reportNo: string) {
  const rows = await db
    .select({
      id: labReports.id,
      revision: labReports.revision,
      status: labReports.status,
      revisionReason: labReports.revisionReason,
      releasedAt: labReports.releasedAt,
    })
    .from(labReports)
    .where(
      and(
        eq(labReports.reportNo, reportNo),
        inArray(labReports.status, [...VISIBLE_STATES]),
        not(awaitingProjectReview(labReports.id)),
      ),
    )
    .orderBy(asc(labReports.revision));
  return rows.map((r) => ({
    ...r,
    status: r.status === 'released' ? ('released' as const) : ('superseded' as const),
    releasedAt: iso(r.releasedAt),
  }));
}

export async function recordDownload(db: Executor, userId: number, reportId: number, now: Date) {
  await db
    .insert(reportDownloads)
    .values({ userId, reportId, firstAt: now, lastAt: now, count: 1 })
    .onConflictDoUpdate({
      target: [reportDownloads.userId, reportDownloads.reportId],
      set: { lastAt: now, count: sql`${reportDownloads.count} + 1` },
    });
}

export interface ResultFilters extends ReportFilters {
  testItemId?: number | undefined;
  abnormal?: boolean | undefined;
}

function resultQuery(db: Executor) {
  return db
    .select({
      id: labReportResults.id,
      reportId: labReports.id,
      reportNo: labReports.reportNo,
      revision: labReports.revision,
      projectNo: projects.projectNo,
      siteName: sites.name,
      subjectNo: labSubjects.subjectNo,
      subjectName: labSubjects.name,
      gender: labSubjects.gender,
      birthday: labSubjects.birthday,
      visit: labReports.visit,
      barcode: labReports.barcode,
      testItemCode: testItems.code,
      testItemName: testItems.name,
      testItemEnName: testItems.enName,
      value: labReportResults.value,
      referenceRange: labReportResults.referenceRange,
      unit: labReportResults.unit,
      flag: labReportResults.flag,
      releasedAt: labReports.releasedAt,
    })
    .from(labReportResults)
    .innerJoin(labReports, eq(labReports.id, labReportResults.reportId))
    .innerJoin(testItems, eq(testItems.id, labReportResults.testItemId))
    .innerJoin(projects, eq(projects.id, labReports.projectId))
    .innerJoin(sites, eq(sites.id, labReports.siteId))
    .innerJoin(labSubjects, eq(labSubjects.id, labReports.subjectId));
}

const FLAGS = ['H', 'L', 'A'] as const;
const flagOf = (flag: string | null): (typeof FLAGS)[number] | null => FLAGS.find((f) => f === flag) ?? null;

/**
 * Per-sample results of the released reports in scope, with the subject's identity (name, gender as
 * its dictionary 1002 label, birthday). Only the unblinding report passes the identity on:
 * `withoutIdentity` strips it for the ordinary result list and its export.
 */
export async function pageResults(
  db: Executor,
  scope: SiteScope,
  f: ResultFilters,
  page: number,
  size: number,
  lang: Lang,
): Promise<{ rows: UnblindingRow[]; total: number }> {
  const where = and(
    reportWhere(scope, f),
    f.testItemId ? eq(labReportResults.testItemId, f.testItemId) : undefined,
    f.abnormal === undefined
      ? undefined
      : f.abnormal
        ? isNotNull(labReportResults.flag)
        : isNull(labReportResults.flag),
  );
  const { rows: raw, total } = await pageOf(
    db
      .select({ n: count() })
      .from(labReportResults)
      .innerJoin(labReports, eq(labReports.id, labReportResults.reportId))
      .innerJoin(labSubjects, eq(labSubjects.id, labReports.subjectId))
      .where(where),
    resultQuery(db)
      .where(where)
      .orderBy(desc(labReports.releasedAt), asc(labReports.reportNo), asc(testItems.code)),
    { page, size },
  );
  const genders = await dictLabels(db, 1002, lang);
  const rows = raw.map((r) => ({
    ...r,
    flag: flagOf(r.flag),
    releasedAt: iso(r.releasedAt),
    gender: r.gender === null ? null : (genders.get(r.gender) ?? r.gender),
  }));
  return { rows, total };
}

export function withoutIdentity({
  subjectName: _n,
  gender: _g,
  birthday: _b,
  ...row
}: UnblindingRow): PortalResultRow {
  return row;
}

// ---- Rejection notifications: the receipt's exception records, with the caller's read marks ----

const receiver = alias(users, 'receiver');

function rejectionWhere(
  scope: SiteScope,
  f: {
    projectId?: number | undefined;
    siteId?: number | undefined;
    keyword?: string | undefined;
    read?: boolean | undefined;
  },
): SQL | undefined {
  return and(
    eq(receiptSamples.state, 'exception'),
    scopeWhere(scope, sampleTransports.projectId, sampleTransports.siteId),
    f.projectId ? eq(sampleTransports.projectId, f.projectId) : undefined,
    f.siteId ? eq(sampleTransports.siteId, f.siteId) : undefined,
    f.keyword
      ? sql`(${contains(sampleTransports.orderNo, f.keyword)} or ${contains(sampleTransports.expressNo, f.keyword)})`
      : undefined,
    f.read === undefined
      ? undefined
      : f.read
        ? isNotNull(rejectionReads.readAt)
        : isNull(rejectionReads.readAt),
  );
}

export async function pageRejections(
  db: Executor,
  scope: SiteScope,
  userId: number,
  lang: Lang,
  f: {
    projectId?: number | undefined;
    siteId?: number | undefined;
    keyword?: string | undefined;
    read?: boolean | undefined;
  },
  page: number,
  size: number,
): Promise<{ rows: RejectionRow[]; total: number }> {
  const where = rejectionWhere(scope, f);
  const readJoin = and(
    eq(rejectionReads.receiptSampleId, receiptSamples.id),
    eq(rejectionReads.userId, userId),
  );
  const { rows: raw, total } = await pageOf(
    db
      .select({ n: count() })
      .from(receiptSamples)
      .innerJoin(sampleTransports, eq(sampleTransports.id, receiptSamples.transportId))
      .leftJoin(rejectionReads, readJoin)
      .where(where),
    db
      .select({
        id: receiptSamples.id,
        transportId: sampleTransports.id,
        orderNo: sampleTransports.orderNo,
        expressNo: sampleTransports.expressNo,
        projectNo: projects.projectNo,
        siteId: sampleTransports.siteId,
        siteName: sites.name,
        sampleTypeName: sampleTypes.name,
        quantity: sampleTransportItems.quantity,
        receivedQuantity: receiptSamples.receivedQuantity,
        reason: receiptSamples.exceptionReason,
        remark: receiptSamples.remark,
        receivedAt: receiptSamples.receivedAt,
        receivedByName: receiver.username,
        readAt: rejectionReads.readAt,
      })
      .from(receiptSamples)
      .innerJoin(sampleTransports, eq(sampleTransports.id, receiptSamples.transportId))
      .innerJoin(sampleTransportItems, eq(sampleTransportItems.id, receiptSamples.itemId))
      .innerJoin(sampleTypes, eq(sampleTypes.id, sampleTransportItems.sampleTypeId))
      .innerJoin(projects, eq(projects.id, sampleTransports.projectId))
      .innerJoin(sites, eq(sites.id, sampleTransports.siteId))
      .leftJoin(receiver, eq(receiver.id, receiptSamples.receivedBy))
      .leftJoin(rejectionReads, readJoin)
      .where(where)
      .orderBy(
        sql`${rejectionReads.readAt} is not null`,
        desc(receiptSamples.receivedAt),
        desc(receiptSamples.id),
      ),
    { page, size },
  );
  const reasons = await dictLabels(db, 1009, lang);
  return {
    rows: raw.map((r) => ({
      ...r,
      reasonLabel: r.reason === null ? null : (reasons.get(r.reason) ?? r.reason),
      receivedAt: r.receivedAt.toISOString(),
      receivedByName: r.receivedByName ?? null,
      readAt: iso(r.readAt),
    })),
    total,
  };
}

/** The exception records among `ids` that lie in the scope. */
export async function rejectionsInScope(db: Executor, scope: SiteScope, ids: number[]): Promise<number[]> {
  const rows = await db
    .select({ id: receiptSamples.id })
    .from(receiptSamples)
    .innerJoin(sampleTransports, eq(sampleTransports.id, receiptSamples.transportId))
    .where(
      and(
        inArray(receiptSamples.id, ids),
        eq(receiptSamples.state, 'exception'),
        scopeWhere(scope, sampleTransports.projectId, sampleTransports.siteId),
      ),
    );
  return rows.map((r) => r.id);
}

export async function markRead(db: Executor, userId: number, ids: number[], now: Date): Promise<number> {
  const inserted = await db
    .insert(rejectionReads)
    .values(ids.map((receiptSampleId) => ({ userId, receiptSampleId, readAt: now })))
    .onConflictDoNothing()
    .returning({ id: rejectionReads.receiptSampleId });
  return inserted.length;
}

// ---- Chargeback notices ----

const raiser = alias(users, 'raiser');
const responder = alias(users, 'responder');

function chargebackQuery(db: Executor) {
  return db
    .select({
      id: chargebackNotices.id,
      noticeNo: chargebackNotices.noticeNo,
      projectId: chargebackNotices.projectId,
      projectNo: projects.projectNo,
      siteId: chargebackNotices.siteId,
      siteName: sites.name,
      barcode: chargebackNotices.barcode,
      reason: chargebackNotices.reason,
      amount: chargebackNotices.amount,
      status: chargebackNotices.status,
      raisedBy: chargebackNotices.raisedBy,
      raisedByName: raiser.username,
      raisedAt: chargebackNotices.raisedAt,
      respondedByName: responder.username,
      respondedAt: chargebackNotices.respondedAt,
      disputeReason: chargebackNotices.disputeReason,
      version: chargebackNotices.version,
    })
    .from(chargebackNotices)
    .innerJoin(projects, eq(projects.id, chargebackNotices.projectId))
    .innerJoin(sites, eq(sites.id, chargebackNotices.siteId))
    .innerJoin(raiser, eq(raiser.id, chargebackNotices.raisedBy))
    .leftJoin(responder, eq(responder.id, chargebackNotices.respondedBy));
}

type ChargebackRaw = Awaited<ReturnType<typeof chargebackQuery>>[number];
export type ChargebackRecord = ChargebackRow & { raisedBy: number };

function toChargeback(r: ChargebackRaw): ChargebackRecord {
  return {
    ...r,
    amount: dec(r.amount).toFixed(2),
    status: r.status as ChargebackState,
    raisedAt: r.raisedAt.toISOString(),
    respondedByName: r.respondedByName ?? null,
    respondedAt: iso(r.respondedAt),
  };
}

export async function pageChargebacks(
  db: Executor,
  scope: SiteScope,
  f: {
    projectId?: number | undefined;
    siteId?: number | undefined;
    noticeNo?: string | undefined;
    status?: ChargebackState[] | undefined;
  },
  page: number,
  size: number,
): Promise<{ rows: ChargebackRow[]; total: number }> {
  const where = and(
    scopeWhere(scope, chargebackNotices.projectId, chargebackNotices.siteId),
    f.projectId ? eq(chargebackNotices.projectId, f.projectId) : undefined,
    f.siteId ? eq(chargebackNotices.siteId, f.siteId) : undefined,
    f.noticeNo ? contains(chargebackNotices.noticeNo, f.noticeNo) : undefined,
    f.status && f.status.length > 0 ? inArray(chargebackNotices.status, f.status) : undefined,
  );
  const { rows: raw, total } = await pageOf(
    db.select({ n: count() }).from(chargebackNotices).where(where),
    chargebackQuery(db)
      .where(where)
      // Open notices (awaiting the site's answer) first.
      .orderBy(
        sql`${chargebackNotices.status} <> 'issued'`,
        desc(chargebackNotices.raisedAt),
        desc(chargebackNotices.id),
      ),
    { page, size },
  );
  return {
    rows: raw.map((r) => {
      const { raisedBy: _r, ...row } = toChargeback(r);
      return row;
    }),
    total,
  };
}

export async function findChargeback(db: Executor, id: number): Promise<ChargebackRecord | undefined> {
  const [row] = await chargebackQuery(db).where(eq(chargebackNotices.id, id));
  return row ? toChargeback(row) : undefined;
}

/** A report version the site may see (released, or replaced by a revision) in scope; 404 otherwise. */
export async function visibleReport(db: Executor, scope: SiteScope, id: number): Promise<ReportRecord> {
  const report = await findReport(db, id);
  if (!report || !(VISIBLE_STATES as readonly string[]).includes(report.status)) throw notFound();
  assertInScope(scope, report);
  // Not before the project's review approved it (project-reports), whoever asks.
  if (await pendingReviewOf(db, report.id)) throw notFound();
  return report;
}

/** An approved manual report of the caller's sites (with its PDF); 404 otherwise. */
export async function approvedManualReport(db: Executor, scope: SiteScope, id: number) {
  const [row] = await db
    .select({
      id: projectReports.id,
      reportNo: projectReports.reportNo,
      projectId: projectReports.projectId,
      siteId: projectReports.siteId,
      fileId: projectReports.fileId,
    })
    .from(projectReports)
    .where(
      and(
        eq(projectReports.id, id),
        eq(projectReports.kind, 'manual'),
        eq(projectReports.status, 'approved'),
      ),
    );
  if (!row || row.fileId === null) throw notFound();
  assertInScope(scope, row);
  return { ...row, fileId: row.fileId };
}

export async function chargebackInScope(
  db: Executor,
  scope: SiteScope,
  id: number,
): Promise<ChargebackRecord> {
  const notice = await findChargeback(db, id);
  if (!notice) throw notFound();
  assertInScope(scope, notice);
  return notice;
}

export async function insertChargeback(
  db: Executor,
  values: typeof chargebackNotices.$inferInsert,
): Promise<{ id: number; version: number }> {
  const [row] = await db
    .insert(chargebackNotices)
    .values(values)
    .returning({ id: chargebackNotices.id, version: chargebackNotices.version });
  if (!row) throw new Error('chargeback not stored');
  return row;
}

/** Writes the notice at the version read; false when the version moved on. */
export const updateChargeback = versionedUpdate(chargebackNotices);
