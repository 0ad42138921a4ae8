import { z } from 'zod';
import { defineEndpoint, defineGroup } from '../endpoint.js';
import { fileIdList, id, idParams, pageFields, version } from '../schemas.js';
import { QUERY_PERMISSIONS, QUERY_STATES } from '../workflows/clarification-query.js';
import { eventRow, PORTAL_LIMITS } from './portal-fields.js';

const state = z.enum(QUERY_STATES);

export const queryRow = z.object({
  id: z.number(),
  queryNo: z.string(),
  projectId: z.number(),
  projectNo: z.string(),
  siteId: z.number(),
  siteNo: z.string(),
  siteName: z.string(),
  subjectNo: z.string(),
  visit: z.string().nullable(),
  barcode: z.string().nullable(),
  /** Value of dictionary 1020 (query type). */
  queryType: z.string(),
  content: z.string(),
  needsClarification: z.boolean(),
  status: state,
  raisedByName: z.string(),
  raisedAt: z.string(),
  replyCount: z.number(),
  version: z.number(),
});

export const queryDetail = queryRow.extend({
  /** The shipment the query is about, when staff named one. */
  shipment: z.object({ id: z.number(), orderNo: z.string(), expressNo: z.string().nullable() }).nullable(),
  imageFileIds: z.array(z.number()),
  resolvedAt: z.string().nullable(),
  replies: z.array(
    z.object({
      id: z.number(),
      userId: z.number(),
      username: z.string(),
      content: z.string(),
      imageFileIds: z.array(z.number()),
      /** Documents attached to the reply (pdf, Word, Excel…), with their names for the download. */
      attachments: z.array(z.object({ fileId: z.number(), name: z.string(), size: z.number() })),
      at: z.string(),
    }),
  ),
  events: z.array(eventRow),
});
export type QueryDetail = z.infer<typeof queryDetail>;

/** SPEC: clarification reply 8 to 255 characters. */
export const replyContent = z
  .string()
  .trim()
  .min(PORTAL_LIMITS.replyMin, 'validation.reply')
  .max(PORTAL_LIMITS.replyMax, 'validation.reply');

export const clarification = defineGroup('clarification', {
  paging: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/project/question/site/paging',
    summary: 'Clarification queries of my sites, open first',
    access: { permission: QUERY_PERMISSIONS.page },
    mutates: false,
    paged: true,
    body: z.object({
      ...pageFields,
      status: z.array(state).max(QUERY_STATES.length).optional(),
      projectId: id.optional(),
      keyword: z.string().trim().max(64).optional(),
    }),
    data: z.array(queryRow),
  }),
  /** Viewing changes state: a query that needs no clarification is resolved once a site user sees it. */
  get: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/project/question/{id}',
    summary: 'One query with its reply record and images; resolves it when no clarification is needed',
    access: { permission: QUERY_PERMISSIONS.query },
    mutates: true,
    params: idParams,
    data: queryDetail,
  }),
  reply: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/project/question/{id}/reply',
    summary: 'Answer a query (8 to 255 characters, up to 9 images and 9 attachments)',
    access: { permission: QUERY_PERMISSIONS.reply },
    mutates: true,
    params: idParams,
    body: z.object({
      version,
      content: replyContent,
      imageFileIds: fileIdList(9, { images: true }),
      attachmentFileIds: fileIdList(9),
    }),
    data: queryDetail,
  }),
  create: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/project/question',
    summary: 'Internal staff: raise a query to a site',
    access: { permission: QUERY_PERMISSIONS.create },
    mutates: true,
    body: z.object({
      projectId: id,
      siteId: id,
      subjectNo: z.string().trim().min(1).max(32),
      visit: z
        .string()
        .trim()
        .max(32)
        .nullish()
        .transform((v) => v || null),
      barcode: z
        .string()
        .trim()
        .max(32)
        .nullish()
        .transform((v) => v || null),
      queryType: z.string().trim().min(1).max(32),
      content: z.string().trim().min(1).max(PORTAL_LIMITS.note),
      needsClarification: z.boolean(),
      imageFileIds: fileIdList(9, { images: true }),
      /** A shipment of the same site the query is about (sample receipt exceptions). */
      transportId: id.nullish(),
    }),
    data: queryDetail,
  }),
  close: defineEndpoint({
    service: 'main',
    method: 'PUT',
    path: '/project/question/{id}/close',
    summary: 'Internal staff: accept the answer and resolve the query',
    access: { permission: QUERY_PERMISSIONS.close },
    mutates: true,
    params: idParams,
    body: z.object({ version }),
    data: queryDetail,
  }),
});

export const portalHome = defineGroup('portalHome', {
  counts: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/web/quick/counts',
    summary: 'Live counts of the portal home (each 0 when the user lacks the list permission)',
    access: { permission: 'web:quick:view' },
    mutates: false,
    data: z.object({
      queriesAwaiting: z.number(),
      consumablesAwaitingReview: z.number(),
      myOpenApplications: z.number(),
      bookedShipments: z.number(),
      kitsToConfirm: z.number(),
    }),
  }),
});
