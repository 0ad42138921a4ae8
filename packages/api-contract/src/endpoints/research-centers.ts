import { z } from 'zod';
import { defineEndpoint, defineGroup } from '../endpoint.js';
import { email, id, idParams, optionalText, pageFields, text, version } from '../schemas.js';
import { PROJECT_STATES } from '../workflows/project-file.js';
import { referenceCode } from './reference-data.js';

/**
 * Research centres (/platform/research-center): the institutions (hospitals) the lab works with, one
 * record each. A project's site is a centre's participation in that project, under the project's own
 * centre number (`sites.center_no`). Staff only: a trial-site user holds none of these permissions.
 */
export const RESEARCH_CENTER_PERMISSIONS = {
  view: 'platform:research-center:view',
  add: 'platform:research-center:add',
  edit: 'platform:research-center:edit',
  toggle: 'platform:research-center:toggle',
} as const;

/** What a contact does at the centre. */
export const RESEARCH_CENTER_CONTACT_ROLES = ['pi', 'coordinator', 'pharmacist', 'other'] as const;

const centerFields = {
  /** The lab's number for the institution, e.g. `RC-0012`. */
  code: referenceCode,
  name: text(64),
  enName: optionalText(128),
  province: optionalText(32),
  city: optionalText(32),
  address: optionalText(128),
  phone: optionalText(32),
};

const contactFields = {
  name: text(32),
  role: z.enum(RESEARCH_CENTER_CONTACT_ROLES),
  phone: optionalText(32),
  email: email.nullish(),
};

const researchCenterRow = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  enName: z.string().nullable(),
  province: z.string().nullable(),
  city: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  enabled: z.boolean(),
  /** How many projects the centre takes part in. */
  projectCount: z.number(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ResearchCenterRow = z.infer<typeof researchCenterRow>;

const researchCenterContact = z.object({
  id: z.number(),
  name: z.string(),
  role: z.enum(RESEARCH_CENTER_CONTACT_ROLES),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  version: z.number(),
});

const researchCenterProject = z.object({
  projectId: z.number(),
  projectNo: z.string(),
  projectName: z.string(),
  /** The project's number for this centre. */
  centerNo: z.string(),
  /** The project's state in its workflow (`projectFileWorkflow`, whose words every page shows). */
  projectStatus: z.enum(PROJECT_STATES),
});

const versionOnly = z.object({ version: z.number() });

export const researchCenter = defineGroup('researchCenter', {
  paging: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/sys/researchCenter/paging',
    summary: 'Research centres, paged; filter by code, name (Chinese or English), city (contains) and status',
    access: { permission: RESEARCH_CENTER_PERMISSIONS.view },
    mutates: false,
    paged: true,
    body: z.object({
      ...pageFields,
      code: z.string().trim().max(32).optional(),
      name: z.string().trim().max(64).optional(),
      city: z.string().trim().max(32).optional(),
      enabled: z.boolean().optional(),
    }),
    data: z.array(researchCenterRow),
  }),
  get: defineEndpoint({
    service: 'user',
    method: 'GET',
    path: '/sys/researchCenter/{id}',
    summary: 'One research centre with its contacts and the projects it takes part in (centre number there)',
    access: { permission: RESEARCH_CENTER_PERMISSIONS.view },
    mutates: false,
    params: idParams,
    data: researchCenterRow.extend({
      contacts: z.array(researchCenterContact),
      projects: z.array(researchCenterProject),
    }),
  }),
  checkExist: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/sys/researchCenter/checkExist',
    summary: 'Whether a code or a name is taken by another centre (`id`: the centre being edited)',
    access: { permission: RESEARCH_CENTER_PERMISSIONS.view },
    mutates: false,
    body: z.object({ field: z.enum(['code', 'name']), value: text(64), id: id.optional() }),
    data: z.boolean(),
  }),
  create: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/sys/researchCenter',
    summary: 'Register a research centre (enabled); code and name must be new',
    access: { permission: RESEARCH_CENTER_PERMISSIONS.add },
    mutates: true,
    body: z.object(centerFields),
    data: z.object({ id: z.number(), version: z.number() }),
  }),
  update: defineEndpoint({
    service: 'user',
    method: 'PUT',
    path: '/sys/researchCenter/{id}',
    summary: "Edit a research centre (send the version read); the projects' centre numbers stay",
    access: { permission: RESEARCH_CENTER_PERMISSIONS.edit },
    mutates: true,
    params: idParams,
    body: z.object({ version, ...centerFields }),
    data: versionOnly,
  }),
  setStatus: defineEndpoint({
    service: 'user',
    method: 'PUT',
    path: '/sys/researchCenter/{id}/status',
    summary: 'Enable or disable a research centre (never deleted); the same state again changes nothing',
    access: { permission: RESEARCH_CENTER_PERMISSIONS.toggle },
    mutates: true,
    params: idParams,
    body: z.object({ enabled: z.boolean(), version }),
    data: versionOnly,
  }),
  addContact: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/sys/researchCenter/{id}/contact',
    summary: 'Add a contact (PI, coordinator, pharmacist…) to a research centre',
    access: { permission: RESEARCH_CENTER_PERMISSIONS.edit },
    mutates: true,
    params: idParams,
    body: z.object(contactFields),
    data: z.object({ id: z.number(), version: z.number() }),
  }),
  updateContact: defineEndpoint({
    service: 'user',
    method: 'PUT',
    path: '/sys/researchCenter/contact/{id}',
    summary: 'Edit a contact of a research centre (send the version read)',
    access: { permission: RESEARCH_CENTER_PERMISSIONS.edit },
    mutates: true,
    params: idParams,
    body: z.object({ version, ...contactFields }),
    data: versionOnly,
  }),
  removeContact: defineEndpoint({
    service: 'user',
    method: 'DELETE',
    path: '/sys/researchCenter/contact/{id}',
    summary: 'Remove a contact of a research centre',
    access: { permission: RESEARCH_CENTER_PERMISSIONS.edit },
    mutates: true,
    params: idParams,
    data: z.boolean(),
  }),
});
