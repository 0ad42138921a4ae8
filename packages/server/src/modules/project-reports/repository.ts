import type { ProjectReportKind, ProjectReportRow, ProjectReportState } from '@trialab/api-contract';
import { and, count, desc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { projects, sites, users } from '../../db/schema.js';
import { labReports } from '../../db/schema-lab.js';
import { projectReports } from '../../db/schema-project-reports.js';
import { notFound } from '../../lib/errors.js';
import { pageOf } from '../../lib/paging.js';
import { assertInScope, type SiteScope, scopeWhere } from '../../lib/scope.js';
import { contains } from '../../lib/search.js';
import { versionedUpdate } from '../../lib/versioned.js';
import type { ReportRecord } from '../reports/repository.js';

/**
 * A lab report version the site may not see yet: released while its project's review was on and
 * not yet approved. (A returned one is no longer released: the lab report state says so.)
 */
export const awaitingProjectReview = (labReportId: PgColumn | SQL): SQL =>
  sql`EXISTS (SELECT 1 FROM ${projectReports} WHERE ${projectReports.labReportId} = ${labReportId} AND ${projectReports.status} = 'pending')`;

export async function pendingReviewOf(db: Executor, labReportId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: projectReports.id })
    .from(projectReports)
    .where(and(eq(projectReports.labReportId, labReportId), eq(projectReports.status, 'pending')))
    .limit(1);
  return row !== undefined;
}

/**
 * A later version of the report number still on its way (under the project's review, or returned
 * by it to the lab): the lab corrects that one rather than revising the version before it again.
 */
export async function laterVersionUnderway(
  db: Executor,
  reportNo: string,
  revision: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: labReports.id })
    .from(labReports)
    .where(
      and(
        eq(labReports.reportNo, reportNo),
        gt(labReports.revision, revision),
        inArray(labReports.status, ['entered', 'reviewed', 'returned', 'released']),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function reviewSetting(db: Executor, projectId: number): Promise<boolean> {
  const [row] = await db
    .select({ on: projects.reportReview })
    .from(projects)
    .where(eq(projects.id, projectId));
  return row?.on ?? false;
}

export async function setReviewSetting(db: Executor, projectId: number, on: boolean): Promise<void> {
  await db.update(projects).set({ reportReview: on }).where(eq(projects.id, projectId));
}

/**
 * After a lab report version is released (release, approved revision): when its project reviews
 * reports, the version waits for that review. Answers the review's id, or null when none is needed.
 */
export async function queueLabReview(
  db: Executor,
  report: Pick<ReportRecord, 'id' | 'projectId' | 'siteId' | 'reportNo' | 'revision' | 'subjectNo' | 'visit'>,
  by: number,
  now: Date,
): Promise<number | null> {
  if (!(await reviewSetting(db, report.projectId))) return null;
  return insertProjectReport(db, {
    kind: 'lab',
    labReportId: report.id,
    projectId: report.projectId,
    siteId: report.siteId,
    reportNo: report.reportNo,
    revision: report.revision,
    subjectNo: report.subjectNo,
    visit: report.visit,
    status: 'pending',
    createdBy: by,
    createdAt: now,
  });
}

export async function insertProjectReport(
  db: Executor,
  values: typeof projectReports.$inferInsert,
): Promise<number> {
  const [row] = await db.insert(projectReports).values(values).returning({ id: projectReports.id });
  if (!row) throw new Error('project report not stored');
  return row.id;
}

export const updateProjectReport = versionedUpdate(projectReports);

export async function deleteProjectReport(db: Executor, id: number, status: string): Promise<boolean> {
  const rows = await db
    .delete(projectReports)
    .where(and(eq(projectReports.id, id), eq(projectReports.status, status)))
    .returning({ id: projectReports.id });
  return rows.length > 0;
}

const creator = alias(users, 'creator');
const reviewer = alias(users, 'reviewer');

function rowQuery(db: Executor) {
  return db
    .select({
      id: projectReports.id,
      kind: projectReports.kind,
      labReportId: projectReports.labReportId,
      reportNo: projectReports.reportNo,
      revision: projectReports.revision,
      projectId: projectReports.projectId,
      projectNo: projects.projectNo,
      siteId: projectReports.siteId,
      siteNo: sites.centerNo,
      siteName: sites.name,
      subjectNo: projectReports.subjectNo,
      visit: projectReports.visit,
      title: projectReports.title,
      reportDate: projectReports.reportDate,
      status: projectReports.status,
      reason: projectReports.reason,
      fileId: sql<number | null>`COALESCE(${projectReports.fileId}, ${labReports.pdfFileId})`,
      createdBy: projectReports.createdBy,
      createdByName: creator.username,
      createdAt: projectReports.createdAt,
      reviewedByName: reviewer.username,
      reviewedAt: projectReports.reviewedAt,
      version: projectReports.version,
    })
    .from(projectReports)
    .innerJoin(projects, eq(projects.id, projectReports.projectId))
    .innerJoin(sites, eq(sites.id, projectReports.siteId))
    .leftJoin(labReports, eq(labReports.id, projectReports.labReportId))
    .leftJoin(creator, eq(creator.id, projectReports.createdBy))
    .leftJoin(reviewer, eq(reviewer.id, projectReports.reviewedBy));
}

type Raw = Awaited<ReturnType<typeof rowQuery>>[number];
export type ProjectReportRecord = ProjectReportRow & { fileId: number | null };

function toRecord(r: Raw): ProjectReportRecord {
  return {
    ...r,
    kind: r.kind as ProjectReportKind,
    status: r.status as ProjectReportState,
    fileId: r.fileId === null ? null : Number(r.fileId),
    hasPdf: r.fileId !== null,
    createdByName: r.createdByName ?? null,
    reviewedByName: r.reviewedByName ?? null,
    createdAt: r.createdAt.toISOString(),
    reviewedAt: r.reviewedAt?.toISOString() ?? null,
  };
}

export const toProjectReportRow = ({ fileId: _f, ...row }: ProjectReportRecord): ProjectReportRow => row;

export interface ProjectReportFilter {
  projectId?: number | undefined;
  siteId?: number | undefined;
  status?: ProjectReportState | undefined;
  kind?: ProjectReportKind | undefined;
  keyword?: string | undefined;
  page: number;
  size: number;
}

export async function pageProjectReports(db: Executor, scope: SiteScope, f: ProjectReportFilter) {
  const where = and(
    scopeWhere(scope, projectReports.projectId, projectReports.siteId),
    f.projectId ? eq(projectReports.projectId, f.projectId) : undefined,
    f.siteId ? eq(projectReports.siteId, f.siteId) : undefined,
    f.status ? eq(projectReports.status, f.status) : undefined,
    f.kind ? eq(projectReports.kind, f.kind) : undefined,
    f.keyword
      ? sql`(${contains(projectReports.reportNo, f.keyword)} OR ${contains(projectReports.subjectNo, f.keyword)} OR ${contains(sql`COALESCE(${projectReports.title}, '')`, f.keyword)})`
      : undefined,
  );
  return pageOf(
    db.select({ n: count() }).from(projectReports).where(where),
    rowQuery(db).where(where).orderBy(desc(projectReports.createdAt), desc(projectReports.id)),
    f,
    (r) => toProjectReportRow(toRecord(r)),
  );
}

/** One review in the caller's scope (projects for staff, sites for external users); 404 otherwise. */
export async function projectReportInScope(
  db: Executor,
  scope: SiteScope,
  id: number,
  kind?: ProjectReportKind,
): Promise<ProjectReportRecord> {
  const [row] = await rowQuery(db).where(eq(projectReports.id, id));
  if (!row || (kind && row.kind !== kind)) throw notFound();
  const record = toRecord(row);
  assertInScope(scope, record);
  return record;
}
