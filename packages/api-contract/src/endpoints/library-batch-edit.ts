// Batch edit of specimen records (/specimen/manage/batch-edit-sample, docs/library.md "Batch edit"):
// a previewed bulk correction of what a lab may correct on a received specimen's record (remaining
// volume, remark, visit, sample type where the project's online plan allows it). Never the barcode,
// the position or the state: those change only through the position engine and the bills. Applied
// in one transaction with a reason and an e-signature, audited per specimen.
import { z } from 'zod';
import { defineEndpoint, defineGroup } from '../endpoint.js';
import { id, text } from '../schemas.js';
import { LIBRARY_STATES } from '../workflows/library.js';
import { barcode } from './lab.js';
import { sampleFilters } from './library-samples.js';
import { signatureInput } from './reports.js';

/** Most specimens one batch edit takes (a selection of the sample list, or a filter finding at most this many). */
export const BATCH_EDIT_MAX = 500;
/** Most microlitres a remaining volume may be corrected to (a 50 mL tube). */
export const BATCH_EDIT_MAX_VOLUME_UL = 50_000;
/** The fields a batch edit may correct, in the order the page shows them. */
export const BATCH_EDIT_FIELDS = ['volumeUl', 'remark', 'visit', 'sampleTypeId'] as const;
export type BatchEditField = (typeof BATCH_EDIT_FIELDS)[number];

export const LIBRARY_BATCH_EDIT_PERMISSIONS = {
  /** Preview and apply a batch correction (e-signed). */
  edit: 'specimen:manage-batch-edit-sample:correct',
} as const;

/** The new values; a field left out is not changed. An empty remark clears it. */
export const batchEditChanges = z.object({
  volumeUl: z.number().int().min(0).max(BATCH_EDIT_MAX_VOLUME_UL).optional(),
  remark: z.string().trim().max(255).optional(),
  visit: z.string().trim().min(1).max(64).optional(),
  sampleTypeId: id.optional(),
});
export type BatchEditChanges = z.infer<typeof batchEditChanges>;

const recordValues = z.object({
  volumeUl: z.number().nullable(),
  remark: z.string().nullable(),
  visit: z.string().nullable(),
  sampleTypeId: z.number().nullable(),
  /** The sample type in the caller's language. */
  sampleTypeName: z.string().nullable(),
});
export type BatchEditValues = z.infer<typeof recordValues>;

export const batchEditRow = z.object({
  /** Null for a barcode not found in the caller's projects. */
  id: z.number().nullable(),
  code: z.string(),
  projectNo: z.string().nullable(),
  subjectNo: z.string().nullable(),
  library: z.enum(LIBRARY_STATES).nullable(),
  /** The record's version as previewed: the apply refuses the row if it changed since. */
  version: z.number().nullable(),
  before: recordValues.nullable(),
  after: recordValues.nullable(),
  /** The fields whose value changes (empty: nothing to change on this row). */
  changed: z.array(z.enum(BATCH_EDIT_FIELDS)),
  /** Why this row cannot be changed, in the caller's language; null when it can. */
  refusal: z.string().nullable(),
});
export type BatchEditRow = z.infer<typeof batchEditRow>;

export const libraryBatchEdit = defineGroup('libraryBatchEdit', {
  preview: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/library/samples/batch-edit/preview',
    summary:
      'What a batch correction would do to each specimen (barcodes, or a sample-list filter finding at most BATCH_EDIT_MAX): before and after per row, and each row refused with its reason (state, bill, move request, legal hold, consent withdrawal, the project’s plan, a storage restriction, outside the caller’s projects)',
    access: { permission: LIBRARY_BATCH_EDIT_PERMISSIONS.edit },
    mutates: false,
    body: z.object({
      barcodes: z.array(barcode).min(1).max(BATCH_EDIT_MAX).optional(),
      filter: z.object(sampleFilters).optional(),
      changes: batchEditChanges,
    }),
    data: z.object({
      rows: z.array(batchEditRow),
      counts: z.object({ change: z.number(), unchanged: z.number(), refused: z.number() }),
    }),
  }),
  apply: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/library/samples/batch-edit',
    summary:
      'Apply a previewed batch correction in one transaction, with a reason and an e-signature, audited per specimen; refused whole when a row is refused now or changed since the preview (named)',
    access: { permission: LIBRARY_BATCH_EDIT_PERMISSIONS.edit },
    mutates: true,
    body: z.object({
      changes: batchEditChanges,
      rows: z
        .array(z.object({ id, version: z.number().int().positive() }))
        .min(1)
        .max(BATCH_EDIT_MAX),
      reason: text(255),
      signature: signatureInput,
    }),
    data: z.object({ changed: z.number() }),
  }),
});
