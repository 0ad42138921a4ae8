// Legal holds and consent withdrawals of the specimen library (docs/library.md "Legal hold and
// consent withdrawal"): set on specimens (by barcode) or on a subject, lifted one by one, each with a
// reason and an e-signature, audited. The position engine refuses what a flag forbids
// (services/library-holds/holds.ts); the bills show it on their lines.
import { createHash } from 'node:crypto';
import { endpoints, type HoldKind, holdKindWord, type Lang, ResultCode } from '@trialab/api-contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isUniqueViolation } from '../../db/errors.js';
import { labSubjects } from '../../db/schema-lab.js';
import { libraryHolds } from '../../db/schema-library-holds.js';
import { specimenBarcodes } from '../../db/schema-specimen.js';
import { ApiError, notFound } from '../../lib/errors.js';
import { t } from '../../lib/i18n.js';
import { registerGroup, type SessionCtx } from '../../lib/route.js';
import { inScope } from '../../lib/scope.js';
import { coveringHolds } from '../../services/library-holds/holds.js';
import type { LIBRARY_HOLD_MESSAGES } from '../../services/library-holds/messages.js';
import { lockSpecimens } from '../../services/positions/engine.js';
import { confirmSigner, eSign, type Signer } from '../../services/signatures.js';
import { barcodeScope, knownBarcodes } from '../specimen/repository.js';
import { coveredSpecimens, openHolders, pageHolds } from './repository.js';

const { libraryHolds: api } = endpoints;

/** The audited record and the signatures' entity. */
const HOLD_ENTITY = 'libraryHold';
const SIGNATURE_MEANING: Record<'set' | 'lift', Record<Lang, string>> = {
  set: {
    zh_CN: '设置样本标记：确认按所述原因锁定样本',
    en_US: 'Flag set: the specimens are held for the reason given',
    zh_HK: '設置樣本標記：確認按所述原因鎖定樣本',
  },
  lift: {
    zh_CN: '解除样本标记：确认按所述原因解除锁定',
    en_US: 'Flag lifted: the hold ends for the reason given',
    zh_HK: '解除樣本標記：確認按所述原因解除鎖定',
  },
};

const refuse = (key: keyof typeof LIBRARY_HOLD_MESSAGES, params: Record<string, string | number> = {}) =>
  new ApiError(ResultCode.INVALID_STATE, { key, params });

const hashOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

async function sign(ctx: SessionCtx, signer: Signer, id: number, action: 'set' | 'lift', content: unknown) {
  await eSign(ctx.db, signer, {
    entity: HOLD_ENTITY,
    entityId: id,
    action,
    meaning: SIGNATURE_MEANING[action][ctx.lang],
    contentHash: hashOf(content),
    at: ctx.now,
  });
}

interface Target {
  specimenId: number | null;
  subjectId: number | null;
  projectId: number;
  /** How the refusals and the audit name it. */
  what: string;
}

/** The specimens or the subject a request flags, each in the caller's scope (else refused, unnamed). */
async function targetsOf(
  ctx: SessionCtx,
  body: { barcodes?: string[] | undefined; subjectId?: number | undefined },
): Promise<Target[]> {
  const scope = await ctx.scope();
  if (!body.barcodes === !body.subjectId)
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'holdTarget', params: {} });
  if (body.subjectId) {
    const [subject] = await ctx.db.select().from(labSubjects).where(eq(labSubjects.id, body.subjectId));
    if (!subject || !inScope(scope, subject.projectId, subject.siteId)) throw notFound();
    return [
      {
        specimenId: null,
        subjectId: subject.id,
        projectId: subject.projectId,
        what: t(ctx.lang, 'holdSubject', { no: subject.subjectNo }),
      },
    ];
  }
  const known = await knownBarcodes(ctx.db, scope, body.barcodes ?? []);
  return known.map((k) => ({
    specimenId: k.id,
    subjectId: null,
    projectId: k.projectId,
    what: t(ctx.lang, 'holdSpecimen', { code: k.code }),
  }));
}

async function setHolds(
  ctx: SessionCtx,
  body: {
    kind: HoldKind;
    barcodes?: string[] | undefined;
    subjectId?: number | undefined;
    reason: string;
    signature: { password: string };
  },
) {
  const signer = await confirmSigner(ctx, body.signature);
  const targets = await targetsOf(ctx, body);
  const specimenIds = targets.flatMap((x) => (x.specimenId ? [x.specimenId] : []));
  // Every specimen the flag covers is locked, so an action checked at the same time waits for it.
  const covered = await coveredSpecimens(
    ctx.db,
    body.subjectId ? { subjectId: body.subjectId } : { specimenIds },
  );
  await lockSpecimens(ctx.db, covered);
  const already = await ctx.db
    .select({ specimenId: libraryHolds.specimenId, subjectId: libraryHolds.subjectId })
    .from(libraryHolds)
    .where(
      and(
        eq(libraryHolds.kind, body.kind),
        isNull(libraryHolds.liftedAt),
        body.subjectId
          ? eq(libraryHolds.subjectId, body.subjectId)
          : inArray(libraryHolds.specimenId, specimenIds),
      ),
    );
  const first = targets.find((x) =>
    already.some((a) => (x.subjectId ? a.subjectId === x.subjectId : a.specimenId === x.specimenId)),
  );
  const hold = holdKindWord(body.kind, ctx.lang);
  if (first) throw refuse('holdAlready', { what: first.what, hold });
  let rows: Array<{ id: number }>;
  try {
    rows = await ctx.db
      .insert(libraryHolds)
      .values(
        targets.map((x) => ({
          kind: body.kind,
          specimenId: x.specimenId,
          subjectId: x.subjectId,
          projectId: x.projectId,
          reason: body.reason,
          setBy: ctx.principal.userId,
          setAt: ctx.now,
        })),
      )
      .returning({ id: libraryHolds.id });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new ApiError(ResultCode.DUPLICATE, {
        key: 'holdAlready',
        params: { what: targets[0]?.what ?? '', hold },
      });
    throw error;
  }
  for (const [i, row] of rows.entries()) {
    const target = targets[i];
    const content = { kind: body.kind, what: target?.what, reason: body.reason };
    await sign(ctx, signer, row.id, 'set', content);
    ctx.audit({
      action: 'libraryHolds.set',
      entity: HOLD_ENTITY,
      entityId: row.id,
      newValue: {
        kind: body.kind,
        specimenId: target?.specimenId ?? null,
        subjectId: target?.subjectId ?? null,
        projectId: target?.projectId,
        reason: body.reason,
      },
      reason: body.reason,
    });
  }
  return { ids: rows.map((r) => r.id), ...(await openHolders(ctx.db, covered)) };
}

async function liftHold(
  ctx: SessionCtx,
  id: number,
  body: { reason: string; signature: { password: string } },
) {
  const signer = await confirmSigner(ctx, body.signature);
  const [row] = await ctx.db.select().from(libraryHolds).where(eq(libraryHolds.id, id));
  if (!row) throw notFound();
  const scope = await ctx.scope();
  const [site] = await ctx.db
    .select({ siteId: specimenBarcodes.siteId })
    .from(specimenBarcodes)
    .where(eq(specimenBarcodes.id, row.specimenId ?? 0));
  const [subject] = await ctx.db
    .select({ siteId: labSubjects.siteId })
    .from(labSubjects)
    .where(eq(labSubjects.id, row.subjectId ?? 0));
  if (!inScope(scope, row.projectId, subject?.siteId ?? site?.siteId ?? -1)) throw notFound();
  const lifted = await ctx.db
    .update(libraryHolds)
    .set({ liftedBy: ctx.principal.userId, liftedAt: ctx.now, liftReason: body.reason })
    .where(and(eq(libraryHolds.id, id), isNull(libraryHolds.liftedAt)))
    .returning({ id: libraryHolds.id });
  if (lifted.length === 0) throw refuse('holdLifted', { at: row.liftedAt?.toISOString() ?? '' });
  await sign(ctx, signer, id, 'lift', { id, kind: row.kind, reason: body.reason });
  ctx.audit({
    action: 'libraryHolds.lift',
    entity: HOLD_ENTITY,
    entityId: id,
    oldValue: { kind: row.kind, reason: row.reason, liftedAt: null },
    newValue: { kind: row.kind, liftReason: body.reason, liftedAt: ctx.now.toISOString() },
    reason: body.reason,
  });
  return { id };
}

/** The library's legal holds and consent withdrawals (docs/library.md). */
export async function libraryHoldRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, api, {
    page: async (ctx) => {
      const { page, size, ...filter } = ctx.body;
      return pageHolds(ctx.db, await ctx.scope(), filter, { page, size });
    },
    specimens: async (ctx) => {
      // Specimens outside the caller's scope are left out, as if they had no flag.
      const visible = await ctx.db
        .select({ id: specimenBarcodes.id })
        .from(specimenBarcodes)
        .where(and(inArray(specimenBarcodes.id, ctx.body.ids), barcodeScope(await ctx.scope())));
      const covering = await coveringHolds(
        ctx.db,
        visible.map((v) => v.id),
      );
      return [...covering].map(([specimenId, holds]) => ({ specimenId, holds }));
    },
    set: async (ctx) => setHolds(ctx, ctx.body),
    lift: async (ctx) => liftHold(ctx, ctx.params.id, ctx.body),
  });
}
