// Finance (docs/finance.md): billable events made by the work itself (a report released, a kit
// dispatched, a shipment received, an outbound bill confirmed, a non-routine fee accepted, storage
// accrued at period close), priced from the contract line in force; the exception queue of work no
// contract prices; the storage drill-down to the specimens. Money is decimal text (money.ts).
import { z } from 'zod';
import { defineEndpoint, defineGroup } from '../endpoint.js';
import { CURRENCIES, moneyAmount, moneyQuantity } from '../money.js';
import { id, idParams, pageFields, text, version } from '../schemas.js';
import { BILLABLE_SOURCES, BILLABLE_STATUSES, FINANCE_PERMISSIONS as P } from '../workflows/finance.js';
import { SERVICE_KINDS } from './marketing.js';

/** A billing period: a calendar month, `YYYY-MM`. */
export const billingPeriod = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'validation.period');

export const billableEventRow = z.object({
  id: z.number(),
  projectId: z.number(),
  projectNo: z.string(),
  kind: z.enum(SERVICE_KINDS),
  sourceKind: z.enum(BILLABLE_SOURCES),
  sourceRef: z.string(),
  sourceLabel: z.string(),
  direction: z.enum(['charge', 'reversal']),
  reversesId: z.number().nullable(),
  workDay: z.string(),
  serviceKey: z.string(),
  unit: z.string().nullable(),
  quantity: z.string(),
  status: z.enum(BILLABLE_STATUSES),
  contractNumber: z.string().nullable(),
  contractVersionNo: z.number().nullable(),
  currency: z.enum(CURRENCIES).nullable(),
  taxInclusive: z.boolean().nullable(),
  unitPrice: z.string().nullable(),
  taxRate: z.string().nullable(),
  net: z.string().nullable(),
  tax: z.string().nullable(),
  gross: z.string().nullable(),
  resolveReason: z.string().nullable(),
  createdAt: z.string(),
  version: z.number(),
});
export type BillableEventRow = z.infer<typeof billableEventRow>;

const generated = z.object({
  period: z.string(),
  charges: z.number(),
  reversals: z.number(),
  repriced: z.number(),
  unpriced: z.number(),
  /** Storage is accrued only for a period that has ended. */
  storageAccrued: z.boolean(),
});

export const bills = defineGroup('bills', {
  paging: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/financial/bills/page',
    summary:
      'Billable events of the projects the caller may see (their customers’; every one for finance), by period, project, kind and status (unpriced: the exception queue)',
    access: { permission: P.billsPage },
    mutates: false,
    paged: true,
    body: z.object({
      ...pageFields,
      period: billingPeriod.nullish(),
      projectId: id.nullish(),
      kind: z.enum(SERVICE_KINDS).nullish(),
      status: z.enum(BILLABLE_STATUSES).nullish(),
      keyword: z.string().trim().max(64).nullish(),
    }),
    data: z.array(billableEventRow),
  }),
  summary: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/financial/bills/summary',
    summary:
      'Totals of a period’s priced events per project, kind and currency, and the exception queue’s size',
    access: { permission: P.billsPage },
    mutates: false,
    body: z.object({ period: billingPeriod }),
    data: z.object({
      exceptions: z.number(),
      rows: z.array(
        z.object({
          projectNo: z.string(),
          kind: z.enum(SERVICE_KINDS),
          currency: z.enum(CURRENCIES),
          events: z.number(),
          net: moneyAmount,
          tax: moneyAmount,
          gross: moneyAmount,
        }),
      ),
    }),
  }),
  generate: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/financial/bills/generate',
    summary:
      'Generate a period’s billable events from the work done (idempotent: nothing twice), reverse undone work, re-price exceptions a contract now covers and accrue storage for an ended period',
    access: { permission: P.billsGenerate },
    mutates: true,
    body: z.object({ period: billingPeriod }),
    data: generated,
  }),
  waive: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/financial/bills/{id}/waive',
    summary: 'Resolve an exception: an unpriced event is not billed, for a reason',
    access: { permission: P.billsResolve },
    mutates: true,
    params: idParams,
    body: z.object({ version, reason: text(255) }),
    data: z.object({ version: z.number() }),
  }),
  storageSpecimens: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/financial/bills/{id}/specimens',
    summary: 'The drill-down of a storage accrual: each specimen’s days in the storage class over the period',
    access: { permission: P.billsPage },
    mutates: false,
    params: idParams,
    data: z.array(
      z.object({
        specimenId: z.number(),
        barcode: z.string(),
        boxId: z.number().nullable(),
        days: moneyQuantity,
      }),
    ),
  }),
});
