// Portal report screens (/web): report search with chargeback notices and rejection notifications,
// the result list and its export, the inventory unblinding results, inspection forms; plus the staff
// endpoints that raise and withdraw chargeback notices.
import { z } from 'zod';
import { defineEndpoint, defineGroup } from '../endpoint.js';
import { decimalField } from '../money.js';
import { id, idParams, optionalText, pageFields, text, version } from '../schemas.js';
import {
  CHARGEBACK_LIMITS,
  CHARGEBACK_PERMISSIONS,
  CHARGEBACK_SITE_ACTIONS,
  CHARGEBACK_STATES,
  PORTAL_REPORT_PERMISSIONS as P,
} from '../workflows/chargeback-notice.js';
import { receiptDetail, receiptShipment } from './express.js';
import { dateString, eventRow } from './portal-fields.js';
import { reportResult, signatureRow } from './reports.js';

const keyword = (max: number) => z.string().trim().max(max).optional();
/** Filters every portal report list shares: scope narrowing and the release date range (inclusive). */
const scopeFilters = {
  projectId: id.optional(),
  siteId: id.optional(),
  subjectNo: keyword(64),
  barcode: keyword(32),
  releasedFrom: dateString.optional(),
  releasedTo: dateString.optional(),
};

/**
 * A released report as the site sees it: pseudonymised, the subject by number and initials unless
 * the project shows its sites the full name (the PDF the site downloads says the same).
 */
export const portalReportRow = z.object({
  /** Lab reports and approved manual reports (PDFs produced outside the system: their own PDF path). */
  kind: z.enum(['lab', 'manual']),
  id: z.number(),
  reportNo: z.string(),
  revision: z.number(),
  revisionReason: z.string().nullable(),
  projectId: z.number(),
  projectNo: z.string(),
  siteId: z.number(),
  siteName: z.string(),
  subjectNo: z.string(),
  /** The subject's initials (ZSF), or full name where the project allows it; '' for a manual report. */
  subject: z.string(),
  barcode: z.string(),
  visit: z.string().nullable(),
  samplingTime: z.string().nullable(),
  abnormal: z.boolean(),
  releasedAt: z.string().nullable(),
  releasedByName: z.string().nullable(),
  hasPdf: z.boolean(),
  /** When the caller last downloaded this version's PDF (null: never). */
  downloadedAt: z.string().nullable(),
  /** A manual report's title. */
  title: z.string().nullable(),
});
export type PortalReportRow = z.infer<typeof portalReportRow>;

export const portalReportDetail = portalReportRow.extend({
  results: z.array(reportResult),
  signatures: z.array(signatureRow),
  /** The released versions of this report number, oldest first (revision marks). */
  versions: z.array(
    z.object({
      id: z.number(),
      revision: z.number(),
      status: z.enum(['released', 'superseded']),
      revisionReason: z.string().nullable(),
      releasedAt: z.string().nullable(),
    }),
  ),
});
export type PortalReportDetail = z.infer<typeof portalReportDetail>;

/** One test result of a released report (result list). */
export const portalResultRow = z.object({
  id: z.number(),
  reportId: z.number(),
  reportNo: z.string(),
  revision: z.number(),
  projectNo: z.string(),
  siteName: z.string(),
  subjectNo: z.string(),
  visit: z.string().nullable(),
  barcode: z.string(),
  testItemCode: z.string(),
  testItemName: z.string(),
  testItemEnName: z.string(),
  value: z.string(),
  referenceRange: z.string().nullable(),
  unit: z.string().nullable(),
  /** 'H', 'L' outside the range, 'A' abnormal text; null normal. */
  flag: z.enum(['H', 'L', 'A']).nullable(),
  releasedAt: z.string().nullable(),
});
export type PortalResultRow = z.infer<typeof portalResultRow>;

/** A result with the identity of the subject it belongs to (inventory unblinding results). */
export const unblindingRow = portalResultRow.extend({
  subjectName: z.string(),
  gender: z.string().nullable(),
  birthday: z.string().nullable(),
});
export type UnblindingRow = z.infer<typeof unblindingRow>;

const resultFilters = {
  ...pageFields,
  ...scopeFilters,
  testItemId: id.optional(),
  abnormal: z.boolean().optional(),
};

const chargebackState = z.enum(CHARGEBACK_STATES);
/** Amount in yuan: positive, at most 2 decimals, as a decimal text (money.ts). */
const chargebackAmount = decimalField(2, {
  min: '0.01',
  max: String(CHARGEBACK_LIMITS.amountMax),
  minMessage: 'validation.amount',
});

export const chargebackRow = z.object({
  id: z.number(),
  noticeNo: z.string(),
  projectId: z.number(),
  projectNo: z.string(),
  siteId: z.number(),
  siteName: z.string(),
  barcode: z.string().nullable(),
  reason: z.string(),
  /** Decimal string with 2 places, e.g. "120.00". */
  amount: z.string(),
  status: chargebackState,
  raisedByName: z.string(),
  raisedAt: z.string(),
  respondedByName: z.string().nullable(),
  respondedAt: z.string().nullable(),
  disputeReason: z.string().nullable(),
  version: z.number(),
});
export type ChargebackRow = z.infer<typeof chargebackRow>;
export const chargebackDetail = chargebackRow.extend({ events: z.array(eventRow) });
export type ChargebackDetail = z.infer<typeof chargebackDetail>;

/** A sample line rejected at receipt (an exception record of the receipt), with its read mark. */
export const rejectionRow = z.object({
  /** The receipt record's id. */
  id: z.number(),
  transportId: z.number(),
  orderNo: z.string(),
  expressNo: z.string().nullable(),
  projectNo: z.string(),
  siteId: z.number(),
  siteName: z.string(),
  sampleTypeName: z.string(),
  quantity: z.number(),
  receivedQuantity: z.number(),
  /** Dictionary 1009 value and its label in the request language. */
  reason: z.string().nullable(),
  reasonLabel: z.string().nullable(),
  remark: z.string().nullable(),
  receivedAt: z.string(),
  receivedByName: z.string().nullable(),
  readAt: z.string().nullable(),
});
export type RejectionRow = z.infer<typeof rejectionRow>;

const transitionResult = z.object({ version: z.number(), status: chargebackState });

/** Filters of a chargeback list, the same for the sites and the staff. */
const chargebackFilters = z.object({
  ...pageFields,
  projectId: id.optional(),
  siteId: id.optional(),
  noticeNo: keyword(32),
  status: z.array(chargebackState).max(CHARGEBACK_STATES.length).optional(),
});

export const portalReport = defineGroup('portalReport', {
  paging: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/web/report/paging',
    summary: 'Released reports of my projects and sites, by project, site, subject, barcode, number, date',
    access: { permission: P.reportPage },
    mutates: false,
    paged: true,
    body: z.object({
      ...pageFields,
      ...scopeFilters,
      reportNo: keyword(32),
      /** Only the reports I downloaded (my reports). */
      downloaded: z.boolean().optional(),
    }),
    data: z.array(portalReportRow),
  }),
  get: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/web/report/{id}',
    summary: 'One released report version with its results, signatures and revision marks',
    access: { permission: P.reportQuery },
    mutates: false,
    params: idParams,
    data: portalReportDetail,
  }),
  pdf: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/web/report/{id}/pdf',
    summary: 'The PDF of a released (or superseded) version; the download is recorded (binary body)',
    access: { permission: P.reportDownload },
    // The download record and its audit entry are committed by the handler before the bytes are sent.
    mutates: false,
    params: idParams,
    data: z.null(),
  }),
  manualPdf: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/web/report/manual/{id}/pdf',
    summary: 'The PDF of an approved manual report of my sites (binary body; audited)',
    access: { permission: P.reportDownload },
    mutates: false,
    params: idParams,
    data: z.null(),
  }),
  rejections: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/web/report/rejection/paging',
    summary: 'Samples of my sites rejected at receipt (receipt exceptions), unread first',
    access: { permission: P.rejectionNotice },
    mutates: false,
    paged: true,
    body: z.object({
      ...pageFields,
      projectId: id.optional(),
      siteId: id.optional(),
      keyword: keyword(32),
      read: z.boolean().optional(),
    }),
    data: z.array(rejectionRow),
  }),
  markRead: defineEndpoint({
    service: 'main',
    method: 'PUT',
    path: '/web/report/rejection/read',
    summary: 'Mark rejection notifications as read (for me)',
    access: { permission: P.rejectionNotice },
    mutates: true,
    body: z.object({ ids: z.array(id).min(1).max(200) }),
    data: z.object({ marked: z.number() }),
  }),
  chargebacks: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/web/report/chargeback/paging',
    summary: 'Chargeback notices of my sites, open ones first',
    access: { permission: CHARGEBACK_PERMISSIONS.page },
    mutates: false,
    paged: true,
    body: chargebackFilters,
    data: z.array(chargebackRow),
  }),
  chargeback: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/web/report/chargeback/{id}',
    summary: 'One chargeback notice with the record of every transition',
    access: { permission: CHARGEBACK_PERMISSIONS.page },
    mutates: false,
    params: idParams,
    data: chargebackDetail,
  }),
  respond: defineEndpoint({
    service: 'main',
    method: 'PUT',
    path: '/web/report/chargeback/{id}/respond',
    summary: 'Acknowledge a chargeback notice, or dispute it with a reason (at most 255 characters)',
    access: { permission: CHARGEBACK_PERMISSIONS.respond },
    mutates: true,
    params: idParams,
    body: z
      .object({
        version,
        action: z.enum(CHARGEBACK_SITE_ACTIONS),
        reason: optionalText(CHARGEBACK_LIMITS.reason),
      })
      .refine((b) => b.action !== 'dispute' || Boolean(b.reason), {
        message: 'validation.disputeReason',
        path: ['reason'],
      }),
    data: transitionResult,
  }),
  results: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/web/result-report/paging',
    summary: 'Test results of the released reports of my sites, with filters',
    access: { permission: P.resultPage },
    mutates: false,
    paged: true,
    body: z.object(resultFilters),
    data: z.array(portalResultRow),
  }),
  exportResults: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/web/result-report/export',
    summary: 'The filtered results as an xlsx workbook, at most 10 000 rows (binary body)',
    access: { permission: P.resultExport },
    mutates: false,
    body: z.object({ ...resultFilters, size: z.number().int().min(1).max(10_000).default(10_000) }),
    data: z.unknown(),
  }),
  unblinding: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/web/personal-report/paging',
    summary:
      'Inventory unblinding results: released results with the subject identity; only with its own permission, every view audited',
    access: { permission: P.unblinding },
    // Every view is written to the audit trail in the same transaction.
    mutates: true,
    paged: true,
    body: z.object(resultFilters),
    data: z.array(unblindingRow),
  }),
  inspections: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/web/inspection-form/paging',
    summary: 'Inspection forms: the signed-off receipts of my sites’ shipments',
    access: { permission: P.inspectionPage },
    mutates: false,
    paged: true,
    body: z.object({ ...pageFields, keyword: keyword(32) }),
    data: z.array(receiptShipment),
  }),
  inspection: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/web/inspection-form/{id}',
    summary: 'One inspection form: the shipment and the quality verdict of each sample line',
    access: { permission: P.inspectionQuery },
    mutates: false,
    params: idParams,
    data: receiptDetail,
  }),
});

/** Staff side of chargeback notices (non-routine fees, /express/unconventional). */
export const chargebackStaff = defineGroup('chargebackStaff', {
  paging: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/express/unconventional/chargeback/paging',
    summary: 'Chargeback notices of my projects, open ones first',
    access: { permission: CHARGEBACK_PERMISSIONS.staffPage },
    mutates: false,
    paged: true,
    body: chargebackFilters,
    data: z.array(chargebackRow),
  }),
  get: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/express/unconventional/chargeback/{id}',
    summary: 'One chargeback notice of my projects with the record of every transition',
    access: { permission: CHARGEBACK_PERMISSIONS.staffPage },
    mutates: false,
    params: idParams,
    data: chargebackDetail,
  }),
  create: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/express/unconventional/chargeback',
    summary: 'Raise a chargeback notice against a site (reason, amount, optional sample barcode)',
    access: { permission: CHARGEBACK_PERMISSIONS.create },
    mutates: true,
    body: z.object({
      projectId: id,
      siteId: id,
      barcode: optionalText(32),
      reason: text(CHARGEBACK_LIMITS.reason),
      amount: chargebackAmount,
    }),
    data: z.object({ id: z.number(), noticeNo: z.string(), version: z.number() }),
  }),
  withdraw: defineEndpoint({
    service: 'main',
    method: 'PUT',
    path: '/express/unconventional/chargeback/{id}/withdraw',
    summary: 'Withdraw an open or disputed chargeback notice with a reason',
    access: { permission: CHARGEBACK_PERMISSIONS.withdraw },
    mutates: true,
    params: idParams,
    body: z.object({ version, reason: text(CHARGEBACK_LIMITS.reason) }),
    data: transitionResult,
  }),
});
