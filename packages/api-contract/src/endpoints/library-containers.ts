// The storage management screens' lists (container-manage): racks and boxes with where they are and
// how full, from the maintained counters (never counted over specimens). Rooms, units, types and the
// writes are in library.ts (docs/library.md "Screens: storage management").
import { z } from 'zod';
import { defineEndpoint, defineGroup } from '../endpoint.js';
import { id, pageFields } from '../schemas.js';
import { BOX_KINDS, LIBRARY_PERMISSIONS as P, STORAGE_UNIT_STATUSES } from '../workflows/library.js';
import { storageBoxRow } from './library.js';

const keyword = z.string().trim().max(64).optional();

export const storageRackItem = z.object({
  id: z.number(),
  code: z.string(),
  unitId: z.number(),
  unitCode: z.string(),
  unitName: z.string(),
  unitStatus: z.enum(STORAGE_UNIT_STATUSES),
  roomName: z.string(),
  /** The unit slot it stands in (1..unit rows × cols). */
  slot: z.number(),
  rackTypeId: z.number(),
  rackTypeName: z.string(),
  rows: z.number(),
  cols: z.number(),
  /** Boxes in its slots, and their stored specimens and capacity (sums of the box counters). */
  boxes: z.number(),
  stored: z.number(),
  capacity: z.number(),
  version: z.number(),
});
export type StorageRackItem = z.infer<typeof storageRackItem>;

export const storageBoxItem = storageBoxRow.extend({
  unitCode: z.string(),
  unitName: z.string(),
  unitStatus: z.enum(STORAGE_UNIT_STATUSES),
  roomName: z.string(),
  rackCode: z.string().nullable(),
  boxTypeName: z.string(),
  /** Blocked or held cells. */
  blocked: z.number(),
});
export type StorageBoxItem = z.infer<typeof storageBoxItem>;

export const libraryContainers = defineGroup('libraryContainers', {
  conditions: defineEndpoint({
    service: 'container',
    method: 'GET',
    path: '/library/conditions',
    summary:
      "Enabled storage conditions (temperatures for storage) in the caller's language, for rooms, units and restrictions",
    access: 'authenticated',
    mutates: false,
    data: z.array(z.object({ id: z.number(), code: z.string(), name: z.string(), range: z.string() })),
  }),
  rackList: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/library/rack/list',
    summary: 'Racks with their unit, type and occupancy (sums of their boxes counters)',
    access: { permission: P.rackPage },
    mutates: false,
    paged: true,
    body: z.object({
      ...pageFields,
      keyword,
      roomId: id.optional(),
      unitId: id.optional(),
      rackTypeId: id.optional(),
    }),
    data: z.array(storageRackItem),
  }),
  boxList: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/library/box/list',
    summary: 'Boxes, bags and bins with where they are, their type, blocked cells and occupancy',
    access: { permission: P.boxPage },
    mutates: false,
    paged: true,
    body: z.object({
      ...pageFields,
      keyword,
      roomId: id.optional(),
      unitId: id.optional(),
      rackId: id.optional(),
      boxTypeId: id.optional(),
      kind: z.enum(BOX_KINDS).optional(),
    }),
    data: z.array(storageBoxItem),
  }),
});
