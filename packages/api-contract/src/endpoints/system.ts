import { z } from 'zod';
import { defineEndpoint, defineGroup } from '../endpoint.js';
import { EMAIL_PATTERN } from '../password.js';
import { fileId, id, idParams, optionalText, pageFields, text, version } from '../schemas.js';
import { PROJECT_FILE_ACTIONS, PROJECT_FILE_PERMISSIONS } from '../workflows/project-file.js';
import { projectOverviewEndpoints } from './project-overview.js';
import { projectRecordEndpoints } from './project-record.js';

const dictItem = z.object({
  id: z.number(),
  dictNo: z.number(),
  value: z.string(),
  label: z.string(),
  enLabel: z.string(),
  sort: z.number(),
  status: z.number(),
  version: z.number(),
});
const dictNo = z.coerce.number().int().min(1000).max(9999);
const dictItemInput = z.object({
  value: text(64),
  label: text(64),
  enLabel: text(64),
  sort: z.number().int().min(0).max(9999).default(0),
});

/** Why an import row cannot be written (the preview's `errors`, each with its message). */
export const DICT_IMPORT_PROBLEMS = [
  'unknownType',
  'missingValue',
  'missingLabel',
  'missingEnLabel',
  'tooLong',
  'badSort',
  'repeatedValue',
  'unsafeText',
] as const;

const dictImportRow = z.object({
  /** Row number in the sheet (1 = header). */
  line: z.number(),
  dictNo: z.number().nullable(),
  value: z.string(),
  label: z.string(),
  enLabel: z.string(),
  sort: z.number().nullable(),
  /** What confirming would do with the row: add it, relabel the existing value, or skip it (errors). */
  action: z.enum(['insert', 'update', 'skip']),
  errors: z.array(z.object({ problem: z.enum(DICT_IMPORT_PROBLEMS), message: z.string() })),
});

export const dict = defineGroup('dict', {
  sysVersion: defineEndpoint({
    service: 'user',
    method: 'GET',
    path: '/sys/dict/sys-version',
    summary:
      'Server version plus the dictionaries revision (`0.1.0+dict.42`): it changes with every dictionary change, so consoles reload their cache',
    access: 'public',
    mutates: false,
    data: z.string(),
  }),
  page: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/sys/dict/page',
    summary: 'Dictionary items of one dictNo: data[0] = {dictNo, name, dictDataRespList}, total = item count',
    access: 'authenticated',
    mutates: false,
    paged: true,
    body: z.object({ ...pageFields, dictNo, label: z.string().trim().max(64).optional() }),
    data: z.array(
      z.object({
        dictNo: z.number(),
        name: z.string(),
        enName: z.string(),
        dictDataRespList: z.array(dictItem),
      }),
    ),
  }),
  types: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/sys/dict/types',
    summary: 'Batch: enabled items of several dictionaries, keyed by dictNo',
    access: 'authenticated',
    mutates: false,
    body: z.object({ types: z.array(dictNo).min(1).max(100) }),
    data: z.record(z.string(), z.array(dictItem)),
  }),
  get: defineEndpoint({
    service: 'user',
    method: 'GET',
    path: '/sys/dict/{id}',
    summary: 'One dictionary item',
    access: 'authenticated',
    mutates: false,
    params: idParams,
    data: dictItem,
  }),
  update: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/sys/dict/update',
    summary: 'Edit a dictionary item (send the version read)',
    access: { permission: 'platform:dict:update' },
    mutates: true,
    body: dictItemInput.extend({
      id,
      version: z.number().int().positive(),
      status: z.union([z.literal(0), z.literal(1)]).default(1),
    }),
    data: z.object({ version: z.number() }),
  }),
  batchInsert: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/sys/dict/batchInsert',
    summary: 'Add several items to one dictionary (values must be new)',
    access: { permission: 'platform:dict:create' },
    mutates: true,
    body: z.object({ dictNo, items: z.array(dictItemInput).min(1).max(500) }),
    data: z.object({ inserted: z.number() }),
  }),
  import: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/sys/dict/import',
    summary: 'Upsert items of one dictionary by value',
    access: { permission: 'platform:dict:create' },
    mutates: true,
    body: z.object({ dictNo, items: z.array(dictItemInput).min(1).max(2000) }),
    data: z.object({ inserted: z.number(), updated: z.number() }),
  }),
  typeList: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/sys/dict/type/list',
    summary: 'Every dictionary (number, names, item counts), optionally filtered by number or name',
    access: { permission: 'platform:dict:page' },
    mutates: false,
    body: z.object({ keyword: z.string().trim().max(64).optional() }),
    data: z.array(
      z.object({
        dictNo: z.number(),
        name: z.string(),
        enName: z.string(),
        itemCount: z.number(),
        enabledCount: z.number(),
      }),
    ),
  }),
  importTemplate: defineEndpoint({
    service: 'user',
    method: 'GET',
    path: '/sys/dict/import/template',
    summary: 'The xlsx template of a dictionary import: dictNo, value, labels, sort (binary body)',
    access: { permission: 'platform:dict:create' },
    mutates: false,
    data: z.unknown(),
  }),
  importPreview: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/sys/dict/import/preview',
    summary:
      'Check an uploaded xlsx of dictionary items: every row with what it would do or its errors (changes nothing)',
    access: { permission: 'platform:dict:create' },
    mutates: false,
    body: z.object({ fileId }),
    data: z.object({ rows: z.array(dictImportRow), valid: z.number(), invalid: z.number() }),
  }),
  importConfirm: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/sys/dict/import/confirm',
    summary:
      'Write the valid rows of the previewed xlsx in one transaction (rows with errors are skipped; refused when none is valid)',
    access: { permission: 'platform:dict:create' },
    mutates: true,
    body: z.object({ fileId }),
    data: z.object({ inserted: z.number(), updated: z.number(), skipped: z.number() }),
  }),
});

/** Uniqueness checks offered by POST /duplicate: entity -> field. */
export const DUPLICATE_TARGETS = {
  'user.mobile': 'users.mobile',
  'user.email': 'users.email',
  'user.jobNumber': 'users.job_number',
  'role.name': 'roles.name',
  'role.code': 'roles.code',
  'project.projectNo': 'projects.project_no',
  'dept.name': 'depts.name',
} as const;
export type DuplicateTarget = keyof typeof DUPLICATE_TARGETS;

const duplicateBody = z.object({
  target: z.enum(Object.keys(DUPLICATE_TARGETS) as [DuplicateTarget, ...DuplicateTarget[]]),
  keyword: z.string().trim().min(1).max(64),
  id: id.optional(),
});

export const system = defineGroup('system', {
  duplicate: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/duplicate',
    summary: 'Whether a keyword is already used (excluding the record `id`)',
    access: 'authenticated',
    mutates: false,
    body: duplicateBody,
    data: z.boolean(),
  }),
  /** SPEC lists POST /duplicate on the main service too; same check. */
  duplicateMain: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/duplicate',
    summary: 'Whether a keyword is already used (main-service path of the same check)',
    access: 'authenticated',
    mutates: false,
    body: duplicateBody,
    data: z.boolean(),
  }),
  tableHeadGet: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/sys/table-head/query',
    summary: "The user's visible columns of one table (titles = dataIndex list; empty = default)",
    access: 'authenticated',
    mutates: false,
    body: z.object({ code: text(64) }),
    data: z.object({ code: z.string(), titles: z.array(z.string()) }),
  }),
  tableHeadSet: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/sys/table-head/set',
    summary: "Save the user's visible columns of one table",
    access: 'authenticated',
    mutates: true,
    body: z.object({ code: text(64), dataIndexes: z.array(z.string().trim().min(1).max(64)).max(200) }),
    data: z.boolean(),
  }),
  sampleTypeAll: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/sys/sampleType/all',
    summary: 'All sample types, optionally filtered by name',
    access: 'authenticated',
    mutates: false,
    body: z.object({ name: z.string().trim().max(32).optional() }),
    data: z.array(z.object({ id: z.number(), name: z.string(), enName: z.string() })),
  }),
  deviceTicket: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/sys/device/ticket',
    summary: 'Short-lived Ed25519-signed ticket for the device bridge hello (format in docs/api.md)',
    access: 'authenticated',
    mutates: false,
    body: z.object({ origin: z.string().url().max(256) }),
    data: z.object({ ticket: z.string(), expiresAt: z.number() }),
  }),
  devicePublicKey: defineEndpoint({
    service: 'user',
    method: 'GET',
    path: '/sys/device/public-key',
    summary: 'Ed25519 public key that verifies device tickets (for pairing the bridge)',
    access: 'public',
    mutates: false,
    data: z.object({
      algorithm: z.literal('Ed25519'),
      keyId: z.string(),
      publicKeyPem: z.string(),
      publicKeyRaw: z.string(),
    }),
  }),
  fileUpload: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/file/upload',
    summary: 'Upload one file (multipart field `file`); size and type limits in docs/api.md',
    access: 'authenticated',
    mutates: true,
    upload: { field: 'file' },
    query: z.object({ keepFileName: z.enum(['true', 'false']).optional() }),
    data: z.object({ id: z.number(), name: z.string(), size: z.number(), mime: z.string(), url: z.string() }),
  }),
  fileDownload: defineEndpoint({
    service: 'container',
    method: 'GET',
    path: '/file/{id}',
    summary: 'Download an uploaded file (binary body, not an envelope)',
    access: 'authenticated',
    mutates: false,
    params: idParams,
    data: z.unknown(),
  }),
});

/** The project record's fields a list row shows. */
const projectRow = {
  id: z.number(),
  projectNo: z.string(),
  name: z.string(),
  /** The English name (en-US readers see it, `localName`); null: none. */
  enName: z.string().nullable(),
  protocolNo: z.string().nullable(),
  sponsor: z.string().nullable(),
  /** 1 prepare, 2 ongoing, 3 paused, 4 closed (projectFileWorkflow's states in order). */
  status: z.number(),
  managerId: z.number().nullable(),
  managerName: z.string().nullable(),
  backupManagerId: z.number().nullable(),
  backupManagerName: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  version: z.number(),
};
const projectNo = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .regex(/^[A-Za-z0-9_-]+$/, 'validation.projectNo');
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date')
  .nullish();
/** A project's sites, groups (arms) and contacts as the form sends them (an `id` keeps the row). */
const projectRecordInput = {
  projectNo,
  name: text(64),
  enName: optionalText(128).transform((v) => v || null),
  protocolNo: optionalText(64),
  sponsor: optionalText(128),
  managerId: id,
  backupManagerId: id.nullish(),
  startDate: isoDate,
  endDate: isoDate,
  description: optionalText(1000),
  sites: z
    .array(z.object({ id: id.optional(), researchCenterId: id, centerNo: text(16), name: optionalText(64) }))
    .max(500),
  groups: z.array(z.object({ code: text(16), name: text(64) })).max(50),
  contacts: z
    .array(
      z.object({
        name: text(32),
        role: text(32),
        phone: optionalText(32),
        email: z.string().trim().max(64).regex(EMAIL_PATTERN, 'validation.email').nullish().or(z.literal('')),
      }),
    )
    .max(100),
};
const existCheck = (field: z.ZodString) => ({
  service: 'main' as const,
  method: 'POST' as const,
  access: { permission: PROJECT_FILE_PERMISSIONS.view },
  mutates: false,
  /** `id`: the project being edited, which does not count as a clash with itself. */
  body: z.object({ value: field, id: id.optional() }),
  /** true when another project already uses the value. */
  data: z.boolean(),
});

export const project = defineGroup('project', {
  page: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/project/info/page',
    summary: 'Projects visible to the user, paged (filters: number, name, sponsor, status, manager)',
    access: { permission: 'project:file:page' },
    mutates: false,
    paged: true,
    body: z.object({
      ...pageFields,
      projectNo: z.string().trim().max(32).optional(),
      name: z.string().trim().max(64).optional(),
      sponsor: z.string().trim().max(128).optional(),
      status: z.number().int().min(1).max(4).optional(),
      /** Primary or backup manager. */
      managerId: id.optional(),
    }),
    data: z.array(z.object(projectRow)),
  }),
  get: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/project/info/{id}',
    summary: 'One project with its sites, groups and contacts (only within the user scope)',
    access: 'authenticated',
    mutates: false,
    params: idParams,
    data: z.object({
      ...projectRow,
      description: z.string().nullable(),
      sites: z.array(
        z.object({
          id: z.number(),
          centerNo: z.string(),
          name: z.string(),
          researchCenterId: z.number().nullable(),
          researchCenterName: z.string().nullable(),
        }),
      ),
      groups: z.array(z.object({ id: z.number(), code: z.string(), name: z.string() })),
      contacts: z.array(
        z.object({
          id: z.number(),
          name: z.string(),
          role: z.string(),
          phone: z.string().nullable(),
          email: z.string().nullable(),
        }),
      ),
    }),
  }),
  create: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/project/info/create',
    summary: 'New project record in prepare, with its sites, groups and contacts',
    access: { permission: PROJECT_FILE_PERMISSIONS.add },
    mutates: true,
    body: z.object(projectRecordInput),
    data: z.object({ id: z.number(), version: z.number() }),
  }),
  update: defineEndpoint({
    service: 'main',
    method: 'PUT',
    path: '/project/info/update',
    summary:
      'Edit a project record (not a closed one); the sites, groups and contacts sent replace the old ones (a site with samples cannot go)',
    access: { permission: PROJECT_FILE_PERMISSIONS.edit },
    mutates: true,
    body: z.object({ id, version, ...projectRecordInput }),
    data: z.object({ id: z.number(), version: z.number() }),
  }),
  updateStatus: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/project/info/updateStatus',
    summary: 'Start, pause, resume or close a project (projectFileWorkflow; pause and close need a reason)',
    access: { permission: PROJECT_FILE_PERMISSIONS.status },
    mutates: true,
    body: z.object({
      id,
      version,
      action: z.enum(PROJECT_FILE_ACTIONS),
      reason: z.string().trim().max(255).optional(),
    }),
    data: z.object({ status: z.number(), version: z.number() }),
  }),
  delete: defineEndpoint({
    service: 'main',
    method: 'DELETE',
    path: '/project/info/{id}',
    summary: 'Delete a project still in prepare with no samples, orders or site users',
    access: { permission: PROJECT_FILE_PERMISSIONS.delete },
    mutates: true,
    params: idParams,
    data: z.null(),
  }),
  checkExist: defineEndpoint({
    ...existCheck(z.string().trim().max(32)),
    path: '/project/info/checkExist',
    summary: 'Whether another project has this project number',
  }),
  checkNameExist: defineEndpoint({
    ...existCheck(z.string().trim().max(64)),
    path: '/project/info/checkNameExist',
    summary: 'Whether another project has this name',
  }),
  checkPlanNoExist: defineEndpoint({
    ...existCheck(z.string().trim().max(64)),
    path: '/project/info/checkPlanNoExist',
    summary: 'Whether another project has this protocol number',
  }),
  projectManagers: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/project/info/projectManagers',
    summary: 'Enabled staff who may manage projects (a role granting project:file:edit, or super users)',
    access: { permission: PROJECT_FILE_PERMISSIONS.view },
    mutates: false,
    data: z.array(z.object({ id: z.number(), username: z.string(), jobNumber: z.string().nullable() })),
  }),
  all: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/project/info/all',
    summary: 'Every project in the user scope, by number, unpaged (with status)',
    access: 'authenticated',
    mutates: false,
    data: z.array(z.object({ id: z.number(), projectNo: z.string(), name: z.string(), status: z.number() })),
  }),
  getByProjectNo: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/project/info/getByProjectNo',
    summary: 'A project in the user scope by its number',
    access: 'authenticated',
    mutates: false,
    query: z.object({ projectNo: z.string().trim().min(1).max(32) }),
    data: z.object(projectRow),
  }),
  ownAll: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/project/info/own/all',
    summary: 'All projects in the user scope (remote select: searches projectNo)',
    access: 'authenticated',
    mutates: false,
    paged: true,
    body: z.object({ ...pageFields, projectNo: z.string().trim().max(32).optional() }),
    data: z.array(z.object({ id: z.number(), projectNo: z.string(), name: z.string() })),
  }),
  sitesByProject: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/project/center/pagingByProjectId',
    summary: 'Sites of a project (external customers see only their sites)',
    access: 'authenticated',
    mutates: false,
    paged: true,
    body: z.object({ ...pageFields, projectId: id }),
    data: z.array(
      z.object({ id: z.number(), projectId: z.number(), centerNo: z.string(), name: z.string() }),
    ),
  }),
  ...projectRecordEndpoints,
  ...projectOverviewEndpoints,
});
