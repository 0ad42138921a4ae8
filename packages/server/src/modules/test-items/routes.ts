import { endpoints, ResultCode } from '@trialab/api-contract';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.js';
import { ApiError, notFound } from '../../lib/errors.js';
import { t } from '../../lib/i18n.js';
import { Page, RawReply, registerGroup } from '../../lib/route.js';
import { staleOrMissing, uniqueOr } from '../../lib/versioned.js';
import {
  findTestItem,
  insertTestItem,
  pageTestItems,
  sampleTypeExists,
  saveSettings,
  setEnabled,
  testItemById,
  testItemFiles,
  updateTestItem,
} from './repository.js';
import { assertSampleTypeKnown, type Settings, settingsValues } from './service.js';

const api = endpoints.testItems;

/** The sample type, when one is given, exists. */
async function checkReferences(db: Executor, settings: Settings): Promise<void> {
  const id = settings.sampleTypeId;
  assertSampleTypeKnown(settings, id != null && (await sampleTypeExists(db, id)));
}

export async function testItemRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, api, {
    paging: async (ctx) => {
      const { page, size, ...filter } = ctx.body;
      const { rows, total } = await pageTestItems(ctx.db, filter, page, size);
      return new Page(rows, total);
    },
    get: (ctx) => testItemById(ctx.db, ctx.params.id),
    dataFiles: async (ctx) => {
      if (ctx.query.testItemId !== undefined && !(await findTestItem(ctx.db, ctx.query.testItemId))) {
        throw notFound();
      }
      return testItemFiles(ctx.db, ctx.query.testItemId);
    },
    create: async (ctx) => {
      const p = ctx.principal;
      const { code, name, enName, ...settings } = ctx.body;
      await checkReferences(ctx.db, settings);
      const row = await uniqueOr(ctx.lang, () => insertTestItem(ctx.db, { code, name, enName }));
      await saveSettings(ctx.db, row.id, settingsValues(settings, p.userId, ctx.now));
      ctx.audit({ action: 'testItems.create', entity: 'testItem', entityId: row.id, newValue: ctx.body });
      return row;
    },
    update: async (ctx) => {
      const p = ctx.principal;
      const { id, version, code, name, enName, ...settings } = ctx.body;
      const before = await testItemById(ctx.db, id, () => staleOrMissing(false));
      await checkReferences(ctx.db, settings);
      const row = await uniqueOr(ctx.lang, () => updateTestItem(ctx.db, id, version, { code, name, enName }));
      if (!row) throw staleOrMissing(true);
      await saveSettings(ctx.db, id, settingsValues(settings, p.userId, ctx.now));
      ctx.audit({
        action: 'testItems.update',
        entity: 'testItem',
        entityId: id,
        oldValue: before,
        newValue: ctx.body,
      });
      return { version: row.version };
    },
    enable: async (ctx) => {
      const before = await testItemById(ctx.db, ctx.params.id);
      const row = await setEnabled(ctx.db, ctx.params.id, true);
      if (!row) {
        // SPEC section 8: enabling answers HTTP 400 as a non-failure; the string body code '400' tells
        // the console to ignore it. Nothing changed, and the audit says so.
        ctx.audit({
          action: 'testItems.enable',
          entity: 'testItem',
          entityId: before.id,
          newValue: { unchanged: true },
        });
        const msg = t(ctx.lang, 'testItemAlreadyEnabled');
        return new RawReply(async (reply) => reply.code(400).send({ code: '400', msg, data: null }));
      }
      ctx.audit({
        action: 'testItems.enable',
        entity: 'testItem',
        entityId: before.id,
        oldValue: { enabled: false },
        newValue: { enabled: true },
      });
      return { version: row.version };
    },
    disable: async (ctx) => {
      const before = await testItemById(ctx.db, ctx.params.id);
      const row = await setEnabled(ctx.db, ctx.params.id, false);
      if (!row) throw new ApiError(ResultCode.BAD_REQUEST, { key: 'testItemAlreadyDisabled' });
      ctx.audit({
        action: 'testItems.disable',
        entity: 'testItem',
        entityId: before.id,
        oldValue: { enabled: true },
        newValue: { enabled: false },
      });
      return { version: row.version };
    },
  });
}
