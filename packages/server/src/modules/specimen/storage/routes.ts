import { endpoints, positionLabel, ResultCode, sampleStorageWorkflow } from '@trialab/api-contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { projects } from '../../../db/schema.js';
import {
  specimenBarcodes,
  tempStorageContainers,
  tempStorageDevices,
  tempStorageLogs,
  tempStoragePositions,
} from '../../../db/schema-specimen.js';
import { download } from '../../../lib/download.js';
import { ApiError } from '../../../lib/errors.js';
import { t } from '../../../lib/i18n.js';
import { Page, type RawReply, registerGroup } from '../../../lib/route.js';
import { containsAny } from '../../../lib/search.js';
import { zonedTime } from '../../../lib/time-zone.js';
import { staleOrMissing, uniqueOr } from '../../../lib/versioned.js';
import { actorOf, assertTransition } from '../../../lib/workflow.js';
import { ownUpload } from '../../system/repository.js';
import {
  barcodeInScope,
  barcodeScope,
  barcodesByCode,
  codeList,
  knownBarcodes,
  pageLogs,
  scopedBarcode,
} from '../repository.js';
import { containerWorkbook, readImport, templateWorkbook, XLSX_MIME } from '../workbook.js';
import {
  assertDeviceExists,
  assertTemperatureExists,
  containerById,
  containers,
  countContainers,
  deviceById,
  insertContainer,
  insertDevice,
  locationOf,
  occupiedCells,
  occupiedSlots,
  pageDevices,
  pageStored,
  placesOf,
  publicContainer,
  putSampleIn,
  samplesOfOtherTemperature,
  storageLog,
  storedIn,
  takenPositions,
  takeSampleOut,
  updateContainer,
  updateDevice,
} from './repository.js';
import {
  assertImportSize,
  assertPlanClean,
  assertUsable,
  cellOutside,
  changedFields,
  PROBLEM_MESSAGE,
  planStorage,
  problemParams,
  wellFormedCodes,
} from './service.js';

const { tempStorage: api } = endpoints;

function xlsx(name: string, book: Buffer): RawReply {
  return download({ name, mime: XLSX_MIME, content: book });
}

/** Temporary storage: devices, containers, putting samples in and taking them out. */
export async function storageRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, api, {
    samplePage: async (ctx) => {
      const { page, size, keyword, deviceId, containerId } = ctx.body;
      const where = and(
        barcodeScope(await ctx.scope()),
        containsAny([specimenBarcodes.code, projects.projectNo], keyword),
        deviceId ? eq(tempStorageContainers.deviceId, deviceId) : undefined,
        containerId ? eq(tempStoragePositions.containerId, containerId) : undefined,
      );
      return pageStored(ctx.db, where, { page, size }, ctx.lang);
    },
    containerPage: async (ctx) => {
      const { page, size, keyword, deviceId } = ctx.body;
      const where = and(
        containsAny([tempStorageContainers.code, tempStorageContainers.name], keyword),
        deviceId ? eq(tempStorageContainers.deviceId, deviceId) : undefined,
      );
      const total = await countContainers(ctx.db, where);
      const rows = await containers(ctx.db, where, ctx.lang, { page, size });
      return new Page(rows.map(publicContainer), total);
    },
    containerList: async (ctx) => {
      const { deviceId, keyword } = ctx.body;
      const rows = await containers(
        ctx.db,
        and(
          eq(tempStorageContainers.enabled, true),
          eq(tempStorageDevices.enabled, true),
          deviceId ? eq(tempStorageContainers.deviceId, deviceId) : undefined,
          containsAny([tempStorageContainers.code, tempStorageContainers.name], keyword),
        ),
        ctx.lang,
      );
      return rows.map(publicContainer);
    },
    containerDetail: async (ctx) => {
      const scope = await ctx.scope();
      const container = await containerById(ctx.db, ctx.params.id, ctx.lang);
      const occupied = await occupiedCells(ctx.db, container.id);
      return {
        ...publicContainer(container),
        positions: occupied.map((o) => ({
          position: positionLabel(o.row, o.col),
          row: o.row,
          col: o.col,
          barcode: barcodeInScope(scope, o) ? o.barcode : null,
        })),
      };
    },
    sampleDetail: async (ctx) => {
      const scope = await ctx.scope();
      const row = await scopedBarcode(ctx.db, scope, { id: ctx.params.id });
      const location = await locationOf(ctx.db, row.id);
      const history = await pageLogs(ctx.db, scope, eq(tempStorageLogs.barcodeId, row.id), 1, 200);
      return { ...row, location, history: history.rows };
    },
    sampleInfo: async (ctx) => {
      const row = await scopedBarcode(ctx.db, await ctx.scope(), { code: ctx.body.barcode });
      return { ...row, location: await locationOf(ctx.db, row.id) };
    },
    // ---- devices ----
    devicePage: async (ctx) => {
      const { page, size, keyword, enabled } = ctx.body;
      const where = and(
        containsAny([tempStorageDevices.code, tempStorageDevices.name], keyword),
        enabled === undefined ? undefined : eq(tempStorageDevices.enabled, enabled),
      );
      return pageDevices(ctx.db, where, { page, size }, ctx.lang);
    },
    deviceCreate: async (ctx) => {
      await assertTemperatureExists(ctx.db, ctx.body.temperatureId);
      const values = { ...ctx.body, location: ctx.body.location || null, remark: ctx.body.remark || null };
      const id = await uniqueOr(ctx.lang, () => insertDevice(ctx.db, values, ctx.principal.userId, ctx.now));
      await storageLog(ctx.db, ctx.principal, ctx.now, {
        deviceId: id,
        action: 'device_create',
        detail: values,
      });
      ctx.audit({
        action: 'tempStorage.deviceCreate',
        entity: 'tempStorageDevice',
        entityId: id,
        newValue: values,
      });
      return { id };
    },
    deviceUpdate: async (ctx) => {
      const { id, version, ...fields } = ctx.body;
      const old = await deviceById(ctx.db, id);
      await assertTemperatureExists(ctx.db, fields.temperatureId);
      // Samples of a known condition must keep matching the device that holds them.
      if (
        fields.temperatureId !== old.temperatureId &&
        (await samplesOfOtherTemperature(ctx.db, id, fields.temperatureId)) > 0
      )
        throw new ApiError(ResultCode.INVALID_STATE, { key: 'storageDeviceHasOther' });
      const values = { ...fields, location: fields.location || null, remark: fields.remark || null };
      const updated = await uniqueOr(ctx.lang, () => updateDevice(ctx.db, id, version, values, ctx.now));
      if (!updated) throw staleOrMissing(true);
      const { oldValue, newValue } = changedFields(old, values);
      await storageLog(ctx.db, ctx.principal, ctx.now, {
        deviceId: id,
        action: 'device_update',
        detail: newValue,
      });
      ctx.audit({
        action: 'tempStorage.deviceUpdate',
        entity: 'tempStorageDevice',
        entityId: id,
        oldValue,
        newValue,
      });
      return { version: updated.version };
    },
    deviceLogs: async (ctx) => {
      const scope = await ctx.scope();
      const device = await deviceById(ctx.db, ctx.params.id);
      const { page, size, action } = ctx.body;
      const where = and(
        eq(tempStorageLogs.deviceId, device.id),
        action ? eq(tempStorageLogs.action, action) : undefined,
      );
      const r = await pageLogs(ctx.db, scope, where, page, size);
      return new Page(r.rows, r.total);
    },
    // ---- containers ----
    containerCreate: async (ctx) => {
      await assertDeviceExists(ctx.db, ctx.body.deviceId);
      const id = await uniqueOr(ctx.lang, () =>
        insertContainer(ctx.db, ctx.body, ctx.principal.userId, ctx.now),
      );
      await storageLog(ctx.db, ctx.principal, ctx.now, {
        deviceId: ctx.body.deviceId,
        containerId: id,
        action: 'container_create',
        detail: ctx.body,
      });
      ctx.audit({
        action: 'tempStorage.containerCreate',
        entity: 'tempStorageContainer',
        entityId: id,
        newValue: ctx.body,
      });
      return { id };
    },
    containerUpdate: async (ctx) => {
      const { id, version, ...fields } = ctx.body;
      const old = await containerById(ctx.db, id);
      await assertDeviceExists(ctx.db, fields.deviceId);
      const outside =
        old.stored > 0 ? cellOutside(await occupiedSlots(ctx.db, id), fields, old.deviceId) : undefined;
      if (outside)
        throw new ApiError(ResultCode.INVALID_STATE, {
          key: 'storageContainerInUse',
          params: { position: positionLabel(outside.row, outside.col) },
        });
      const updated = await uniqueOr(ctx.lang, () => updateContainer(ctx.db, id, version, fields, ctx.now));
      if (!updated) throw staleOrMissing(true);
      await storageLog(ctx.db, ctx.principal, ctx.now, {
        deviceId: fields.deviceId,
        containerId: id,
        action: 'container_update',
        detail: fields,
      });
      ctx.audit({
        action: 'tempStorage.containerUpdate',
        entity: 'tempStorageContainer',
        entityId: id,
        oldValue: publicContainer(old),
        newValue: fields,
      });
      return { version: updated.version };
    },
    // ---- files ----
    template: async (ctx) => xlsx('temp-storage-template.xlsx', await templateWorkbook(ctx.lang)),
    export: async (ctx) => {
      const scope = await ctx.scope();
      const container = await containerById(ctx.db, ctx.params.id, ctx.lang);
      const rows = await storedIn(ctx.db, container.id, barcodeScope(scope), ctx.lang);
      const time = zonedTime(ctx);
      const book = await containerWorkbook(container.code, rows, ctx.lang, time);
      return xlsx(`${container.code}-${time.date(ctx.now)}.xlsx`, book);
    },
    // ---- putting in and taking out ----
    importPreview: async (ctx) => {
      const scope = await ctx.scope();
      const container = await containerById(ctx.db, ctx.body.containerId);
      assertUsable(container);
      const sha256 = await ownUpload(ctx.db, ctx.body.fileId, ctx.principal.userId);
      const rows = assertImportSize(await readImport(await ctx.deps.files.read(sha256)));
      const taken = await takenPositions(ctx.db, container.id);
      const found = await barcodesByCode(ctx.db, scope, wellFormedCodes(rows));
      const plan = planStorage(container, taken, found, rows);
      const valid = plan.filter((i) => i.problem === null).length;
      return {
        rows: plan.map((i) => ({
          line: i.line,
          barcode: i.barcode,
          position: i.position,
          problem: i.problem,
          message: i.problem
            ? t(ctx.lang, PROBLEM_MESSAGE[i.problem], problemParams(i.problem, [i], container))
            : null,
        })),
        valid,
        invalid: plan.length - valid,
      };
    },
    storeIn: async (ctx) => {
      const p = ctx.principal;
      const scope = await ctx.scope();
      const container = await containerById(ctx.db, ctx.body.containerId);
      assertUsable(container);
      const requests = ctx.body.samples.map((s, i) => ({
        line: i + 1,
        barcode: s.barcode,
        position: s.position ?? null,
      }));
      const taken = await takenPositions(ctx.db, container.id);
      const found = await barcodesByCode(ctx.db, scope, wellFormedCodes(requests));
      const plan = planStorage(container, taken, found, requests);
      assertPlanClean(plan, container);
      const to = assertTransition(ctx.lang, sampleStorageWorkflow, 'unstored', 'putIn', actorOf(p, null));
      const stored: Array<{ barcode: string; position: string }> = [];
      for (const { row, slot } of plan) {
        if (!row || !slot) throw new Error('planned item without barcode or position');
        const position = await putSampleIn(
          ctx.db,
          ctx.lang,
          { by: p, at: ctx.now, to },
          container,
          row.id,
          slot,
        );
        stored.push({ barcode: row.code, position });
      }
      ctx.audit({
        action: 'tempStorage.storeIn',
        entity: 'tempStorageContainer',
        entityId: container.id,
        newValue: { stored },
      });
      return { stored };
    },
    takeOut: async (ctx) => {
      const p = ctx.principal;
      const { barcodes, reason } = ctx.body;
      const rows = await knownBarcodes(ctx.db, await ctx.scope(), barcodes);
      const notStored = rows.filter((r) => r.storage !== 'stored');
      if (notStored.length > 0)
        throw new ApiError(ResultCode.INVALID_STATE, {
          key: 'storageNotStored',
          params: { codes: codeList(notStored.map((r) => r.code)) },
        });
      const to = assertTransition(ctx.lang, sampleStorageWorkflow, 'stored', 'takeOut', actorOf(p, null));
      const places = await placesOf(
        ctx.db,
        rows.map((r) => r.id),
      );
      const taken: Array<{ barcode: string; position: string }> = [];
      for (const row of rows) {
        const place = places.find((pl) => pl.barcodeId === row.id);
        if (!place) throw staleOrMissing(true);
        const position = await takeSampleOut(ctx.db, { by: p, at: ctx.now, to }, row.id, place, reason);
        taken.push({ barcode: row.code, position });
      }
      ctx.audit({
        action: 'tempStorage.takeOut',
        entity: 'specimenBarcode',
        entityId: null,
        newValue: { taken },
        reason,
      });
      return { count: taken.length };
    },
  });
}
