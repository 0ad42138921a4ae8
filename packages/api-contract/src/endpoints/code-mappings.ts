import { z } from 'zod';
import { defineEndpoint, defineGroup } from '../endpoint.js';
import { fileId, id, idParams, optionalText, pageFields, text, version } from '../schemas.js';

/**
 * /platform/mapping-table: the codes sponsors and sites send (their test codes, visit codes, sample
 * type codes, site numbers) mapped to the lab's own records, per project or for all projects.
 */
export const CODE_MAPPING_PERMISSIONS = {
  view: 'platform:mapping-table:view',
  add: 'platform:mapping-table:add',
  edit: 'platform:mapping-table:edit',
  delete: 'platform:mapping-table:delete',
  import: 'platform:mapping-table:import',
} as const;

/** What an external code stands for; visits and sites belong to one project. */
export const MAPPING_KINDS = ['testItem', 'visit', 'sampleType', 'site', 'temperature'] as const;
export type MappingKind = (typeof MAPPING_KINDS)[number];
/** Kinds whose lab records belong to one project: their mappings are a project's. */
export const PROJECT_MAPPING_KINDS: readonly MappingKind[] = ['visit', 'site'];

/** Why an import row cannot be written (the preview's `errors`, each with its message). */
export const MAPPING_IMPORT_PROBLEMS = [
  'unknownProject',
  'unknownKind',
  'missingSource',
  'missingCode',
  'tooLong',
  'unknownTarget',
  'disabledTarget',
  'needsProject',
  'repeatedCode',
  'unsafeText',
] as const;

const mappingFields = {
  /** Null: the mapping holds for every project (a project's own mapping wins). */
  projectId: id.nullable(),
  kind: z.enum(MAPPING_KINDS),
  /** Who sends the code: the sponsor's name, `EDC`, a central lab… */
  source: text(64),
  externalCode: text(64),
  externalName: optionalText(128),
  /** The lab's record: a test item, visit point, sample type, site or temperature condition. */
  targetId: id,
  enabled: z.boolean().default(true),
};

export const codeMappingRow = z.object({
  id: z.number(),
  projectId: z.number().nullable(),
  projectNo: z.string().nullable(),
  kind: z.enum(MAPPING_KINDS),
  source: z.string(),
  externalCode: z.string(),
  externalName: z.string().nullable(),
  targetId: z.number(),
  /** The lab record's code (a site's number, a visit's name) and name. */
  targetCode: z.string(),
  targetName: z.string(),
  enabled: z.boolean(),
  version: z.number(),
});
export type CodeMappingRow = z.infer<typeof codeMappingRow>;

const mappingFilter = {
  kind: z.enum(MAPPING_KINDS).optional(),
  /** A project's mappings; null: only those for all projects; absent: every mapping. */
  projectId: id.nullable().optional(),
  source: z.string().trim().max(64).optional(),
  /** External code or name, contains. */
  code: z.string().trim().max(64).optional(),
};

const mappingImportRow = z.object({
  /** Row number in the sheet (1 = header). */
  line: z.number(),
  projectNo: z.string(),
  kind: z.string(),
  source: z.string(),
  externalCode: z.string(),
  externalName: z.string(),
  targetCode: z.string(),
  /** What confirming would do: add the mapping, re-point the existing one, or skip it (errors). */
  action: z.enum(['insert', 'update', 'skip']),
  errors: z.array(z.object({ problem: z.enum(MAPPING_IMPORT_PROBLEMS), message: z.string() })),
});

export const codeMappings = defineGroup('codeMappings', {
  paging: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/sys/codeMapping/paging',
    summary: 'Code mappings, paged; filter by kind, project (null = all-projects ones), source and code',
    access: { permission: CODE_MAPPING_PERMISSIONS.view },
    mutates: false,
    paged: true,
    body: z.object({ ...pageFields, ...mappingFilter }),
    data: z.array(codeMappingRow),
  }),
  targets: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/sys/codeMapping/targets',
    summary: 'The lab records a mapping of a kind may point to (visits and sites: of the project given)',
    access: { permission: CODE_MAPPING_PERMISSIONS.view },
    mutates: false,
    body: z.object({ kind: z.enum(MAPPING_KINDS), projectId: id.nullish() }),
    data: z.array(z.object({ id: z.number(), code: z.string(), name: z.string(), enabled: z.boolean() })),
  }),
  projects: defineEndpoint({
    service: 'user',
    method: 'GET',
    path: '/sys/codeMapping/projects',
    summary: "Every project by number (a mapping's scope), whatever the administrator's own project grants",
    access: { permission: CODE_MAPPING_PERMISSIONS.view },
    mutates: false,
    data: z.array(z.object({ id: z.number(), projectNo: z.string(), name: z.string() })),
  }),
  resolve: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/sys/codeMapping/resolve',
    summary:
      'What an external code resolves to for a project: its enabled mapping in the project, else the all-projects one (null when none)',
    access: { permission: CODE_MAPPING_PERMISSIONS.view },
    mutates: false,
    body: z.object({
      projectId: id.nullable(),
      kind: z.enum(MAPPING_KINDS),
      source: text(64),
      externalCode: text(64),
    }),
    data: codeMappingRow.nullable(),
  }),
  create: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/sys/codeMapping',
    summary:
      'Map an external code to a lab record (which must exist and be enabled); one per project, kind, source and code',
    access: { permission: CODE_MAPPING_PERMISSIONS.add },
    mutates: true,
    body: z.object(mappingFields),
    data: z.object({ id: z.number(), version: z.number() }),
  }),
  update: defineEndpoint({
    service: 'user',
    method: 'PUT',
    path: '/sys/codeMapping/{id}',
    summary: 'Edit a mapping (send the version read); a newly chosen lab record must be enabled',
    access: { permission: CODE_MAPPING_PERMISSIONS.edit },
    mutates: true,
    params: idParams,
    body: z.object({ version, ...mappingFields }),
    data: z.object({ version: z.number() }),
  }),
  delete: defineEndpoint({
    service: 'user',
    method: 'DELETE',
    path: '/sys/codeMapping/{id}',
    summary: 'Delete a mapping (no record points to one; audited with what it was)',
    access: { permission: CODE_MAPPING_PERMISSIONS.delete },
    mutates: true,
    params: idParams,
    data: z.boolean(),
  }),
  export: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/sys/codeMapping/export',
    summary: 'The filtered mappings as an xlsx workbook in the import layout (binary body, not an envelope)',
    access: { permission: CODE_MAPPING_PERMISSIONS.view },
    mutates: false,
    body: z.object(mappingFilter),
    data: z.unknown(),
  }),
  importTemplate: defineEndpoint({
    service: 'user',
    method: 'GET',
    path: '/sys/codeMapping/import/template',
    summary:
      'The xlsx template of a mapping import: project no., kind, source, code, name, lab code (binary body)',
    access: { permission: CODE_MAPPING_PERMISSIONS.import },
    mutates: false,
    data: z.unknown(),
  }),
  importPreview: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/sys/codeMapping/import/preview',
    summary:
      'Check an uploaded xlsx of mappings: every row with what it would do or its errors (changes nothing)',
    access: { permission: CODE_MAPPING_PERMISSIONS.import },
    mutates: false,
    body: z.object({ fileId }),
    data: z.object({ rows: z.array(mappingImportRow), valid: z.number(), invalid: z.number() }),
  }),
  importConfirm: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/sys/codeMapping/import/confirm',
    summary:
      'Write the valid rows of the previewed xlsx in one transaction (rows with errors are skipped; refused when none is valid)',
    access: { permission: CODE_MAPPING_PERMISSIONS.import },
    mutates: true,
    body: z.object({ fileId }),
    data: z.object({ inserted: z.number(), updated: z.number(), skipped: z.number() }),
  }),
});
