// The specimen library's bills (docs/library.md "Bills"): outbound bills (ordinary, planned, after
// the fact, backup) and destruction bills; lines reserved from creation, review with e-signatures,
// confirmation by scanning boxes and tubes, returns. Every change of a specimen's place goes through
// the position engine.
import { z } from 'zod';
import { defineEndpoint, defineGroup } from '../endpoint.js';
import { id, idParams, optionalText, pageFields, text, version } from '../schemas.js';
import { LIBRARY_STATES } from '../workflows/library.js';
import {
  BILL_KINDS,
  BILL_MAX_LINES,
  BILL_STATES,
  DESTROY_METHODS,
  destroyBillWorkflow,
  LINE_PROBLEMS,
  OUTBOUND_KINDS,
  outboundBillWorkflow,
  BILL_PERMISSIONS as P,
} from '../workflows/library-bills.js';
import { firing } from '../workflows/machine.js';
import { barcode } from './lab.js';
import { receiverIdentity, witnessIdentity } from './library-custody.js';
import { signatureInput, signatureRow } from './reports.js';

const listBody = z.object({
  ...pageFields,
  status: z.enum(BILL_STATES).nullish(),
  kind: z.enum(BILL_KINDS).nullish(),
  projectId: id.nullish(),
  /** Bill number, recipient or a barcode on it. */
  keyword: z.string().trim().max(64).nullish(),
});
const created = z.object({ id: z.number(), billNo: z.string(), lines: z.number() });
const versioned = z.object({ version: z.number(), status: z.enum(BILL_STATES) });
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date');

export const billRow = z.object({
  id: z.number(),
  billNo: z.string(),
  kind: z.enum(BILL_KINDS),
  status: z.enum(BILL_STATES),
  projectId: z.number(),
  projectNo: z.string(),
  projectName: z.string(),
  stockOutTypeId: z.number().nullable(),
  stockOutTypeName: z.string().nullable(),
  /** The stock-out type lends the specimens (they come back). */
  returnsSample: z.boolean(),
  /** Reason: a value of dictionary 1017 (outbound) or 1018 (destruction), and its label. */
  reason: z.string(),
  reasonLabel: z.string(),
  recipient: z.string().nullable(),
  destination: z.string().nullable(),
  plannedAt: z.string().nullable(),
  removedAt: z.string().nullable(),
  deviation: z.string().nullable(),
  remark: z.string().nullable(),
  lines: z.number(),
  createdBy: z.number(),
  creatorName: z.string(),
  createdAt: z.string(),
  version: z.number(),
});
export type BillRow = z.infer<typeof billRow>;

export const billLine = z.object({
  id: z.number(),
  specimenId: z.number(),
  barcode: z.string(),
  sampleTypeName: z.string().nullable(),
  library: z.enum(LIBRARY_STATES),
  freezeThaw: z.number(),
  /** Where it is now (the pick list): room, unit, rack, box and cell; null when not in the library. */
  roomName: z.string().nullable(),
  unitName: z.string().nullable(),
  rack: z.string().nullable(),
  boxId: z.number().nullable(),
  box: z.string().nullable(),
  position: z.string().nullable(),
  /** The whole specimen leaves; else `quantityUl` of it (the rest stays in place). */
  whole: z.boolean(),
  quantityUl: z.number().nullable(),
  volumeUl: z.number().nullable(),
  /** Why it may not go (empty: eligible); worked out when read. */
  problems: z.array(z.enum(LINE_PROBLEMS)),
  scanned: z.boolean(),
  /** Reconciled as missing at confirmation, with the note; the line is not carried out. */
  missingNote: z.string().nullable(),
  returnedAt: z.string().nullable(),
  returnBox: z.string().nullable(),
  returnPosition: z.string().nullable(),
});
export type BillLine = z.infer<typeof billLine>;

/** The confirmation scan's state: what is still unscanned (missing) and what was scanned but is not on the bill. */
export const scanState = z.object({
  lines: z.number(),
  scanned: z.number(),
  missing: z.array(z.object({ lineId: z.number(), barcode: z.string(), box: z.string().nullable() })),
  extras: z.array(z.string()),
});
export type ScanState = z.infer<typeof scanState>;

export const billDetail = billRow.extend({
  lineRows: z.array(billLine),
  scan: scanState,
  signatures: z.array(signatureRow),
  /** Destruction: the two authorisers (and whether each held the QA permission when signing). */
  authorisers: z.array(z.object({ userId: z.number(), name: z.string(), qa: z.boolean() })),
  method: z.enum(DESTROY_METHODS).nullable(),
  certificate: z.string().nullable(),
  receiverName: z.string().nullable(),
  witnessName: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  events: z.array(
    z.object({
      action: z.string(),
      fromState: z.string().nullable(),
      toState: z.string(),
      username: z.string().nullable(),
      at: z.string(),
      reason: z.string().nullable(),
    }),
  ),
});
export type BillDetail = z.infer<typeof billDetail>;

/** Lines by barcode (pasted or scanned), or every stored specimen of the project a filter finds. */
const lineInput = z.object({ barcode, quantityUl: z.number().int().positive().max(1_000_000).nullish() });
const lineFilter = z.object({
  boxId: id.nullish(),
  unitId: id.nullish(),
  sampleTypeId: id.nullish(),
  visit: z.string().trim().max(64).nullish(),
});
const linesOrFilter = {
  lines: z.array(lineInput).min(1).max(BILL_MAX_LINES).nullish(),
  filter: lineFilter.nullish(),
};

const review = (actions: readonly [string, ...string[]]) =>
  z.object({
    version,
    action: z.enum(actions),
    reason: optionalText(255),
    signature: signatureInput.optional(),
  });
const cancelBody = z.object({ version, reason: text(255) });
const scanBody = z.object({ barcodes: z.array(barcode).min(1).max(BILL_MAX_LINES) });
const reconcileBody = z.object({
  missing: z
    .array(z.object({ lineId: id, note: text(255) }))
    .max(BILL_MAX_LINES)
    .default([]),
  /** Extras put back where they came from (they leave the differences list). */
  putBack: z.array(barcode).max(BILL_MAX_LINES).default([]),
});

export const libraryBills = defineGroup('libraryBills', {
  // ---- outbound ----
  outboundTypes: defineEndpoint({
    service: 'container',
    method: 'GET',
    path: '/library/outbound/types',
    summary: 'The enabled stock-out types a bill may take, each with the reasons (dictionary 1017) it allows',
    access: { permission: P.outCreate },
    mutates: false,
    data: z.array(
      z.object({
        id: z.number(),
        code: z.string(),
        name: z.string(),
        returnsSample: z.boolean(),
        reasons: z.array(z.string()),
      }),
    ),
  }),
  outboundList: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/library/outbound/list',
    summary: 'Outbound bills of the caller projects by state and kind',
    access: { permission: P.outPage },
    mutates: false,
    paged: true,
    body: listBody,
    data: z.array(billRow),
  }),
  outboundDetail: defineEndpoint({
    service: 'container',
    method: 'GET',
    path: '/library/outbound/{id}',
    summary:
      'One outbound bill: lines in pick-list order (room, unit, rack, box, position) with eligibility, scan state, signatures',
    access: { permission: P.outPage },
    mutates: false,
    params: idParams,
    data: billDetail,
  }),
  outboundPickList: defineEndpoint({
    service: 'container',
    method: 'GET',
    path: '/library/outbound/{id}/pick-list',
    summary:
      'The pick list (PDF): lines by room, unit, rack, box and position, the boxes with their tube counts, handover signatures (binary body, not an envelope)',
    access: { permission: P.outPage },
    mutates: false,
    params: idParams,
    data: z.null(),
  }),
  outboundCreate: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/library/outbound',
    summary:
      'Create an outbound bill (out, pre: planned, post: after an urgent removal, backup: aliquots to a second biorepository); its specimens are reserved for it',
    access: { permission: P.outCreate },
    mutates: true,
    body: z.object({
      kind: z.enum(OUTBOUND_KINDS),
      projectId: id,
      stockOutTypeId: id,
      reason: text(16),
      recipient: text(64),
      destination: text(128),
      plannedAt: day.nullish(),
      removedAt: day.nullish(),
      deviation: optionalText(255),
      remark: optionalText(255),
      ...linesOrFilter,
    }),
    data: created,
  }),
  outboundSubmit: defineEndpoint({
    service: 'container',
    method: 'PUT',
    path: '/library/outbound/{id}/submit',
    summary: 'Submit a draft for review (a post bill takes its specimens out of the library now)',
    ...firing(outboundBillWorkflow, 'submit'),
    mutates: true,
    params: idParams,
    body: z.object({ version }),
    data: versioned,
  }),
  outboundCancel: defineEndpoint({
    service: 'container',
    method: 'PUT',
    path: '/library/outbound/{id}/cancel',
    summary: 'Cancel a bill before its handover; its specimens are free again',
    ...firing(outboundBillWorkflow, 'cancel'),
    mutates: true,
    params: idParams,
    body: cancelBody,
    data: versioned,
  }),
  outboundReview: defineEndpoint({
    service: 'container',
    method: 'PUT',
    path: '/library/outbound/{id}/review',
    summary:
      'Approve (e-signature), reject (reason) or, for a post bill, acknowledge the removal (e-signature); never by the creator',
    ...firing(outboundBillWorkflow, 'approve', 'reject', 'acknowledge'),
    mutates: true,
    params: idParams,
    body: review(['approve', 'reject', 'acknowledge']),
    data: versioned,
  }),
  outboundScan: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/library/outbound/{id}/scan',
    summary:
      'Scan boxes and tubes at the handover: a box barcode confirms every tube of the bill in it; a tube not on the bill is an extra',
    access: { permission: P.outConfirm },
    mutates: true,
    params: idParams,
    body: scanBody,
    data: scanState,
  }),
  outboundReconcile: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/library/outbound/{id}/reconcile',
    summary: 'Settle the differences: unscanned lines marked missing (with a note), extras put back',
    access: { permission: P.outConfirm },
    mutates: true,
    params: idParams,
    body: reconcileBody,
    data: scanState,
  }),
  outboundConfirm: defineEndpoint({
    service: 'container',
    method: 'PUT',
    path: '/library/outbound/{id}/confirm',
    summary:
      'Confirm the handover once no difference is left, the receiver identified against the authorised recipients: whole specimens leave their positions, partial lines take their quantity',
    ...firing(outboundBillWorkflow, 'confirm', 'close'),
    mutates: true,
    params: idParams,
    body: z.object({ version, identity: receiverIdentity }),
    data: versioned,
  }),
  outboundReturn: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/library/outbound/{id}/return',
    summary:
      'Specimens of a lending bill come back into chosen positions (freeze-thaw +1); the bill closes when all are back',
    ...firing(outboundBillWorkflow, 'close'),
    mutates: true,
    params: idParams,
    body: z.object({
      items: z
        .array(z.object({ barcode, boxId: id, position: z.string().trim().max(8).nullish() }))
        .min(1)
        .max(BILL_MAX_LINES),
    }),
    data: versioned.extend({ returned: z.number() }),
  }),
  // ---- destruction ----
  destroyList: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/library/destroy/list',
    summary: 'Destruction bills of the caller projects by state',
    access: { permission: P.destroyPage },
    mutates: false,
    paged: true,
    body: listBody,
    data: z.array(billRow),
  }),
  destroyDetail: defineEndpoint({
    service: 'container',
    method: 'GET',
    path: '/library/destroy/{id}',
    summary: 'One destruction bill: lines with eligibility, authorisers, witness, method and certificate',
    access: { permission: P.destroyPage },
    mutates: false,
    params: idParams,
    data: billDetail,
  }),
  destroyPickList: defineEndpoint({
    service: 'container',
    method: 'GET',
    path: '/library/destroy/{id}/pick-list',
    summary:
      'The pick list (PDF): lines by room, unit, rack, box and position, the boxes with their tube counts, handover signatures (binary body, not an envelope)',
    access: { permission: P.destroyPage },
    mutates: false,
    params: idParams,
    data: z.null(),
  }),
  destroyCreate: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/library/destroy',
    summary: 'Create a destruction bill (reason from dictionary 1018); its specimens are reserved for it',
    access: { permission: P.destroyCreate },
    mutates: true,
    body: z.object({ projectId: id, reason: text(16), remark: optionalText(255), ...linesOrFilter }),
    data: created,
  }),
  destroySubmit: defineEndpoint({
    service: 'container',
    method: 'PUT',
    path: '/library/destroy/{id}/submit',
    summary: 'Submit a draft destruction bill for its two authorisations',
    ...firing(destroyBillWorkflow, 'submit'),
    mutates: true,
    params: idParams,
    body: z.object({ version }),
    data: versioned,
  }),
  destroyCancel: defineEndpoint({
    service: 'container',
    method: 'PUT',
    path: '/library/destroy/{id}/cancel',
    summary: 'Cancel a destruction bill before it is carried out',
    ...firing(destroyBillWorkflow, 'cancel'),
    mutates: true,
    params: idParams,
    body: cancelBody,
    data: versioned,
  }),
  destroyReview: defineEndpoint({
    service: 'container',
    method: 'PUT',
    path: '/library/destroy/{id}/review',
    summary:
      'Authorise (first, then second: two different people, neither the creator, one holding the QA permission; e-signature) or reject',
    ...firing(destroyBillWorkflow, 'authorise', 'approve', 'reject'),
    mutates: true,
    params: idParams,
    body: review(['authorise', 'approve', 'reject']),
    data: versioned,
  }),
  destroyScan: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/library/destroy/{id}/scan',
    summary: 'Scan boxes and tubes before destruction (a box barcode confirms its tubes on the bill)',
    access: { permission: P.destroyConfirm },
    mutates: true,
    params: idParams,
    body: scanBody,
    data: scanState,
  }),
  destroyReconcile: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/library/destroy/{id}/reconcile',
    summary: 'Settle the differences before destruction: lines missing (with a note), extras put back',
    access: { permission: P.destroyConfirm },
    mutates: true,
    params: idParams,
    body: reconcileBody,
    data: scanState,
  }),
  destroyConfirm: defineEndpoint({
    service: 'container',
    method: 'PUT',
    path: '/library/destroy/{id}/confirm',
    summary:
      'Record the destruction before a witness identified by ID card and face or fingerprint (or, where the lab allows it, another user by password): method and certificate; the specimens are closed for every further action',
    ...firing(destroyBillWorkflow, 'confirm'),
    mutates: true,
    params: idParams,
    body: z.object({
      version,
      method: z.enum(DESTROY_METHODS),
      certificate: text(64),
      witness: witnessIdentity,
    }),
    data: versioned,
  }),
});
