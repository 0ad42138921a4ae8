// Marketing (docs/finance.md): customers (sponsors and CROs) with contacts and billing details,
// rate cards (versioned price lists), quotations drafted from a rate-card version and reviewed,
// and contracts made from an approved quotation, with amendments as versions that take effect on a
// date. Money is decimal text everywhere (money.ts).
import { z } from 'zod';
import { defineEndpoint, defineGroup } from '../endpoint.js';
import { CURRENCIES, moneyAmount, moneyNonNegative, moneyQuantity, moneyRate, unitPrice } from '../money.js';
import { fileId, id, idParams, optionalText, pageFields, text, version } from '../schemas.js';
import { firing } from '../workflows/machine.js';
import {
  CONTRACT_STATES,
  type ContractAction,
  contractWorkflow,
  MARKETING_PERMISSIONS as P,
  QUOTATION_STATES,
  type QuotationAction,
  quotationWorkflow,
} from '../workflows/marketing.js';
import { dateString, eventRow } from './portal-fields.js';
import { signatureInput, signatureRow } from './reports.js';

/** SPEC section 5: a bank card or account is 10 to 30 digits (the console's `PATTERNS.bankCard`). */
export const BANK_ACCOUNT_PATTERN = /^\d{10,30}$/;
/** A contract's payment days (confirmation to due date): whole days, 0 to this; 30 unless it says. */
export const PAYMENT_DAYS_MAX = 365;
export const DEFAULT_PAYMENT_DAYS = 30;
/** The dictionary of customer types (SPEC: 1001, label template / customer type). */
export const CUSTOMER_TYPE_DICT = 1001;
/** The languages a customer reads its documents in (quotation PDFs). */
export const CUSTOMER_LANGS = ['zh_CN', 'en_US', 'zh_HK'] as const;

/**
 * What a rate-card line prices. Its `ref` names the thing: a test item's code (`test`), a kit's
 * name (`kit`), a temperature condition's code (`storage`, per box-month or specimen-day;
 * `freight`, with the route after a colon: `-80C:domestic`), a handling step (`handling`,
 * `outbound`) or a non-routine fee's code (`nonroutine`, the fees of /express/unconventional).
 */
export const SERVICE_KINDS = [
  'test',
  'kit',
  'storage',
  'freight',
  'handling',
  'outbound',
  'nonroutine',
] as const;
export type ServiceKind = (typeof SERVICE_KINDS)[number];
export const SERVICE_UNITS = [
  'sample',
  'kit',
  'box-month',
  'specimen-day',
  'shipment',
  'box',
  'item',
] as const;
export type ServiceUnit = (typeof SERVICE_UNITS)[number];
/**
 * The one key of a priced service, `<kind>:<ref>` (`test:HBA1C`, `storage:-80C`,
 * `freight:-80C:domestic`): rate-card, quotation and contract lines carry it, and the finance half
 * looks a price up by it (`contractLineInForce`).
 */
export const serviceKey = (kind: ServiceKind, ref: string): string => `${kind}:${ref.trim()}`;

const customerType = z.string().trim().min(1).max(16);
const contact = z.object({
  name: text(64),
  title: optionalText(64),
  mobile: optionalText(32),
  email: optionalText(64),
  primary: z.boolean().default(false),
});
const billing = {
  taxNumber: optionalText(32),
  bankName: optionalText(128),
  bankAccount: z
    .string()
    .trim()
    .regex(BANK_ACCOUNT_PATTERN, 'validation.bankAccount')
    .nullish()
    .or(z.literal('').transform(() => null)),
  billingAddress: optionalText(255),
};
const customerBody = z.object({
  name: text(128),
  enName: optionalText(128),
  type: customerType,
  lang: z.enum(CUSTOMER_LANGS).default('zh_CN'),
  /** The sales owner (default: whoever creates it). Only `customerAll` may give it to someone else. */
  ownerId: id.nullish(),
  ...billing,
  contacts: z.array(contact).max(20).default([]),
  /** Projects this customer sponsors or runs. */
  projectIds: z.array(id).max(100).default([]),
  note: optionalText(255),
});

export const customerRow = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  enName: z.string().nullable(),
  type: z.string(),
  typeName: z.string(),
  lang: z.enum(CUSTOMER_LANGS),
  ownerId: z.number(),
  ownerName: z.string(),
  taxNumber: z.string().nullable(),
  bankName: z.string().nullable(),
  bankAccount: z.string().nullable(),
  billingAddress: z.string().nullable(),
  note: z.string().nullable(),
  projects: z.array(z.object({ id: z.number(), projectNo: z.string(), name: z.string() })),
  contacts: z.array(contact.extend({ id: z.number(), primary: z.boolean() })),
  contracts: z.number(),
  quotations: z.number(),
  createdAt: z.string(),
  version: z.number(),
});
export type CustomerRow = z.infer<typeof customerRow>;

export const customer = defineGroup('customer', {
  paging: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/marketing/customer/page',
    summary:
      'Customers the caller may see (their own; every one with the all-customers permission), by name, code or type',
    access: { permission: P.customerPage },
    mutates: false,
    paged: true,
    body: z.object({
      ...pageFields,
      keyword: z.string().trim().max(64).optional(),
      type: customerType.optional(),
    }),
    data: z.array(customerRow),
  }),
  options: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/marketing/customer/options',
    summary: 'Customers the caller may see, for pickers (id, code, name)',
    access: { permission: P.customerPage },
    mutates: false,
    data: z.array(
      z.object({ id: z.number(), code: z.string(), name: z.string(), projectIds: z.array(z.number()) }),
    ),
  }),
  get: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/marketing/customer/{id}',
    summary: 'One customer with contacts, billing details, projects and how many quotations and contracts',
    access: { permission: P.customerPage },
    mutates: false,
    params: idParams,
    data: customerRow,
  }),
  create: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/marketing/customer',
    summary: 'Add a customer (type from dictionary 1001) with contacts, billing details and projects',
    access: { permission: P.customerCreate },
    mutates: true,
    body: customerBody,
    data: z.object({ id: z.number(), code: z.string() }),
  }),
  update: defineEndpoint({
    service: 'main',
    method: 'PUT',
    path: '/marketing/customer/{id}',
    summary: 'Edit a customer: details, contacts (replaced), projects (replaced)',
    access: { permission: P.customerUpdate },
    mutates: true,
    params: idParams,
    body: customerBody.extend({ version }),
    data: z.object({ id: z.number(), version: z.number() }),
  }),
});

// ---- Rate cards ----

export const RATE_CARD_SCOPES = ['all', 'customer', 'project'] as const;
export type RateCardScope = (typeof RATE_CARD_SCOPES)[number];

const rateLineInput = z.object({
  kind: z.enum(SERVICE_KINDS),
  ref: text(64),
  name: text(128),
  unit: z.enum(SERVICE_UNITS),
  unitPrice,
  taxRate: moneyRate,
});
export const rateLine = rateLineInput.extend({ id: z.number(), serviceKey: z.string() });
export type RateLine = z.infer<typeof rateLine>;

export const rateCardVersion = z.object({
  id: z.number(),
  versionNo: z.number(),
  validFrom: z.string(),
  /** Last day it applies; null: until a later version. */
  validTo: z.string().nullable(),
  note: z.string().nullable(),
  createdByName: z.string(),
  createdAt: z.string(),
  lines: z.array(rateLine),
});
export type RateCardVersion = z.infer<typeof rateCardVersion>;

export const rateCardRow = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  scope: z.enum(RATE_CARD_SCOPES),
  customerId: z.number().nullable(),
  customerName: z.string().nullable(),
  projectId: z.number().nullable(),
  projectNo: z.string().nullable(),
  currency: z.enum(CURRENCIES),
  taxInclusive: z.boolean(),
  versions: z.number(),
  /** The version in force today, if any. */
  currentVersionNo: z.number().nullable(),
  currentValidFrom: z.string().nullable(),
  currentValidTo: z.string().nullable(),
  createdAt: z.string(),
});
export type RateCardRow = z.infer<typeof rateCardRow>;

const versionInput = z.object({
  validFrom: dateString,
  validTo: dateString.nullish(),
  note: optionalText(255),
  lines: z.array(rateLineInput).min(1).max(500),
});

export const discountLimitRow = z.object({
  roleId: z.number(),
  roleName: z.string(),
  /** The largest discount (a fraction of the list amount) a holder of this role may approve. */
  maxRate: z.string(),
});

export const rateCard = defineGroup('rateCard', {
  paging: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/marketing/rate-card/page',
    summary: 'Rate cards (for all customers, one customer or one project) with the version in force today',
    access: { permission: P.rateCardPage },
    mutates: false,
    paged: true,
    body: z.object({
      ...pageFields,
      keyword: z.string().trim().max(64).optional(),
      scope: z.enum(RATE_CARD_SCOPES).optional(),
      customerId: id.optional(),
      projectId: id.optional(),
    }),
    data: z.array(rateCardRow),
  }),
  get: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/marketing/rate-card/{id}',
    summary: 'One rate card with every version and its lines',
    access: { permission: P.rateCardPage },
    mutates: false,
    params: idParams,
    data: rateCardRow.extend({ versionList: z.array(rateCardVersion) }),
  }),
  /** The versions a quotation for this customer and project may copy from (in force on `on`). */
  applicable: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/marketing/rate-card/applicable',
    summary:
      'Rate-card versions in force on a day for a customer and project: project cards first, then the customer’s, then cards for all',
    access: { permission: P.quotationCreate },
    mutates: false,
    body: z.object({ customerId: id, projectId: id, on: dateString.optional() }),
    data: z.array(
      z.object({
        versionId: z.number(),
        cardId: z.number(),
        code: z.string(),
        name: z.string(),
        scope: z.enum(RATE_CARD_SCOPES),
        versionNo: z.number(),
        validFrom: z.string(),
        validTo: z.string().nullable(),
        currency: z.enum(CURRENCIES),
        taxInclusive: z.boolean(),
      }),
    ),
  }),
  create: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/marketing/rate-card',
    summary: 'Add a rate card with its first version (validity dates and lines)',
    access: { permission: P.rateCardCreate },
    mutates: true,
    body: z.object({
      name: text(128),
      scope: z.enum(RATE_CARD_SCOPES),
      customerId: id.nullish(),
      projectId: id.nullish(),
      currency: z.enum(CURRENCIES).default('CNY'),
      taxInclusive: z.boolean(),
      version: versionInput,
    }),
    data: z.object({ id: z.number(), code: z.string(), versionId: z.number() }),
  }),
  addVersion: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/marketing/rate-card/{id}/version',
    summary:
      'Add a version of a rate card from a later date; the version before it ends the day before. Versions are never edited (quotations copy them)',
    access: { permission: P.rateCardCreate },
    mutates: true,
    params: idParams,
    body: versionInput,
    data: z.object({ id: z.number(), versionNo: z.number() }),
  }),
  discountLimits: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/marketing/discount-limit',
    summary: 'The discount each role may approve on a quotation (roles without a row: none)',
    access: { permission: P.rateCardPage },
    mutates: false,
    data: z.array(discountLimitRow),
  }),
  setDiscountLimit: defineEndpoint({
    service: 'main',
    method: 'PUT',
    path: '/marketing/discount-limit',
    summary: 'Set the discount a role may approve (0 removes it)',
    access: { permission: P.discountLimitUpdate },
    mutates: true,
    body: z.object({ roleId: id, maxRate: moneyRate }),
    data: z.object({ roleId: z.number() }),
  }),
});

// ---- Quotations ----

const totals = {
  listAmount: moneyAmount,
  discount: moneyAmount,
  net: moneyAmount,
  tax: moneyAmount,
  gross: moneyAmount,
};

export const quotationLine = z.object({
  id: z.number(),
  seq: z.number(),
  rateLineId: z.number().nullable(),
  kind: z.enum(SERVICE_KINDS),
  ref: z.string(),
  serviceKey: z.string(),
  name: z.string(),
  unit: z.enum(SERVICE_UNITS),
  quantity: moneyQuantity,
  unitPrice,
  taxRate: moneyRate,
  discountRate: moneyRate,
  ...totals,
});
export type QuotationLine = z.infer<typeof quotationLine>;

export const quotationRow = z.object({
  id: z.number(),
  number: z.string(),
  revision: z.number(),
  status: z.enum(QUOTATION_STATES),
  customerId: z.number(),
  customerName: z.string(),
  projectId: z.number(),
  projectNo: z.string(),
  projectName: z.string(),
  rateCardVersionId: z.number(),
  rateCardName: z.string(),
  rateCardVersionNo: z.number(),
  currency: z.enum(CURRENCIES),
  taxInclusive: z.boolean(),
  /** Document discount, a fraction of the lines after their own discounts. */
  discountRate: moneyRate,
  /** The whole discount as a fraction of the list amount: what the reviewer's limit must cover. */
  effectiveDiscountRate: moneyRate,
  validUntil: z.string(),
  /** Approved and past its validity date: no contract may be made from it. */
  expired: z.boolean(),
  note: z.string().nullable(),
  ...totals,
  createdBy: z.number(),
  creatorName: z.string(),
  createdAt: z.string(),
  submittedBy: z.number().nullable(),
  reviewerName: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  returnReason: z.string().nullable(),
  /** Contracts made from this version. */
  contracts: z.number(),
  version: z.number(),
});
export type QuotationRow = z.infer<typeof quotationRow>;

const quotationInput = z.object({
  customerId: id,
  projectId: id,
  rateCardVersionId: id,
  validUntil: dateString,
  discountRate: moneyRate.default('0'),
  note: optionalText(255),
  lines: z
    .array(
      z.object({
        rateLineId: id,
        quantity: moneyQuantity,
        discountRate: moneyRate.default('0'),
      }),
    )
    .min(1)
    .max(500),
});

const quotationTransition = <B extends z.ZodTypeAny>(summary: string, action: QuotationAction, body: B) =>
  defineEndpoint({
    service: 'main',
    method: 'PUT',
    path: `/marketing/quotation/{id}/${action}`,
    summary,
    ...firing(quotationWorkflow, action),
    mutates: true,
    params: idParams,
    body,
    data: z.object({ version: z.number(), status: z.enum(QUOTATION_STATES) }),
  });

export const quotation = defineGroup('quotation', {
  paging: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/marketing/quotation/page',
    summary:
      'Quotations of the customers the caller may see, by state, customer, project or number; current versions unless `history`',
    access: { permission: P.quotationPage },
    mutates: false,
    paged: true,
    body: z.object({
      ...pageFields,
      status: z.enum(QUOTATION_STATES).optional(),
      customerId: id.optional(),
      projectId: id.optional(),
      keyword: z.string().trim().max(64).optional(),
      history: z.boolean().optional(),
    }),
    data: z.array(quotationRow),
  }),
  get: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/marketing/quotation/{id}',
    summary: 'One quotation version with its lines, its other versions, signatures and transitions',
    access: { permission: P.quotationPage },
    mutates: false,
    params: idParams,
    data: quotationRow.extend({
      lines: z.array(quotationLine),
      versions: z.array(
        z.object({
          id: z.number(),
          revision: z.number(),
          status: z.enum(QUOTATION_STATES),
          gross: moneyAmount,
        }),
      ),
      signatures: z.array(signatureRow),
      events: z.array(eventRow),
      authorIds: z.array(z.number()),
    }),
  }),
  plannedQuantities: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/marketing/quotation/planned-quantities',
    summary:
      'Quantities of a rate-card version’s lines from the project’s online plan: per subject, tests = visits × samples × test items, kits = visits; times the subjects planned',
    access: { permission: P.quotationCreate },
    mutates: false,
    body: z.object({ projectId: id, rateCardVersionId: id, subjects: z.number().int().min(1).max(100_000) }),
    data: z.object({
      planned: z.boolean(),
      lines: z.array(z.object({ rateLineId: z.number(), quantity: moneyQuantity })),
    }),
  }),
  create: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/marketing/quotation',
    summary:
      'Draft a quotation for a customer and project from a rate-card version: lines copied from the version (price, tax), quantities and discounts given; totals by the one rounding rule',
    access: { permission: P.quotationCreate },
    mutates: true,
    body: quotationInput,
    data: z.object({ id: z.number(), number: z.string() }),
  }),
  update: defineEndpoint({
    service: 'main',
    method: 'PUT',
    path: '/marketing/quotation/{id}',
    summary: 'Edit a draft quotation (lines replaced)',
    access: { permission: P.quotationCreate },
    mutates: true,
    params: idParams,
    body: quotationInput.extend({ version }),
    data: z.object({ id: z.number(), version: z.number() }),
  }),
  submit: quotationTransition('Submit a draft for review', 'submit', z.object({ version })),
  approve: quotationTransition(
    'Approve a submitted quotation: e-signature; never by its authors; the reviewer’s discount limit must cover its discount',
    'approve',
    z.object({ version, signature: signatureInput.optional() }),
  ),
  return: quotationTransition(
    'Return a submitted quotation with a reason, never by its authors',
    'return',
    z.object({ version, reason: text(255) }),
  ),
  revise: quotationTransition(
    'Make the next version of a returned or approved quotation (a draft copy); this one is superseded',
    'revise',
    z.object({ version }),
  ),
  cancel: quotationTransition(
    'Cancel an open quotation with a reason',
    'cancel',
    z.object({ version, reason: text(255) }),
  ),
  pdf: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/marketing/quotation/{id}/pdf',
    summary: 'The quotation as a PDF in the customer’s language (binary body, not an envelope)',
    access: { permission: P.quotationExport },
    mutates: false,
    params: idParams,
    data: z.null(),
  }),
});

// ---- Contracts ----

export const contractLine = z.object({
  serviceKey: z.string(),
  kind: z.enum(SERVICE_KINDS),
  ref: z.string(),
  name: z.string(),
  unit: z.enum(SERVICE_UNITS),
  /** The contracted unit price: the quotation's after its line and document discounts (4 decimals). */
  unitPrice,
  taxRate: moneyRate,
});
export type ContractLine = z.infer<typeof contractLine>;

export const contractVersion = z.object({
  id: z.number(),
  versionNo: z.number(),
  effectiveFrom: z.string(),
  reason: z.string().nullable(),
  amount: moneyAmount,
  signedFileId: z.number().nullable(),
  createdByName: z.string(),
  createdAt: z.string(),
  lines: z.array(contractLine),
});

export const contractRow = z.object({
  id: z.number(),
  number: z.string(),
  status: z.enum(CONTRACT_STATES),
  customerId: z.number(),
  customerName: z.string(),
  quotationId: z.number(),
  quotationNumber: z.string(),
  quotationRevision: z.number(),
  partyA: z.string(),
  partyB: z.string(),
  currency: z.enum(CURRENCIES),
  taxInclusive: z.boolean(),
  /** The amount of the latest version. */
  amount: moneyAmount,
  paymentTerms: z.string(),
  /** Days from a statement's confirmation to its due date (docs/finance.md "Receivables"). */
  paymentDays: z.number(),
  validFrom: z.string(),
  validTo: z.string(),
  signedFileId: z.number().nullable(),
  projects: z.array(z.object({ id: z.number(), projectNo: z.string(), name: z.string() })),
  versions: z.number(),
  createdBy: z.number(),
  creatorName: z.string(),
  createdAt: z.string(),
  version: z.number(),
});
export type ContractRow = z.infer<typeof contractRow>;

const contractTransition = <B extends z.ZodTypeAny>(summary: string, action: ContractAction, body: B) =>
  defineEndpoint({
    service: 'main',
    method: 'PUT',
    path: `/marketing/contract/{id}/${action}`,
    summary,
    ...firing(contractWorkflow, action),
    mutates: true,
    params: idParams,
    body,
    data: z.object({ version: z.number(), status: z.enum(CONTRACT_STATES) }),
  });

export const contract = defineGroup('contract', {
  paging: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/marketing/contract/page',
    summary: 'Contracts of the customers the caller may see, by state, customer, project or number',
    access: { permission: P.contractPage },
    mutates: false,
    paged: true,
    body: z.object({
      ...pageFields,
      status: z.enum(CONTRACT_STATES).optional(),
      customerId: id.optional(),
      projectId: id.optional(),
      keyword: z.string().trim().max(64).optional(),
    }),
    data: z.array(contractRow),
  }),
  get: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/marketing/contract/{id}',
    summary: 'One contract with every version (amendment) and its lines, signatures and transitions',
    access: { permission: P.contractPage },
    mutates: false,
    params: idParams,
    data: contractRow.extend({
      versionList: z.array(contractVersion),
      signatures: z.array(signatureRow),
      events: z.array(eventRow),
    }),
  }),
  create: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/marketing/contract',
    summary:
      'Make a contract from an approved, unexpired quotation: number, parties, payment terms, validity, linked projects, the signed scan; its lines are the quotation’s prices',
    access: { permission: P.contractCreate },
    mutates: true,
    body: z.object({
      quotationId: id,
      number: text(64),
      partyB: text(128),
      paymentTerms: text(500),
      /** Days from a statement's confirmation to its due date (30 unless the terms say otherwise). */
      paymentDays: z
        .number()
        .int('validation.paymentDays')
        .min(0, 'validation.paymentDays')
        .max(PAYMENT_DAYS_MAX, 'validation.paymentDays')
        .default(DEFAULT_PAYMENT_DAYS),
      validFrom: dateString,
      validTo: dateString,
      projectIds: z.array(id).min(1).max(50),
      signedFileId: fileId.nullish(),
    }),
    data: z.object({ id: z.number() }),
  }),
  update: defineEndpoint({
    service: 'main',
    method: 'PUT',
    path: '/marketing/contract/{id}',
    summary: 'Attach the signed scan to a contract or change its linked projects',
    access: { permission: P.contractUpdate },
    mutates: true,
    params: idParams,
    body: z.object({ version, signedFileId: fileId.nullish(), projectIds: z.array(id).min(1).max(50) }),
    data: z.object({ id: z.number(), version: z.number() }),
  }),
  amend: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/marketing/contract/{id}/amendment',
    summary:
      'Amend a contract in force: a new version from an effective date with its prices (lines replace the version before), amount and signed scan; work from that date is priced by it',
    access: { permission: P.contractUpdate },
    mutates: true,
    params: idParams,
    body: z.object({
      version,
      effectiveFrom: dateString,
      reason: text(255),
      amount: moneyNonNegative,
      signedFileId: fileId.nullish(),
      lines: z
        .array(contractLine.omit({ serviceKey: true }))
        .min(1)
        .max(500),
    }),
    data: z.object({ id: z.number(), versionNo: z.number() }),
  }),
  activate: contractTransition(
    'Put a draft contract in force (its signed scan attached): e-signature',
    'activate',
    z.object({ version, signature: signatureInput.optional() }),
  ),
  close: contractTransition(
    'Close a contract with a reason',
    'close',
    z.object({ version, reason: text(255) }),
  ),
  lineInForce: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/marketing/contract/line-in-force',
    summary:
      'The contract line in force for a project, a service and a day (the amendment effective that day), or null: what billing prices work by',
    access: { permission: P.contractPage },
    mutates: false,
    body: z.object({ projectId: id, serviceKey: z.string().trim().min(3).max(140), on: dateString }),
    data: z
      .object({
        contractId: z.number(),
        contractNumber: z.string(),
        versionNo: z.number(),
        currency: z.enum(CURRENCIES),
        taxInclusive: z.boolean(),
      })
      .extend(contractLine.shape)
      .nullable(),
  }),
});
