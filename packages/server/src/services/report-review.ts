import { and, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.js';
import { projects } from '../db/schema.js';
import { labReports } from '../db/schema-lab.js';
import { projectReports } from '../db/schema-project-reports.js';
import { initialsOf } from '../lib/initials.js';

/**
 * The project's review of lab reports, shared by the lab's report workflow (reports), the
 * project's review (project-reports) and the portal's released reports (portal-reports): whether a
 * project reviews reports, the queue a released version waits in, and what a site may not see yet.
 */

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
  return (await reportSettings(db, projectId)).reportReview;
}

/** What a project's sites see of its reports: after its review, and the subject's full name or not. */
export async function reportSettings(db: Executor, projectId: number) {
  const [row] = await db
    .select({ reportReview: projects.reportReview, siteSubjectName: projects.siteSubjectName })
    .from(projects)
    .where(eq(projects.id, projectId));
  return row ?? { reportReview: false, siteSubjectName: false };
}

/** The subject as a project's sites see them: initials, unless the project shows them full names. */
export const subjectForSites = (name: string, fullName: boolean): string =>
  fullName ? name : initialsOf(name);

/** The projects among these that show their sites subjects' full names. */
export async function fullNameProjects(db: Executor, projectIds: number[]): Promise<Set<number>> {
  if (projectIds.length === 0) return new Set();
  const rows = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(inArray(projects.id, [...new Set(projectIds)]), eq(projects.siteSubjectName, true)));
  return new Set(rows.map((r) => r.id));
}

export async function setReportSettings(
  db: Executor,
  projectId: number,
  values: { reportReview: boolean; siteSubjectName: boolean },
): Promise<void> {
  await db.update(projects).set(values).where(eq(projects.id, projectId));
}

/**
 * After a lab report version is released (release, approved revision): when its project reviews
 * reports, the version waits for that review. Answers the review's id, or null when none is needed.
 */
export async function queueLabReview(
  db: Executor,
  report: { id: number } & Pick<
    typeof projectReports.$inferInsert,
    'projectId' | 'siteId' | 'reportNo' | 'revision' | 'subjectNo' | 'visit'
  >,
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
