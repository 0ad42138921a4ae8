// The specimen library (container service): the storage tree (rooms, units, rack and box types,
// racks, boxes), restrictions, the map's reads, and placement, auto-allocation with reservations,
// moves and blocked cells through the one position engine (docs/library.md).
import { z } from 'zod';
import { defineEndpoint, defineGroup } from '../endpoint.js';
import { id, idParams, optionalText, pageFields, text, version } from '../schemas.js';
import {
  ASSIGN_MAX,
  BOX_FILL_ORDERS,
  BOX_KINDS,
  BOX_LABELS,
  BOX_MAX_COLS,
  BOX_MAX_ROWS,
  LIBRARY_STATES,
  LIBRARY_PERMISSIONS as P,
  RACK_MAX,
  RESTRICTION_LEVELS,
  STORAGE_UNIT_KINDS,
  STORAGE_UNIT_STATUSES,
} from '../workflows/library.js';
import { barcode } from './lab.js';

const code = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,31}$/, 'validation.specimen.code');
const listBody = z.object({ ...pageFields, keyword: z.string().trim().max(64).optional() });
const created = z.object({ id: z.number() });
const versioned = z.object({ version: z.number() });
const gridRows = z.number().int().min(1).max(BOX_MAX_ROWS);
const gridCols = z.number().int().min(1).max(BOX_MAX_COLS);
const rackSide = z.number().int().min(1).max(RACK_MAX);
/** A cell label in the box's own style (`C7` or `23`); none for a bag or bin. */
const cellText = z.string().trim().max(8);

/** Restrictions of one level: allowed projects, sample types and storage conditions (empty: any). */
export const restrictionSet = z.object({
  project: z.array(id).max(200).default([]),
  sampleType: z.array(id).max(200).default([]),
  temperature: z.array(id).max(20).default([]),
});

export const storageRoom = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  temperatureId: z.number(),
  temperatureName: z.string(),
  location: z.string().nullable(),
  remark: z.string().nullable(),
  units: z.number(),
  stored: z.number(),
  capacity: z.number(),
  version: z.number(),
});
export type StorageRoom = z.infer<typeof storageRoom>;

export const storageUnit = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  roomId: z.number(),
  roomName: z.string(),
  kind: z.enum(STORAGE_UNIT_KINDS),
  temperatureId: z.number(),
  temperatureName: z.string(),
  setCelsius: z.number().nullable(),
  status: z.enum(STORAGE_UNIT_STATUSES),
  rows: z.number(),
  cols: z.number(),
  stored: z.number(),
  capacity: z.number(),
  remark: z.string().nullable(),
  version: z.number(),
});
export type StorageUnit = z.infer<typeof storageUnit>;

export const rackType = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  rows: z.number(),
  cols: z.number(),
  enabled: z.boolean(),
  version: z.number(),
});
export type RackType = z.infer<typeof rackType>;

export const boxType = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(BOX_KINDS),
  rows: z.number().nullable(),
  cols: z.number().nullable(),
  capacity: z.number().nullable(),
  labels: z.enum(BOX_LABELS),
  fillOrder: z.enum(BOX_FILL_ORDERS),
  enabled: z.boolean(),
  version: z.number(),
});
export type BoxType = z.infer<typeof boxType>;

/** A box on the map: where it is and how full (from the counters, never counted over positions). */
export const storageBoxRow = boxType
  .pick({
    id: true,
    code: true,
    kind: true,
    rows: true,
    cols: true,
    capacity: true,
    labels: true,
    fillOrder: true,
    version: true,
  })
  .extend({
    boxTypeId: z.number(),
    unitId: z.number(),
    rackId: z.number().nullable(),
    rackRow: z.number().nullable(),
    rackCol: z.number().nullable(),
    stored: z.number(),
  });
export type StorageBoxRow = z.infer<typeof storageBoxRow>;

export const storageRackRow = z.object({
  id: z.number(),
  code: z.string(),
  unitId: z.number(),
  slot: z.number(),
  rackTypeId: z.number(),
  rows: z.number(),
  cols: z.number(),
  version: z.number(),
});

/** One cell of a box: its specimen (barcode hidden outside the caller's scope), reservation or block. */
export const boxCell = z.object({
  row: z.number().nullable(),
  col: z.number().nullable(),
  position: z.string(),
  state: z.enum(['stored', 'reserved', 'blocked']),
  specimenId: z.number().nullable(),
  barcode: z.string().nullable(),
  projectId: z.number().nullable(),
  sampleTypeId: z.number().nullable(),
  /** What the map shows on hover (null outside the caller's scope); the sample type in the caller's language. */
  projectNo: z.string().nullable(),
  subjectNo: z.string().nullable(),
  sampleTypeName: z.string().nullable(),
  visit: z.string().nullable(),
  /** Blocked: held for this project (null: for no one) and why. */
  heldForProjectId: z.number().nullable(),
  reason: z.string().nullable(),
});

const placedRow = z.object({
  specimenId: z.number(),
  code: z.string(),
  box: z.string().nullable(),
  position: z.string().nullable(),
});

const cellTarget = z.object({ barcode, boxId: id, position: cellText.nullish() });

export const library = defineGroup('library', {
  // ---- rooms ----
  roomList: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/library/room/list',
    summary: 'Rooms of the library with their units, stored specimens and capacity',
    access: { permission: P.roomPage },
    mutates: false,
    paged: true,
    body: listBody,
    data: z.array(storageRoom),
  }),
  roomCreate: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/library/room',
    summary: 'Add a room (a temperature zone; code unique)',
    access: { permission: P.roomEdit },
    mutates: true,
    body: z.object({
      code,
      name: text(64),
      temperatureId: id,
      location: optionalText(128),
      remark: optionalText(255),
    }),
    data: created,
  }),
  roomUpdate: defineEndpoint({
    service: 'container',
    method: 'PUT',
    path: '/library/room/{id}',
    summary: 'Edit a room: name, zone, location, remark',
    access: { permission: P.roomEdit },
    mutates: true,
    params: idParams,
    body: z.object({
      version,
      name: text(64),
      temperatureId: id,
      location: optionalText(128),
      remark: optionalText(255),
    }),
    data: versioned,
  }),
  // ---- units ----
  unitList: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/library/unit/list',
    summary: 'Storage units (freezers, refrigerators, LN2 tanks) with status and occupancy',
    access: { permission: P.unitPage },
    mutates: false,
    paged: true,
    body: listBody.extend({
      roomId: id.optional(),
      status: z.enum(STORAGE_UNIT_STATUSES).optional(),
      kind: z.enum(STORAGE_UNIT_KINDS).optional(),
    }),
    data: z.array(storageUnit),
  }),
  unitCreate: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/library/unit',
    summary:
      'Add a storage unit; optionally fill it in the same action with racks of a rack type, each slot holding a box of a box type',
    access: { permission: P.unitEdit },
    mutates: true,
    body: z.object({
      code,
      name: text(64),
      roomId: id,
      kind: z.enum(STORAGE_UNIT_KINDS),
      temperatureId: id,
      setCelsius: z.number().min(-273).max(100).nullish(),
      status: z.enum(STORAGE_UNIT_STATUSES).default('active'),
      rows: rackSide,
      cols: rackSide,
      remark: optionalText(255),
      fill: z
        .object({ rackTypeId: id, racks: z.number().int().min(1).max(400), boxTypeId: id.nullish() })
        .nullish(),
    }),
    data: z.object({ id: z.number(), racks: z.number(), boxes: z.number() }),
  }),
  unitUpdate: defineEndpoint({
    service: 'container',
    method: 'PUT',
    path: '/library/unit/{id}',
    summary:
      'Edit a unit: name, status (only an active unit takes specimens), set point; its condition cannot change while it holds specimens of it',
    access: { permission: P.unitEdit },
    mutates: true,
    params: idParams,
    body: z.object({
      version,
      name: text(64),
      temperatureId: id,
      setCelsius: z.number().min(-273).max(100).nullish(),
      status: z.enum(STORAGE_UNIT_STATUSES),
      remark: optionalText(255),
    }),
    data: versioned,
  }),
  unitMap: defineEndpoint({
    service: 'container',
    method: 'GET',
    path: '/library/unit/{id}/map',
    summary: "One unit's map: its racks and boxes with occupancy from the counters",
    access: { permission: P.mapPage },
    mutates: false,
    params: idParams,
    data: z.object({ unit: storageUnit, racks: z.array(storageRackRow), boxes: z.array(storageBoxRow) }),
  }),
  // ---- rack and box types ----
  rackTypeList: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/library/rack-type/list',
    summary: 'Rack types: rows x columns of box slots',
    access: { permission: P.rackTypePage },
    mutates: false,
    paged: true,
    body: listBody,
    data: z.array(rackType),
  }),
  rackTypeCreate: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/library/rack-type',
    summary: 'Add a rack type',
    access: { permission: P.rackTypeEdit },
    mutates: true,
    body: z.object({ code, name: text(64), rows: rackSide, cols: rackSide }),
    data: created,
  }),
  rackTypeUpdate: defineEndpoint({
    service: 'container',
    method: 'PUT',
    path: '/library/rack-type/{id}',
    summary: 'Rename, enable or disable a rack type (racks keep the grid they were made with)',
    access: { permission: P.rackTypeEdit },
    mutates: true,
    params: idParams,
    body: z.object({ version, name: text(64), enabled: z.boolean() }),
    data: versioned,
  }),
  boxTypeList: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/library/box-type/list',
    summary: 'Box types: grids with labels and fill order, bags and bins with an optional capacity',
    access: { permission: P.boxTypePage },
    mutates: false,
    paged: true,
    body: listBody,
    data: z.array(boxType),
  }),
  boxTypeCreate: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/library/box-type',
    summary: 'Add a box type (a grid needs rows and columns; a bag or bin may have a capacity)',
    access: { permission: P.boxTypeEdit },
    mutates: true,
    body: z
      .object({
        code,
        name: text(64),
        kind: z.enum(BOX_KINDS),
        rows: gridRows.nullish(),
        cols: gridCols.nullish(),
        capacity: z.number().int().min(1).max(10_000).nullish(),
        labels: z.enum(BOX_LABELS).default('alnum'),
        fillOrder: z.enum(BOX_FILL_ORDERS).default('row'),
      })
      .refine((b) => b.kind !== 'grid' || (b.rows && b.cols), {
        message: 'validation.library.grid',
        path: ['rows'],
      }),
    data: created,
  }),
  boxTypeUpdate: defineEndpoint({
    service: 'container',
    method: 'PUT',
    path: '/library/box-type/{id}',
    summary: 'Rename, enable or disable a box type (boxes keep the grid they were made with)',
    access: { permission: P.boxTypeEdit },
    mutates: true,
    params: idParams,
    body: z.object({ version, name: text(64), enabled: z.boolean() }),
    data: versioned,
  }),
  // ---- racks and boxes ----
  rackCreate: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/library/rack',
    summary:
      "Put a rack of a rack type into a unit's slot, optionally with a box of a box type in every slot",
    access: { permission: P.rackEdit },
    mutates: true,
    body: z.object({
      code,
      unitId: id,
      slot: z.number().int().min(1).max(400),
      rackTypeId: id,
      boxTypeId: id.nullish(),
    }),
    data: z.object({ id: z.number(), boxes: z.number() }),
  }),
  boxCreate: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/library/box',
    summary: 'Add a box (or bag, bin) of a box type to a rack slot, or loose into a unit',
    access: { permission: P.boxEdit },
    mutates: true,
    body: z.object({
      code,
      boxTypeId: id,
      unitId: id,
      rackId: id.nullish(),
      rackRow: rackSide.nullish(),
      rackCol: rackSide.nullish(),
    }),
    data: created,
  }),
  boxResize: defineEndpoint({
    service: 'container',
    method: 'PUT',
    path: '/library/box/{id}/grid',
    summary: 'Change a box grid; refused when an occupied or reserved cell would fall outside it',
    access: { permission: P.boxEdit },
    mutates: true,
    params: idParams,
    body: z.object({ rows: gridRows, cols: gridCols }),
    data: z.object({ capacity: z.number() }),
  }),
  boxMove: defineEndpoint({
    service: 'container',
    method: 'PUT',
    path: '/library/box/{id}/move',
    summary:
      'Move a box with its specimens to a rack slot or loose into a unit, with a reason (the target must take every specimen in it)',
    access: { permission: P.boxMove },
    mutates: true,
    params: idParams,
    body: z.object({
      unitId: id,
      rackId: id.nullish(),
      rackRow: rackSide.nullish(),
      rackCol: rackSide.nullish(),
      reason: text(255),
    }),
    data: z.object({ moved: z.number() }),
  }),
  boxDetail: defineEndpoint({
    service: 'container',
    method: 'GET',
    path: '/library/box/{id}',
    summary:
      'One box with every occupied, reserved or blocked cell (barcodes outside the caller scope hidden)',
    access: { permission: P.mapPage },
    mutates: false,
    params: idParams,
    data: storageBoxRow.extend({ cells: z.array(boxCell) }),
  }),
  restrictions: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/library/restrictions/get',
    summary: 'The restrictions set on one level of the tree (inherited ones are set above it)',
    access: { permission: P.mapPage },
    mutates: false,
    body: z.object({ level: z.enum(RESTRICTION_LEVELS), id }),
    data: restrictionSet,
  }),
  restrict: defineEndpoint({
    service: 'container',
    method: 'PUT',
    path: '/library/restrictions',
    summary:
      'Set the restrictions of a level (room, unit, rack or box), inherited downward; narrowing is refused while a specimen below breaks it',
    access: { permission: P.restrict },
    mutates: true,
    body: z.object({ level: z.enum(RESTRICTION_LEVELS), id, rules: restrictionSet }),
    data: restrictionSet,
  }),
  // ---- positions ----
  place: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/library/place',
    summary:
      'Place signed specimens into given cells (all or none): unit active and of their condition, restrictions met, cell free and not blocked',
    access: { permission: P.place },
    mutates: true,
    body: z.object({ items: z.array(cellTarget).min(1).max(ASSIGN_MAX) }),
    data: z.object({ placed: z.array(placedRow) }),
  }),
  allocate: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/library/allocate',
    summary:
      'Choose cells for specimens by box fill order within the restrictions, aliquots of one parent together; the cells are held 5 minutes unless committed',
    access: { permission: P.place },
    mutates: true,
    body: z.object({
      barcodes: z.array(barcode).min(1).max(ASSIGN_MAX),
      unitId: id.nullish(),
      rackId: id.nullish(),
      boxId: id.nullish(),
    }),
    data: z.object({
      reservationId: z.string(),
      expiresAt: z.string(),
      cells: z.array(
        z.object({
          specimenId: z.number(),
          code: z.string(),
          boxId: z.number(),
          box: z.string(),
          position: z.string(),
        }),
      ),
    }),
  }),
  commit: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/library/reservation/{reservationId}/commit',
    summary:
      'Place the specimens of a reservation in its cells (every rule checked again; refused once expired)',
    access: { permission: P.place },
    mutates: true,
    params: z.object({ reservationId: z.string().uuid() }),
    data: z.object({ placed: z.array(placedRow) }),
  }),
  release: defineEndpoint({
    service: 'container',
    method: 'DELETE',
    path: '/library/reservation/{reservationId}',
    summary: 'Give up a reservation before it expires',
    access: { permission: P.place },
    mutates: true,
    params: z.object({ reservationId: z.string().uuid() }),
    data: z.object({ released: z.number() }),
  }),
  move: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/library/move',
    summary:
      'Move stored specimens to other cells with a reason: one move, all or none (cells may be swapped)',
    access: { permission: P.move },
    mutates: true,
    body: z.object({ items: z.array(cellTarget).min(1).max(ASSIGN_MAX), reason: text(255) }),
    data: z.object({ moved: z.array(placedRow) }),
  }),
  block: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/library/box/{id}/block',
    summary: 'Block a free cell (broken) or hold it for one project, with a reason',
    access: { permission: P.boxBlock },
    mutates: true,
    params: idParams,
    body: z.object({ position: cellText.min(1), projectId: id.nullish(), reason: text(255) }),
    data: z.object({ position: z.string() }),
  }),
  unblock: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/library/box/{id}/unblock',
    summary: 'Free a blocked or held cell',
    access: { permission: P.boxBlock },
    mutates: true,
    params: idParams,
    body: z.object({ position: cellText.min(1) }),
    data: z.object({ position: z.string() }),
  }),
  specimenPosition: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/library/specimen/locate',
    summary: 'Where a scanned barcode is: room, unit, rack, box and cell, with its library state',
    access: { permission: P.mapPage },
    mutates: false,
    body: z.object({ barcode }),
    data: z.object({
      specimenId: z.number(),
      code: z.string(),
      library: z.enum(LIBRARY_STATES),
      freezeThaw: z.number(),
      roomId: z.number().nullable(),
      unitId: z.number().nullable(),
      unitName: z.string().nullable(),
      rackId: z.number().nullable(),
      boxId: z.number().nullable(),
      box: z.string().nullable(),
      position: z.string().nullable(),
    }),
  }),
});
