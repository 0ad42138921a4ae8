import type { ProjectReportKind, ProjectReportRow, ProjectReportState } from '@trialab/api-contract';
import { and, asc, count, desc, eq, isNull, min, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { projectPlans, projects, sites, users, visitPoints } from '../../db/schema.js';
import { labReports, labSubjects } from '../../db/schema-lab.js';
import { projectReports } from '../../db/schema-project-reports.js';
import { notFound } from '../../lib/errors.js';
import { pageOf } from '../../lib/paging.js';
import { assertInScope, type SiteScope, scopeWhere } from '../../lib/scope.js';
import { contains } from '../../lib/search.js';
import { versionedUpdate } from '../../lib/versioned.js';
import { authorIdsOf } from '../../lib/workflow.js';

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
      labAuthor: labReports.createdBy,
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

function toRecord({ labAuthor, ...r }: Raw): ProjectReportRecord {
  return {
    ...r,
    authorIds: authorIdsOf(r.createdBy, labAuthor),
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

/**
 * What a manual report of a project's site may name: the site's subjects (their numbers; not a
 * rejected registration) and the visits of the project's plans (by name, in plan order; the current
 * versions, so a plan still in review counts, a superseded version not). The upload form offers them and
 * the server accepts nothing else.
 */
export async function manualReportChoices(db: Executor, projectId: number, siteId: number) {
  const subjects = await db
    .select({ subjectNo: labSubjects.subjectNo })
    .from(labSubjects)
    .where(
      and(
        eq(labSubjects.projectId, projectId),
        eq(labSubjects.siteId, siteId),
        ne(labSubjects.status, 'rejected'),
      ),
    )
    .orderBy(asc(labSubjects.subjectNo));
  const visits = await db
    .select({ name: visitPoints.name, sort: min(visitPoints.sort) })
    .from(visitPoints)
    .leftJoin(projectPlans, eq(projectPlans.id, visitPoints.planId))
    .where(
      and(
        eq(visitPoints.projectId, projectId),
        or(isNull(projectPlans.status), ne(projectPlans.status, 'superseded')),
      ),
    )
    .groupBy(visitPoints.name)
    .orderBy(asc(min(visitPoints.sort)), asc(visitPoints.name));
  return { subjects: [...new Set(subjects.map((s) => s.subjectNo))], visits: visits.map((v) => v.name) };
}
