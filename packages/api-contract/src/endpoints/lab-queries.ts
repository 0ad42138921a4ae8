// Staff side of clarification queries (/project/question and /laboratory/before-analysis/question),
// the bench's feedback to the project manager, and the specimen log (/laboratory/specimen-logger).
import { z } from 'zod';
import { defineEndpoint, defineGroup } from '../endpoint.js';
import { id, idParams, pageFields, version } from '../schemas.js';
import { QUERY_PERMISSIONS, QUERY_STATES } from '../workflows/clarification-query.js';
import { FEEDBACK_PERMISSIONS, FEEDBACK_STATES } from '../workflows/lab-feedback.js';
import { queryDetail, queryRow } from './portal-clarification.js';
import { optionalDate, PORTAL_LIMITS } from './portal-fields.js';
import { shipmentRow } from './portal-transport.js';

const keyword = z.string().trim().max(64).optional();
const reason = z.string().trim().min(1).max(PORTAL_LIMITS.note);

/** Staff: every query of the projects in scope (both staff screens are one screen; see docs/laboratory.md). */
export const labQuery = defineGroup('labQuery', {
  paging: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/project/question/paging',
    summary: 'Internal staff: clarification queries of the projects in scope, open first',
    access: { permission: QUERY_PERMISSIONS.staffPage },
    mutates: false,
    paged: true,
    body: z.object({
      ...pageFields,
      status: z.array(z.enum(QUERY_STATES)).max(QUERY_STATES.length).optional(),
      projectId: id.optional(),
      keyword,
      /** Exact sample barcode (from the specimen log or a feedback). */
      barcode: z.string().trim().max(32).optional(),
      /** Only the queries I raised. */
      mine: z.boolean().optional(),
    }),
    data: z.array(queryRow),
  }),
  shipments: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/project/question/shipments',
    summary:
      'Internal staff raising a query: the sample shipments of one site of my projects, newest first (to name the one the query is about)',
    access: { permission: QUERY_PERMISSIONS.create },
    mutates: false,
    paged: true,
    body: z.object({
      ...pageFields,
      projectId: id,
      siteId: id,
      orderNo: z.string().trim().max(32).optional(),
    }),
    data: z.array(shipmentRow),
  }),
  get: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/project/question/{id}/record',
    summary: 'Internal staff: one query with the reply record and history (viewing changes nothing)',
    access: { permission: QUERY_PERMISSIONS.staffQuery },
    mutates: false,
    params: idParams,
    data: queryDetail,
  }),
  reopen: defineEndpoint({
    service: 'main',
    method: 'PUT',
    path: '/project/question/{id}/reopen',
    summary: 'Internal staff: re-open a resolved query with a reason; the site answers again',
    access: { permission: QUERY_PERMISSIONS.reopen },
    mutates: true,
    params: idParams,
    body: z.object({ version, reason }),
    data: queryDetail,
  }),
});

export const feedbackRow = z.object({
  id: z.number(),
  feedbackNo: z.string(),
  projectId: z.number(),
  projectNo: z.string(),
  siteId: z.number(),
  siteNo: z.string(),
  siteName: z.string(),
  queryId: z.number().nullable(),
  queryNo: z.string().nullable(),
  barcode: z.string().nullable(),
  subjectNo: z.string().nullable(),
  content: z.string(),
  status: z.enum(FEEDBACK_STATES),
  createdBy: z.number(),
  createdByName: z.string(),
  createdAt: z.string(),
  respondedByName: z.string().nullable(),
  respondedAt: z.string().nullable(),
  response: z.string().nullable(),
  closedAt: z.string().nullable(),
  version: z.number(),
});
export type FeedbackRow = z.infer<typeof feedbackRow>;

const feedbackFilter = z.object({
  ...pageFields,
  status: z.array(z.enum(FEEDBACK_STATES)).max(FEEDBACK_STATES.length).optional(),
  keyword,
  queryId: id.optional(),
  /** One project's feedback (the project overview's link). */
  projectId: id.optional(),
});

export const labFeedback = defineGroup('labFeedback', {
  labPaging: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/lab/before/feedback/paging',
    summary: 'Lab bench: feedback to project managers in the projects in scope, open first',
    access: { permission: FEEDBACK_PERMISSIONS.labPage },
    mutates: false,
    paged: true,
    body: feedbackFilter,
    data: z.array(feedbackRow),
  }),
  projectPaging: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/project/feedback/paging',
    summary: 'Project managers: feedback from the lab bench in the projects in scope, open first',
    access: { permission: FEEDBACK_PERMISSIONS.projectPage },
    mutates: false,
    paged: true,
    body: feedbackFilter,
    data: z.array(feedbackRow),
  }),
  create: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/lab/before/feedback',
    summary: 'Lab bench: give feedback on a query or a sample barcode to the project manager',
    access: { permission: FEEDBACK_PERMISSIONS.create },
    mutates: true,
    body: z
      .object({
        queryId: id.nullish(),
        barcode: z
          .string()
          .trim()
          .max(32)
          .nullish()
          .transform((v) => v || null),
        content: z.string().trim().min(1).max(PORTAL_LIMITS.note),
      })
      .refine((b) => Boolean(b.queryId) || Boolean(b.barcode), {
        message: 'validation.feedbackSubject',
        path: ['queryId'],
      }),
    data: feedbackRow,
  }),
  respond: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/project/feedback/{id}/respond',
    summary: 'Project managers: answer a feedback (255 characters at most)',
    access: { permission: FEEDBACK_PERMISSIONS.respond },
    mutates: true,
    params: idParams,
    body: z.object({ version, response: reason }),
    data: feedbackRow,
  }),
  close: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/lab/before/feedback/{id}/close',
    summary: 'Lab bench: close an answered feedback (only the one who raised it)',
    access: { permission: FEEDBACK_PERMISSIONS.close },
    mutates: true,
    params: idParams,
    body: z.object({ version }),
    data: feedbackRow,
  }),
});

/** Kinds of events in the specimen log, in the order a sample lives through them. */
export const SPECIMEN_EVENT_KINDS = [
  'specimen',
  'shipment',
  'order',
  'result',
  'report',
  'query',
  'feedback',
] as const;
export type SpecimenEventKind = (typeof SPECIMEN_EVENT_KINDS)[number];

export const SPECIMEN_LOG_PERMISSIONS = {
  page: 'laboratory:specimen-logger:page',
  export: 'laboratory:specimen-logger:export',
} as const;

export const specimenEventRow = z.object({
  /** Audit record id (the log is the audit trail of the barcode's records). */
  id: z.number(),
  at: z.string(),
  barcode: z.string(),
  kind: z.enum(SPECIMEN_EVENT_KINDS),
  /** The audited action, e.g. `testOrder.approve`, `report.release`, `clarificationQuery.reply`. */
  action: z.string(),
  /** The record's number: test order id, report number and revision, query or feedback number, shipment order. */
  reference: z.string(),
  username: z.string().nullable(),
  reason: z.string().nullable(),
  workstation: z.string().nullable(),
});
export type SpecimenEventRow = z.infer<typeof specimenEventRow>;

const logFilter = {
  /** Part of a barcode (at least 2 characters); exact matches come first. */
  barcode: z.string().trim().min(2).max(32),
  kinds: z.array(z.enum(SPECIMEN_EVENT_KINDS)).max(SPECIMEN_EVENT_KINDS.length).optional(),
  from: optionalDate,
  to: optionalDate,
};

export const specimenLog = defineGroup('specimenLog', {
  paging: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/lab/specimen-log/paging',
    summary: 'Specimen log: every audited event of the barcodes matching, oldest first, paged',
    access: { permission: SPECIMEN_LOG_PERMISSIONS.page },
    mutates: false,
    paged: true,
    body: z.object({ ...pageFields, ...logFilter }),
    data: z.array(specimenEventRow),
  }),
  export: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/lab/specimen-log/export',
    summary: 'The specimen log as an xlsx workbook (binary body, not an envelope; at most 10 000 rows)',
    access: { permission: SPECIMEN_LOG_PERMISSIONS.export },
    mutates: false,
    body: z.object(logFilter),
    data: z.unknown(),
  }),
});
