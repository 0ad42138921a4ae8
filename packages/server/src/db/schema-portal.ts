// Tables of the customer self-service portal (/web): address book, plan kits and their supply
// confirmation, consumable applications, sample shipment bookings, clarification queries, and the
// record of every workflow transition (who and when).
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { files, projects, sampleTypes, sites, temperatures, users } from './schema.js';
import { supplyConsumables } from './schema-supply.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const day = (name: string) => date(name, { mode: 'string' });
const createdAt = () => ts('created_at').notNull().defaultNow();
const updatedAt = () => ts('updated_at').notNull().defaultNow();
const version = () => integer('version').notNull().default(1);

/** Numbers of applications, shipments and queries (prefix + date + this sequence). */
export const portalNumberSeq = pgSequence('portal_number_seq', { startWith: 1 });

/** Personal address book (SPEC: label, name, mobile/tel, area, company, detail <= 255, e-mail). */
export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    area: text('area').notNull(),
    company: text('company'),
    detail: text('detail').notNull(),
    email: text('email'),
    isDefault: boolean('is_default').notNull().default(false),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('addresses_user_idx').on(t.userId)],
);

/** Kits of a project's plan (SPEC planconsumsuit) and their consumables. */
export const consumableKits = pgTable(
  'consumable_kits',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Value of dictionary 1016 (delivery model). */
    deliveryModel: text('delivery_model'),
    sort: integer('sort').notNull().default(0),
    /** The plan no whose online version defines the kit (null: set up outside a plan). */
    planNo: text('plan_no'),
    /**
     * Whether the portal still offers the kit: false once the online plan no longer has it (old orders
     * and supply confirmations keep pointing at the row).
     */
    offered: boolean('offered').notNull().default(true),
  },
  (t) => [uniqueIndex('consumable_kits_project_name_uq').on(t.projectId, t.name)],
);

export const consumableKitItems = pgTable('consumable_kit_items', {
  id: serial('id').primaryKey(),
  kitId: integer('kit_id')
    .notNull()
    .references(() => consumableKits.id, { onDelete: 'cascade' }),
  consumableName: text('consumable_name').notNull(),
  /** The catalogue's consumable (supply); null for an item a plan named that the catalogue lacks. */
  consumableId: integer('consumable_id').references(() => supplyConsumables.id),
  size: text('size'),
  vendor: text('vendor'),
  unit: text('unit').notNull(),
  quantityPerKit: integer('quantity_per_kit').notNull(),
  pictureFileId: integer('picture_file_id').references(() => files.id),
  scopeOfUse: text('scope_of_use'),
  sort: integer('sort').notNull().default(0),
});

/** Kit supply confirmation per site: pending, then confirmed by a site user. */
export const kitSupplies = pgTable(
  'kit_supplies',
  {
    id: serial('id').primaryKey(),
    kitId: integer('kit_id')
      .notNull()
      .references(() => consumableKits.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    confirmedBy: integer('confirmed_by').references(() => users.id),
    confirmedAt: ts('confirmed_at'),
    version: version(),
  },
  (t) => [uniqueIndex('kit_supplies_kit_site_uq').on(t.kitId, t.siteId)],
);

export const consumableOrders = pgTable(
  'consumable_orders',
  {
    id: serial('id').primaryKey(),
    orderNo: text('order_no').notNull(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    status: text('status').notNull(),
    addressId: integer('address_id').references(() => addresses.id, { onDelete: 'set null' }),
    /** The receive address as it was when submitted (the address book may change later). */
    receiveAddress: jsonb('receive_address')
      .$type<{
        name: string;
        phone: string;
        area: string;
        company: string | null;
        detail: string;
        email: string | null;
      }>()
      .notNull(),
    expectedShipDate: day('expected_ship_date'),
    hopedArrivalDate: day('hoped_arrival_date'),
    note: text('note'),
    applicantId: integer('applicant_id')
      .notNull()
      .references(() => users.id),
    applyTime: ts('apply_time').notNull(),
    auditorId: integer('auditor_id').references(() => users.id),
    auditTime: ts('audit_time'),
    rejectReason: text('reject_reason'),
    courier: text('courier'),
    expressNo: text('express_no'),
    dispatcherId: integer('dispatcher_id').references(() => users.id),
    dispatchTime: ts('dispatch_time'),
    receivedBy: integer('received_by').references(() => users.id),
    receivedAt: ts('received_at'),
    cancelReason: text('cancel_reason'),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('consumable_orders_order_no_uq').on(t.orderNo),
    index('consumable_orders_site_status_idx').on(t.siteId, t.status),
    index('consumable_orders_project_idx').on(t.projectId),
  ],
);

export const consumableOrderLines = pgTable(
  'consumable_order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => consumableOrders.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    kitId: integer('kit_id').references(() => consumableKits.id),
    kitName: text('kit_name'),
    consumableName: text('consumable_name').notNull(),
    /** The catalogue's consumable: such a line is issued from stock by FEFO at dispatch. */
    consumableId: integer('consumable_id').references(() => supplyConsumables.id),
    size: text('size'),
    vendor: text('vendor'),
    unit: text('unit').notNull(),
    quantityPerKit: integer('quantity_per_kit'),
    pictureFileId: integer('picture_file_id').references(() => files.id),
    scopeOfUse: text('scope_of_use'),
    kitAmount: integer('kit_amount').notNull(),
    deliveryModel: text('delivery_model'),
    lotNumber: text('lot_number'),
    outboundQuantity: integer('outbound_quantity'),
    expiryDate: day('expiry_date'),
    certificateFileId: integer('certificate_file_id').references(() => files.id),
    hopedArrivalDate: day('hoped_arrival_date'),
    note: text('note'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('consumable_order_lines_order_idx').on(t.orderId)],
);

export const sampleTransports = pgTable(
  'sample_transports',
  {
    id: serial('id').primaryKey(),
    orderNo: text('order_no').notNull(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    status: text('status').notNull(),
    /** The one transport temperature of every sample in the shipment. */
    temperatureId: integer('temperature_id')
      .notNull()
      .references(() => temperatures.id),
    sender: jsonb('sender').$type<Record<string, string | null>>().notNull(),
    consignee: jsonb('consignee').$type<Record<string, string | null>>().notNull(),
    backupContact: jsonb('backup_contact').$type<{ name: string; phone: string } | null>(),
    estimatedShipDate: day('estimated_ship_date').notNull(),
    bookSendTime: ts('book_send_time').notNull(),
    coldChain: boolean('cold_chain').notNull().default(false),
    tat: integer('tat'),
    transportRequirement: text('transport_requirement'),
    note: text('note'),
    /**
     * The language the site booked in (zh_CN, en_US, zh_HK): what the lab tells the booker about
     * this booking (a staff correction, express/edit-check) is written in it.
     */
    lang: text('lang').notNull().default('zh_CN'),
    attachmentFileIds: jsonb('attachment_file_ids').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    temperatureFileIds: jsonb('temperature_file_ids').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    courier: text('courier'),
    expressNo: text('express_no'),
    dispatcherId: integer('dispatcher_id').references(() => users.id),
    dispatchTime: ts('dispatch_time'),
    signerId: integer('signer_id').references(() => users.id),
    signedAt: ts('signed_at'),
    cancelledBy: integer('cancelled_by').references(() => users.id),
    cancelTime: ts('cancel_time'),
    cancelReason: text('cancel_reason'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sample_transports_order_no_uq').on(t.orderNo),
    index('sample_transports_site_status_idx').on(t.siteId, t.status),
  ],
);

export const sampleTransportItems = pgTable(
  'sample_transport_items',
  {
    id: serial('id').primaryKey(),
    transportId: integer('transport_id')
      .notNull()
      .references(() => sampleTransports.id, { onDelete: 'cascade' }),
    sampleTypeId: integer('sample_type_id')
      .notNull()
      .references(() => sampleTypes.id),
    temperatureId: integer('temperature_id')
      .notNull()
      .references(() => temperatures.id),
    quantity: integer('quantity').notNull(),
    unit: text('unit').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('sample_transport_items_transport_idx').on(t.transportId)],
);

export const clarificationQueries = pgTable(
  'clarification_queries',
  {
    id: serial('id').primaryKey(),
    queryNo: text('query_no').notNull(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    subjectNo: text('subject_no').notNull(),
    visit: text('visit'),
    barcode: text('barcode'),
    queryType: text('query_type').notNull(),
    content: text('content').notNull(),
    needsClarification: boolean('needs_clarification').notNull(),
    imageFileIds: jsonb('image_file_ids').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    status: text('status').notNull(),
    raisedBy: integer('raised_by')
      .notNull()
      .references(() => users.id),
    raisedAt: ts('raised_at').notNull(),
    resolvedAt: ts('resolved_at'),
    version: version(),
  },
  (t) => [
    uniqueIndex('clarification_queries_query_no_uq').on(t.queryNo),
    index('clarification_queries_site_status_idx').on(t.siteId, t.status),
  ],
);

export const clarificationReplies = pgTable(
  'clarification_replies',
  {
    id: serial('id').primaryKey(),
    queryId: integer('query_id')
      .notNull()
      .references(() => clarificationQueries.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    content: text('content').notNull(),
    imageFileIds: jsonb('image_file_ids').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    at: ts('at').notNull(),
  },
  (t) => [index('clarification_replies_query_idx').on(t.queryId)],
);

/** Every workflow transition of the portal's records: who, when, from which state, why. */
export const portalEvents = pgTable(
  'portal_events',
  {
    id: serial('id').primaryKey(),
    /** Workflow id: consumableOrder, kitSupply, sampleShipment, clarificationQuery. */
    workflow: text('workflow').notNull(),
    recordId: integer('record_id').notNull(),
    action: text('action').notNull(),
    fromState: text('from_state'),
    toState: text('to_state').notNull(),
    userId: integer('user_id').references(() => users.id),
    at: ts('at').notNull(),
    reason: text('reason'),
  },
  (t) => [index('portal_events_record_idx').on(t.workflow, t.recordId)],
);
