import { endpoints, type LibraryState, localName, parseCell, ResultCode } from '@trialab/api-contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { constraintName, isUniqueViolation } from '../../db/errors.js';
import { projects, sampleTypes } from '../../db/schema.js';
import { labSubjects } from '../../db/schema-lab.js';
import {
  blockedPositions,
  boxTypes,
  rackTypes,
  specimenPositions,
  storageBoxes,
  storageRacks,
  storageRooms,
  storageUnits,
} from '../../db/schema-library.js';
import { specimenBarcodes } from '../../db/schema-specimen.js';
import { ApiError, notFound } from '../../lib/errors.js';
import type { SessionCtx } from '../../lib/route.js';
import { registerGroup } from '../../lib/route.js';
import { containsAny } from '../../lib/search.js';
import { staleOrMissing, uniqueOr, versionedBump } from '../../lib/versioned.js';
import {
  allocate,
  assign,
  boxGrid,
  cellText,
  commitReservation,
  isLive,
  releaseReservation,
} from '../../services/positions/engine.js';
import {
  blockCell,
  lockUnitForChange,
  moveBox,
  otherConditionIn,
  resizeBox,
  restrictionsOf,
  setRestrictions,
  unblockCell,
} from '../../services/positions/structure.js';
import { barcodeInScope, knownBarcodes } from '../specimen/repository.js';
import { assertTemperatureExists } from '../specimen/storage/repository.js';
import {
  boxById,
  boxColumns,
  boxValues,
  enabledBoxType,
  enabledRackType,
  insertBoxes,
  insertRack,
  pageBoxTypes,
  pageRackTypes,
  pageRooms,
  pageUnits,
  unitById,
  unitMap,
} from './repository.js';
import { specimenIds, targets } from './service.js';

const { library: api } = endpoints;

const bumpRoom = versionedBump(storageRooms);
const bumpUnit = versionedBump(storageUnits);
const bumpRackType = versionedBump(rackTypes);
const bumpBoxType = versionedBump(boxTypes);

/** A rack or box slot taken by someone else: named, not a bare duplicate. */
async function inSlot<T>(
  slot: string,
  rack: string,
  write: () => Promise<T>,
  lang: SessionCtx['lang'],
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error) && /_slot_uq$/.test(constraintName(error) ?? ''))
      throw new ApiError(ResultCode.DUPLICATE, { key: 'positionsSlotTaken', params: { slot, rack } });
    return uniqueOr(lang, () => Promise.reject(error));
  }
}

const stamp = (ctx: SessionCtx) => ({
  createdBy: ctx.principal.userId,
  createdAt: ctx.now,
  updatedAt: ctx.now,
});
const custodyOf = (ctx: SessionCtx, reason: string | null = null) => ({
  userId: ctx.principal.userId,
  at: ctx.now,
  batchId: crypto.randomUUID(),
  reason,
});

async function gridCell(ctx: SessionCtx, boxId: number, position: string) {
  const box = await boxById(ctx.db, boxId);
  const cell = box.kind === 'grid' ? parseCell(boxGrid(box), position) : null;
  if (!cell)
    throw new ApiError(ResultCode.BAD_REQUEST, {
      key: 'positionsOutside',
      params: { box: box.code, position },
    });
  return { box, cell };
}

/** The specimen library's storage tree, restrictions and positions (docs/library.md). */
export async function libraryRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, api, {
    // ---- rooms ----
    roomList: async (ctx) =>
      pageRooms(
        ctx.db,
        containsAny([storageRooms.code, storageRooms.name], ctx.body.keyword),
        ctx.body,
        ctx.lang,
      ),
    roomCreate: async (ctx) => {
      await assertTemperatureExists(ctx.db, ctx.body.temperatureId);
      const values = { ...ctx.body, location: ctx.body.location || null, remark: ctx.body.remark || null };
      const [row] = await uniqueOr(ctx.lang, () =>
        ctx.db
          .insert(storageRooms)
          .values({ ...values, ...stamp(ctx) })
          .returning({ id: storageRooms.id }),
      );
      if (!row) throw notFound();
      ctx.audit({ action: 'library.roomCreate', entity: 'storageRoom', entityId: row.id, newValue: values });
      return { id: row.id };
    },
    roomUpdate: async (ctx) => {
      const { version, ...fields } = ctx.body;
      await assertTemperatureExists(ctx.db, fields.temperatureId);
      const values = {
        ...fields,
        location: fields.location || null,
        remark: fields.remark || null,
        updatedAt: ctx.now,
      };
      const row = await bumpRoom(ctx.db, ctx.params.id, version, values);
      if (!row)
        throw staleOrMissing(
          (
            await ctx.db
              .select({ id: storageRooms.id })
              .from(storageRooms)
              .where(eq(storageRooms.id, ctx.params.id))
          ).length > 0,
        );
      ctx.audit({
        action: 'library.roomUpdate',
        entity: 'storageRoom',
        entityId: ctx.params.id,
        newValue: fields,
      });
      return row;
    },
    // ---- units ----
    unitList: async (ctx) => {
      const { keyword, roomId, status, kind } = ctx.body;
      const where = and(
        containsAny([storageUnits.code, storageUnits.name], keyword),
        roomId ? eq(storageUnits.roomId, roomId) : undefined,
        status ? eq(storageUnits.status, status) : undefined,
        kind ? eq(storageUnits.kind, kind) : undefined,
      );
      return pageUnits(ctx.db, where, ctx.body, ctx.lang);
    },
    unitCreate: async (ctx) => {
      const { fill, ...fields } = ctx.body;
      await assertTemperatureExists(ctx.db, fields.temperatureId);
      const [room] = await ctx.db
        .select({ id: storageRooms.id })
        .from(storageRooms)
        .where(eq(storageRooms.id, fields.roomId));
      if (!room)
        throw new ApiError(ResultCode.BAD_REQUEST, { key: 'invalidReference', params: { field: 'roomId' } });
      const rackType = fill ? await enabledRackType(ctx.db, fill.rackTypeId) : null;
      const boxType = fill?.boxTypeId ? await enabledBoxType(ctx.db, fill.boxTypeId) : null;
      if (fill && fill.racks > fields.rows * fields.cols)
        throw new ApiError(ResultCode.BAD_REQUEST, {
          key: 'positionsSlotOutside',
          params: { slot: fill.racks, rack: fields.code },
        });
      const values = { ...fields, setCelsius: fields.setCelsius ?? null, remark: fields.remark || null };
      const [unit] = await uniqueOr(ctx.lang, () =>
        ctx.db
          .insert(storageUnits)
          .values({ ...values, ...stamp(ctx) })
          .returning({ id: storageUnits.id }),
      );
      if (!unit) throw notFound();
      let boxes = 0;
      if (fill && rackType)
        for (let slot = 1; slot <= fill.racks; slot += 1) {
          const made = await uniqueOr(ctx.lang, () =>
            insertRack(
              ctx.db,
              { code: `${fields.code}-R${String(slot).padStart(2, '0')}`, unitId: unit.id, slot, rackType },
              boxType,
              stamp(ctx),
            ),
          );
          boxes += made.boxes;
        }
      ctx.audit({
        action: 'library.unitCreate',
        entity: 'storageUnit',
        entityId: unit.id,
        newValue: { ...values, fill },
      });
      return { id: unit.id, racks: fill?.racks ?? 0, boxes };
    },
    unitUpdate: async (ctx) => {
      const { version, ...fields } = ctx.body;
      await assertTemperatureExists(ctx.db, fields.temperatureId);
      const before = await lockUnitForChange(ctx.db, ctx.params.id);
      if (fields.temperatureId !== before.temperatureId) {
        const stranded = await otherConditionIn(ctx.db, before.id, fields.temperatureId);
        if (stranded)
          throw new ApiError(ResultCode.INVALID_STATE, {
            key: 'positionsContainerInUse',
            params: { name: `${before.name} (${stranded})` },
          });
      }
      const values = {
        ...fields,
        setCelsius: fields.setCelsius ?? null,
        remark: fields.remark || null,
        updatedAt: ctx.now,
      };
      const row = await bumpUnit(ctx.db, before.id, version, values);
      if (!row) throw staleOrMissing(true);
      ctx.audit({
        action: 'library.unitUpdate',
        entity: 'storageUnit',
        entityId: before.id,
        oldValue: {
          name: before.name,
          status: before.status,
          temperatureId: before.temperatureId,
          setCelsius: before.setCelsius,
        },
        newValue: fields,
      });
      return row;
    },
    unitMap: async (ctx) => {
      const unit = await unitById(ctx.db, ctx.params.id, ctx.lang);
      return { unit, ...(await unitMap(ctx.db, unit.id)) };
    },
    // ---- types ----
    rackTypeList: async (ctx) =>
      pageRackTypes(ctx.db, containsAny([rackTypes.code, rackTypes.name], ctx.body.keyword), ctx.body),
    rackTypeCreate: async (ctx) => {
      const [row] = await uniqueOr(ctx.lang, () =>
        ctx.db
          .insert(rackTypes)
          .values({ ...ctx.body, ...stamp(ctx) })
          .returning({ id: rackTypes.id }),
      );
      if (!row) throw notFound();
      ctx.audit({
        action: 'library.rackTypeCreate',
        entity: 'storageRackType',
        entityId: row.id,
        newValue: ctx.body,
      });
      return { id: row.id };
    },
    rackTypeUpdate: async (ctx) => {
      const { version, ...fields } = ctx.body;
      const row = await bumpRackType(ctx.db, ctx.params.id, version, { ...fields, updatedAt: ctx.now });
      if (!row)
        throw staleOrMissing(
          (await ctx.db.select({ id: rackTypes.id }).from(rackTypes).where(eq(rackTypes.id, ctx.params.id)))
            .length > 0,
        );
      ctx.audit({
        action: 'library.rackTypeUpdate',
        entity: 'storageRackType',
        entityId: ctx.params.id,
        newValue: fields,
      });
      return row;
    },
    boxTypeList: async (ctx) =>
      pageBoxTypes(ctx.db, containsAny([boxTypes.code, boxTypes.name], ctx.body.keyword), ctx.body),
    boxTypeCreate: async (ctx) => {
      const grid = ctx.body.kind === 'grid';
      const values = {
        ...ctx.body,
        rows: grid ? (ctx.body.rows ?? null) : null,
        cols: grid ? (ctx.body.cols ?? null) : null,
        capacity: grid ? (ctx.body.rows ?? 0) * (ctx.body.cols ?? 0) : (ctx.body.capacity ?? null),
      };
      const [row] = await uniqueOr(ctx.lang, () =>
        ctx.db
          .insert(boxTypes)
          .values({ ...values, ...stamp(ctx) })
          .returning({ id: boxTypes.id }),
      );
      if (!row) throw notFound();
      ctx.audit({
        action: 'library.boxTypeCreate',
        entity: 'storageBoxType',
        entityId: row.id,
        newValue: values,
      });
      return { id: row.id };
    },
    boxTypeUpdate: async (ctx) => {
      const { version, ...fields } = ctx.body;
      const row = await bumpBoxType(ctx.db, ctx.params.id, version, { ...fields, updatedAt: ctx.now });
      if (!row)
        throw staleOrMissing(
          (await ctx.db.select({ id: boxTypes.id }).from(boxTypes).where(eq(boxTypes.id, ctx.params.id)))
            .length > 0,
        );
      ctx.audit({
        action: 'library.boxTypeUpdate',
        entity: 'storageBoxType',
        entityId: ctx.params.id,
        newValue: fields,
      });
      return row;
    },
    // ---- racks and boxes ----
    rackCreate: async (ctx) => {
      const unit = await unitById(ctx.db, ctx.body.unitId, ctx.lang);
      if (ctx.body.slot > unit.rows * unit.cols)
        throw new ApiError(ResultCode.BAD_REQUEST, {
          key: 'positionsSlotOutside',
          params: { slot: ctx.body.slot, rack: unit.name },
        });
      const rackType = await enabledRackType(ctx.db, ctx.body.rackTypeId);
      const boxType = ctx.body.boxTypeId ? await enabledBoxType(ctx.db, ctx.body.boxTypeId) : null;
      const made = await inSlot(
        String(ctx.body.slot),
        unit.name,
        () =>
          insertRack(
            ctx.db,
            { code: ctx.body.code, unitId: unit.id, slot: ctx.body.slot, rackType },
            boxType,
            stamp(ctx),
          ),
        ctx.lang,
      );
      ctx.audit({
        action: 'library.rackCreate',
        entity: 'storageRack',
        entityId: made.id,
        newValue: ctx.body,
      });
      return made;
    },
    boxCreate: async (ctx) => {
      const { code, boxTypeId, rackId, rackRow, rackCol } = ctx.body;
      const type = await enabledBoxType(ctx.db, boxTypeId);
      let unitId = (await unitById(ctx.db, ctx.body.unitId, ctx.lang)).id;
      let rackCode = '';
      if (rackId) {
        const [rack] = await ctx.db.select().from(storageRacks).where(eq(storageRacks.id, rackId));
        if (!rack)
          throw new ApiError(ResultCode.BAD_REQUEST, {
            key: 'invalidReference',
            params: { field: 'rackId' },
          });
        rackCode = rack.code;
        unitId = rack.unitId;
        if (!rackRow || !rackCol || rackRow > rack.rows || rackCol > rack.cols)
          throw new ApiError(ResultCode.BAD_REQUEST, {
            key: 'positionsSlotOutside',
            params: { slot: `${rackRow ?? '?'},${rackCol ?? '?'}`, rack: rack.code },
          });
      }
      const place = {
        unitId,
        rackId: rackId ?? null,
        rackRow: rackId ? (rackRow ?? null) : null,
        rackCol: rackId ? (rackCol ?? null) : null,
      };
      const [row] = await inSlot(
        `${rackRow},${rackCol}`,
        rackCode,
        () => insertBoxes(ctx.db, unitId, [boxValues(type, code, place, stamp(ctx))]),
        ctx.lang,
      );
      if (!row) throw notFound();
      ctx.audit({ action: 'library.boxCreate', entity: 'storageBox', entityId: row.id, newValue: ctx.body });
      return { id: row.id };
    },
    boxResize: async (ctx) => {
      const { before } = await resizeBox(ctx.db, ctx.params.id, ctx.body, ctx.now);
      ctx.audit({
        action: 'library.boxResize',
        entity: 'storageBox',
        entityId: ctx.params.id,
        oldValue: before,
        newValue: ctx.body,
      });
      return { capacity: ctx.body.rows * ctx.body.cols };
    },
    boxMove: async (ctx) => {
      const { reason, unitId, rackId, rackRow, rackCol } = ctx.body;
      const box = await boxById(ctx.db, ctx.params.id);
      const target = { unitId, rackId: rackId ?? null, rackRow: rackRow ?? null, rackCol: rackCol ?? null };
      const [rack] = rackId
        ? await ctx.db
            .select({ code: storageRacks.code })
            .from(storageRacks)
            .where(eq(storageRacks.id, rackId))
        : [];
      const { from } = await inSlot(
        `${rackRow},${rackCol}`,
        rack?.code ?? '',
        () => moveBox(ctx.db, ctx.lang, box.id, target, custodyOf(ctx, reason)),
        ctx.lang,
      );
      ctx.audit({
        action: 'library.boxMove',
        entity: 'storageBox',
        entityId: box.id,
        oldValue: from,
        newValue: target,
        reason,
      });
      return { moved: box.stored };
    },
    boxDetail: async (ctx) => {
      const scope = await ctx.scope();
      const box = await boxById(ctx.db, ctx.params.id);
      const held = await ctx.db
        .select({
          row: specimenPositions.row,
          col: specimenPositions.col,
          status: specimenPositions.status,
          expiresAt: specimenPositions.expiresAt,
          specimenId: specimenPositions.specimenId,
          barcode: specimenBarcodes.code,
          projectId: specimenBarcodes.projectId,
          siteId: specimenBarcodes.siteId,
          sampleTypeId: specimenBarcodes.sampleTypeId,
          projectNo: projects.projectNo,
          subjectNo: labSubjects.subjectNo,
          sampleType: { name: sampleTypes.name, enName: sampleTypes.enName },
          visit: specimenBarcodes.visit,
        })
        .from(specimenPositions)
        .innerJoin(specimenBarcodes, eq(specimenBarcodes.id, specimenPositions.specimenId))
        .innerJoin(projects, eq(projects.id, specimenBarcodes.projectId))
        .leftJoin(labSubjects, eq(labSubjects.id, specimenBarcodes.subjectId))
        .leftJoin(sampleTypes, eq(sampleTypes.id, specimenBarcodes.sampleTypeId))
        .where(eq(specimenPositions.boxId, box.id))
        .orderBy(specimenPositions.row, specimenPositions.col);
      const blocks = await ctx.db.select().from(blockedPositions).where(eq(blockedPositions.boxId, box.id));
      const label = (row: number | null, col: number | null) => cellText(box, row, col);
      const cells = [
        ...held
          .filter((h) => isLive(h, ctx.now))
          .map((h) => {
            const visible = barcodeInScope(scope, h);
            return {
              row: h.row,
              col: h.col,
              position: label(h.row, h.col),
              state: h.status as 'stored' | 'reserved',
              specimenId: visible ? h.specimenId : null,
              barcode: visible ? h.barcode : null,
              projectId: visible ? h.projectId : null,
              sampleTypeId: visible ? h.sampleTypeId : null,
              projectNo: visible ? h.projectNo : null,
              subjectNo: visible ? h.subjectNo : null,
              sampleTypeName: visible && h.sampleType ? localName(h.sampleType, ctx.lang) : null,
              visit: visible ? h.visit : null,
              heldForProjectId: null,
              reason: null,
            };
          }),
        ...blocks.map((b) => ({
          row: b.row,
          col: b.col,
          position: label(b.row, b.col),
          state: 'blocked' as const,
          specimenId: null,
          barcode: null,
          projectId: null,
          sampleTypeId: null,
          projectNo: null,
          subjectNo: null,
          sampleTypeName: null,
          visit: null,
          heldForProjectId: b.projectId,
          reason: b.reason,
        })),
      ];
      return { ...box, cells };
    },
    restrictions: async (ctx) => restrictionsOf(ctx.db, ctx.body.level, ctx.body.id),
    restrict: async (ctx) => {
      const { level, id, rules } = ctx.body;
      const { before, after } = await setRestrictions(ctx.db, ctx.lang, level, id, rules);
      ctx.audit({
        action: 'library.restrict',
        entity: `storage${level[0]?.toUpperCase()}${level.slice(1)}`,
        entityId: id,
        oldValue: before,
        newValue: after,
      });
      return after;
    },
    // ---- positions ----
    place: async (ctx) => {
      const assignments = await targets(ctx, ctx.body.items, 'place');
      const placed = await assign(ctx.db, ctx.lang, assignments, custodyOf(ctx));
      ctx.audit({ action: 'library.place', entity: 'specimenBarcode', entityId: null, newValue: { placed } });
      return { placed };
    },
    allocate: async (ctx) => {
      const ids = await specimenIds(ctx, ctx.body.barcodes);
      const r = await allocate(
        ctx.db,
        ctx.lang,
        [...ids.values()],
        {
          unitId: ctx.body.unitId ?? undefined,
          rackId: ctx.body.rackId ?? undefined,
          boxId: ctx.body.boxId ?? undefined,
        },
        custodyOf(ctx),
      );
      ctx.audit({
        action: 'library.allocate',
        entity: 'storageReservation',
        entityId: null,
        newValue: { reservationId: r.reservationId, cells: r.cells.length },
      });
      return { ...r, expiresAt: r.expiresAt.toISOString() };
    },
    commit: async (ctx) => {
      const id = ctx.params.reservationId;
      const placed = await commitReservation(ctx.db, ctx.lang, id, custodyOf(ctx));
      ctx.audit({
        action: 'library.commit',
        entity: 'storageReservation',
        entityId: null,
        newValue: { reservationId: id, placed },
      });
      return { placed };
    },
    release: async (ctx) => {
      const released = await releaseReservation(ctx.db, ctx.params.reservationId);
      if (released === 0) throw new ApiError(ResultCode.NOT_FOUND, { key: 'positionsReservationUnknown' });
      ctx.audit({
        action: 'library.release',
        entity: 'storageReservation',
        entityId: null,
        newValue: { reservationId: ctx.params.reservationId, released },
      });
      return { released };
    },
    move: async (ctx) => {
      const assignments = await targets(ctx, ctx.body.items, 'move');
      const moved = await assign(ctx.db, ctx.lang, assignments, custodyOf(ctx, ctx.body.reason));
      ctx.audit({
        action: 'library.move',
        entity: 'specimenBarcode',
        entityId: null,
        newValue: { moved },
        reason: ctx.body.reason,
      });
      return { moved };
    },
    block: async (ctx) => {
      const { box, cell } = await gridCell(ctx, ctx.params.id, ctx.body.position);
      const projectId = ctx.body.projectId ?? null;
      const position = await blockCell(
        ctx.db,
        { boxId: box.id, ...cell, projectId, reason: ctx.body.reason },
        { userId: ctx.principal.userId, at: ctx.now },
      );
      ctx.audit({
        action: 'library.block',
        entity: 'storageBox',
        entityId: box.id,
        newValue: { position, projectId },
        reason: ctx.body.reason,
      });
      return { position };
    },
    unblock: async (ctx) => {
      const { box, cell } = await gridCell(ctx, ctx.params.id, ctx.body.position);
      const removed = await unblockCell(ctx.db, { boxId: box.id, ...cell });
      const position = cellText(box, cell.row, cell.col);
      ctx.audit({
        action: 'library.unblock',
        entity: 'storageBox',
        entityId: box.id,
        oldValue: { position, projectId: removed?.projectId ?? null, reason: removed?.reason ?? null },
      });
      return { position };
    },
    specimenPosition: async (ctx) => {
      const [row] = await knownBarcodes(ctx.db, await ctx.scope(), [ctx.body.barcode]);
      if (!row) throw notFound();
      const [at] = await ctx.db
        .select({
          ...boxColumns,
          roomId: storageUnits.roomId,
          unitName: storageUnits.name,
          row: specimenPositions.row,
          col: specimenPositions.col,
        })
        .from(specimenPositions)
        .innerJoin(storageBoxes, eq(storageBoxes.id, specimenPositions.boxId))
        .innerJoin(storageUnits, eq(storageUnits.id, storageBoxes.unitId))
        .where(and(eq(specimenPositions.specimenId, row.id), eq(specimenPositions.status, 'stored')));
      const [state] = await ctx.db
        .select({ library: specimenBarcodes.library, freezeThaw: specimenBarcodes.freezeThaw })
        .from(specimenBarcodes)
        .where(eq(specimenBarcodes.id, row.id));
      return {
        specimenId: row.id,
        code: row.code,
        library: (state?.library ?? 'none') as LibraryState,
        freezeThaw: state?.freezeThaw ?? 0,
        roomId: at?.roomId ?? null,
        unitId: at?.unitId ?? null,
        unitName: at?.unitName ?? null,
        rackId: at?.rackId ?? null,
        boxId: at?.id ?? null,
        box: at?.code ?? null,
        position: at ? cellText(at, at.row, at.col) || null : null,
      };
    },
  });
}
