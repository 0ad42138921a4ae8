import { z } from 'zod';
import { defineEndpoint, defineGroup } from '../endpoint.js';
import { fileId, id, idParams, pageFields, text } from '../schemas.js';

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

export const project = defineGroup('project', {
  page: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/project/info/page',
    summary: 'Projects visible to the user, paged',
    access: { permission: 'project:file:page' },
    mutates: false,
    paged: true,
    body: z.object({ ...pageFields, projectNo: z.string().trim().max(32).optional() }),
    data: z.array(
      z.object({
        id: z.number(),
        projectNo: z.string(),
        name: z.string(),
        sponsor: z.string().nullable(),
        status: z.number(),
        version: z.number(),
      }),
    ),
  }),
  get: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/project/info/{id}',
    summary: 'One project (only within the user scope)',
    access: 'authenticated',
    mutates: false,
    params: idParams,
    data: z.object({
      id: z.number(),
      projectNo: z.string(),
      name: z.string(),
      sponsor: z.string().nullable(),
      status: z.number(),
      version: z.number(),
    }),
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
});
