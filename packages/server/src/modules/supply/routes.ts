// Supply (docs/supply.md): the catalogue and kits, the stock ledger (stock-in, moves, stocktakes),
// the settings, the FEFO plan of a dispatch, reorder suggestions and lot recall.
import { endpoints, ResultCode, stocktakeWorkflow } from '@trialab/api-contract';
import type { FastifyInstance } from 'fastify';
import { ApiError, notFound } from '../../lib/errors.js';
import { registerGroup, type SessionCtx } from '../../lib/route.js';
import { assertProjectInScope } from '../../lib/scope.js';
import { zonedTime } from '../../lib/time-zone.js';
import { staleOrMissing } from '../../lib/versioned.js';
import { applyTransition, nextNumber } from '../../lib/workflow.js';
import { assertSupplierMayDeliver } from '../supply-suppliers/service.js';
import { lotRecall } from './recall.js';
import { reorderSuggestions } from './reorder.js';
import {
  codeTaken,
  consumableById,
  fefoPlanOf,
  insertConsumable,
  insertLot,
  insertMovements,
  insertStocktake,
  kitById,
  kitNameTaken,
  lockConsumables,
  lotById,
  lotByNo,
  lotInStore,
  movementsByIds,
  onHandOf,
  pageConsumables,
  pageKits,
  pageMovements,
  pageStock,
  pageStocktakes,
  readSupplySettings,
  stocktakeById,
  storeExists,
  storeList,
  updateConsumable,
  updateStocktake,
  writeKit,
  writeSupplySettings,
} from './repository.js';
import { assertCovers, sameAmount } from './service.js';

const api = endpoints.supply;

/** The caller's today (YYYY-MM-DD in the request's zone). */
export const todayOf = (ctx: Pick<SessionCtx, 'timeZone' | 'lang' | 'now'>) => zonedTime(ctx).date(ctx.now);

async function assertStore(ctx: SessionCtx, storeId: number) {
  if (!(await storeExists(ctx.db, storeId)))
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'supplyStoreUnknown' });
}

/** A kit of the caller's projects that is not a plan's (those are edited in their plan). */
async function editableKit(ctx: SessionCtx, id: number) {
  const kit = await kitById(ctx.db, id);
  assertProjectInScope(await ctx.scope(), kit.projectId);
  if (kit.planNo)
    throw new ApiError(ResultCode.INVALID_STATE, { key: 'supplyKitOfPlan', params: { plan: kit.planNo } });
  return kit;
}

async function saveKit(
  ctx: SessionCtx,
  id: number | null,
  body: {
    projectId: number;
    name: string;
    deliveryModel: string;
    items: Array<{ consumableId: number; quantityPerKit: number }>;
  },
) {
  assertProjectInScope(await ctx.scope(), body.projectId);
  if (await kitNameTaken(ctx.db, body.projectId, body.name, id ?? 0))
    throw new ApiError(ResultCode.DUPLICATE, { key: 'supplyKitNameTaken', params: { name: body.name } });
  const kitId = await writeKit(ctx.db, id, body);
  if (kitId === null) throw new ApiError(ResultCode.BAD_REQUEST, { key: 'supplyKitItemUnknown' });
  return kitById(ctx.db, kitId);
}

export async function supplyRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, api, {
    consumablePage: async (ctx) => pageConsumables(ctx.db, ctx.body),
    consumableCreate: async (ctx) => {
      if (await codeTaken(ctx.db, ctx.body.code))
        throw new ApiError(ResultCode.DUPLICATE, { key: 'supplyCodeTaken', params: { code: ctx.body.code } });
      const id = await insertConsumable(ctx.db, {
        ...ctx.body,
        createdBy: ctx.principal.userId,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      });
      const row = await consumableById(ctx.db, id);
      ctx.audit({
        action: 'supply.consumableCreate',
        entity: 'supplyConsumable',
        entityId: id,
        newValue: row,
      });
      return row;
    },
    consumableUpdate: async (ctx) => {
      const id = ctx.params.id;
      const before = await consumableById(ctx.db, id);
      const { version, ...values } = ctx.body;
      if (await codeTaken(ctx.db, values.code, id))
        throw new ApiError(ResultCode.DUPLICATE, { key: 'supplyCodeTaken', params: { code: values.code } });
      if (!(await updateConsumable(ctx.db, id, version, { ...values, updatedAt: ctx.now })))
        throw staleOrMissing(true);
      const row = await consumableById(ctx.db, id);
      ctx.audit({
        action: 'supply.consumableUpdate',
        entity: 'supplyConsumable',
        entityId: id,
        oldValue: before,
        newValue: row,
      });
      return row;
    },
    kitPage: async (ctx) => pageKits(ctx.db, await ctx.scope(), ctx.body, ctx.lang),
    kitCreate: async (ctx) => {
      const kit = await saveKit(ctx, null, ctx.body);
      ctx.audit({ action: 'supply.kitCreate', entity: 'supplyKit', entityId: kit.id, newValue: kit });
      return kit;
    },
    kitUpdate: async (ctx) => {
      const before = await editableKit(ctx, ctx.params.id);
      const kit = await saveKit(ctx, before.id, ctx.body);
      ctx.audit({
        action: 'supply.kitUpdate',
        entity: 'supplyKit',
        entityId: kit.id,
        oldValue: before,
        newValue: kit,
      });
      return kit;
    },
    stores: async (ctx) => storeList(ctx.db, ctx.lang),
    stockPage: async (ctx) => pageStock(ctx.db, ctx.lang, todayOf(ctx), ctx.body),
    movementPage: async (ctx) => pageMovements(ctx.db, ctx.lang, ctx.body),
    stockIn: async (ctx) => {
      const body = ctx.body;
      const consumable = await consumableById(ctx.db, body.consumableId);
      if (!consumable.enabled)
        throw new ApiError(ResultCode.INVALID_STATE, {
          key: 'supplyConsumableDisabled',
          params: { code: consumable.code },
        });
      await assertStore(ctx, body.storeId);
      if (body.supplierId) await assertSupplierMayDeliver(ctx.db, body.supplierId, todayOf(ctx), ctx.lang);
      if (body.expiryDate < todayOf(ctx))
        throw new ApiError(ResultCode.BAD_REQUEST, {
          key: 'supplyLotExpired',
          params: { lot: body.lotNo, expiry: body.expiryDate },
        });
      await lockConsumables(ctx.db, [consumable.id]);
      // The same lot no. from another supplier is a lot of its own (docs/supply.md "Suppliers").
      const known = await lotByNo(ctx.db, consumable.id, body.lotNo, body.supplierId ?? null);
      if (known && (known.expiryDate !== body.expiryDate || !sameAmount(known.unitCost, body.unitCost)))
        throw new ApiError(ResultCode.INVALID_STATE, {
          key: 'supplyLotMismatch',
          params: { lot: body.lotNo, expiry: known.expiryDate, cost: known.unitCost },
        });
      const lotId =
        known?.id ??
        (await insertLot(ctx.db, {
          consumableId: consumable.id,
          lotNo: body.lotNo,
          expiryDate: body.expiryDate,
          unitCost: body.unitCost,
          certificateFileId: body.certificateFileId ?? null,
          supplierId: body.supplierId ?? null,
          createdBy: ctx.principal.userId,
          createdAt: ctx.now,
        }));
      const [id = 0] = await insertMovements(ctx.db, [
        {
          kind: 'in',
          lotId,
          storeId: body.storeId,
          quantity: body.quantity,
          createdBy: ctx.principal.userId,
          createdAt: ctx.now,
        },
      ]);
      const [row] = await movementsByIds(ctx.db, ctx.lang, [id]);
      if (!row) throw notFound();
      ctx.audit({
        action: 'supply.stockIn',
        entity: 'supplyLot',
        entityId: lotId,
        newValue: { ...body, movementId: id },
      });
      return row;
    },
    stockMove: async (ctx) => {
      const body = ctx.body;
      const lot = await lotById(ctx.db, body.lotId);
      await assertStore(ctx, body.storeId);
      await lockConsumables(ctx.db, [lot.consumableId]);
      const onHand = await onHandOf(ctx.db, lot.id, body.storeId);
      const by = { createdBy: ctx.principal.userId, createdAt: ctx.now, lotId: lot.id };
      let ids: number[];
      if (body.kind === 'transfer') {
        if (body.toStoreId === body.storeId)
          throw new ApiError(ResultCode.BAD_REQUEST, { key: 'supplySameStore' });
        await assertStore(ctx, body.toStoreId);
        assertCovers(onHand, body.quantity, lot.lotNo);
        const batch = await nextNumber(ctx.db, 'TR', ctx.now, ctx.timeZone);
        ids = await insertMovements(ctx.db, [
          { ...by, kind: 'transfer', storeId: body.storeId, quantity: -body.quantity, batch },
          { ...by, kind: 'transfer', storeId: body.toStoreId, quantity: body.quantity, batch },
        ]);
      } else {
        const delta = body.kind === 'adjust' ? body.quantity : -body.quantity;
        assertCovers(onHand, -delta, lot.lotNo);
        ids = await insertMovements(ctx.db, [
          { ...by, kind: body.kind, storeId: body.storeId, quantity: delta, reason: body.reason ?? null },
        ]);
      }
      const rows = await movementsByIds(ctx.db, ctx.lang, ids);
      ctx.audit({
        action: 'supply.stockMove',
        entity: 'supplyMovement',
        entityId: ids[0] ?? null,
        newValue: body,
      });
      return rows;
    },
    stocktakePage: async (ctx) => pageStocktakes(ctx.db, ctx.lang, ctx.body),
    stocktakeCreate: async (ctx) => {
      const body = ctx.body;
      const lot = await lotById(ctx.db, body.lotId);
      await assertStore(ctx, body.storeId);
      if (!(await lotInStore(ctx.db, lot.id, body.storeId)))
        throw new ApiError(ResultCode.BAD_REQUEST, {
          key: 'supplyStocktakeNoLot',
          params: { lot: lot.lotNo },
        });
      const id = await insertStocktake(ctx.db, {
        stocktakeNo: await nextNumber(ctx.db, 'ST', ctx.now, ctx.timeZone),
        lotId: lot.id,
        storeId: body.storeId,
        expected: await onHandOf(ctx.db, lot.id, body.storeId),
        counted: body.counted,
        reason: body.reason ?? null,
        status: 'pending',
        createdBy: ctx.principal.userId,
        createdAt: ctx.now,
      });
      const row = await stocktakeById(ctx.db, ctx.lang, id);
      ctx.audit({ action: 'supply.stocktakeCreate', entity: 'supplyStocktake', entityId: id, newValue: row });
      return row;
    },
    stocktakeReview: async (ctx) => {
      const { version, pass, reason } = ctx.body;
      const take = await stocktakeById(ctx.db, ctx.lang, ctx.params.id);
      const patch = {
        reviewedBy: ctx.principal.userId,
        reviewedAt: ctx.now,
        reviewReason: pass ? null : (reason ?? null),
      };
      await applyTransition(
        ctx,
        ctx.principal,
        stocktakeWorkflow,
        { id: take.id, status: take.status, creatorId: take.createdBy },
        {
          action: pass ? 'approve' : 'reject',
          version,
          reason: patch.reviewReason,
          patch: { variance: take.variance },
        },
        async (next) =>
          Boolean(await updateStocktake(ctx.db, take.id, version, { ...patch, status: next.status })),
      );
      if (pass && take.variance !== 0) {
        const lot = await lotById(ctx.db, take.lotId);
        const storeRow = take.storeId;
        await lockConsumables(ctx.db, [lot.consumableId]);
        assertCovers(await onHandOf(ctx.db, lot.id, storeRow), -take.variance, lot.lotNo);
        await insertMovements(ctx.db, [
          {
            kind: 'stocktake',
            lotId: lot.id,
            storeId: storeRow,
            quantity: take.variance,
            reason: take.reason,
            stocktakeId: take.id,
            batch: take.stocktakeNo,
            createdBy: ctx.principal.userId,
            createdAt: ctx.now,
          },
        ]);
      }
      return stocktakeById(ctx.db, ctx.lang, take.id);
    },
    settings: async (ctx) => readSupplySettings(ctx.db),
    settingsUpdate: async (ctx) => {
      const before = await readSupplySettings(ctx.db);
      await writeSupplySettings(ctx.db, ctx.body);
      ctx.audit({
        action: 'supply.settingsUpdate',
        entity: 'supplySettings',
        oldValue: before,
        newValue: ctx.body,
      });
      return ctx.body;
    },
    fefoPlan: async (ctx) => fefoPlanOf(ctx.db, await ctx.scope(), ctx.params.id, todayOf(ctx)),
    reorder: async (ctx) => reorderSuggestions(ctx.db, ctx.lang, todayOf(ctx), ctx.body.belowOnly ?? false),
    recall: async (ctx) => lotRecall(ctx.db, await ctx.scope(), ctx.params.id),
  });
}
