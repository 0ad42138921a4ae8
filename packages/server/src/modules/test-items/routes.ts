import { endpoints, ResultCode } from '@trialab/api-contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.js';
import { testItems } from '../../db/schema.js';
import { testItemSettings } from '../../db/schema-lab.js';
import { ApiError, notFound } from '../../lib/errors.js';
import { t } from '../../lib/i18n.js';
import type { Ctx } from '../../lib/route.js';
import { Page, registerGroup, SENT } from '../../lib/route.js';
import { staleOrMissing, uniqueOr } from '../../lib/versioned.js';
import { findTestItem, pageTestItems, sampleTypeExists, testItemFiles } from './repository.js';

const api = endpoints.testItems;

type Settings = {
  sampleTypeId?: number | null | undefined;
  methodology?: string | null | undefined;
  unit?: string | null | undefined;
  referenceRange?: string | null | undefined;
  resultType: 'numeric' | 'text';
  decimals: number;
  tatHours?: number | null | undefined;
  remark?: string | null | undefined;
  fileIds: number[];
};

/** A bad sample type is a clear 400, never a foreign-key 500 (file ids: the route pipeline). */
async function checkReferences(
  ctx: Ctx<typeof api.create | typeof api.update>,
  body: Settings,
): Promise<void> {
  if (body.sampleTypeId != null && !(await sampleTypeExists(ctx.db, body.sampleTypeId))) {
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'sampleTypeMissing' });
  }
}

function settingsValues(body: Settings, userId: number, now: Date) {
  return {
    sampleTypeId: body.sampleTypeId ?? null,
    methodology: body.methodology ?? null,
    unit: body.unit ?? null,
    referenceRange: body.referenceRange ?? null,
    resultType: body.resultType,
    decimals: body.decimals,
    tatHours: body.tatHours ?? null,
    remark: body.remark ?? null,
    fileIds: [...new Set(body.fileIds)],
    updatedBy: userId,
    updatedAt: now,
  };
}

async function setEnabled(db: Executor, id: number, enabled: boolean) {
  return db
    .update(testItems)
    .set({ enabled, version: sql`${testItems.version} + 1` })
    .where(and(eq(testItems.id, id), eq(testItems.enabled, !enabled)))
    .returning({ version: testItems.version });
}

export async function testItemRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, api, {
    paging: async (ctx) => {
      const { page, size, ...filter } = ctx.body;
      const { rows, total } = await pageTestItems(ctx.db, filter, page, size);
      return new Page(rows, total);
    },
    get: async (ctx) => {
      const row = await findTestItem(ctx.db, ctx.params.id);
      if (!row) throw notFound();
      return row;
    },
    dataFiles: async (ctx) => {
      if (ctx.query.testItemId !== undefined && !(await findTestItem(ctx.db, ctx.query.testItemId))) {
        throw notFound();
      }
      return testItemFiles(ctx.db, ctx.query.testItemId);
    },
    create: async (ctx) => {
      const p = ctx.principal;
      const { code, name, enName, ...settings } = ctx.body;
      await checkReferences(ctx, settings);
      const [row] = await uniqueOr(ctx.lang, () =>
        ctx.db
          .insert(testItems)
          .values({ code, name, enName })
          .returning({ id: testItems.id, version: testItems.version }),
      );
      if (!row) throw new Error('insert returned nothing');
      await ctx.db
        .insert(testItemSettings)
        .values({ testItemId: row.id, ...settingsValues(settings, p.userId, ctx.now) });
      ctx.audit({ action: 'testItems.create', entity: 'testItem', entityId: row.id, newValue: ctx.body });
      return row;
    },
    update: async (ctx) => {
      const p = ctx.principal;
      const { id, version, code, name, enName, ...settings } = ctx.body;
      const before = await findTestItem(ctx.db, id);
      if (!before) throw staleOrMissing(false);
      await checkReferences(ctx, settings);
      const [row] = await uniqueOr(ctx.lang, () =>
        ctx.db
          .update(testItems)
          .set({ code, name, enName, version: sql`${testItems.version} + 1` })
          .where(and(eq(testItems.id, id), eq(testItems.version, version)))
          .returning({ version: testItems.version }),
      );
      if (!row) throw staleOrMissing(true);
      const values = settingsValues(settings, p.userId, ctx.now);
      await ctx.db
        .insert(testItemSettings)
        .values({ testItemId: id, ...values })
        .onConflictDoUpdate({ target: testItemSettings.testItemId, set: values });
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
      const before = await findTestItem(ctx.db, ctx.params.id);
      if (!before) throw notFound();
      const [row] = await setEnabled(ctx.db, ctx.params.id, true);
      if (!row) {
        // SPEC section 8: enabling answers HTTP 400 as a non-failure; the string body code '400' tells
        // the console to ignore it. Nothing changed, and the audit says so.
        ctx.audit({
          action: 'testItems.enable',
          entity: 'testItem',
          entityId: before.id,
          newValue: { unchanged: true },
        });
        ctx.reply.code(400).send({ code: '400', msg: t(ctx.lang, 'testItemAlreadyEnabled'), data: null });
        return SENT;
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
      const before = await findTestItem(ctx.db, ctx.params.id);
      if (!before) throw notFound();
      const [row] = await setEnabled(ctx.db, ctx.params.id, false);
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
