import { z } from 'zod';
import { defineEndpoint, defineGroup } from '../endpoint.js';
import { authorIds, fileId, id, idParams, isoTime, pageFields, text, version } from '../schemas.js';
import { firing } from '../workflows/machine.js';
import {
  PROJECT_REPORT_PERMISSIONS as P,
  PROJECT_REPORT_KINDS,
  PROJECT_REPORT_STATES,
  projectReportWorkflow,
} from '../workflows/project-report.js';
import { dateString } from './portal-fields.js';
import { signatureInput } from './reports.js';

/**
 * The project's review of reports before the site sees them (/project/report-review) and manual
 * reports (/project/manual-report): both are rows of one list, told apart by `kind`.
 */
export const projectReportRow = z.object({
  id: z.number(),
  kind: z.enum(PROJECT_REPORT_KINDS),
  /** The lab report version reviewed (kind lab). */
  labReportId: z.number().nullable(),
  reportNo: z.string(),
  revision: z.number(),
  projectId: z.number(),
  projectNo: z.string(),
  siteId: z.number(),
  siteNo: z.string(),
  siteName: z.string(),
  subjectNo: z.string(),
  visit: z.string().nullable(),
  /** Manual reports: their title and the day the report was issued (YYYY-MM-DD). */
  title: z.string().nullable(),
  reportDate: z.string().nullable(),
  status: z.enum(PROJECT_REPORT_STATES),
  /** Why it was returned. */
  reason: z.string().nullable(),
  hasPdf: z.boolean(),
  /** Who released (lab) or uploaded (manual) it, when it came for review. */
  createdBy: z.number(),
  createdByName: z.string().nullable(),
  /** Who released or uploaded it and who entered or corrected the lab report: none may approve it. */
  authorIds,
  createdAt: isoTime,
  reviewedByName: z.string().nullable(),
  reviewedAt: isoTime.nullable(),
  version: z.number(),
});
export type ProjectReportRow = z.infer<typeof projectReportRow>;

const listFilters = {
  ...pageFields,
  projectId: id.optional(),
  siteId: id.optional(),
  status: z.enum(PROJECT_REPORT_STATES).optional(),
  /** Report number, subject number or title, contains. */
  keyword: z.string().trim().max(64).optional(),
};

const pdf = (path: string, permission: string) =>
  defineEndpoint({
    service: 'user',
    method: 'GET',
    path,
    summary: 'The PDF of a report under review or a manual report (binary body, not an envelope)',
    access: { permission },
    mutates: false,
    params: idParams,
    data: z.null(),
  });

/** A project's settings of what its sites see of reports. */
const reportSettings = {
  reportReview: z.boolean(),
  /** Sites see the subject's full name on reports (off: subject number and initials). */
  siteSubjectName: z.boolean(),
};

export const projectReports = defineGroup('projectReports', {
  paging: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/project/report-review/paging',
    summary: 'Reports of the projects in the caller scope under review (lab and manual), newest first',
    access: { permission: P.view },
    mutates: false,
    paged: true,
    body: z.object({ ...listFilters, kind: z.enum(PROJECT_REPORT_KINDS).optional() }),
    data: z.array(projectReportRow),
  }),
  approve: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/project/report-review/{id}/approve',
    summary:
      'Approve a report awaiting review with an electronic signature (never by its author or submitter): the site sees it in the portal from now on',
    ...firing(projectReportWorkflow, 'approve'),
    mutates: true,
    params: idParams,
    body: z.object({ version, signature: signatureInput.optional() }),
    data: z.object({ version: z.number() }),
  }),
  return: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/project/report-review/{id}/return',
    summary:
      'Return a report awaiting review with a reason: a lab report goes back to the lab (returned), a manual report to its uploader',
    ...firing(projectReportWorkflow, 'return'),
    mutates: true,
    params: idParams,
    body: z.object({ version, reason: text(255) }),
    data: z.object({ version: z.number() }),
  }),
  pdf: pdf('/project/report-review/{id}/pdf', P.view),
  setting: defineEndpoint({
    service: 'user',
    method: 'GET',
    path: '/project/report-review/setting/{id}',
    summary:
      "Whether a project's released reports wait for the project's review, and whether its sites see subjects' full names (project id)",
    access: { permission: P.view },
    mutates: false,
    params: idParams,
    data: z.object({ projectId: z.number(), ...reportSettings }),
  }),
  saveSetting: defineEndpoint({
    service: 'user',
    method: 'PUT',
    path: '/project/report-review/setting',
    summary:
      "Turn the project's review of reports on or off (reports already awaiting review stay until reviewed), and whether sites see subjects' full names on reports",
    access: { permission: P.setting },
    mutates: true,
    body: z.object({ projectId: id, reportReview: z.boolean(), siteSubjectName: z.boolean().optional() }),
    data: z.object(reportSettings),
  }),
});

export const manualReports = defineGroup('manualReports', {
  paging: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/project/manual-report/paging',
    summary: 'Manual reports of the projects in the caller scope, newest first',
    access: { permission: P.manualView },
    mutates: false,
    paged: true,
    body: z.object(listFilters),
    data: z.array(projectReportRow),
  }),
  create: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/project/manual-report',
    summary:
      'Register an uploaded PDF (POST /file/upload first) as a manual report of a subject and visit; it awaits the project review',
    access: { permission: P.manualEdit },
    mutates: true,
    body: z.object({
      projectId: id,
      siteId: id,
      subjectNo: text(64),
      visit: text(64),
      title: text(100),
      reportDate: dateString,
      fileId,
    }),
    data: z.object({ id: z.number(), reportNo: z.string(), version: z.number() }),
  }),
  choices: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/project/manual-report/choices',
    summary:
      'What a manual report may name at a site of a project: its subjects (subject nos) and the visits of its current plan versions, in order',
    access: { permission: P.manualEdit },
    mutates: false,
    body: z.object({ projectId: id, siteId: id }),
    data: z.object({ subjects: z.array(z.string()), visits: z.array(z.string()) }),
  }),
  remove: defineEndpoint({
    service: 'user',
    method: 'DELETE',
    path: '/project/manual-report/{id}',
    summary: 'Delete a manual report not yet approved',
    access: { permission: P.manualEdit },
    mutates: true,
    params: idParams,
    data: z.null(),
  }),
  pdf: pdf('/project/manual-report/{id}/pdf', P.manualView),
});
