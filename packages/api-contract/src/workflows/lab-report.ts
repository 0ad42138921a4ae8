import { defineWorkflow } from './machine.js';

/** After analysis: result entry, review by another person, release; revisions with review. */
export const REPORT_PERMISSIONS = {
  page: 'laboratory:after-analysis-report-list:page',
  query: 'laboratory:after-analysis-report-list:query',
  enter: 'laboratory:after-analysis-report-list:create',
  edit: 'laboratory:after-analysis-report-list:update',
  review: 'laboratory:after-analysis-report-list:review',
  release: 'laboratory:after-analysis-report-list:release',
  download: 'laboratory:after-analysis-report-list:download',
  revise: 'laboratory:after-analysis-report-modify:create',
  reviewRevision: 'laboratory:after-analysis-report-modify-review:review',
} as const;

export const REPORT_STATES = [
  'entered',
  'returned',
  'reviewed',
  'released',
  'superseded',
  'revision_pending',
  'revision_rejected',
] as const;
export type ReportState = (typeof REPORT_STATES)[number];

/** Meanings of the electronic signatures (stored with each signature, shown on the report). */
export const SIGNATURE_MEANINGS = {
  review: {
    zh_CN: '审核：结果已复核无误',
    en_US: 'Reviewed: results checked and correct',
    zh_HK: '審核：結果已覆核無誤',
  },
  release: {
    zh_CN: '发布：批准发布本报告',
    en_US: 'Released: report approved for release',
    zh_HK: '發布：批准發布本報告',
  },
  approveRevision: {
    zh_CN: '修改审核：批准修改并发布',
    en_US: 'Revision approved and released',
    zh_HK: '修改審核：批准修改並發布',
  },
} as const;

/** Report states read the same in the report's own workflow and in its revisions'. */
const REPORT_STATE_WORDS = {
  entered: { 'zh-CN': '待审核', 'en-US': 'Awaiting review', 'zh-HK': '待審核' },
  returned: { 'zh-CN': '已退回', 'en-US': 'Returned', 'zh-HK': '已退回' },
  reviewed: { 'zh-CN': '待发布', 'en-US': 'Awaiting release', 'zh-HK': '待發布' },
  released: { 'zh-CN': '已发布', 'en-US': 'Released', 'zh-HK': '已發布' },
  superseded: { 'zh-CN': '已被替代', 'en-US': 'Superseded', 'zh-HK': '已被替代' },
  revision_pending: { 'zh-CN': '修改待审核', 'en-US': 'Revision awaiting review', 'zh-HK': '修改待審核' },
  revision_rejected: { 'zh-CN': '修改已驳回', 'en-US': 'Revision rejected', 'zh-HK': '修改已駁回' },
} as const;

export const labReportWorkflow = defineWorkflow({
  id: 'labReport',
  // The trail has named these `report.<action>` (the endpoints' ids) from the start.
  audit: 'report',
  states: REPORT_STATES,
  initial: 'entered',
  final: ['superseded', 'revision_rejected'],
  words: REPORT_STATE_WORDS,
  transitions: {
    /** The enterer corrects results (first entry, or after the reviewer returned them). */
    edit: {
      from: ['entered', 'returned'],
      to: 'entered',
      permission: REPORT_PERMISSIONS.edit,
      actor: 'applicant',
      signature: false,
    },
    /** Review by a different person than the enterer. */
    review: {
      from: ['entered'],
      to: 'reviewed',
      permission: REPORT_PERMISSIONS.review,
      actor: 'not-applicant',
      signature: true,
    },
    return: {
      from: ['entered'],
      to: 'returned',
      permission: REPORT_PERMISSIONS.review,
      actor: 'not-applicant',
      reason: { required: true, max: 255 },
      signature: false,
    },
    release: {
      from: ['reviewed'],
      to: 'released',
      permission: REPORT_PERMISSIONS.release,
      actor: 'not-applicant',
      signature: true,
    },
  },
});
export type ReportAction = keyof typeof labReportWorkflow.transitions;

/** A revision is a new report version in revision_pending; approving it supersedes the prior one. */
export const reportRevisionWorkflow = defineWorkflow({
  id: 'reportRevision',
  audit: 'report',
  states: REPORT_STATES,
  initial: 'revision_pending',
  final: ['released', 'revision_rejected'],
  words: REPORT_STATE_WORDS,
  transitions: {
    /** The requester corrects the reason or the changed results while the revision awaits review. */
    editRevision: {
      from: ['revision_pending'],
      to: 'revision_pending',
      permission: REPORT_PERMISSIONS.revise,
      actor: 'applicant',
      signature: false,
    },
    approveRevision: {
      from: ['revision_pending'],
      to: 'released',
      permission: REPORT_PERMISSIONS.reviewRevision,
      actor: 'not-applicant',
      signature: true,
    },
    rejectRevision: {
      from: ['revision_pending'],
      to: 'revision_rejected',
      permission: REPORT_PERMISSIONS.reviewRevision,
      actor: 'not-applicant',
      reason: { required: true, max: 255 },
      signature: false,
    },
  },
});
export type RevisionAction = keyof typeof reportRevisionWorkflow.transitions;
