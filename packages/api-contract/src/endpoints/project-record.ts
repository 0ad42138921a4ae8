import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { fileId, id, isoTime, pageFields } from '../schemas.js';
import { PROJECT_FILE_PERMISSIONS } from '../workflows/project-file.js';

// The project record's imports, exports and user lists (/project/create-file, /project/file): part
// of the `project` group, declared here to keep endpoints/system.ts readable.

/** What an xlsx import fills: a section of the record being edited. */
export const PROJECT_IMPORT_TYPES = ['group', 'center', 'contact'] as const;
export type ProjectImportType = (typeof PROJECT_IMPORT_TYPES)[number];

/** Why an imported row cannot go into the record (the preview's `errors`, each with its message). */
export const PROJECT_IMPORT_PROBLEMS = [
  'missing',
  'tooLong',
  'repeated',
  'inRecord',
  'unknownCenter',
  'badEmail',
  'badPhone',
  'unsafeText',
] as const;

const rowErrors = z.array(z.object({ problem: z.enum(PROJECT_IMPORT_PROBLEMS), message: z.string() }));
/** Each row of the preview: its sheet line, `insert` (goes into the form) or `skip` (errors). */
const previewOf = <T extends z.ZodRawShape>(fields: T) =>
  z.object({
    rows: z.array(
      z.object({
        /** Row number in the sheet (1 = header). */
        line: z.number(),
        ...fields,
        action: z.enum(['insert', 'skip']),
        errors: rowErrors,
      }),
    ),
    valid: z.number(),
    invalid: z.number(),
  });

/** The uploaded sheet and the rows the form already holds (a repeat of one is an error). */
const importBody = <T extends z.ZodType>(existing: T) =>
  z.object({ fileId, existing: z.array(existing).max(500).default([]) });

const importEndpoint = {
  service: 'main' as const,
  method: 'POST' as const,
  access: { permission: PROJECT_FILE_PERMISSIONS.import },
  mutates: false,
};

const userFilter = {
  projectId: id,
  /** Name, mobile, e-mail or job number contains. */
  keyword: z.string().trim().max(64).optional(),
};
const externalFilter = { ...userFilter, siteId: id.optional() };

const researchUserRow = z.object({
  userId: z.number(),
  username: z.string(),
  jobNumber: z.string().nullable(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  deptName: z.string().nullable(),
  /** 1 enabled, 0 disabled. */
  status: z.number(),
  grantedAt: isoTime,
});
const externalUserRow = z.object({
  userId: z.number(),
  username: z.string(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  status: z.number(),
  /** Null: the whole project (every site). */
  siteId: z.number().nullable(),
  centerNo: z.string().nullable(),
  siteName: z.string().nullable(),
  grantedAt: isoTime,
});

export const projectRecordEndpoints = {
  importTemplate: defineEndpoint({
    ...importEndpoint,
    method: 'GET',
    path: '/project/file/excel/template/{type}',
    summary:
      'The xlsx template of a record import (group, center, contact): headers in the caller language and an example row (binary body)',
    params: z.object({ type: z.enum(PROJECT_IMPORT_TYPES) }),
    data: z.unknown(),
  }),
  groupImport: defineEndpoint({
    ...importEndpoint,
    path: '/project/group/import',
    summary:
      'Check an uploaded xlsx of groups (code, name) for the record being edited: every row or its errors (changes nothing)',
    body: importBody(z.string().max(16)),
    data: previewOf({ code: z.string(), name: z.string() }),
  }),
  centerImport: defineEndpoint({
    ...importEndpoint,
    path: '/project/center/import',
    summary:
      'Check an uploaded xlsx of sites (site number, research centre code or name, site name) for the record being edited (changes nothing)',
    body: importBody(z.string().max(16)),
    data: previewOf({
      centerNo: z.string(),
      /** As typed: the research centre's code or name. */
      center: z.string(),
      researchCenterId: z.number().nullable(),
      researchCenterName: z.string().nullable(),
      name: z.string(),
    }),
  }),
  contactImport: defineEndpoint({
    ...importEndpoint,
    path: '/project/contact/import',
    summary:
      'Check an uploaded xlsx of contacts (name, role, phone, e-mail) for the record being edited (changes nothing)',
    body: importBody(z.object({ name: z.string().max(32), role: z.string().max(32) })),
    data: previewOf({ name: z.string(), role: z.string(), phone: z.string(), email: z.string() }),
  }),
  export: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/project/info/{id}/export',
    summary: "A record's sites, groups or contacts (infoType) as xlsx, in the import layout (binary body)",
    access: { permission: PROJECT_FILE_PERMISSIONS.export },
    mutates: false,
    params: z.object({ id }),
    query: z.object({ infoType: z.enum(PROJECT_IMPORT_TYPES) }),
    data: z.unknown(),
  }),
  pageResearchUser: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/project/info/pageResearchUser',
    summary: 'Staff granted the project (research users), paged by name',
    access: { permission: PROJECT_FILE_PERMISSIONS.view },
    mutates: false,
    paged: true,
    body: z.object({ ...pageFields, ...userFilter }),
    data: z.array(researchUserRow),
  }),
  researchUserExport: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/project/info/researchUser/export/{projectId}',
    summary: "The project's research users as xlsx (binary body)",
    access: { permission: PROJECT_FILE_PERMISSIONS.export },
    mutates: false,
    params: z.object({ projectId: id }),
    data: z.unknown(),
  }),
  externalUsers: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/project/info/external/user',
    summary:
      'External accounts granted the project or its sites, paged (a site-limited caller sees its sites only)',
    access: { permission: PROJECT_FILE_PERMISSIONS.view },
    mutates: false,
    paged: true,
    body: z.object({ ...pageFields, ...externalFilter }),
    data: z.array(externalUserRow),
  }),
  externalUserExport: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/project/info/external/user/export',
    summary: 'The filtered external users of a project as xlsx (binary body)',
    access: { permission: PROJECT_FILE_PERMISSIONS.export },
    mutates: false,
    body: z.object(externalFilter),
    data: z.unknown(),
  }),
  pageReceiver: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/project/info/pageReceiver',
    summary:
      "Who receives the project's kits: each site's distinct receivers of consumable orders (latest address first)",
    access: { permission: PROJECT_FILE_PERMISSIONS.view },
    mutates: false,
    paged: true,
    body: z.object({ ...pageFields, ...externalFilter }),
    data: z.array(
      z.object({
        siteId: z.number(),
        centerNo: z.string(),
        siteName: z.string(),
        name: z.string(),
        phone: z.string(),
        email: z.string().nullable(),
        company: z.string().nullable(),
        area: z.string(),
        detail: z.string(),
        orders: z.number(),
        lastOrderAt: isoTime,
      }),
    ),
  }),
  authedByProjectNo: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/project/info/authed/by-project-no',
    summary: 'The project with this number when the caller may see it, else null (no hint whether it exists)',
    access: 'authenticated',
    mutates: false,
    query: z.object({ projectNo: z.string().trim().min(1).max(32) }),
    data: z
      .object({ id: z.number(), projectNo: z.string(), name: z.string(), status: z.number() })
      .nullable(),
  }),
  allWithSites: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/v2.0/project/info/all',
    summary: 'Every project in the user scope with its sites (external users: their sites only), by number',
    access: 'authenticated',
    mutates: false,
    data: z.array(
      z.object({
        id: z.number(),
        projectNo: z.string(),
        name: z.string(),
        status: z.number(),
        sites: z.array(z.object({ id: z.number(), centerNo: z.string(), name: z.string() })),
      }),
    ),
  }),
  dailyProjectNos: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/lab/before/daily/project-no/list',
    summary:
      'Projects in the user scope with samples signed for at the bench today (request time zone), with the count',
    access: 'authenticated',
    mutates: false,
    data: z.array(
      z.object({ projectId: z.number(), projectNo: z.string(), name: z.string(), samples: z.number() }),
    ),
  }),
  address: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/project/address',
    summary:
      "Where a project's deliveries go: each site's research centre address (external users: their sites only)",
    access: 'authenticated',
    mutates: false,
    body: z.object({ projectId: id, siteId: id.optional() }),
    data: z.array(
      z.object({
        siteId: z.number(),
        centerNo: z.string(),
        siteName: z.string(),
        centerName: z.string().nullable(),
        province: z.string().nullable(),
        city: z.string().nullable(),
        address: z.string().nullable(),
        phone: z.string().nullable(),
      }),
    ),
  }),
  quotationInfo: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/project/quotation/project-info',
    summary:
      'What a quotation needs of a project: sponsor, site count, and the visits and samples of its online plan (none online: empty)',
    access: { permission: 'marketing:quotation:view' },
    mutates: false,
    query: z.object({ projectId: id }),
    data: z.object({
      id: z.number(),
      projectNo: z.string(),
      name: z.string(),
      sponsor: z.string().nullable(),
      sites: z.number(),
      /** The online plan version, null when none is online. */
      plan: z
        .object({ id: z.number(), planNo: z.string(), revision: z.number(), name: z.string() })
        .nullable(),
      visits: z.array(
        z.object({
          name: z.string(),
          samples: z.array(
            z.object({
              sampleTypeName: z.string(),
              volume: z.number(),
              unit: z.string(),
              count: z.number(),
              testItemIds: z.array(z.number()),
            }),
          ),
        }),
      ),
    }),
  }),
};
