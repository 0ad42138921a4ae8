// Shared documents: the laboratory shares original records (one site) and public records (every
// site of a project); sites list and download them, every download is logged.
import { z } from 'zod';
import { defineEndpoint, defineGroup } from '../endpoint.js';
import { fileId, id, idParams, pageFields, version } from '../schemas.js';
import {
  SHARED_DOCUMENT_KINDS,
  SHARED_DOCUMENT_PERMISSIONS,
  SHARED_DOCUMENT_STATES,
  type SharedDocumentKind,
} from '../workflows/shared-document.js';
import { eventRow, optional, PORTAL_LIMITS } from './portal-fields.js';

export const SHARED_DOCUMENT_LIMITS = { title: 64, note: 255, withdrawReason: 255 } as const;

const state = z.enum(SHARED_DOCUMENT_STATES);

export const sharedDocumentRow = z.object({
  id: z.number(),
  kind: z.enum(SHARED_DOCUMENT_KINDS),
  docNo: z.string(),
  title: z.string(),
  note: z.string().nullable(),
  projectId: z.number(),
  projectNo: z.string(),
  projectName: z.string(),
  /** null for public records (every site of the project). */
  siteId: z.number().nullable(),
  siteNo: z.string().nullable(),
  siteName: z.string().nullable(),
  status: state,
  /** Current revision number (1 for the first upload). */
  revision: z.number(),
  fileName: z.string(),
  fileSize: z.number(),
  mime: z.string(),
  uploadedByName: z.string(),
  /** When the current revision was uploaded. */
  revisedAt: z.string(),
  downloadCount: z.number(),
  withdrawReason: z.string().nullable(),
  version: z.number(),
});
export type SharedDocumentRow = z.infer<typeof sharedDocumentRow>;

export const sharedDocumentDetail = sharedDocumentRow.extend({
  revisions: z.array(
    z.object({
      revision: z.number(),
      fileId: z.number(),
      fileName: z.string(),
      fileSize: z.number(),
      note: z.string().nullable(),
      uploadedByName: z.string(),
      at: z.string(),
    }),
  ),
  events: z.array(eventRow),
});
export type SharedDocumentDetail = z.infer<typeof sharedDocumentDetail>;

export const downloadLogRow = z.object({
  id: z.number(),
  documentId: z.number(),
  docNo: z.string(),
  title: z.string(),
  revision: z.number(),
  fileName: z.string(),
  projectNo: z.string(),
  siteNo: z.string().nullable(),
  siteName: z.string().nullable(),
  userId: z.number(),
  username: z.string(),
  at: z.string(),
});
export type DownloadLogRow = z.infer<typeof downloadLogRow>;

const listFilters = {
  ...pageFields,
  projectId: id.optional(),
  siteId: id.optional(),
  keyword: z.string().trim().max(64).optional(),
};
const logFilters = { ...pageFields, documentId: id.optional(), projectId: id.optional() };
const title = z.string().trim().min(1).max(SHARED_DOCUMENT_LIMITS.title);
const note = optional(SHARED_DOCUMENT_LIMITS.note);

function endpointsOf<K extends SharedDocumentKind>(kind: K) {
  const perm = SHARED_DOCUMENT_PERMISSIONS[kind];
  const group = kind === 'original' ? 'sharedDocOriginal' : 'sharedDocPublic';
  const portal = `/shared-doc/${kind}`;
  const staff = `/electronic-record/${kind}-record`;
  // Original records belong to one site of the project; public records to all of them.
  const target = kind === 'original' ? z.object({ projectId: id, siteId: id }) : z.object({ projectId: id });
  return defineGroup(group, {
    paging: defineEndpoint({
      service: 'main',
      method: 'POST',
      path: `${portal}/paging`,
      summary: `Portal: ${kind} records shared with my sites (withdrawn ones are not listed)`,
      access: { permission: perm.page },
      mutates: false,
      paged: true,
      body: z.object(listFilters),
      data: z.array(sharedDocumentRow),
    }),
    download: defineEndpoint({
      service: 'main',
      method: 'GET',
      path: `${portal}/{id}/download`,
      summary: `Portal: download the current revision of a ${kind} record (logged; binary body, not an envelope)`,
      access: { permission: perm.download },
      // The download log row and its audit record are written in the request's transaction.
      mutates: true,
      params: idParams,
      data: z.unknown(),
    }),
    log: defineEndpoint({
      service: 'main',
      method: 'POST',
      path: `${portal}/download-log`,
      summary: `Portal: download log of the ${kind} records of my sites (who, when, which document)`,
      access: { permission: perm.page },
      mutates: false,
      paged: true,
      body: z.object(logFilters),
      data: z.array(downloadLogRow),
    }),
    staffPaging: defineEndpoint({
      service: 'main',
      method: 'POST',
      path: `${staff}/paging`,
      summary: `Staff: ${kind} records of my projects, withdrawn ones included`,
      access: { permission: perm.staffPage },
      mutates: false,
      paged: true,
      body: z.object({ ...listFilters, status: z.array(state).max(2).optional() }),
      data: z.array(sharedDocumentRow),
    }),
    staffGet: defineEndpoint({
      service: 'main',
      method: 'GET',
      path: `${staff}/{id}`,
      summary: `Staff: one ${kind} record with every revision and the record of every step`,
      access: { permission: perm.staffQuery },
      mutates: false,
      params: idParams,
      data: sharedDocumentDetail,
    }),
    staffLog: defineEndpoint({
      service: 'main',
      method: 'POST',
      path: `${staff}/download-log`,
      summary: `Staff: download log of the ${kind} records of my projects`,
      access: { permission: perm.staffPage },
      mutates: false,
      paged: true,
      body: z.object(logFilters),
      data: z.array(downloadLogRow),
    }),
    create: defineEndpoint({
      service: 'main',
      method: 'POST',
      path: staff,
      summary: `Staff: share an uploaded file (POST /file/upload first) as a ${kind} record`,
      access: { permission: perm.create },
      mutates: true,
      body: target.extend({ title, note, fileId }),
      data: sharedDocumentDetail,
    }),
    replace: defineEndpoint({
      service: 'main',
      method: 'PUT',
      path: `${staff}/{id}/replace`,
      summary: 'Staff: upload a new revision (the previous ones are kept)',
      access: { permission: perm.replace },
      mutates: true,
      params: idParams,
      body: z.object({ version, fileId, note }),
      data: sharedDocumentDetail,
    }),
    withdraw: defineEndpoint({
      service: 'main',
      method: 'PUT',
      path: `${staff}/{id}/withdraw`,
      summary: 'Staff: withdraw the record with a reason (<= 255); sites can no longer see or download it',
      access: { permission: perm.withdraw },
      mutates: true,
      params: idParams,
      body: z.object({
        version,
        reason: z
          .string()
          .trim()
          .min(1, 'validation.withdrawReason')
          .max(PORTAL_LIMITS.cancelReason, 'validation.withdrawReason'),
      }),
      data: sharedDocumentDetail,
    }),
    staffDownload: defineEndpoint({
      service: 'main',
      method: 'GET',
      path: `${staff}/{id}/download`,
      summary: 'Staff: download any revision, withdrawn records included (logged; binary body)',
      access: { permission: perm.staffDownload },
      mutates: true,
      params: idParams,
      query: z.object({ revision: z.coerce.number().int().min(1).max(100_000).optional() }),
      data: z.unknown(),
    }),
  });
}

export const sharedDocOriginal = endpointsOf('original');
export const sharedDocPublic = endpointsOf('public');
export const sharedDocEndpoints = { original: sharedDocOriginal, public: sharedDocPublic } as const;
