// Receivables (docs/finance.md "Receivables"): payments received from customers and allocated to
// their confirmed statements (an allocation never exceeds the statement's outstanding balance nor the
// payment's unallocated rest; unallocating takes a reason and is kept), the outstanding balance and
// its aging by days past the due date, contract burn-down (billed ÷ contract value) with alerts at
// 80 % and 100 %, and unbilled work. Money is decimal text, never a number.
import { z } from 'zod';
import { defineEndpoint, defineGroup } from '../endpoint.js';
import { CURRENCIES, decimalField, moneyAmount } from '../money.js';
import { fileId, id, idParams, optionalText, pageFields, text } from '../schemas.js';
import { dateString } from './portal-fields.js';

export const RECEIVABLE_PERMISSIONS = {
  /** See payments, balances, aging, burn-down and unbilled work (finance all; sales their customers'). */
  page: 'financial:receivables:page',
  /** Record a payment received and allocate it to statements. */
  record: 'financial:receivables:create',
  /** Undo an allocation, with a reason (kept and audited). */
  unallocate: 'financial:receivables:update',
} as const;

/** Whether a confirmed statement is paid: by its outstanding balance against what it is owed. */
export const PAYMENT_STATES = ['unpaid', 'partly-paid', 'paid'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** Aging buckets by days past the due date; `current` is not yet due. */
export const AGING_BUCKETS = ['current', 'd0_30', 'd31_60', 'd61_90', 'over90'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

/** Burn-down alerts: billed reached 80 % or 100 % of the value of a contract in force. */
export const BURN_ALERTS = ['none', 'near', 'over'] as const;
export type BurnAlert = (typeof BURN_ALERTS)[number];
/** The alerts the home to-do counts and the receivables page's link opens on. */
export const BURN_ALERTS_RAISED = ['near', 'over'] as const satisfies readonly BurnAlert[];

/** A positive amount of money (a payment, an allocation). */
const positiveAmount = decimalField(2, { min: '0.01' });

export const paymentRow = z.object({
  id: z.number(),
  customerId: z.number(),
  customerName: z.string(),
  currency: z.enum(CURRENCIES),
  amount: moneyAmount,
  /** The sum of its allocations not undone. */
  allocatedAmount: moneyAmount,
  unallocatedAmount: moneyAmount,
  receivedOn: z.string(),
  bankRef: z.string(),
  payer: z.string(),
  note: z.string().nullable(),
  slipFileId: z.number().nullable(),
  creatorName: z.string(),
  createdAt: z.string(),
});
export type PaymentRow = z.infer<typeof paymentRow>;

export const allocationRow = z.object({
  id: z.number(),
  paymentId: z.number(),
  statementId: z.number(),
  statementNumber: z.string(),
  projectNo: z.string(),
  amount: moneyAmount,
  creatorName: z.string(),
  createdAt: z.string(),
  /** Set when undone: who, when and why (the allocation is kept). */
  unallocatedAt: z.string().nullable(),
  unallocatorName: z.string().nullable(),
  unallocateReason: z.string().nullable(),
});
export type AllocationRow = z.infer<typeof allocationRow>;

export const receivableRow = z.object({
  statementId: z.number(),
  number: z.string(),
  projectId: z.number(),
  projectNo: z.string(),
  customerId: z.number().nullable(),
  customerName: z.string().nullable(),
  period: z.string(),
  currency: z.enum(CURRENCIES),
  /** Gross plus the reviewed adjustments: what the customer owes. */
  dueAmount: moneyAmount,
  paidAmount: moneyAmount,
  outstandingAmount: moneyAmount,
  state: z.enum(PAYMENT_STATES),
  confirmedOn: z.string(),
  paymentDays: z.number(),
  dueOn: z.string(),
  /** Days past the due date as of the day asked (negative: not yet due). */
  daysPastDue: z.number(),
  bucket: z.enum(AGING_BUCKETS),
});
export type ReceivableRow = z.infer<typeof receivableRow>;

const agingAmounts = z.object({
  current: moneyAmount,
  d0_30: moneyAmount,
  d31_60: moneyAmount,
  d61_90: moneyAmount,
  over90: moneyAmount,
  total: moneyAmount,
});

export const agingRow = z.object({
  customerId: z.number().nullable(),
  customerName: z.string().nullable(),
  currency: z.enum(CURRENCIES),
  amounts: agingAmounts,
  /** The number of statements with an outstanding balance in each bucket (what each opens). */
  counts: z.object({
    current: z.number(),
    d0_30: z.number(),
    d31_60: z.number(),
    d61_90: z.number(),
    over90: z.number(),
    total: z.number(),
  }),
});
export type AgingRow = z.infer<typeof agingRow>;

export const burnDownRow = z.object({
  contractId: z.number(),
  contractNumber: z.string(),
  customerName: z.string(),
  currency: z.enum(CURRENCIES),
  status: z.string(),
  /** The latest version's amount (amendments included). */
  contractAmount: moneyAmount,
  /** Gross of its work on confirmed statements plus their reviewed adjustments. */
  billedAmount: moneyAmount,
  /** Billed ÷ value as a fraction (4 decimals); null when the value is zero. */
  burnRate: decimalField(4).nullable(),
  alert: z.enum(BURN_ALERTS),
});
export type BurnDownRow = z.infer<typeof burnDownRow>;

export const unbilledRow = z.object({
  projectId: z.number(),
  projectNo: z.string(),
  projectName: z.string(),
  customerName: z.string().nullable(),
  currency: z.enum(CURRENCIES),
  events: z.number(),
  /** Gross of the charges not billed yet (never negative: undone work cancels, credits go to adjustments). */
  unbilledAmount: moneyAmount,
  firstDay: z.string(),
  lastDay: z.string(),
});
export type UnbilledRow = z.infer<typeof unbilledRow>;

/** The day aging and balances are computed for (default: today in the lab's time zone). */
const asOf = dateString.nullish();

export const receivables = defineGroup('receivables', {
  payments: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/financial/receivables/payment/page',
    summary: 'Payments received from the customers the caller may see, newest first',
    access: { permission: RECEIVABLE_PERMISSIONS.page },
    mutates: false,
    paged: true,
    body: z.object({
      ...pageFields,
      customerId: id.nullish(),
      currency: z.enum(CURRENCIES).nullish(),
      keyword: z.string().trim().max(64).nullish(),
    }),
    data: z.array(paymentRow),
  }),
  payment: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/financial/receivables/payment/{id}',
    summary: 'One payment with its allocations, those undone included (who, when and why)',
    access: { permission: RECEIVABLE_PERMISSIONS.page },
    mutates: false,
    params: idParams,
    data: paymentRow.extend({ allocations: z.array(allocationRow) }),
  }),
  recordPayment: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/financial/receivables/payment',
    summary:
      'Record a payment received from a customer: amount, currency, day received, bank reference, payer, a note and the bank slip',
    access: { permission: RECEIVABLE_PERMISSIONS.record },
    mutates: true,
    body: z.object({
      customerId: id,
      currency: z.enum(CURRENCIES),
      amount: positiveAmount,
      receivedOn: dateString,
      bankRef: text(64),
      payer: text(128),
      note: optionalText(255),
      slipFileId: fileId.nullish(),
    }),
    data: z.object({ id: z.number() }),
  }),
  allocatePayment: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/financial/receivables/payment/{id}/allocate',
    summary:
      'Allocate a payment to confirmed statements of its customer in its currency; no allocation exceeds the statement’s outstanding balance nor the payment’s unallocated rest',
    access: { permission: RECEIVABLE_PERMISSIONS.record },
    mutates: true,
    params: idParams,
    body: z.object({
      lines: z
        .array(z.object({ statementId: id, amount: positiveAmount }))
        .min(1)
        .max(100),
    }),
    data: z.object({ ids: z.array(z.number()) }),
  }),
  unallocatePayment: defineEndpoint({
    service: 'main',
    method: 'PUT',
    path: '/financial/receivables/allocation/{id}/unallocate',
    summary: 'Undo an allocation with a reason: it is kept with who undid it, when and why',
    access: { permission: RECEIVABLE_PERMISSIONS.unallocate },
    mutates: true,
    params: idParams,
    body: z.object({ reason: text(255) }),
    data: z.object({ id: z.number() }),
  }),
  balances: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/financial/receivables/statement/page',
    summary:
      'Confirmed statements with what is owed, paid and outstanding, due date and aging bucket (the bucket filter lists exactly what the aging counts)',
    access: { permission: RECEIVABLE_PERMISSIONS.page },
    mutates: false,
    paged: true,
    body: z.object({
      ...pageFields,
      customerId: id.nullish(),
      currency: z.enum(CURRENCIES).nullish(),
      state: z.enum(PAYMENT_STATES).nullish(),
      bucket: z.enum(AGING_BUCKETS).nullish(),
      /** Only statements with something outstanding. */
      open: z.boolean().nullish(),
      keyword: z.string().trim().max(64).nullish(),
      asOf,
    }),
    data: z.array(receivableRow),
  }),
  aging: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/financial/receivables/aging',
    summary: 'Outstanding per customer and currency in buckets of days past the due date, as of a day',
    access: { permission: RECEIVABLE_PERMISSIONS.page },
    mutates: false,
    body: z.object({ asOf }),
    data: z.object({ asOf: z.string(), rows: z.array(agingRow) }),
  }),
  burnDown: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/financial/receivables/burn-down',
    summary:
      'Per contract: billed ÷ contract value (amendments included), with alerts at 80 % and 100 % for contracts in force; filtered by alert (the home to-do opens it on the raised ones)',
    access: { permission: RECEIVABLE_PERMISSIONS.page },
    mutates: false,
    paged: true,
    body: z.object({
      ...pageFields,
      customerId: id.nullish(),
      alert: z.array(z.enum(BURN_ALERTS)).max(BURN_ALERTS.length).nullish(),
    }),
    data: z.array(burnDownRow),
  }),
  unbilled: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/financial/receivables/unbilled',
    summary: 'Priced work done but on no confirmed statement yet, per project and currency',
    access: { permission: RECEIVABLE_PERMISSIONS.page },
    mutates: false,
    body: z.object({ customerId: id.nullish() }),
    data: z.array(unbilledRow),
  }),
});
