import { z } from 'zod';
import { defineEndpoint, defineGroup } from '../endpoint.js';
import { fileIdList, id, idParams, optionalText, pageFields, text, version } from '../schemas.js';

/** Button permissions of /laboratory/test-project (menu `laboratory:test-project:view`). */
export const TEST_ITEM_PERMISSIONS = {
  page: 'laboratory:test-project:page',
  query: 'laboratory:test-project:query',
  create: 'laboratory:test-project:create',
  update: 'laboratory:test-project:update',
  status: 'laboratory:test-project:status',
} as const;

/** How a result of the item is entered: a number (with decimals) or free text (e.g. negative/positive). */
export const RESULT_TYPES = ['numeric', 'text'] as const;

export const testItemCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,31}$/, 'validation.testItem.code');

const testItemFields = {
  code: testItemCode,
  name: text(64),
  enName: text(128),
  sampleTypeId: id.nullish(),
  methodology: optionalText(128),
  unit: optionalText(32),
  /** Reference range as printed on the report, e.g. `3.9-6.1` or `阴性`. */
  referenceRange: optionalText(128),
  resultType: z.enum(RESULT_TYPES).default('numeric'),
  /** Decimals of numeric results (SPEC number input: up to 10). */
  decimals: z.number().int().min(0).max(10).default(2),
  /** Turnaround time in hours. */
  tatHours: z.number().int().min(1).max(8760).nullish(),
  remark: optionalText(255),
  /** Uploaded files (SOPs, method validation) attached to the item. */
  fileIds: fileIdList(20),
};

export const testItemRow = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  enName: z.string(),
  enabled: z.boolean(),
  sampleTypeId: z.number().nullable(),
  sampleTypeName: z.string().nullable(),
  methodology: z.string().nullable(),
  unit: z.string().nullable(),
  referenceRange: z.string().nullable(),
  resultType: z.enum(RESULT_TYPES),
  decimals: z.number(),
  tatHours: z.number().nullable(),
  remark: z.string().nullable(),
  fileIds: z.array(z.number()),
  updatedAt: z.string().nullable(),
  version: z.number(),
});
export type TestItemRow = z.infer<typeof testItemRow>;

export const testItemFile = z.object({
  id: z.number(),
  name: z.string(),
  size: z.number(),
  mime: z.string(),
  testItemId: z.number(),
  testItemCode: z.string(),
  testItemName: z.string(),
  createdAt: z.string(),
});

export const testItems = defineGroup('testItems', {
  paging: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/test-items/paging',
    summary: 'Test items, paged; filter by code/name (contains), status and sample type',
    access: { permission: TEST_ITEM_PERMISSIONS.page },
    mutates: false,
    paged: true,
    body: z.object({
      ...pageFields,
      keyword: z.string().trim().max(64).optional(),
      enabled: z.boolean().optional(),
      sampleTypeId: id.optional(),
    }),
    data: z.array(testItemRow),
  }),
  create: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/test-items',
    summary: 'Create a test item (enabled); the code must be new',
    access: { permission: TEST_ITEM_PERMISSIONS.create },
    mutates: true,
    body: z.object(testItemFields),
    data: z.object({ id: z.number(), version: z.number() }),
  }),
  update: defineEndpoint({
    service: 'main',
    method: 'PUT',
    path: '/test-items',
    summary: 'Edit a test item (send the version read)',
    access: { permission: TEST_ITEM_PERMISSIONS.update },
    mutates: true,
    body: z.object({ id, version, ...testItemFields }),
    data: z.object({ version: z.number() }),
  }),
  enable: defineEndpoint({
    service: 'main',
    method: 'PUT',
    path: '/test-items/{id}/enable',
    summary:
      'Enable a test item (empty body). Already enabled: HTTP 400 with body code "400", which the console reads as done (SPEC section 8)',
    access: { permission: TEST_ITEM_PERMISSIONS.status },
    mutates: true,
    params: idParams,
    data: z.object({ version: z.number() }),
  }),
  disable: defineEndpoint({
    service: 'main',
    method: 'PUT',
    path: '/test-items/{id}/disable',
    summary: 'Disable a test item (empty body); it can no longer be ordered or get results',
    access: { permission: TEST_ITEM_PERMISSIONS.status },
    mutates: true,
    params: idParams,
    data: z.object({ version: z.number() }),
  }),
  get: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/test-items/{id}',
    summary: 'One test item',
    access: { permission: TEST_ITEM_PERMISSIONS.query },
    mutates: false,
    params: idParams,
    data: testItemRow,
  }),
  dataFiles: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/test-items/data/files',
    summary: 'Data files (SOPs, method documents) attached to test items, optionally of one item',
    access: { permission: TEST_ITEM_PERMISSIONS.query },
    mutates: false,
    query: z.object({ testItemId: id.optional() }),
    data: z.array(testItemFile),
  }),
});
