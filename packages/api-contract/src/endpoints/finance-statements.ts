// Statements and adjustments (docs/finance.md "Statements"): a period's statement per project from
// its billable events not yet on one, reviewed (e-signed), confirmed with the customer's signed
// statement (numbered then, gapless), its PDF kept with its SHA-256 and its fapiao recorded; credit
// and debit adjustments against a confirmed statement, reviewed the same way. Money is decimal text.
import { z } from 'zod';
import { defineEndpoint, defineGroup } from '../endpoint.js';
import { CURRENCIES, decimalField, moneyAmount } from '../money.js';
import { fileId, id, idParams, pageFields, text, version } from '../schemas.js';
import {
  ADJUSTMENT_DIRECTIONS,
  ADJUSTMENT_STATES,
  type AdjustmentAction,
  adjustmentWorkflow,
  STATEMENT_PERMISSIONS as P,
  STATEMENT_STATES,
  type StatementAction,
  statementWorkflow,
} from '../workflows/finance-statements.js';
import { firing } from '../workflows/machine.js';
import { billingPeriod } from './finance.js';
import { SERVICE_KINDS } from './marketing.js';
import { dateString, eventRow } from './portal-fields.js';
import { signatureInput, signatureRow } from './reports.js';

/** A foreign-currency rate to CNY (units of CNY per unit of the statement's currency), 6 decimals. */
export const fxRate = decimalField(6, { min: '0.000001' });

export const statementRow = z.object({
  id: z.number(),
  /** Given at confirmation (gapless per series); null before. */
  number: z.string().nullable(),
  projectId: z.number(),
  projectNo: z.string(),
  projectName: z.string(),
  customerName: z.string().nullable(),
  period: z.string(),
  currency: z.enum(CURRENCIES),
  taxInclusive: z.boolean(),
  status: z.enum(STATEMENT_STATES),
  lineCount: z.number(),
  net: moneyAmount,
  tax: moneyAmount,
  gross: moneyAmount,
  /** Gross after the reviewed adjustments. */
  adjustedGross: moneyAmount,
  fxRate: z.string().nullable(),
  fxDate: z.string().nullable(),
  signedFileId: z.number().nullable(),
  pdfFileId: z.number().nullable(),
  pdfSha256: z.string().nullable(),
  fapiaoNo: z.string().nullable(),
  fapiaoDate: z.string().nullable(),
  cancelReason: z.string().nullable(),
  createdBy: z.number(),
  creatorName: z.string(),
  createdAt: z.string(),
  reviewerName: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  version: z.number(),
});
export type StatementRow = z.infer<typeof statementRow>;

export const statementLine = z.object({
  id: z.number(),
  eventId: z.number(),
  kind: z.enum(SERVICE_KINDS),
  serviceKey: z.string(),
  sourceLabel: z.string(),
  direction: z.enum(['charge', 'reversal']),
  workDay: z.string(),
  unit: z.string().nullable(),
  quantity: z.string(),
  unitPrice: z.string(),
  taxRate: z.string(),
  net: moneyAmount,
  tax: moneyAmount,
  gross: moneyAmount,
  /** Gross credited by adjustments not cancelled (negative or zero). */
  credited: moneyAmount,
});
export type StatementLine = z.infer<typeof statementLine>;

export const adjustmentRow = z.object({
  id: z.number(),
  statementId: z.number(),
  statementNumber: z.string(),
  /** 1, 2… per statement: the statement's versions after the first. */
  seq: z.number(),
  projectNo: z.string(),
  currency: z.enum(CURRENCIES),
  status: z.enum(ADJUSTMENT_STATES),
  reason: z.string(),
  /** Signed: credits are negative. */
  net: moneyAmount,
  tax: moneyAmount,
  gross: moneyAmount,
  lineCount: z.number(),
  createdBy: z.number(),
  creatorName: z.string(),
  createdAt: z.string(),
  reviewerName: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  version: z.number(),
});
export type AdjustmentRow = z.infer<typeof adjustmentRow>;

export const adjustmentLine = z.object({
  id: z.number(),
  statementLineId: z.number(),
  /** The reversal event it carries (undone work), when it came from one. */
  eventId: z.number().nullable(),
  direction: z.enum(ADJUSTMENT_DIRECTIONS),
  kind: z.enum(SERVICE_KINDS),
  sourceLabel: z.string(),
  net: moneyAmount,
  tax: moneyAmount,
  gross: moneyAmount,
});

const statementTransition = <B extends z.ZodTypeAny>(summary: string, action: StatementAction, body: B) =>
  defineEndpoint({
    service: 'main',
    method: 'PUT',
    path: `/financial/final-statement/{id}/${action}`,
    summary,
    ...firing(statementWorkflow, action),
    mutates: true,
    params: idParams,
    body,
    data: z.object({ version: z.number(), status: z.enum(STATEMENT_STATES) }),
  });

export const statement = defineGroup('statement', {
  paging: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/financial/final-statement/page',
    summary: 'Statements of the projects the caller may see (their customers’; every one for finance)',
    access: { permission: P.statementPage },
    mutates: false,
    paged: true,
    body: z.object({
      ...pageFields,
      status: z.enum(STATEMENT_STATES).nullish(),
      projectId: id.nullish(),
      period: billingPeriod.nullish(),
      keyword: z.string().trim().max(64).nullish(),
    }),
    data: z.array(statementRow),
  }),
  get: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/financial/final-statement/{id}',
    summary:
      'One statement: its totals by kind, signatures, transitions and its history (the statement and each adjustment as versions); its lines are paged by `lines`',
    access: { permission: P.statementPage },
    mutates: false,
    params: idParams,
    data: statementRow.extend({
      kinds: z.array(
        z.object({
          kind: z.enum(SERVICE_KINDS),
          lines: z.number(),
          net: moneyAmount,
          tax: moneyAmount,
          gross: moneyAmount,
        }),
      ),
      adjustments: z.array(adjustmentRow),
      signatures: z.array(signatureRow),
      events: z.array(eventRow),
    }),
  }),
  lines: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/financial/final-statement/{id}/lines/page',
    summary:
      'A page of a statement’s lines in kind, work day and line order, with what adjustments not cancelled credited on each (`direction`: charges or reversals only)',
    access: { permission: P.statementPage },
    mutates: false,
    paged: true,
    params: idParams,
    body: z.object({ ...pageFields, direction: z.enum(['charge', 'reversal']).nullish() }),
    data: z.array(statementLine),
  }),
  generate: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/financial/final-statement/generate',
    summary:
      'Draft a project’s statement for a period from its priced billable events up to the period’s end not yet on a statement (one statement per currency)',
    access: { permission: P.statementCreate },
    mutates: true,
    body: z.object({ projectId: id, period: billingPeriod }),
    data: z.object({ ids: z.array(z.number()) }),
  }),
  review: statementTransition(
    'Review a draft statement (e-signature; not by its creator)',
    'review',
    z.object({ version, signature: signatureInput.optional() }),
  ),
  confirm: statementTransition(
    'Confirm a reviewed statement with the customer’s signed statement (e-signature): numbered (gapless per series), the foreign-currency rate locked, its PDF stored with its SHA-256',
    'confirm',
    z.object({
      version,
      signedFileId: fileId,
      fxRate: fxRate.nullish(),
      fxDate: dateString.nullish(),
      signature: signatureInput.optional(),
    }),
  ),
  cancel: statementTransition(
    'Cancel a statement not yet confirmed, with a reason (its events may be billed again)',
    'cancel',
    z.object({ version, reason: text(255) }),
  ),
  fapiao: defineEndpoint({
    service: 'main',
    method: 'PUT',
    path: '/financial/final-statement/{id}/fapiao',
    summary: 'Record the fapiao (invoice) number and date issued against a confirmed statement',
    access: { permission: P.statementInvoice },
    mutates: true,
    params: idParams,
    body: z.object({ version, fapiaoNo: text(64), fapiaoDate: dateString }),
    data: z.object({ version: z.number() }),
  }),
  pdf: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/financial/final-statement/{id}/pdf',
    summary: 'The statement as a PDF (binary body): the stored copy once confirmed, a draft print before',
    access: { permission: P.statementPage },
    mutates: false,
    params: idParams,
    data: z.null(),
  }),
  xlsx: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/financial/final-statement/{id}/xlsx',
    summary:
      'The statement as an xlsx workbook (binary body) in the reader’s language: lines by kind, quantities, unit prices, amounts, tax, totals, the locked FX rate and date; amounts as exact decimal text',
    access: { permission: P.statementPage },
    mutates: false,
    params: idParams,
    data: z.null(),
  }),
});

const adjustmentTransition = <B extends z.ZodTypeAny>(summary: string, action: AdjustmentAction, body: B) =>
  defineEndpoint({
    service: 'main',
    method: 'PUT',
    path: `/financial/adjustment/{id}/${action}`,
    summary,
    ...firing(adjustmentWorkflow, action),
    mutates: true,
    params: idParams,
    body,
    data: z.object({ version: z.number(), status: z.enum(ADJUSTMENT_STATES) }),
  });

export const adjustment = defineGroup('adjustment', {
  paging: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/financial/adjustment/page',
    summary: 'Adjustments of the statements the caller may see',
    access: { permission: P.statementPage },
    mutates: false,
    paged: true,
    body: z.object({
      ...pageFields,
      status: z.enum(ADJUSTMENT_STATES).nullish(),
      statementId: id.nullish(),
      keyword: z.string().trim().max(64).nullish(),
    }),
    data: z.array(adjustmentRow),
  }),
  get: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/financial/adjustment/{id}',
    summary: 'One adjustment with its lines, signatures and transitions',
    access: { permission: P.statementPage },
    mutates: false,
    params: idParams,
    data: adjustmentRow.extend({
      lines: z.array(adjustmentLine),
      signatures: z.array(signatureRow),
      events: z.array(eventRow),
    }),
  }),
  create: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/financial/adjustment',
    summary:
      'Credit or debit lines of a confirmed statement, with a reason; an amount is in the statement’s price basis (gross when tax-inclusive) and a credit never exceeds the line net of earlier credits',
    access: { permission: P.adjustmentCreate },
    mutates: true,
    body: z.object({
      statementId: id,
      reason: text(255),
      lines: z
        .array(
          z.object({
            statementLineId: id,
            direction: z.enum(ADJUSTMENT_DIRECTIONS),
            amount: decimalField(2, { min: '0.01' }),
          }),
        )
        .min(1)
        .max(500),
    }),
    data: z.object({ id: z.number() }),
  }),
  review: adjustmentTransition(
    'Review an adjustment (e-signature; not by its creator)',
    'review',
    z.object({ version, signature: signatureInput.optional() }),
  ),
  cancel: adjustmentTransition(
    'Cancel an adjustment not yet reviewed, with a reason',
    'cancel',
    z.object({ version, reason: text(255) }),
  ),
});
