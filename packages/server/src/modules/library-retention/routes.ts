// Retention rules and expired specimens (docs/library.md "Retention and expired specimens"): the
// specimen-expired page's list and export, the rules tab, and keeping specimens longer (an
// extension with a reason and an e-signature). What a specimen's retention is comes from
// services/retention alone.
import { createHash } from 'node:crypto';
import { endpoints, RETENTION_MONTHS_MAX, ResultCode } from '@trialab/api-contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sampleTypes, stockOutTypes } from '../../db/schema.js';
import {
  retentionExtensionSpecimens,
  retentionExtensions,
  retentionRules,
} from '../../db/schema-library-retention.js';
import { canonicalJson } from '../../lib/audit.js';
import { download } from '../../lib/download.js';
import { ApiError, notFound } from '../../lib/errors.js';
import { t } from '../../lib/i18n.js';
import { registerGroup, type SessionCtx } from '../../lib/route.js';
import { assertProjectInScope } from '../../lib/scope.js';
import { zonedTime } from '../../lib/time-zone.js';
import { staleOrMissing } from '../../lib/versioned.js';
import { XLSX_MIME } from '../../lib/xlsx.js';
import { confirmSigner, eSign } from '../../services/signatures.js';
import type { LIBRARY_RETENTION_MESSAGES } from './messages.js';
import { exportExpired, pageExpired, pageRules, retentionOfStored } from './repository.js';

const { libraryRetention: api } = endpoints;

const refuse = (key: keyof typeof LIBRARY_RETENTION_MESSAGES, params: Record<string, string | number> = {}) =>
  new ApiError(ResultCode.BAD_REQUEST, { key, params });

interface RuleInput {
  sampleTypeId?: number | null | undefined;
  period: number;
  unit: 'month' | 'year';
  start: 'received' | 'studyEnd';
  instruction: 'destroy' | 'return' | 'keep';
  returnTypeId?: number | null | undefined;
  note?: string | null | undefined;
}

/** A rule's fields checked against the records; refusals in the caller's language, nothing written. */
async function ruleValues(ctx: SessionCtx, input: RuleInput) {
  if ((input.unit === 'year' ? input.period * 12 : input.period) > RETENTION_MONTHS_MAX)
    throw refuse('retentionPeriodTooLong', { max: RETENTION_MONTHS_MAX });
  if (input.sampleTypeId) {
    const [type] = await ctx.db
      .select({ id: sampleTypes.id })
      .from(sampleTypes)
      .where(and(eq(sampleTypes.id, input.sampleTypeId), eq(sampleTypes.enabled, true)));
    if (!type) throw refuse('retentionSampleTypeUnknown');
  }
  if (input.returnTypeId) {
    if (input.instruction !== 'return') throw refuse('retentionReturnTypeOnlyForReturn');
    const [type] = await ctx.db
      .select({ id: stockOutTypes.id })
      .from(stockOutTypes)
      .where(
        and(
          eq(stockOutTypes.id, input.returnTypeId),
          eq(stockOutTypes.enabled, true),
          eq(stockOutTypes.returnsSample, false),
        ),
      );
    if (!type) throw refuse('retentionReturnTypeUnknown');
  }
  return {
    sampleTypeId: input.sampleTypeId ?? null,
    period: input.period,
    unit: input.unit,
    start: input.start,
    instruction: input.instruction,
    returnTypeId: input.returnTypeId ?? null,
    note: input.note || null,
  };
}

/** A rule of the caller's projects (another project's is not found). */
async function ruleOf(ctx: SessionCtx, id: number) {
  const [rule] = await ctx.db.select().from(retentionRules).where(eq(retentionRules.id, id));
  const scope = await ctx.scope();
  if (!rule || (!scope.all && !scope.projectIds.has(rule.projectId))) throw notFound();
  return rule;
}

function expiredFilter(
  ctx: SessionCtx & { body: { dueFrom?: string | undefined; dueTo?: string | undefined } },
) {
  const { dueFrom, dueTo } = ctx.body;
  if (dueFrom && dueTo && dueFrom > dueTo) throw refuse('retentionDueRange');
  return zonedTime(ctx).date(ctx.now);
}

export async function libraryRetentionRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, api, {
    expiredList: async (ctx) => {
      const today = expiredFilter(ctx);
      const { page, size, ...filter } = ctx.body;
      return pageExpired(ctx.db, await ctx.scope(), { ...filter, today }, { page, size }, ctx.lang);
    },
    expiredExport: async (ctx) => {
      const today = expiredFilter(ctx);
      const time = zonedTime(ctx);
      const book = await exportExpired(ctx.db, await ctx.scope(), { ...ctx.body, today }, ctx.lang, time);
      return download({ name: `expired-samples-${today}.xlsx`, mime: XLSX_MIME, content: book });
    },
    extend: async (ctx) => {
      const { until, reason } = ctx.body;
      const ids = [...new Set(ctx.body.specimenIds)];
      const signer = await confirmSigner(ctx, ctx.body.signature);
      const known = await retentionOfStored(ctx.db, await ctx.scope(), ids);
      if (known.length < ids.length) throw notFound();
      for (const row of known) {
        if (row.endsOn === null) throw refuse('retentionNotCovered', { code: row.code });
        if (until <= row.endsOn)
          throw refuse('retentionUntilNotLater', { code: row.code, endsOn: row.endsOn });
      }
      const [extension] = await ctx.db
        .insert(retentionExtensions)
        .values({
          until,
          reason,
          timeZone: ctx.timeZone,
          createdBy: ctx.principal.userId,
          createdAt: ctx.now,
        })
        .returning({ id: retentionExtensions.id });
      if (!extension) throw notFound();
      await ctx.db
        .insert(retentionExtensionSpecimens)
        .values(ids.map((specimenId) => ({ extensionId: extension.id, specimenId })));
      const codes = known.map((r) => r.code).sort();
      await eSign(ctx.db, signer, {
        entity: 'retentionExtension',
        entityId: extension.id,
        action: 'extend',
        meaning: t(ctx.lang, 'retentionExtendMeaning', { until }),
        contentHash: createHash('sha256').update(canonicalJson({ until, reason, codes })).digest('hex'),
        at: ctx.now,
      });
      ctx.audit({
        action: 'libraryRetention.extend',
        entity: 'retentionExtension',
        entityId: extension.id,
        newValue: { until, reason, codes },
      });
      return { extended: ids.length };
    },
    ruleList: async (ctx) => {
      const { page, size, projectId } = ctx.body;
      return pageRules(ctx.db, await ctx.scope(), projectId, { page, size }, ctx.lang);
    },
    ruleCreate: async (ctx) => {
      assertProjectInScope(await ctx.scope(), ctx.body.projectId);
      const values = { projectId: ctx.body.projectId, ...(await ruleValues(ctx, ctx.body)) };
      const [row] = await ctx.db
        .insert(retentionRules)
        .values({
          ...values,
          timeZone: ctx.timeZone,
          createdBy: ctx.principal.userId,
          createdAt: ctx.now,
          updatedAt: ctx.now,
        })
        .returning({ id: retentionRules.id });
      if (!row) throw notFound();
      ctx.audit({
        action: 'libraryRetention.ruleCreate',
        entity: 'retentionRule',
        entityId: row.id,
        newValue: values,
      });
      return { id: row.id };
    },
    ruleUpdate: async (ctx) => {
      const { version, ...input } = ctx.body;
      const rule = await ruleOf(ctx, ctx.params.id);
      const values = await ruleValues(ctx, input);
      const [row] = await ctx.db
        .update(retentionRules)
        .set({ ...values, version: version + 1, updatedBy: ctx.principal.userId, updatedAt: ctx.now })
        .where(and(eq(retentionRules.id, rule.id), eq(retentionRules.version, version)))
        .returning({ version: retentionRules.version });
      if (!row) throw staleOrMissing(true);
      ctx.audit({
        action: 'libraryRetention.ruleUpdate',
        entity: 'retentionRule',
        entityId: rule.id,
        oldValue: {
          sampleTypeId: rule.sampleTypeId,
          period: rule.period,
          unit: rule.unit,
          start: rule.start,
          instruction: rule.instruction,
          returnTypeId: rule.returnTypeId,
          note: rule.note,
        },
        newValue: values,
      });
      return row;
    },
    ruleRemove: async (ctx) => {
      const rule = await ruleOf(ctx, ctx.params.id);
      const removed = await ctx.db
        .delete(retentionRules)
        .where(and(eq(retentionRules.id, rule.id), eq(retentionRules.version, ctx.body.version)))
        .returning({ id: retentionRules.id });
      if (removed.length === 0) throw staleOrMissing(true);
      ctx.audit({
        action: 'libraryRetention.ruleRemove',
        entity: 'retentionRule',
        entityId: rule.id,
        oldValue: {
          projectId: rule.projectId,
          sampleTypeId: rule.sampleTypeId,
          period: rule.period,
          unit: rule.unit,
          start: rule.start,
          instruction: rule.instruction,
        },
      });
      return { removed: removed.length };
    },
  });
}
