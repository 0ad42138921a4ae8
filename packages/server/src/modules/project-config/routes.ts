import { endpoints, PROJECT_CONFIG_ENTITIES, ResultCode, VOID_REASON_DICT } from '@trialab/api-contract';
import type { FastifyInstance } from 'fastify';
import { download } from '../../lib/download.js';
import { ApiError } from '../../lib/errors.js';
import { Page, registerGroup } from '../../lib/route.js';
import type { SiteScope } from '../../lib/scope.js';
import { zonedTime } from '../../lib/time-zone.js';
import { staleOrMissing } from '../../lib/versioned.js';
import { XLSX_MIME } from '../../lib/xlsx.js';
import { AUDIT_EXPORT_MAX, auditWorkbook } from '../../services/audit-trail/export.js';
import { auditOptions, auditRows, pageAudit } from '../../services/audit-trail/queries.js';
import { withRefs } from '../../services/audit-trail/refs.js';
import { enabledDictValues } from '../../services/dictionaries.js';
import { checkedProject } from '../../services/scope.js';
import {
  deleteRange,
  deleteVoided,
  enabledItems,
  insertRange,
  insertVoided,
  pageVoided,
  projectRanges,
  rangeById,
  testItemExists,
  updateRange,
  voidedAmong,
  voidedByIds,
} from './repository.js';
import {
  assertBandFree,
  assertNotVoidedYet,
  assertRangeValid,
  assertVoidReason,
  distinctCodes,
} from './service.js';

const { voidedBarcodes, projectTestItems, projectItemLog } = endpoints;

/** The item log's filter: configuration entities of the projects the caller sees (one when asked). */
function logFilter(scope: SiteScope, f: { projectId?: number | undefined }) {
  const seen = scope.all ? undefined : [...scope.projectIds];
  const projectIds = f.projectId ? (seen && !seen.includes(f.projectId) ? [] : [f.projectId]) : seen;
  return { entities: PROJECT_CONFIG_ENTITIES, projectIds };
}

/** /project/barcode-disabled, /project/test-project-config, /project/item-log; every change audited. */
export async function projectConfigRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, voidedBarcodes, {
    paging: async (ctx) => pageVoided(ctx.db, await ctx.scope(), ctx.body),
    void: async (ctx) => {
      const { projectId, reasonCode, reason } = ctx.body;
      await checkedProject(ctx.db, await ctx.scope(), projectId);
      assertVoidReason(await enabledDictValues(ctx.db, VOID_REASON_DICT), reasonCode, reason);
      const codes = distinctCodes(ctx.body.codes);
      assertNotVoidedYet(await voidedAmong(ctx.db, projectId, codes));
      const by = { projectId, reasonCode, reason, voidedBy: ctx.principal.userId, voidedAt: ctx.now };
      await insertVoided(
        ctx.db,
        codes.map((code) => ({ ...by, code })),
      );
      ctx.audit({
        action: 'voidedBarcodes.void',
        entity: 'voidedBarcode',
        entityId: null,
        newValue: { projectId, codes, reasonCode },
        reason,
      });
      return { count: codes.length };
    },
    restore: async (ctx) => {
      const { ids, reason } = ctx.body;
      const rows = await voidedByIds(ctx.db, await ctx.scope(), ids);
      // One asked for is gone or out of scope: nothing is restored.
      if (rows.length !== new Set(ids).size) throw staleOrMissing(false);
      if ((await deleteVoided(ctx.db, ids)) !== rows.length) throw staleOrMissing(false);
      // One entry per project, so the item log finds each under its project.
      for (const projectId of new Set(rows.map((r) => r.projectId))) {
        const mine = rows.filter((r) => r.projectId === projectId);
        ctx.audit({
          action: 'voidedBarcodes.restore',
          entity: 'voidedBarcode',
          entityId: null,
          oldValue: { projectId, codes: mine.map((r) => r.code), reasons: mine.map((r) => r.reason) },
          reason,
        });
      }
      return { count: rows.length };
    },
  });

  registerGroup(app, projectTestItems, {
    items: (ctx) => enabledItems(ctx.db),
    list: async (ctx) => {
      await checkedProject(ctx.db, await ctx.scope(), ctx.body.projectId);
      return projectRanges(ctx.db, ctx.body.projectId);
    },
    save: async (ctx) => {
      const { id, version, ...fields } = ctx.body;
      const values = {
        projectId: fields.projectId,
        testItemId: fields.testItemId,
        sex: fields.sex ?? null,
        ageMin: fields.ageMin ?? null,
        ageMax: fields.ageMax ?? null,
        low: fields.low ?? null,
        high: fields.high ?? null,
        unit: fields.unit || null,
        text: fields.text || null,
      };
      assertRangeValid(values);
      await checkedProject(ctx.db, await ctx.scope(), values.projectId);
      if (!(await testItemExists(ctx.db, values.testItemId)))
        throw new ApiError(ResultCode.BAD_REQUEST, {
          key: 'invalidReference',
          params: { field: 'testItemId' },
        });
      const before = id ? await rangeById(ctx.db, id) : null;
      if (before && before.projectId !== values.projectId) throw staleOrMissing(false);
      const others = (await projectRanges(ctx.db, values.projectId)).filter(
        (r) => r.testItemId === values.testItemId,
      );
      assertBandFree({ ...values, id }, others);
      const row = before
        ? await updateRange(ctx.db, before.id, version ?? 0, { ...values, updatedAt: ctx.now })
        : await insertRange(ctx.db, { ...values, updatedAt: ctx.now });
      if (!row) throw staleOrMissing(true);
      ctx.audit({
        action: before ? 'projectTestItems.update' : 'projectTestItems.create',
        entity: 'projectTestItem',
        entityId: row.id,
        oldValue: before ? { ...before, updatedAt: undefined } : null,
        newValue: values,
      });
      return row;
    },
    remove: async (ctx) => {
      const before = await rangeById(ctx.db, ctx.params.id);
      await checkedProject(ctx.db, await ctx.scope(), before.projectId);
      if (!(await deleteRange(ctx.db, before.id))) throw staleOrMissing(false);
      ctx.audit({
        action: 'projectTestItems.delete',
        entity: 'projectTestItem',
        entityId: before.id,
        oldValue: { ...before, updatedAt: undefined },
      });
      return true;
    },
  });

  registerGroup(app, projectItemLog, {
    paging: async (ctx) => {
      const { page, size, projectId, ...filter } = ctx.body;
      const scope = await ctx.scope();
      const result = await pageAudit(ctx.db, { ...filter, ...logFilter(scope, { projectId }) }, page, size);
      return new Page(await withRefs(ctx.db, result.rows, ctx.lang), result.total);
    },
    options: async (ctx) => auditOptions(ctx.db, logFilter(await ctx.scope(), {})),
    export: async (ctx) => {
      const { projectId, ...filter } = ctx.body;
      const scope = await ctx.scope();
      const rows = await withRefs(
        ctx.db,
        await auditRows(ctx.db, { ...filter, ...logFilter(scope, { projectId }) }, AUDIT_EXPORT_MAX),
        ctx.lang,
      );
      const time = zonedTime(ctx);
      return download({
        name: `project-log-${time.date(ctx.now)}.xlsx`,
        mime: XLSX_MIME,
        content: await auditWorkbook(rows, ctx.lang, time),
      });
    },
  });
}
