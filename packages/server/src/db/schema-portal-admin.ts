// Tables of the portal's administration side: account applications of site users and the
// documents the laboratory shares with sites (revisions kept, every download logged).
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { files, projects, roles, sites, users } from './schema.js';
import { clarificationReplies } from './schema-portal.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const version = () => integer('version').notNull().default(1);

export const accountApplications = pgTable(
  'account_applications',
  {
    id: serial('id').primaryKey(),
    applicationNo: text('application_no').notNull(),
    status: text('status').notNull(),
    name: text('name').notNull(),
    mobile: text('mobile').notNull(),
    email: text('email'),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    purpose: text('purpose'),
    reason: text('reason').notNull(),
    /** The project/site grants asked for; the created account gets exactly these. */
    grants: jsonb('grants').$type<Array<{ projectId: number; siteId: number }>>().notNull(),
    applicantId: integer('applicant_id')
      .notNull()
      .references(() => users.id),
    applyTime: ts('apply_time').notNull(),
    reviewerId: integer('reviewer_id').references(() => users.id),
    reviewTime: ts('review_time'),
    rejectReason: text('reject_reason'),
    createdUserId: integer('created_user_id').references(() => users.id),
    version: version(),
  },
  (t) => [
    uniqueIndex('account_applications_no_uq').on(t.applicationNo),
    index('account_applications_applicant_idx').on(t.applicantId),
    index('account_applications_status_idx').on(t.status),
  ],
);

export const sharedDocuments = pgTable(
  'shared_documents',
  {
    id: serial('id').primaryKey(),
    docNo: text('doc_no').notNull(),
    /** 'original' (one site) or 'public' (every site of the project). */
    kind: text('kind').notNull(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    siteId: integer('site_id').references(() => sites.id),
    title: text('title').notNull(),
    note: text('note'),
    status: text('status').notNull(),
    revision: integer('revision').notNull().default(1),
    withdrawReason: text('withdraw_reason'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').notNull(),
    version: version(),
  },
  (t) => [
    uniqueIndex('shared_documents_no_uq').on(t.docNo),
    index('shared_documents_scope_idx').on(t.kind, t.projectId, t.siteId),
  ],
);

/** Every uploaded revision; replacing adds one, nothing is overwritten. */
export const sharedDocumentRevisions = pgTable(
  'shared_document_revisions',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => sharedDocuments.id),
    revision: integer('revision').notNull(),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
    note: text('note'),
    uploadedBy: integer('uploaded_by')
      .notNull()
      .references(() => users.id),
    at: ts('at').notNull(),
  },
  (t) => [
    uniqueIndex('shared_document_revisions_uq').on(t.documentId, t.revision),
    uniqueIndex('shared_document_revisions_file_uq').on(t.fileId),
  ],
);

/** Who downloaded which revision when (written before the bytes are sent). */
export const sharedDocumentDownloads = pgTable(
  'shared_document_downloads',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => sharedDocuments.id),
    revision: integer('revision').notNull(),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    ip: text('ip'),
    at: ts('at').notNull(),
  },
  (t) => [
    index('shared_document_downloads_doc_idx').on(t.documentId),
    index('shared_document_downloads_user_idx').on(t.userId),
  ],
);

/** Documents attached to a clarification reply (its images stay in `image_file_ids`). */
export const clarificationReplyAttachments = pgTable(
  'clarification_reply_attachments',
  {
    id: serial('id').primaryKey(),
    replyId: integer('reply_id')
      .notNull()
      .references(() => clarificationReplies.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('clarification_reply_attachments_reply_idx').on(t.replyId)],
);
