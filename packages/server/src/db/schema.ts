// The one schema both engines (PGlite and PostgreSQL) run. Migrations in ../../drizzle are generated
// from this file with `pnpm --filter @trialab/server run db:generate` and committed.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();
const updatedAt = () => ts('updated_at').notNull().defaultNow();
/** Optimistic concurrency: every edit must send the version it read; see repository helpers. */
const version = () => integer('version').notNull().default(1);

export const depts = pgTable(
  'depts',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    code: text('code'),
    /** The head of the department, as a name. */
    leader: text('leader'),
    phone: text('phone'),
    sort: integer('sort').notNull().default(0),
    status: smallint('status').notNull().default(1),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A name once among the siblings (top level: parent 0).
    uniqueIndex('depts_sibling_name_uq').on(sql`coalesce(${t.parentId}, 0)`, t.name),
    uniqueIndex('depts_code_uq').on(t.code),
  ],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    mobile: text('mobile'),
    email: text('email'),
    jobNumber: text('job_number'),
    /** 1 internal staff, 2 external customer (SPEC section 3). */
    type: smallint('type').notNull().default(1),
    /** 1 enabled, 0 disabled. */
    status: smallint('status').notNull().default(1),
    isSuper: boolean('is_super').notNull().default(false),
    gender: smallint('gender'),
    avatar: text('avatar'),
    deptId: integer('dept_id').references(() => depts.id),
    passwordHash: text('password_hash'),
    passwordChangedAt: ts('password_changed_at'),
    /** Set for new accounts and after an administrator reset: forces first-update-password. */
    mustChangePassword: boolean('must_change_password').notNull().default(true),
    loginFailCount: integer('login_fail_count').notNull().default(0),
    loginDate: ts('login_date'),
    wxOpenId: text('wx_open_id'),
    agreementAcceptedAt: ts('agreement_accepted_at'),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_mobile_uq').on(t.mobile),
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
    uniqueIndex('users_job_number_uq').on(t.jobNumber),
    uniqueIndex('users_wx_open_id_uq').on(t.wxOpenId),
    index('users_type_status_idx').on(t.type, t.status),
    index('users_username_idx').on(t.username),
  ],
);

export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** The English name (shown in en-US, `localName`); null: the Chinese one is shown. */
    enName: text('en_name'),
    code: text('code').notNull(),
    status: smallint('status').notNull().default(1),
    remark: text('remark'),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('roles_code_uq').on(t.code), uniqueIndex('roles_name_uq').on(t.name)],
);

/** Menu tree and operations: type directory=1, menu=2, button=3, tab=4. */
export const permissions = pgTable(
  'permissions',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id'),
    type: smallint('type').notNull(),
    /** Permission string such as `platform:role:page`; menus without one are open to everyone ('*'). */
    authority: text('authority'),
    i18nKey: text('i18n_key').notNull(),
    name: text('name').notNull(),
    enName: text('en_name').notNull(),
    hkName: text('hk_name').notNull(),
    path: text('path'),
    fullPath: text('full_path'),
    icon: text('icon'),
    invisible: boolean('invisible').notNull().default(false),
    notCache: boolean('not_cache').notNull().default(false),
    link: text('link'),
    highlight: text('highlight'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    uniqueIndex('permissions_i18n_key_uq').on(t.i18nKey),
    index('permissions_parent_idx').on(t.parentId),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] })],
);

export const projects = pgTable(
  'projects',
  {
    id: serial('id').primaryKey(),
    projectNo: text('project_no').notNull(),
    name: text('name').notNull(),
    /** The English name (en-US readers see it, `localName`); null: none, the Chinese name shows. */
    enName: text('en_name'),
    sponsor: text('sponsor'),
    /** projectFileWorkflow's state code: 1 prepare, 2 ongoing, 3 paused, 4 closed. */
    status: smallint('status').notNull().default(1),
    protocolNo: text('protocol_no'),
    managerId: integer('manager_id').references(() => users.id),
    backupManagerId: integer('backup_manager_id').references(() => users.id),
    /** Calendar dates `YYYY-MM-DD` (no time zone). */
    startDate: text('start_date'),
    endDate: text('end_date'),
    description: text('description'),
    createdBy: integer('created_by'),
    /** Released reports wait for the project's review before the site sees them (project-reports). */
    reportReview: boolean('report_review').notNull().default(false),
    /**
     * Sites (portal users) see the subject's full name on reports; off, they see the subject number
     * and initials (reports/subject-initials.ts). The lab's own copy always shows the full name.
     */
    siteSubjectName: boolean('site_subject_name').notNull().default(false),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('projects_project_no_uq').on(t.projectNo),
    uniqueIndex('projects_name_uq').on(t.name),
    // Unique when given (NULLs never clash).
    uniqueIndex('projects_protocol_no_uq').on(t.protocolNo),
  ],
);

/** A project's groups (arms): the code the sites write on the subjects' forms, and a name. */
export const projectGroups = pgTable(
  'project_groups',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('project_groups_code_uq').on(t.projectId, t.code)],
);

/** The sponsor's and CRO's people the lab deals with about a project. */
export const projectContacts = pgTable(
  'project_contacts',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    role: text('role').notNull(),
    phone: text('phone'),
    email: text('email'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('project_contacts_project_idx').on(t.projectId)],
);

/**
 * Research centres (/platform/research-center): the institutions, one record each; never deleted once
 * a site points to one (disabled instead).
 */
export const researchCenters = pgTable(
  'research_centers',
  {
    id: serial('id').primaryKey(),
    /** The lab's number for the institution, e.g. `RC-0012`. */
    code: text('code').notNull(),
    name: text('name').notNull(),
    enName: text('en_name'),
    province: text('province'),
    city: text('city'),
    address: text('address'),
    phone: text('phone'),
    enabled: boolean('enabled').notNull().default(true),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('research_centers_code_uq').on(t.code),
    uniqueIndex('research_centers_name_uq').on(t.name),
  ],
);

/** The people of a research centre the lab deals with (PI, coordinator, pharmacist…). */
export const researchCenterContacts = pgTable(
  'research_center_contacts',
  {
    id: serial('id').primaryKey(),
    centerId: integer('center_id')
      .notNull()
      .references(() => researchCenters.id),
    name: text('name').notNull(),
    /** pi | coordinator | pharmacist | other */
    role: text('role').notNull(),
    phone: text('phone'),
    email: text('email'),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [index('research_center_contacts_center_idx').on(t.centerId)],
);

/**
 * A project's sites: a research centre's participation in the project, under the project's own
 * centre number. `name` is the centre's name as the project knows it.
 */
export const sites = pgTable(
  'sites',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    centerNo: text('center_no').notNull(),
    name: text('name').notNull(),
    researchCenterId: integer('research_center_id').references(() => researchCenters.id),
    version: version(),
  },
  (t) => [
    uniqueIndex('sites_project_center_uq').on(t.projectId, t.centerNo),
    index('sites_research_center_idx').on(t.researchCenterId),
  ],
);

/**
 * A project's sampling and testing plan, one row per version of a plan no (modules/plans):
 * draft → submitted → reviewed → online, or returned; `revision_of` is the online version a draft
 * revision edits, superseded when the revision goes online.
 */
export const projectPlans = pgTable(
  'project_plans',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    planNo: text('plan_no').notNull(),
    revision: integer('revision').notNull().default(1),
    name: text('name').notNull(),
    /** The English name (shown in en-US, `localName`); null: the Chinese one is shown. */
    enName: text('en_name'),
    status: text('status').notNull().default('draft'),
    revisionOf: integer('revision_of'),
    returnReason: text('return_reason'),
    createdBy: integer('created_by').references(() => users.id),
    /** Who last changed the version's name, visits, samples or kits (segregation of duties). */
    updatedBy: integer('updated_by').references(() => users.id),
    /** Who last submitted the version for approval. */
    submittedBy: integer('submitted_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex('project_plans_plan_no_revision_uq').on(t.planNo, t.revision),
    index('project_plans_project_idx').on(t.projectId),
  ],
);

/** Visit points of a plan version (`plan_id`; rows from before plans carry only their plan no). */
export const visitPoints = pgTable(
  'visit_points',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    planNo: text('plan_no').notNull(),
    planId: integer('plan_id').references(() => projectPlans.id, { onDelete: 'cascade' }),
    /** The visit's name: how barcodes, reports and the reconciliation name it. */
    name: text('name').notNull(),
    /** The English name (shown in en-US, `localName`); null: the Chinese one is shown. */
    enName: text('en_name'),
    sort: integer('sort').notNull().default(0),
    /**
     * The visit's window: its nominal day counted from the subject's enrolment (day 0) and the days
     * allowed before and after it. No day: the visit has no window (never overdue).
     */
    day: integer('day'),
    windowBefore: integer('window_before').notNull().default(0),
    windowAfter: integer('window_after').notNull().default(0),
    version: version(),
  },
  (t) => [index('visit_points_plan_idx').on(t.planId)],
);

/** Per visit of a plan version: a sample to collect, its cold chain, the tests to run, the kit to send. */
export const planVisitSamples = pgTable(
  'plan_visit_samples',
  {
    id: serial('id').primaryKey(),
    visitId: integer('visit_id')
      .notNull()
      .references(() => visitPoints.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
    sampleTypeId: integer('sample_type_id')
      .notNull()
      .references(() => sampleTypes.id),
    container: text('container'),
    volume: doublePrecision('volume').notNull(),
    unit: text('unit').notNull(),
    count: integer('count').notNull(),
    transportTemperatureId: integer('transport_temperature_id')
      .notNull()
      .references(() => temperatures.id),
    storageTemperatureId: integer('storage_temperature_id')
      .notNull()
      .references(() => temperatures.id),
    testItemIds: jsonb('test_item_ids').$type<number[]>().notNull(),
    /** project_plan_kits.id: a kit of the same plan version; optional. */
    kitId: integer('kit_id'),
  },
  (t) => [index('plan_visit_samples_visit_idx').on(t.visitId)],
);

/**
 * The consumable kits a plan version defines (name, delivery model of dictionary 1016, items); a visit
 * sample may name one (`plan_visit_samples.kit_id`). When the version goes online its kits become the
 * project's `consumable_kits` (by name) that the portal offers.
 */
export const projectPlanKits = pgTable(
  'project_plan_kits',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => projectPlans.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    deliveryModel: text('delivery_model').notNull(),
    /** [{ consumableName, size, vendor, unit, quantityPerKit, scopeOfUse }] in order. */
    items: jsonb('items')
      .$type<
        Array<{
          consumableName: string;
          size: string | null;
          vendor: string | null;
          unit: string;
          quantityPerKit: number;
          scopeOfUse: string | null;
        }>
      >()
      .notNull(),
    sort: integer('sort').notNull().default(0),
    version: version(),
  },
  (t) => [uniqueIndex('project_plan_kits_plan_name_uq').on(t.planId, t.name)],
);

/** Transport and storage conditions (/platform/temperature): a °C range and what it is used for. */
export const temperatures = pgTable(
  'temperatures',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    enName: text('en_name').notNull(),
    minCelsius: doublePrecision('min_celsius'),
    maxCelsius: doublePrecision('max_celsius'),
    /** temperatureRangeLabel(min, max), kept with the row for the readers that print it. */
    range: text('range').notNull(),
    forTransport: boolean('for_transport').notNull().default(true),
    forStorage: boolean('for_storage').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    version: version(),
  },
  (t) => [uniqueIndex('temperatures_name_uq').on(t.name), uniqueIndex('temperatures_code_uq').on(t.code)],
);

/** Kinds of specimen (/platform/sample-type); records keep pointing to a disabled one. */
export const sampleTypes = pgTable(
  'sample_types',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    enName: text('en_name').notNull(),
    category: text('category').notNull().default('other'),
    container: text('container'),
    storageTemperatureId: integer('storage_temperature_id').references(() => temperatures.id),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    version: version(),
  },
  (t) => [uniqueIndex('sample_types_name_uq').on(t.name), uniqueIndex('sample_types_code_uq').on(t.code)],
);

/**
 * Kinds of stock-out bill (/platform/out-warehouse). The reasons a bill of the type may give are
 * values of dictionary 1017 (stock-out reason), kept with the type: one edit, one version.
 */
export const stockOutTypes = pgTable(
  'stock_out_types',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    enName: text('en_name').notNull(),
    /** Temporary (the samples come back) or permanent. */
    returnsSample: boolean('returns_sample').notNull(),
    needsReview: boolean('needs_review').notNull().default(false),
    reasons: text('reasons').array().notNull().default(sql`'{}'::text[]`),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    version: version(),
  },
  (t) => [
    uniqueIndex('stock_out_types_code_uq').on(t.code),
    uniqueIndex('stock_out_types_name_uq').on(t.name),
  ],
);

/**
 * External codes (a sponsor's, an EDC's) mapped to the lab's records (/platform/mapping-table).
 * `targetId` names a row of the table the kind says (test_items, visit_points, sample_types, sites,
 * temperatures), checked by the service. One mapping per scope, kind, source and code.
 */
export const codeMappings = pgTable(
  'code_mappings',
  {
    id: serial('id').primaryKey(),
    /** Null: every project. */
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    source: text('source').notNull(),
    externalCode: text('external_code').notNull(),
    externalName: text('external_name'),
    targetId: integer('target_id').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    version: version(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('code_mappings_code_uq').on(
      sql`coalesce(${t.projectId}, 0)`,
      t.kind,
      t.source,
      t.externalCode,
    ),
    index('code_mappings_target_idx').on(t.kind, t.targetId),
  ],
);

export const testItems = pgTable(
  'test_items',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    enName: text('en_name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    version: version(),
  },
  (t) => [uniqueIndex('test_items_code_uq').on(t.code)],
);

/**
 * Project access. Internal staff: one row per project (siteId null = whole project).
 * External customers: one row per project and site they may see.
 */
export const userProjects = pgTable(
  'user_projects',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('user_projects_uq').on(t.userId, t.projectId, sql`coalesce(${t.siteId}, 0)`),
    index('user_projects_user_idx').on(t.userId),
  ],
);

export const dictTypes = pgTable(
  'dict_types',
  {
    id: serial('id').primaryKey(),
    dictNo: integer('dict_no').notNull(),
    name: text('name').notNull(),
    enName: text('en_name').notNull(),
    version: version(),
  },
  (t) => [uniqueIndex('dict_types_dict_no_uq').on(t.dictNo)],
);

export const dictData = pgTable(
  'dict_data',
  {
    id: serial('id').primaryKey(),
    dictNo: integer('dict_no').notNull(),
    value: text('value').notNull(),
    label: text('label').notNull(),
    enLabel: text('en_label').notNull(),
    sort: integer('sort').notNull().default(0),
    status: smallint('status').notNull().default(1),
    version: version(),
  },
  (t) => [uniqueIndex('dict_data_no_value_uq').on(t.dictNo, t.value)],
);

export const tableHeads = pgTable(
  'table_heads',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    titles: jsonb('titles').$type<string[]>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.code] })],
);

/**
 * Metadata of stored files; the bytes live in the file store under `sha256` (src/lib/file-store.ts,
 * docs/operations.md "Files"), never in the database.
 */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id),
    createdAt: createdAt(),
  },
  // The upload quota sums a user's sizes.
  (t) => [index('files_uploaded_by_idx').on(t.uploadedBy)],
);

/** Server-side sessions: the client only holds an opaque token; we store its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Base64 HMAC key for request signing, handed out once at login. */
    signingKey: text('signing_key').notNull(),
    createdAt: createdAt(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    lockFailCount: integer('lock_fail_count').notNull().default(0),
    /** Failed logins between the previous successful login and this one (shown in the header). */
    loginFailCount: integer('login_fail_count').notNull().default(0),
    endedAt: ts('ended_at'),
    endReason: text('end_reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('sessions_token_hash_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Signed-request nonces: the primary key makes a replay fail on every instance sharing the database. */
export const nonces = pgTable(
  'nonces',
  { nonce: text('nonce').primaryKey(), seenAt: ts('seen_at').notNull() },
  (t) => [index('nonces_seen_at_idx').on(t.seenAt)],
);

/** One-time login codes sent by SMS or e-mail; only a hash of the code is kept. */
export const loginCodes = pgTable(
  'login_codes',
  {
    id: serial('id').primaryKey(),
    channel: text('channel').notNull(),
    target: text('target').notNull(),
    codeHash: text('code_hash').notNull(),
    userId: integer('user_id'),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: ts('used_at'),
    ip: text('ip'),
  },
  (t) => [index('login_codes_target_idx').on(t.channel, t.target, t.createdAt)],
);

/** Failed-login counters: `user:<id>` per account (all its names), `name:<name>` per unknown name. */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failCount: integer('fail_count').notNull().default(0),
  lastFailAt: ts('last_fail_at').notNull(),
});

/** Slide puzzles: the answer stays on the server; a solved puzzle yields a single-use pass token. */
export const captchas = pgTable('captchas', {
  id: text('id').primaryKey(),
  pieceX: integer('piece_x').notNull(),
  pieceY: integer('piece_y').notNull(),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  attempts: integer('attempts').notNull().default(0),
  passTokenHash: text('pass_token_hash'),
  usedAt: ts('used_at'),
});

/** Development/demo outbox: what the notifier would have sent. */
export const outbox = pgTable('outbox', {
  id: serial('id').primaryKey(),
  channel: text('channel').notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  createdAt: createdAt(),
});

export const loginLogs = pgTable(
  'login_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id'),
    account: text('account').notNull(),
    method: text('method').notNull(),
    success: boolean('success').notNull(),
    message: text('message').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: ts('created_at').notNull(),
    /** Why a login failed (LOGIN_FAILURE_REASONS of the contract); null on success and before migration 0016. */
    reason: text('reason'),
    /** Failure: the account's consecutive failures so far; success: failed passwords since the last login. */
    failCount: integer('fail_count'),
  },
  (t) => [index('login_logs_created_idx').on(t.createdAt)],
);

/**
 * Append-only audit trail. Each row's hash is SHA-256 over the previous row's hash and the row's
 * canonical content, so editing or deleting a row breaks the chain (see audit:verify).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: ts('at').notNull(),
    userId: integer('user_id'),
    username: text('username'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    oldValue: jsonb('old_value'),
    newValue: jsonb('new_value'),
    reason: text('reason'),
    requestId: text('request_id'),
    workstation: text('workstation'),
    ip: text('ip'),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId), index('audit_log_at_idx').on(t.at)],
);

/**
 * Signed heads of the audit chain (lib/audit-checkpoints.ts). The signing key lives outside the
 * database, so a checkpoint is evidence that someone holding only the database cannot forge.
 */
export const auditCheckpoints = pgTable(
  'audit_checkpoints',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Id and hash of the newest chain row when signed, and how many rows the chain had up to it. */
    lastId: bigint('last_id', { mode: 'number' }).notNull(),
    hash: text('hash').notNull(),
    rows: bigint('rows', { mode: 'number' }).notNull(),
    at: ts('at').notNull(),
    keyId: text('key_id').notNull(),
    /** Ed25519 over checkpointMessage(), base64. */
    signature: text('signature').notNull(),
    /** interval (the running server) or manual (audit:verify --checkpoint). */
    source: text('source').notNull(),
  },
  (t) => [index('audit_checkpoints_last_id_idx').on(t.lastId)],
);

/** Small key/value store for server-wide flags (the demo-seed marker); keys live outside the database (secrets.ts). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});

/**
 * Idempotency keys of mutating calls (lib/idempotency.ts). Claimed inside the request's
 * transaction, so a key commits exactly when its write does; the answer is kept for a replay until
 * IDEMPOTENCY_KEY_HOURS have passed.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** `user:<id>` for a session's calls, `public` for the pre-login ones. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    endpointId: text('endpoint_id').notNull(),
    /** SHA-256 (hex) of the canonical request: params, query and body. */
    requestHash: text('request_hash').notNull(),
    /** The answered envelope; null while the claiming transaction runs. */
    envelope: jsonb('envelope'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_scope_key_uq').on(t.scope, t.key),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
