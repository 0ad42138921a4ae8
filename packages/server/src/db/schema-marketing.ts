// Marketing (docs/finance.md): customers, rate cards, quotations and contracts. Every amount is
// NUMERIC (the drivers answer text; code reads it with api-contract's Decimal, never Number): money
// NUMERIC(14,2), unit prices and quantities NUMERIC(14,4), rates NUMERIC(7,6) (0.13 = 13 %).
import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { files, projects, roles, users } from './schema.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const day = (name: string) => date(name, { mode: 'string' });
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
const price = (name: string) => numeric(name, { precision: 14, scale: 4 });
const rate = (name: string) => numeric(name, { precision: 7, scale: 6 });

/** A sponsor, CRO or other customer; `type` is an item of dictionary 1001; `owner` the sales owner. */
export const marketingCustomers = pgTable(
  'marketing_customers',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    enName: text('en_name'),
    type: text('type').notNull(),
    /** The language its documents are printed in (zh_CN, en_US, zh_HK). */
    lang: text('lang').notNull().default('zh_CN'),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
    taxNumber: text('tax_number'),
    bankName: text('bank_name'),
    bankAccount: text('bank_account'),
    billingAddress: text('billing_address'),
    note: text('note'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').notNull(),
    updatedBy: integer('updated_by').references(() => users.id),
    updatedAt: ts('updated_at').notNull(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('marketing_customers_code_uq').on(t.code),
    uniqueIndex('marketing_customers_name_uq').on(t.name),
    index('marketing_customers_owner_idx').on(t.ownerId),
  ],
);

export const marketingCustomerContacts = pgTable(
  'marketing_customer_contacts',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => marketingCustomers.id),
    name: text('name').notNull(),
    title: text('title'),
    mobile: text('mobile'),
    email: text('email'),
    primary: boolean('is_primary').notNull().default(false),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('marketing_customer_contacts_customer_idx').on(t.customerId)],
);

/** The projects a customer sponsors or runs. */
export const marketingCustomerProjects = pgTable(
  'marketing_customer_projects',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => marketingCustomers.id),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.projectId] }),
    index('marketing_customer_projects_project_idx').on(t.projectId),
  ],
);

/** A price list for every customer (`all`), one customer or one project, in one currency. */
export const marketingRateCards = pgTable(
  'marketing_rate_cards',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    scope: text('scope').notNull(),
    customerId: integer('customer_id').references(() => marketingCustomers.id),
    projectId: integer('project_id').references(() => projects.id),
    currency: text('currency').notNull().default('CNY'),
    taxInclusive: boolean('tax_inclusive').notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('marketing_rate_cards_code_uq').on(t.code)],
);

/** A version of a rate card: valid from a day (to a day, or until the next version). Never edited. */
export const marketingRateCardVersions = pgTable(
  'marketing_rate_card_versions',
  {
    id: serial('id').primaryKey(),
    cardId: integer('card_id')
      .notNull()
      .references(() => marketingRateCards.id),
    versionNo: integer('version_no').notNull(),
    validFrom: day('valid_from').notNull(),
    validTo: day('valid_to'),
    note: text('note'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('marketing_rate_card_versions_uq').on(t.cardId, t.versionNo)],
);

export const marketingRateLines = pgTable(
  'marketing_rate_lines',
  {
    id: serial('id').primaryKey(),
    versionId: integer('version_id')
      .notNull()
      .references(() => marketingRateCardVersions.id),
    seq: integer('seq').notNull(),
    kind: text('kind').notNull(),
    ref: text('ref').notNull(),
    serviceKey: text('service_key').notNull(),
    name: text('name').notNull(),
    unit: text('unit').notNull(),
    unitPrice: price('unit_price').notNull(),
    taxRate: rate('tax_rate').notNull(),
  },
  (t) => [uniqueIndex('marketing_rate_lines_service_uq').on(t.versionId, t.serviceKey)],
);

/** The largest discount (fraction of the list amount) a role's holders may approve. */
export const marketingDiscountLimits = pgTable('marketing_discount_limits', {
  roleId: integer('role_id')
    .primaryKey()
    .references(() => roles.id),
  maxRate: rate('max_rate').notNull(),
  updatedBy: integer('updated_by').references(() => users.id),
  updatedAt: ts('updated_at').notNull(),
});

/**
 * A quotation version (workflow `quotation`): `number` is shared by its versions, `revision` counts
 * them; the totals are the rounded lines' sums (api-contract money.ts `priceDocument`).
 */
export const marketingQuotations = pgTable(
  'marketing_quotations',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull(),
    revision: integer('revision').notNull().default(1),
    status: text('status').notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => marketingCustomers.id),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    rateCardVersionId: integer('rate_card_version_id')
      .notNull()
      .references(() => marketingRateCardVersions.id),
    currency: text('currency').notNull(),
    taxInclusive: boolean('tax_inclusive').notNull(),
    discountRate: rate('discount_rate').notNull().default('0'),
    validUntil: day('valid_until').notNull(),
    note: text('note'),
    listAmount: money('list_amount').notNull(),
    discount: money('discount').notNull(),
    net: money('net').notNull(),
    tax: money('tax').notNull(),
    gross: money('gross').notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').notNull(),
    updatedBy: integer('updated_by').references(() => users.id),
    updatedAt: ts('updated_at').notNull(),
    submittedBy: integer('submitted_by').references(() => users.id),
    reviewedBy: integer('reviewed_by').references(() => users.id),
    reviewedAt: ts('reviewed_at'),
    returnReason: text('return_reason'),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('marketing_quotations_number_uq').on(t.number, t.revision),
    index('marketing_quotations_customer_idx').on(t.customerId),
    index('marketing_quotations_status_idx').on(t.status, t.createdAt),
  ],
);

export const marketingQuotationLines = pgTable(
  'marketing_quotation_lines',
  {
    id: serial('id').primaryKey(),
    quotationId: integer('quotation_id')
      .notNull()
      .references(() => marketingQuotations.id),
    seq: integer('seq').notNull(),
    rateLineId: integer('rate_line_id').references(() => marketingRateLines.id),
    kind: text('kind').notNull(),
    ref: text('ref').notNull(),
    serviceKey: text('service_key').notNull(),
    name: text('name').notNull(),
    unit: text('unit').notNull(),
    quantity: price('quantity').notNull(),
    unitPrice: price('unit_price').notNull(),
    taxRate: rate('tax_rate').notNull(),
    discountRate: rate('discount_rate').notNull().default('0'),
    listAmount: money('list_amount').notNull(),
    discount: money('discount').notNull(),
    net: money('net').notNull(),
    tax: money('tax').notNull(),
    gross: money('gross').notNull(),
  },
  (t) => [index('marketing_quotation_lines_quotation_idx').on(t.quotationId, t.seq)],
);

/** A contract (workflow `contract`) made from an approved quotation version. */
export const marketingContracts = pgTable(
  'marketing_contracts',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull(),
    status: text('status').notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => marketingCustomers.id),
    quotationId: integer('quotation_id')
      .notNull()
      .references(() => marketingQuotations.id),
    partyA: text('party_a').notNull(),
    partyB: text('party_b').notNull(),
    currency: text('currency').notNull(),
    taxInclusive: boolean('tax_inclusive').notNull(),
    paymentTerms: text('payment_terms').notNull(),
    /** Days from a statement's confirmation to its due date (docs/finance.md "Receivables"). */
    paymentDays: integer('payment_days').notNull().default(30),
    validFrom: day('valid_from').notNull(),
    validTo: day('valid_to').notNull(),
    signedFileId: integer('signed_file_id').references(() => files.id),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').notNull(),
    updatedBy: integer('updated_by').references(() => users.id),
    updatedAt: ts('updated_at').notNull(),
    closeReason: text('close_reason'),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('marketing_contracts_number_uq').on(t.number),
    index('marketing_contracts_customer_idx').on(t.customerId),
  ],
);

export const marketingContractProjects = pgTable(
  'marketing_contract_projects',
  {
    contractId: integer('contract_id')
      .notNull()
      .references(() => marketingContracts.id),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
  },
  (t) => [
    primaryKey({ columns: [t.contractId, t.projectId] }),
    index('marketing_contract_projects_project_idx').on(t.projectId),
  ],
);

/** Version 1 is the contract as signed; each amendment is the next, effective from its day. */
export const marketingContractVersions = pgTable(
  'marketing_contract_versions',
  {
    id: serial('id').primaryKey(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => marketingContracts.id),
    versionNo: integer('version_no').notNull(),
    effectiveFrom: day('effective_from').notNull(),
    reason: text('reason'),
    amount: money('amount').notNull(),
    signedFileId: integer('signed_file_id').references(() => files.id),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('marketing_contract_versions_uq').on(t.contractId, t.versionNo),
    uniqueIndex('marketing_contract_versions_effective_uq').on(t.contractId, t.effectiveFrom),
  ],
);

export const marketingContractLines = pgTable(
  'marketing_contract_lines',
  {
    id: serial('id').primaryKey(),
    versionId: integer('version_id')
      .notNull()
      .references(() => marketingContractVersions.id),
    serviceKey: text('service_key').notNull(),
    kind: text('kind').notNull(),
    ref: text('ref').notNull(),
    name: text('name').notNull(),
    unit: text('unit').notNull(),
    unitPrice: price('unit_price').notNull(),
    taxRate: rate('tax_rate').notNull(),
  },
  (t) => [uniqueIndex('marketing_contract_lines_service_uq').on(t.versionId, t.serviceKey)],
);
