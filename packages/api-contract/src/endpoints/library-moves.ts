// Reviewed moves of the specimen library (/specimen/manage/specimen-move): move requests of specimen
// and box lines, the evacuation of a failed unit, their review with an e-signature, their execution
// through the one position engine, and the pick-and-put list (docs/library.md "Reviewed moves").
import { z } from 'zod';
import { defineEndpoint, defineGroup } from '../endpoint.js';
import { id, idParams, pageFields, text, version } from '../schemas.js';
import { RACK_MAX } from '../workflows/library.js';
import {
  MOVE_LINE_ACTIONS,
  MOVE_REQUEST_KINDS,
  MOVE_REQUEST_MAX_LINES,
  MOVE_REQUEST_STATES,
  type MoveRequestAction,
  moveRequestWorkflow,
  MOVE_REQUEST_PERMISSIONS as P,
} from '../workflows/library-moves.js';
import { firing } from '../workflows/machine.js';
import { barcode } from './lab.js';
import { signatureInput, signatureRow } from './reports.js';

export const moveRequestRow = z.object({
  id: z.number(),
  number: z.string(),
  kind: z.enum(MOVE_REQUEST_KINDS),
  status: z.enum(MOVE_REQUEST_STATES),
  reason: z.string(),
  specimens: z.number(),
  boxes: z.number(),
  /** The failed unit of an evacuation. */
  unitName: z.string().nullable(),
  createdBy: z.number(),
  creatorName: z.string(),
  createdAt: z.string(),
  reviewerName: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  executorName: z.string().nullable(),
  executedAt: z.string().nullable(),
  /** Why it was rejected or cancelled. */
  closeReason: z.string().nullable(),
  version: z.number(),
});
export type MoveRequestRow = z.infer<typeof moveRequestRow>;

/** Where a line takes from or puts to: room, unit, rack, box and the cell (or the rack slot of a box). */
const place = z.object({
  room: z.string().nullable(),
  unit: z.string().nullable(),
  rack: z.string().nullable(),
  box: z.string().nullable(),
  position: z.string().nullable(),
});

/** One line of the pick-and-put list, in pick order (room, unit, rack, box, position taken from). */
export const moveLine = z.object({
  seq: z.number(),
  action: z.enum(MOVE_LINE_ACTIONS),
  /** The specimen (hidden outside the caller's scope), or null for a box line. */
  barcode: z.string().nullable(),
  /** The box a box line moves. */
  boxCode: z.string().nullable(),
  from: place,
  to: place,
});
export type MoveLine = z.infer<typeof moveLine>;

export const moveRequestDetail = moveRequestRow.extend({
  lines: z.array(moveLine),
  signatures: z.array(signatureRow),
  events: z.array(
    z.object({
      id: z.number(),
      action: z.string(),
      fromState: z.string().nullable(),
      toState: z.string(),
      username: z.string().nullable(),
      at: z.string(),
      reason: z.string().nullable(),
    }),
  ),
});

const rackSlot = z.number().int().min(1).max(RACK_MAX);
const specimenLine = z.object({ barcode, boxId: id, position: z.string().trim().min(1).max(8) });
const boxLine = z.object({
  boxId: id,
  unitId: id,
  rackId: id.nullish(),
  rackRow: rackSlot.nullish(),
  rackCol: rackSlot.nullish(),
});
const transitionResult = z.object({ version: z.number(), status: z.enum(MOVE_REQUEST_STATES) });
const transition = <B extends z.ZodTypeAny>(summary: string, action: MoveRequestAction, body: B) =>
  defineEndpoint({
    service: 'container',
    method: 'PUT',
    path: `/library/move-request/{id}/${action}`,
    summary,
    ...firing(moveRequestWorkflow, action),
    mutates: true,
    params: idParams,
    body,
    data: transitionResult,
  });

export const libraryMoves = defineGroup('libraryMoves', {
  paging: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/library/move-request/page',
    summary: 'Move requests by state, kind or number, newest first',
    access: { permission: P.page },
    mutates: false,
    paged: true,
    body: z.object({
      ...pageFields,
      status: z.enum(MOVE_REQUEST_STATES).optional(),
      kind: z.enum(MOVE_REQUEST_KINDS).optional(),
      keyword: z.string().trim().max(64).optional(),
    }),
    data: z.array(moveRequestRow),
  }),
  get: defineEndpoint({
    service: 'container',
    method: 'GET',
    path: '/library/move-request/{id}',
    summary: 'One move request: its pick-and-put list in pick order, signatures and transitions',
    access: { permission: P.page },
    mutates: false,
    params: idParams,
    data: moveRequestDetail,
  }),
  create: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/library/move-request',
    summary:
      'Submit a move of stored specimens to cells and of boxes to rack slots, with a reason; refused for a specimen or box on another open request (named)',
    access: { permission: P.move },
    mutates: true,
    body: z
      .object({
        reason: text(255),
        specimens: z.array(specimenLine).max(MOVE_REQUEST_MAX_LINES).default([]),
        boxes: z.array(boxLine).max(200).default([]),
      })
      .refine((b) => b.specimens.length + b.boxes.length > 0, {
        message: 'validation.library.moveEmpty',
        path: ['specimens'],
      }),
    data: z.object({ id: z.number(), number: z.string() }),
  }),
  evacuate: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/library/move-request/evacuation',
    summary:
      "Plan the evacuation of a failed unit into backup units: target cells for every specimen (fill order, restrictions, condition, each box's specimens kept together where possible), submitted as one move request",
    access: { permission: P.move },
    mutates: true,
    body: z.object({
      unitId: id,
      backupUnitIds: z.array(id).min(1).max(20),
      reason: text(255),
    }),
    data: z.object({ id: z.number(), number: z.string(), specimens: z.number(), boxesKept: z.number() }),
  }),
  approve: transition(
    'Approve a submitted move request: electronic signature, never by its creator',
    'approve',
    z.object({ version, signature: signatureInput.optional() }),
  ),
  reject: transition(
    'Reject a submitted move request with a reason, never by its creator',
    'reject',
    z.object({ version, reason: text(255) }),
  ),
  execute: transition(
    'Carry out an approved move request: every line through the position engine in one transaction; a line that became impossible fails the whole, named',
    'execute',
    z.object({ version }),
  ),
  cancel: transition(
    'Withdraw an open move request (its creator), with a reason',
    'cancel',
    z.object({ version, reason: text(255) }),
  ),
  pickList: defineEndpoint({
    service: 'container',
    method: 'GET',
    path: '/library/move-request/{id}/pick-list',
    summary: 'The pick-and-put list of a move request as a PDF (binary body, not an envelope)',
    access: { permission: P.export },
    mutates: false,
    params: idParams,
    data: z.null(),
  }),
});
