import { z } from 'zod';
import { defineEndpoint, defineGroup } from '../endpoint.js';
import { fileIdList, id, idParams, optionalText, pageFields, text, version } from '../schemas.js';
import { firing } from '../workflows/machine.js';
import {
  SUBJECT_PERMISSIONS,
  SUBJECT_STATES,
  subjectRegistrationWorkflow,
} from '../workflows/subject-registration.js';
import { TEST_ORDER_PERMISSIONS, TEST_ORDER_STATES, testOrderWorkflow } from '../workflows/test-order.js';

/** Thresholds below this are refused: the vendors read above 50 as the same person (VENDOR-NOTES). */
export const FACE_MIN_THRESHOLD = 50;

/** ID card types (SPEC section 3): A unknown, B/C mainland, J HK/Macau/Taiwan, I foreigner. */
export const CARD_TYPES = ['A', 'B', 'C', 'J', 'I'] as const;

export const subjectRow = z.object({
  id: z.number(),
  projectId: z.number(),
  projectNo: z.string(),
  siteId: z.number(),
  centerNo: z.string(),
  siteName: z.string(),
  subjectNo: z.string(),
  name: z.string(),
  gender: z.string().nullable(),
  birthday: z.string().nullable(),
  cardType: z.enum(CARD_TYPES),
  /** Only the masked number leaves the server. */
  cardNoMasked: z.string(),
  faceConfidence: z.number(),
  faceThreshold: z.number(),
  fingerprintVendor: z.enum(['za', 'zk']).nullable(),
  fingerprintEnrolled: z.boolean(),
  status: z.enum(SUBJECT_STATES),
  createdBy: z.number(),
  createdByName: z.string(),
  createdAt: z.string(),
  reviewedByName: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  reviewReason: z.string().nullable(),
  version: z.number(),
});
export type SubjectRow = z.infer<typeof subjectRow>;

const base64 = z
  .string()
  .max(64_000)
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'validation.base64');

const subjectFields = {
  projectId: id,
  siteId: id,
  subjectNo: z.string().trim().min(1).max(32),
  name: text(64),
  gender: z.string().trim().max(8).nullish(),
  /** As read from the card, YYYYMMDD or YYYY-MM-DD. */
  birthday: z
    .string()
    .trim()
    .regex(/^\d{4}-?\d{2}-?\d{2}$/, 'validation.date')
    .nullish(),
  cardType: z.enum(CARD_TYPES),
  /** Full number as read; the server keeps it masked and hashed only. */
  cardId: z.string().trim().min(5).max(32),
  /** Face comparison result from the bridge (confidence above threshold). */
  face: z.object({ confidence: z.number().min(0).max(100), threshold: z.number().min(0).max(100) }),
  /** Registration template from the 3-press enrolment. */
  fingerprint: z.object({ vendor: z.enum(['za', 'zk']), template: base64 }).nullish(),
};

export const subject = defineGroup('subject', {
  paging: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/lab/before/subject/paging',
    summary: 'Registered subjects in the user scope, by status, project and subject number or name',
    access: { permission: SUBJECT_PERMISSIONS.page },
    mutates: false,
    paged: true,
    body: z.object({
      ...pageFields,
      status: z.enum(SUBJECT_STATES).optional(),
      projectId: id.optional(),
      keyword: z.string().trim().max(64).optional(),
      /** Only those entered by someone else (the review queue). */
      othersOnly: z.boolean().optional(),
    }),
    data: z.array(subjectRow),
  }),
  get: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/lab/before/subject/{id}',
    summary: 'One subject (masked card number; no template)',
    access: { permission: SUBJECT_PERMISSIONS.query },
    mutates: false,
    params: idParams,
    data: subjectRow,
  }),
  create: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/lab/before/subject',
    summary:
      'Register a subject from the ID card, the face comparison (must match) and the fingerprint enrolment; goes to review',
    access: { permission: SUBJECT_PERMISSIONS.create },
    mutates: true,
    body: z.object(subjectFields),
    data: z.object({ id: z.number(), version: z.number() }),
  }),
  resubmit: defineEndpoint({
    service: 'main',
    method: 'PUT',
    path: '/lab/before/subject',
    summary: 'Correct a rejected registration and submit it again (only its enterer)',
    ...firing(subjectRegistrationWorkflow, 'resubmit'),
    mutates: true,
    body: z.object({ id, version, ...subjectFields }),
    data: z.object({ version: z.number() }),
  }),
  review: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/lab/before/subject/{id}/review',
    summary: 'Second-person review: approve, or reject with a reason (never one’s own entry)',
    ...firing(subjectRegistrationWorkflow, 'approve', 'reject'),
    mutates: true,
    params: idParams,
    body: z.object({ version, action: z.enum(['approve', 'reject']), reason: optionalText(255) }),
    data: z.object({ version: z.number() }),
  }),
});

export const testOrderRow = z.object({
  id: z.number(),
  projectNo: z.string(),
  siteName: z.string(),
  subjectId: z.number(),
  subjectNo: z.string(),
  subjectName: z.string(),
  barcode: z.string(),
  visit: z.string().nullable(),
  testItems: z.array(z.object({ id: z.number(), code: z.string(), name: z.string(), enName: z.string() })),
  requisitionFileIds: z.array(z.number()),
  status: z.enum(TEST_ORDER_STATES),
  createdBy: z.number(),
  createdByName: z.string(),
  createdAt: z.string(),
  reviewedByName: z.string().nullable(),
  reviewReason: z.string().nullable(),
  /** The report of this order's results once entered (null: awaiting result entry). */
  reportId: z.number().nullable(),
  version: z.number(),
});
export type TestOrderRow = z.infer<typeof testOrderRow>;

export const barcode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$/, 'validation.barcode');
const orderFields = {
  subjectId: id,
  visit: optionalText(64),
  testItemIds: z.array(id).min(1).max(50),
  /** Captured requisition form images (uploaded files). */
  requisitionFileIds: fileIdList(9),
};

export const testOrder = defineGroup('testOrder', {
  paging: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/lab/before/test-order/paging',
    summary: 'Test orders in the user scope, by status and barcode or subject number',
    access: { permission: TEST_ORDER_PERMISSIONS.page },
    mutates: false,
    paged: true,
    body: z.object({
      ...pageFields,
      status: z.enum(TEST_ORDER_STATES).optional(),
      keyword: z.string().trim().max(64).optional(),
      /** Approved orders whose results have not been entered yet (the day to-do's result entry). */
      awaitingResults: z.boolean().optional(),
    }),
    data: z.array(testOrderRow),
  }),
  get: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/lab/before/test-order/{id}',
    summary: 'One test order (its items for result entry, its report once entered)',
    access: { permission: TEST_ORDER_PERMISSIONS.page },
    mutates: false,
    params: idParams,
    data: testOrderRow,
  }),
  create: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/lab/before/test-order',
    summary: 'Enter the test items of one sample barcode of an approved subject (barcodes are unique)',
    access: { permission: TEST_ORDER_PERMISSIONS.create },
    mutates: true,
    body: z.object({ ...orderFields, barcode }),
    data: z.object({ id: z.number(), version: z.number() }),
  }),
  batchCreate: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/lab/before/test-order/batch',
    summary: 'The same test items for several barcodes of one subject; all or none',
    access: { permission: TEST_ORDER_PERMISSIONS.batch },
    mutates: true,
    body: z.object({ ...orderFields, barcodes: z.array(barcode).min(1).max(200) }),
    data: z.object({ ids: z.array(z.number()) }),
  }),
  resubmit: defineEndpoint({
    service: 'main',
    method: 'PUT',
    path: '/lab/before/test-order',
    summary: 'Correct a rejected order and submit it again (only its enterer)',
    ...firing(testOrderWorkflow, 'resubmit'),
    mutates: true,
    body: z.object({
      id,
      version,
      visit: optionalText(64),
      testItemIds: orderFields.testItemIds,
      requisitionFileIds: orderFields.requisitionFileIds,
    }),
    data: z.object({ version: z.number() }),
  }),
  review: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/lab/before/test-order/{id}/review',
    summary: 'Second-person review of a test order: approve, or reject with a reason',
    ...firing(testOrderWorkflow, 'approve', 'reject'),
    mutates: true,
    params: idParams,
    body: z.object({ version, action: z.enum(['approve', 'reject']), reason: optionalText(255) }),
    data: z.object({ version: z.number() }),
  }),
});
