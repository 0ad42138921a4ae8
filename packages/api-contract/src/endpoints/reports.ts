import { z } from 'zod';
import { defineEndpoint, defineGroup } from '../endpoint.js';
import { id, idParams, isoTime, optionalText, pageFields, version } from '../schemas.js';
import {
  labReportWorkflow,
  REPORT_PERMISSIONS,
  REPORT_STATES,
  reportRevisionWorkflow,
} from '../workflows/lab-report.js';
import { firing } from '../workflows/machine.js';
import { PROJECT_REPORT_STATES } from '../workflows/project-report.js';

export const reportResult = z.object({
  testItemId: z.number(),
  code: z.string(),
  name: z.string(),
  enName: z.string(),
  value: z.string(),
  unit: z.string().nullable(),
  referenceRange: z.string().nullable(),
  /** 'H' above, 'L' below the reference range, 'A' abnormal text; null normal or not judged. */
  flag: z.enum(['H', 'L', 'A']).nullable(),
  remark: z.string().nullable(),
  /** The test item's method (its settings), null when none is set. */
  method: z.string().nullable(),
});

export const reportRow = z.object({
  id: z.number(),
  reportNo: z.string(),
  revision: z.number(),
  revisionOf: z.number().nullable(),
  revisionReason: z.string().nullable(),
  projectId: z.number(),
  projectNo: z.string(),
  siteName: z.string(),
  subjectId: z.number(),
  subjectNo: z.string(),
  subjectName: z.string(),
  barcode: z.string(),
  visit: z.string().nullable(),
  samplingTime: z.string().nullable(),
  status: z.enum(REPORT_STATES),
  /** The project manager's review of this released version; null when the project reviews none. */
  projectReview: z.enum(PROJECT_REPORT_STATES).nullable(),
  abnormal: z.boolean(),
  createdBy: z.number(),
  createdByName: z.string(),
  createdAt: z.string(),
  reviewedByName: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  releasedByName: z.string().nullable(),
  releasedAt: z.string().nullable(),
  returnReason: z.string().nullable(),
  contentHash: z.string().nullable(),
  hasPdf: z.boolean(),
  version: z.number(),
});
export type ReportRow = z.infer<typeof reportRow>;

export const signatureRow = z.object({
  action: z.string(),
  meaning: z.string(),
  signerName: z.string(),
  signedAt: z.string(),
  contentHash: z.string(),
});

export const reportDetail = reportRow.extend({
  projectName: z.string(),
  /** The project's English name (`localName` picks the reader's); null: none. */
  projectEnName: z.string().nullable(),
  sponsor: z.string().nullable(),
  siteNo: z.string(),
  /** Who recorded the test order of the barcode (the requisition) and when; null without an order. */
  requestedByName: z.string().nullable(),
  requestedAt: z.string().nullable(),
  /**
   * The specimen: its type (the registered barcode's, else its shipment line's, else the test items'
   * types joined) and when the lab received it (bench sign-for, else the shipment line's or the
   * shipment's receipt); null when the data does not say.
   */
  sampleType: z.string().nullable(),
  sampleTypeEn: z.string().nullable(),
  receivedAt: z.string().nullable(),
  results: z.array(reportResult),
  signatures: z.array(signatureRow),
  /** Every version of this report number, oldest first (the prior ones are kept). */
  versions: z.array(z.object({ id: z.number(), revision: z.number(), status: z.enum(REPORT_STATES) })),
});
export type ReportDetail = z.infer<typeof reportDetail>;

const resultInput = z.object({
  testItemId: id,
  value: z.string().trim().min(1).max(64),
  remark: optionalText(255),
});
const results = z.array(resultInput).min(1).max(100);

/** Electronic signature: the signer re-enters the password; meaning and time are set by the server. */
export const signatureInput = z.object({ password: z.string().min(1).max(64) });

const transitionResult = z.object({ version: z.number(), status: z.enum(REPORT_STATES) });

export const report = defineGroup('report', {
  paging: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/lab/after/report/paging',
    summary: 'Reports in the user scope: by status, abnormal results, report number, barcode or subject',
    access: { permission: REPORT_PERMISSIONS.page },
    mutates: false,
    paged: true,
    body: z.object({
      ...pageFields,
      status: z.array(z.enum(REPORT_STATES)).max(7).optional(),
      keyword: z.string().trim().max(64).optional(),
      abnormal: z.boolean().optional(),
    }),
    data: z.array(reportRow),
  }),
  monitor: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/lab/after/report/monitor',
    summary: 'Report counts by state and abnormal reports, in the user scope',
    access: { permission: REPORT_PERMISSIONS.page },
    mutates: false,
    data: z.object({
      byStatus: z.record(z.enum(REPORT_STATES), z.number()),
      abnormal: z.number(),
      awaitingReview: z.number(),
      awaitingRelease: z.number(),
    }),
  }),
  get: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/lab/after/report/{id}',
    summary: 'One report version with results, signatures and the list of its versions',
    access: { permission: REPORT_PERMISSIONS.query },
    mutates: false,
    params: idParams,
    data: reportDetail,
  }),
  create: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/lab/after/report',
    summary:
      'Enter the results of an approved test order (or of one sample of an approved subject without an order)',
    access: { permission: REPORT_PERMISSIONS.enter },
    mutates: true,
    body: z
      .object({
        /** The approved test order the results are for: subject, barcode and items come from it. */
        testOrderId: id.optional(),
        subjectId: id.optional(),
        barcode: z.string().trim().min(1).max(32).optional(),
        visit: optionalText(64),
        samplingTime: isoTime.nullish(),
        results,
      })
      .refine((b) => b.testOrderId !== undefined || (b.subjectId !== undefined && b.barcode !== undefined), {
        message: 'validation.resultTarget',
        path: ['testOrderId'],
      }),
    data: z.object({ id: z.number(), reportNo: z.string(), version: z.number() }),
  }),
  update: defineEndpoint({
    service: 'main',
    method: 'PUT',
    path: '/lab/after/report',
    summary: 'Correct entered or returned results (only the enterer)',
    ...firing(labReportWorkflow, 'edit'),
    mutates: true,
    body: z.object({ id, version, visit: optionalText(64), results }),
    data: z.object({ version: z.number() }),
  }),
  review: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/lab/after/report/{id}/review',
    summary: 'Review entered results: electronic signature, never by the enterer',
    ...firing(labReportWorkflow, 'review'),
    mutates: true,
    params: idParams,
    body: z.object({ version, signature: signatureInput.optional() }),
    data: transitionResult,
  }),
  return: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/lab/after/report/{id}/return',
    summary: 'Send entered results back to the enterer with a reason',
    ...firing(labReportWorkflow, 'return'),
    mutates: true,
    params: idParams,
    body: z.object({ version, reason: optionalText(255) }),
    data: transitionResult,
  }),
  release: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/lab/after/report/{id}/release',
    summary:
      'Release a reviewed report: electronic signature, never by the enterer; the PDF is rendered and kept',
    ...firing(labReportWorkflow, 'release'),
    mutates: true,
    params: idParams,
    body: z.object({ version, signature: signatureInput.optional() }),
    data: transitionResult,
  }),
  revise: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/lab/after/report/{id}/revise',
    summary: 'Ask for a revision of a released report: a new version awaiting review; the released one stays',
    access: { permission: REPORT_PERMISSIONS.revise },
    mutates: true,
    params: idParams,
    body: z.object({ version, reason: z.string().trim().min(1).max(255), results }),
    data: z.object({ id: z.number(), revision: z.number(), version: z.number() }),
  }),
  editRevision: defineEndpoint({
    service: 'main',
    method: 'PUT',
    path: '/lab/after/report/{id}/revise',
    summary: 'Correct the reason or the results of a revision awaiting review (only its requester)',
    ...firing(reportRevisionWorkflow, 'editRevision'),
    mutates: true,
    params: idParams,
    body: z.object({ version, reason: z.string().trim().min(1).max(255), results }),
    data: z.object({ version: z.number() }),
  }),
  reviewRevision: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/lab/after/report/{id}/revision-review',
    summary:
      'Approve (signed; the prior version becomes superseded and the revision is released) or reject a revision',
    ...firing(reportRevisionWorkflow, 'approveRevision', 'rejectRevision'),
    mutates: true,
    params: idParams,
    body: z.object({
      version,
      action: z.enum(['approveRevision', 'rejectRevision']),
      reason: optionalText(255),
      signature: signatureInput.optional(),
    }),
    data: z.object({ version: z.number(), status: z.enum(REPORT_STATES) }),
  }),
  pdf: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/lab/after/report/{id}/pdf',
    summary: 'The PDF of a released (or superseded) report version (binary body, not an envelope)',
    access: { permission: REPORT_PERMISSIONS.download },
    mutates: false,
    params: idParams,
    data: z.null(),
  }),
});
