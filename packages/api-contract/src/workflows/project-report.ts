import { defineWorkflow } from './machine.js';

/**
 * The project manager's review of reports before the site sees them (/project/report-review) and the
 * reports produced outside the system (/project/manual-report): docs/projects.md "Report review and
 * manual reports".
 */
export const PROJECT_REPORT_PERMISSIONS = {
  view: 'project:report-review:view',
  approve: 'project:report-review:approve',
  return: 'project:report-review:return',
  /** Turn a project's review of reports on or off. */
  setting: 'project:report-review:setting',
  manualView: 'project:manual-report:view',
  /** Upload and delete manual reports. */
  manualEdit: 'project:manual-report:edit',
} as const;

export const PROJECT_REPORT_KINDS = ['lab', 'manual'] as const;
export type ProjectReportKind = (typeof PROJECT_REPORT_KINDS)[number];

export const PROJECT_REPORT_STATES = ['pending', 'approved', 'returned'] as const;
export type ProjectReportState = (typeof PROJECT_REPORT_STATES)[number];

/**
 * A report awaiting the project's review: a released lab report version of a project whose review is
 * on, or an uploaded manual report. Approved, the site sees it; returned, a lab report goes back to
 * the lab (its state becomes `returned`) and a manual report stays with its uploader (to delete).
 * Nobody approves or returns a report they wrote (entered or corrected the lab report, uploaded the
 * manual one) or submitted (released it to the review). Approval is an electronic signature: the
 * report's release to the site (PROJECT_REPORT_SIGNATURE_MEANING).
 */
export const projectReportWorkflow = defineWorkflow({
  id: 'projectReport',
  states: PROJECT_REPORT_STATES,
  initial: 'pending',
  final: ['approved', 'returned'],
  words: {
    pending: { 'zh-CN': '待审核', 'en-US': 'Awaiting review', 'zh-HK': '待審核' },
    approved: { 'zh-CN': '已通过', 'en-US': 'Approved', 'zh-HK': '已通過' },
    returned: { 'zh-CN': '已退回', 'en-US': 'Returned', 'zh-HK': '已退回' },
  },
  transitions: {
    approve: {
      from: ['pending'],
      to: 'approved',
      permission: PROJECT_REPORT_PERMISSIONS.approve,
      actor: 'not-applicant',
      signature: true,
    },
    return: {
      from: ['pending'],
      to: 'returned',
      permission: PROJECT_REPORT_PERMISSIONS.return,
      actor: 'not-applicant',
      reason: { required: true, max: 255 },
      signature: false,
    },
  },
});
/** Meaning of the approval signature (stored with it; printed on the lab report's PDF). */
export const PROJECT_REPORT_SIGNATURE_MEANING = {
  zh_CN: '项目审核：批准向研究中心发布本报告',
  en_US: 'Project review: report approved for release to the site',
  zh_HK: '項目審核：批准向研究中心發布本報告',
} as const;

export type ProjectReportAction = keyof typeof projectReportWorkflow.transitions;

/** A manual report's PDF: at most this many bytes. */
export const MANUAL_REPORT_MAX_BYTES = 20 * 1024 * 1024;
