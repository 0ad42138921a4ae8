// Tables of identity-verified custody (docs/library.md "Identity-verified custody"): the people a
// project authorises to take over its specimens or witness their destruction, and the one identity
// check kept per confirmed bill. Card numbers are kept masked and as a keyed hash (the server's
// subject-card key, outside the database); no face image or fingerprint template is ever stored.
import {
  boolean,
  index,
  integer,
  pgTable,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { files, projects, users } from './schema.js';
import { specimenBills } from './schema-library-bills.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A person authorised for a project: receiver, witness or both; matched by the hash of their card. */
export const libraryRecipients = pgTable(
  'library_recipients',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    name: text('name').notNull(),
    organisation: text('organisation').notNull(),
    /** receiver, witness or both (RECIPIENT_ROLES). */
    role: text('role').notNull(),
    cardType: text('card_type').notNull(),
    cardNoMasked: text('card_no_masked').notNull(),
    /** HMAC-SHA256 of type and number with the subject-card key (lab/subjects cardHash). */
    cardNoHash: text('card_no_hash').notNull(),
    phone: text('phone'),
    /** A lab employee's account: that account may not confirm a destruction this person witnesses. */
    userId: integer('user_id').references(() => users.id),
    enabled: boolean('enabled').notNull().default(true),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('library_recipients_card_uq').on(t.projectId, t.cardNoHash),
    index('library_recipients_project_idx').on(t.projectId, t.enabled),
  ],
);

/**
 * The identity check of a bill's confirmation: who (the authorised entry or the witnessing user),
 * how (method), the score against the threshold then in force, the device and the workstation's
 * time, the masked card number and the handover form's image. One per bill.
 */
export const libraryCustodyChecks = pgTable(
  'library_custody_checks',
  {
    id: serial('id').primaryKey(),
    billId: integer('bill_id')
      .notNull()
      .references(() => specimenBills.id),
    /** receiver (outbound) or witness (destruction). */
    role: text('role').notNull(),
    /** idcardFace, fingerprint or password. */
    method: text('method').notNull(),
    recipientId: integer('recipient_id').references(() => libraryRecipients.id),
    userId: integer('user_id').references(() => users.id),
    personName: text('person_name').notNull(),
    cardNoMasked: text('card_no_masked'),
    score: real('score'),
    threshold: real('threshold'),
    deviceType: text('device_type'),
    deviceId: text('device_id'),
    verifiedAt: ts('verified_at'),
    formFileId: integer('form_file_id').references(() => files.id),
    recordedBy: integer('recorded_by')
      .notNull()
      .references(() => users.id),
    recordedAt: ts('recorded_at').notNull(),
  },
  (t) => [
    uniqueIndex('library_custody_checks_bill_uq').on(t.billId),
    uniqueIndex('library_custody_checks_form_uq').on(t.formFileId),
  ],
);
