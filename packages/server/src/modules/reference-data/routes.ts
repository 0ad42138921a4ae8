import { endpoints } from '@trialab/api-contract';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.js';
import { registerGroup, type SessionCtx } from '../../lib/route.js';
import { staleOrMissing, uniqueOr } from '../../lib/versioned.js';
import {
  insertSampleType,
  insertTemperature,
  pageSampleTypes,
  pageTemperatures,
  sampleTypeById,
  storageConditionOf,
  temperatureById,
  updateSampleType,
  updateTemperature,
} from './repository.js';
import { assertStorageCondition, statusChange, temperatureValues } from './service.js';

type Versioned = { id: number; enabled: boolean; version: number };
type StatusCtx = Pick<SessionCtx, 'db' | 'audit'> & {
  params: { id: number };
  body: { enabled: boolean; version: number };
};

/** Enables or disables one record at the version read (the same state again changes nothing), audited. */
export async function setStatus(
  ctx: StatusCtx,
  names: { action: string; entity: string },
  read: (db: Executor, id: number) => Promise<Versioned>,
  write: (
    db: Executor,
    id: number,
    version: number,
    values: { enabled: boolean },
  ) => Promise<{ version: number } | undefined>,
): Promise<{ version: number }> {
  const before = await read(ctx.db, ctx.params.id);
  const change = statusChange(before, ctx.body.enabled, ctx.body.version);
  if (change.unchanged) return { version: change.version };
  const row = await write(ctx.db, before.id, ctx.body.version, { enabled: ctx.body.enabled });
  if (!row) throw staleOrMissing(true);
  ctx.audit({
    ...names,
    entityId: before.id,
    oldValue: { enabled: before.enabled },
    newValue: { enabled: ctx.body.enabled },
  });
  return row;
}

/** /platform/sample-type and /platform/temperature: the lab's reference data, audited. */
export async function referenceDataRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, endpoints.sampleTypes, {
    paging: (ctx) => pageSampleTypes(ctx.db, ctx.body),
    create: async (ctx) => {
      const { storageTemperatureId } = ctx.body;
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
}
