import { endpoints, SAMPLE_CONTAINER_DICT, STOCK_OUT_REASON_DICT } from '@trialab/api-contract';
import type { FastifyInstance } from 'fastify';
import { registerGroup } from '../../lib/route.js';
import { setStatus, staleOrMissing, uniqueOr } from '../../lib/versioned.js';
import { enabledDictValues } from '../../services/dictionaries.js';
import {
  enabledStockOutTypes,
  insertSampleType,
  insertStockOutType,
  insertTemperature,
  pageSampleTypes,
  pageStockOutTypes,
  pageTemperatures,
  sampleTypeById,
  stockOutTypeById,
  storageConditionOf,
  temperatureById,
  updateSampleType,
  updateStockOutType,
  updateTemperature,
} from './repository.js';
import { assertContainer, assertStorageCondition, stockOutReasons, temperatureValues } from './service.js';

/** /platform/sample-type, /platform/temperature, /platform/out-warehouse: the lab's reference data, audited. */
export async function referenceDataRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, endpoints.sampleTypes, {
    paging: (ctx) => pageSampleTypes(ctx.db, ctx.body, ctx.lang),
    create: async (ctx) => {
      const { storageTemperatureId } = ctx.body;
      assertContainer(ctx.body.container, await enabledDictValues(ctx.db, SAMPLE_CONTAINER_DICT));
      if (storageTemperatureId != null) {
        assertStorageCondition(storageTemperatureId, await storageConditionOf(ctx.db, storageTemperatureId));
      }
      const row = await uniqueOr(ctx.lang, () => insertSampleType(ctx.db, ctx.body));
      ctx.audit({ action: 'sampleTypes.create', entity: 'sampleType', entityId: row.id, newValue: ctx.body });
      return row;
    },
    update: async (ctx) => {
      const { version, ...values } = ctx.body;
      const before = await sampleTypeById(ctx.db, ctx.params.id);
      assertContainer(
        values.container,
        await enabledDictValues(ctx.db, SAMPLE_CONTAINER_DICT),
        before.container,
      );
      // Keeping a condition that was disabled since is allowed; choosing one is not.
      if (
        values.storageTemperatureId != null &&
        values.storageTemperatureId !== before.storageTemperatureId
      ) {
        const id = values.storageTemperatureId;
        assertStorageCondition(id, await storageConditionOf(ctx.db, id));
      }
      const row = await uniqueOr(ctx.lang, () => updateSampleType(ctx.db, ctx.params.id, version, values));
      if (!row) throw staleOrMissing(true);
      ctx.audit({
        action: 'sampleTypes.update',
        entity: 'sampleType',
        entityId: before.id,
        oldValue: before,
        newValue: ctx.body,
      });
      return row;
    },
    setStatus: (ctx) =>
      setStatus(
        ctx,
        { action: 'sampleTypes.setStatus', entity: 'sampleType' },
        sampleTypeById,
        updateSampleType,
      ),
  });

  registerGroup(app, endpoints.temperatures, {
    paging: (ctx) => pageTemperatures(ctx.db, ctx.body),
    create: async (ctx) => {
      const row = await uniqueOr(ctx.lang, () => insertTemperature(ctx.db, temperatureValues(ctx.body)));
      ctx.audit({
        action: 'temperatures.create',
        entity: 'temperature',
        entityId: row.id,
        newValue: ctx.body,
      });
      return row;
    },
    update: async (ctx) => {
      const { version, ...values } = ctx.body;
      const before = await temperatureById(ctx.db, ctx.params.id);
      const row = await uniqueOr(ctx.lang, () =>
        updateTemperature(ctx.db, ctx.params.id, version, temperatureValues(values)),
      );
      if (!row) throw staleOrMissing(true);
      ctx.audit({
        action: 'temperatures.update',
        entity: 'temperature',
        entityId: before.id,
        oldValue: before,
        newValue: ctx.body,
      });
      return row;
    },
    setStatus: (ctx) =>
      setStatus(
        ctx,
        { action: 'temperatures.setStatus', entity: 'temperature' },
        temperatureById,
        updateTemperature,
      ),
  });

  registerGroup(app, endpoints.stockOutTypes, {
    paging: (ctx) => pageStockOutTypes(ctx.db, ctx.body),
    enabled: (ctx) => enabledStockOutTypes(ctx.db),
    create: async (ctx) => {
      const reasons = stockOutReasons(
        ctx.body.reasons,
        await enabledDictValues(ctx.db, STOCK_OUT_REASON_DICT),
      );
      const values = { ...ctx.body, reasons };
      const row = await uniqueOr(ctx.lang, () => insertStockOutType(ctx.db, values));
      ctx.audit({
        action: 'stockOutTypes.create',
        entity: 'stockOutType',
        entityId: row.id,
        newValue: values,
      });
      return row;
    },
    update: async (ctx) => {
      const { version, ...input } = ctx.body;
      const before = await stockOutTypeById(ctx.db, ctx.params.id);
      const reasons = stockOutReasons(
        input.reasons,
        await enabledDictValues(ctx.db, STOCK_OUT_REASON_DICT),
        before.reasons,
      );
      const values = { ...input, reasons };
      const row = await uniqueOr(ctx.lang, () => updateStockOutType(ctx.db, before.id, version, values));
      if (!row) throw staleOrMissing(true);
      ctx.audit({
        action: 'stockOutTypes.update',
        entity: 'stockOutType',
        entityId: before.id,
        oldValue: before,
        newValue: { ...values, version },
      });
      return row;
    },
    setStatus: (ctx) =>
      setStatus(
        ctx,
        { action: 'stockOutTypes.setStatus', entity: 'stockOutType' },
        stockOutTypeById,
        updateStockOutType,
      ),
  });
}
