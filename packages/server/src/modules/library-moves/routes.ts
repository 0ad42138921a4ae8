import { createHash } from 'node:crypto';
import {
  endpoints,
  MOVE_SIGNATURE_MEANING,
  type MoveRequestAction,
  type MoveRequestState,
  moveRequestWorkflow,
  parseCell,
  ResultCode,
} from '@trialab/api-contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { specimenPositions, storageBoxes, storageRacks, storageUnits } from '../../db/schema-library.js';
import { moveRequests } from '../../db/schema-library-moves.js';
import { printContext, renderDocument } from '../../documents/document.js';
import { download } from '../../lib/download.js';
import { ApiError, notFound } from '../../lib/errors.js';
import { type Ctx, registerGroup, type SessionCtx } from '../../lib/route.js';
import { containsAny } from '../../lib/search.js';
import { applyTransition, eventsOf, nextNumber, recordEvent } from '../../lib/workflow.js';
import { boxGrid, lockSpecimens } from '../../services/positions/engine.js';
import { moveReference } from '../../services/positions/move-holds.js';
import {
  assertNotHeld,
  backupUnits,
  executeLines,
  insertLines,
  type MoveLineInsert,
  planEvacuation,
} from '../../services/positions/moves.js';
import { confirmSigner, eSign, signaturesOf } from '../../services/signatures.js';
import { knownBarcodes } from '../specimen/repository.js';
import { movePickList } from './pick-list.js';
import { MOVE_WORKFLOW_ENTITY, pageRequests, pickList, requestRow } from './repository.js';

const { libraryMoves: api } = endpoints;

type CreateBody = Ctx<typeof api.create>['body'];

/** The lines of a hand-made request: each specimen from its stored cell, each box from its slot. */
async function linesOf(ctx: SessionCtx, body: CreateBody): Promise<MoveLineInsert[]> {
  const known = body.specimens.length
    ? await knownBarcodes(
        ctx.db,
        await ctx.scope(),
        body.specimens.map((s) => s.barcode),
      )
    : [];
  const idOf = new Map(known.map((k) => [k.code, k.id]));
  const specimenIds = known.map((k) => k.id);
  await lockSpecimens(ctx.db, specimenIds);
  const at = specimenIds.length
    ? await ctx.db
        .select({
          specimenId: specimenPositions.specimenId,
          boxId: specimenPositions.boxId,
          row: specimenPositions.row,
          col: specimenPositions.col,
          unitId: storageBoxes.unitId,
          rackId: storageBoxes.rackId,
        })
        .from(specimenPositions)
        .innerJoin(storageBoxes, eq(storageBoxes.id, specimenPositions.boxId))
        .where(
          and(inArray(specimenPositions.specimenId, specimenIds), eq(specimenPositions.status, 'stored')),
        )
    : [];
  const where = new Map(at.map((p) => [p.specimenId, p]));
  const boxIds = [...new Set([...body.specimens.map((s) => s.boxId), ...body.boxes.map((b) => b.boxId)])];
  const boxes = await ctx.db
    .select()
    .from(storageBoxes)
    .where(inArray(storageBoxes.id, boxIds))
    .orderBy(storageBoxes.id)
    .for('update');
  const boxOf = new Map(boxes.map((b) => [b.id, b]));
  const box = (id: number) => {
    const b = boxOf.get(id);
    if (!b) throw new ApiError(ResultCode.NOT_FOUND, { key: 'positionsBoxMissing' });
    return b;
  };
  const lines: MoveLineInsert[] = [];
  const held: Array<{ id: number; code: string; boxId: number }> = [];
  for (const s of body.specimens) {
    const id = idOf.get(s.barcode) ?? 0;
    const from = where.get(id);
    if (!from)
      throw new ApiError(ResultCode.INVALID_STATE, { key: 'movesNotStored', params: { code: s.barcode } });
    const target = box(s.boxId);
    const cell = target.kind === 'grid' ? parseCell(boxGrid(target), s.position) : null;
    if (target.kind === 'grid' && !cell)
      throw new ApiError(ResultCode.BAD_REQUEST, {
        key: 'positionsOutside',
        params: { box: target.code, position: s.position },
      });
    held.push({ id, code: s.barcode, boxId: from.boxId });
    lines.push({
      action: 'move',
      specimenId: id,
      boxId: from.boxId,
      fromRow: from.row,
      fromCol: from.col,
      fromUnitId: from.unitId,
      fromRackId: from.rackId,
      toBoxId: target.id,
      toRow: cell?.row ?? null,
      toCol: cell?.col ?? null,
      toUnitId: target.unitId,
      toRackId: target.rackId,
    });
  }
  const seen = new Set<number>();
  const rackIds = body.boxes.flatMap((b) => (b.rackId ? [b.rackId] : []));
  const racks = rackIds.length
    ? await ctx.db.select().from(storageRacks).where(inArray(storageRacks.id, rackIds))
    : [];
  for (const b of body.boxes) {
    const moved = box(b.boxId);
    if (seen.has(moved.id))
      throw new ApiError(ResultCode.BAD_REQUEST, { key: 'movesBoxTwice', params: { box: moved.code } });
    seen.add(moved.id);
    const rack = b.rackId ? racks.find((r) => r.id === b.rackId) : undefined;
    if (b.rackId && !rack)
      throw new ApiError(ResultCode.BAD_REQUEST, { key: 'invalidReference', params: { field: 'rackId' } });
    if (rack && (!b.rackRow || !b.rackCol || b.rackRow > rack.rows || b.rackCol > rack.cols))
      throw new ApiError(ResultCode.BAD_REQUEST, {
        key: 'positionsSlotOutside',
        params: { slot: `${b.rackRow ?? '?'},${b.rackCol ?? '?'}`, rack: rack.code },
      });
    const [unit] = rack
      ? [{ id: rack.unitId }]
      : await ctx.db.select({ id: storageUnits.id }).from(storageUnits).where(eq(storageUnits.id, b.unitId));
    if (!unit)
      throw new ApiError(ResultCode.BAD_REQUEST, { key: 'invalidReference', params: { field: 'unitId' } });
    lines.push({
      action: 'boxMove',
      specimenId: null,
      boxId: moved.id,
      fromUnitId: moved.unitId,
      fromRackId: moved.rackId,
      fromRackRow: moved.rackRow,
      fromRackCol: moved.rackCol,
      toUnitId: unit.id,
      toRackId: rack?.id ?? null,
      toRackRow: rack ? (b.rackRow ?? null) : null,
      toRackCol: rack ? (b.rackCol ?? null) : null,
    });
  }
  await assertNotHeld(
    ctx.db,
    ctx.lang,
    held,
    body.boxes.map((b) => ({ id: b.boxId, code: box(b.boxId).code })),
  );
  return lines;
}

/** Writes a new submitted request with its lines and its first transition record. */
async function submitRequest(
  ctx: SessionCtx,
  request: { kind: 'move' | 'evacuate'; reason: string; unitId: number | null },
  lines: MoveLineInsert[],
) {
  const number = await nextNumber(ctx.db, 'MV', ctx.now, ctx.timeZone);
  const [row] = await ctx.db
    .insert(moveRequests)
    .values({
      number,
      ...request,
      status: moveRequestWorkflow.initial,
      createdBy: ctx.principal.userId,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning({ id: moveRequests.id });
  if (!row) throw notFound();
  await insertLines(ctx.db, row.id, lines);
  await recordEvent(ctx.db, {
    workflow: moveRequestWorkflow.id,
    recordId: row.id,
    action: 'submit',
    fromState: null,
    toState: moveRequestWorkflow.initial,
    userId: ctx.principal.userId,
    at: ctx.now,
    reason: request.reason,
  });
  ctx.audit({
    action: `${moveRequestWorkflow.id}.create`,
    entity: MOVE_WORKFLOW_ENTITY,
    entityId: row.id,
    newValue: { number, ...request, lines: lines.length },
    reason: request.reason,
  });
  return { id: row.id, number };
}

type FireCtx = Ctx<typeof api.approve | typeof api.reject | typeof api.execute | typeof api.cancel>;

/** Approve, reject, carry out and cancel: one path through the specimenMove workflow. */
async function fire(
  ctx: FireCtx,
  action: MoveRequestAction,
  body: { version: number; reason?: string; signature?: { password: string } | undefined },
) {
  const request = await requestRow(ctx.db, ctx.params.id);
  const signer = action === 'approve' ? await confirmSigner(ctx, body.signature) : null;
  const lines = await pickList(ctx.db, null, request.id);
  const reason = body.reason ?? null;
  const status = await applyTransition(
    ctx,
    ctx.principal,
    moveRequestWorkflow,
    { id: request.id, status: request.status as MoveRequestState, creatorId: request.createdBy },
    { action, version: body.version, reason },
    async (next) =>
      (
        await ctx.db
          .update(moveRequests)
          .set({
            status: next.status,
            version: next.version,
            updatedAt: ctx.now,
            ...(action === 'approve' || action === 'reject'
              ? { reviewedBy: ctx.principal.userId, reviewedAt: ctx.now }
              : {}),
            ...(action === 'execute' ? { executedBy: ctx.principal.userId, executedAt: ctx.now } : {}),
            ...(reason ? { closeReason: reason } : {}),
          })
          .where(and(eq(moveRequests.id, request.id), eq(moveRequests.version, body.version)))
          .returning({ id: moveRequests.id })
      ).length > 0,
  );
  if (signer)
    await eSign(ctx.db, signer, {
      entity: MOVE_WORKFLOW_ENTITY,
      entityId: request.id,
      action,
      meaning: MOVE_SIGNATURE_MEANING[ctx.lang],
      contentHash: createHash('sha256')
        .update(JSON.stringify({ number: request.number, reason: request.reason, lines }))
        .digest('hex'),
      at: ctx.now,
    });
  if (action === 'execute')
    await executeLines(ctx.db, ctx.lang, request.id, {
      userId: ctx.principal.userId,
      at: ctx.now,
      batchId: crypto.randomUUID(),
      reference: moveReference(request.number),
      reason: request.reason,
    });
  return { version: body.version + 1, status };
}

/** Reviewed moves and evacuation of the specimen library (docs/library.md "Reviewed moves"). */
export async function libraryMoveRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, api, {
    paging: async (ctx) => {
      const { status, kind, keyword } = ctx.body;
      const where = and(
        status ? eq(moveRequests.status, status) : undefined,
        kind ? eq(moveRequests.kind, kind) : undefined,
        containsAny([moveRequests.number, moveRequests.reason], keyword),
      );
      return pageRequests(ctx.db, where, ctx.body);
    },
    get: async (ctx) => {
      const request = await requestRow(ctx.db, ctx.params.id);
      return {
        ...request,
        lines: await pickList(ctx.db, await ctx.scope(), request.id),
        signatures: await signaturesOf(ctx.db, MOVE_WORKFLOW_ENTITY, request.id),
        events: await eventsOf(ctx.db, moveRequestWorkflow.id, request.id),
      };
    },
    create: async (ctx) => {
      const lines = await linesOf(ctx, ctx.body);
      return submitRequest(ctx, { kind: 'move', reason: ctx.body.reason, unitId: null }, lines);
    },
    evacuate: async (ctx) => {
      const { unitId, backupUnitIds, reason } = ctx.body;
      const [unit] = await ctx.db.select().from(storageUnits).where(eq(storageUnits.id, unitId));
      if (!unit)
        throw new ApiError(ResultCode.BAD_REQUEST, { key: 'invalidReference', params: { field: 'unitId' } });
      await backupUnits(ctx.db, ctx.lang, unit.id, backupUnitIds);
      const plan = await planEvacuation(ctx.db, ctx.lang, unit, backupUnitIds, ctx.now);
      await lockSpecimens(
        ctx.db,
        plan.specimens.map((s) => s.specimenId),
      );
      await assertNotHeld(
        ctx.db,
        ctx.lang,
        plan.specimens.map((s) => ({ id: s.specimenId, code: s.code, boxId: s.boxId })),
        [],
        'evacuate',
      );
      const made = await submitRequest(ctx, { kind: 'evacuate', reason, unitId: unit.id }, plan.lines);
      return { ...made, specimens: plan.lines.length, boxesKept: plan.boxesKept };
    },
    approve: (ctx) => fire(ctx, 'approve', ctx.body),
    reject: (ctx) => fire(ctx, 'reject', ctx.body),
    execute: (ctx) => fire(ctx, 'execute', ctx.body),
    cancel: (ctx) => fire(ctx, 'cancel', ctx.body),
    pickList: async (ctx) => {
      const request = await requestRow(ctx.db, ctx.params.id);
      const lines = await pickList(ctx.db, await ctx.scope(), request.id);
      const pdf = await renderDocument(movePickList, { request, lines }, printContext(ctx));
      return download({ name: `${request.number}-pick-list.pdf`, mime: 'application/pdf', content: pdf });
    },
  });
}
