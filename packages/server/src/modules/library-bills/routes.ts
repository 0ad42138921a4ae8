// The specimen library's bills (docs/library.md "Bills"): outbound (out, pre, post, backup) and
// destruction. Lines hold their specimens from creation; review by someone else with an
// e-signature (destruction: two authorisers, one with QA); confirmation by scanning boxes and tubes
// with the differences settled first; every change of place through the position engine.

import { createHash } from 'node:crypto';
import {
  BILL_MAX_LINES,
  BILL_PERMISSIONS,
  type BillFamily,
  type BillKind,
  type BillState,
  CUSTODY_ACTION_WORDS,
  DESTROY_REASON_DICT,
  destroyBillWorkflow,
  endpoints,
  LIBRARY_STATE_WORDS,
  LINE_WARNINGS,
  libraryWord,
  OUTBOUND_REASON_DICT,
  outboundBillWorkflow,
  ResultCode,
  type ResultCodeValue,
  WILDCARD_PERMISSION,
  type WorkflowDef,
} from '@trialab/api-contract';
import { and, asc, eq, inArray, notExists, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isUniqueViolation } from '../../db/errors.js';
import { projects, stockOutTypes } from '../../db/schema.js';
import { specimenPositions, storageBoxes } from '../../db/schema-library.js';
import {
  specimenBillAuthorisations,
  specimenBillLines,
  specimenBills,
} from '../../db/schema-library-bills.js';
import { specimenBarcodes } from '../../db/schema-specimen.js';
import { printContext, renderDocument } from '../../documents/document.js';
import { canonicalJson } from '../../lib/audit.js';
import { download } from '../../lib/download.js';
import { ApiError, notFound } from '../../lib/errors.js';
import { localNameColumn } from '../../lib/local-name.js';
import { type RawReply, registerGroup, type SessionCtx } from '../../lib/route.js';
import { assertProjectInScope } from '../../lib/scope.js';
import { dateStamp } from '../../lib/time-zone.js';
import { applyTransition, nextNumber } from '../../lib/workflow.js';
import { takesFrom } from '../../services/bills/eligibility.js';
import { billReference, holdingBills } from '../../services/bills/holds.js';
import type { BILL_MESSAGES } from '../../services/bills/messages.js';
import { enabledDictValues } from '../../services/dictionaries.js';
import { assign, lockSpecimens } from '../../services/positions/engine.js';
import { holdProblem } from '../../services/positions/holds.js';
import { confirmSigner, eSign, insertSignature, type Signer } from '../../services/signatures.js';
import { assertReasonGiven } from '../lab/service.js';
import { targets } from '../library/service.js';
import { identify } from '../library-custody/service.js';
import { knownBarcodes } from '../specimen/repository.js';
import { pickList } from './pick-list.js';
import { type Bill, billDetail, billOf, lineRows, pageBills, scanStateOf } from './repository.js';

const { libraryBills: api } = endpoints;

const workflowOf = (family: BillFamily) =>
  (family === 'destroy' ? destroyBillWorkflow : outboundBillWorkflow) as unknown as WorkflowDef<
    BillState,
    string
  >;
const FINAL: readonly string[] = ['closed', 'rejected', 'cancelled'];
const refuse = (
  code: ResultCodeValue,
  key: keyof typeof BILL_MESSAGES,
  params: Record<string, string | number> = {},
) => new ApiError(code, { key, params });

interface CreateInput {
  projectId: number;
  reason: string;
  remark?: string | null | undefined;
  stockOutTypeId?: number;
  recipient?: string;
  destination?: string;
  plannedAt?: string | null | undefined;
  removedAt?: string | null | undefined;
  deviation?: string | null | undefined;
  lines?: Array<{ barcode: string; quantityUl?: number | null | undefined }> | null | undefined;
  filter?:
    | {
        boxId?: number | null | undefined;
        unitId?: number | null | undefined;
        sampleTypeId?: number | null | undefined;
        visit?: string | null | undefined;
      }
    | null
    | undefined;
}

/** The specimens a filter finds: stored, of the project, on no open bill, in pick-list order. */
async function filtered(ctx: SessionCtx, projectId: number, filter: NonNullable<CreateInput['filter']>) {
  const rows = await ctx.db
    .select({ id: specimenBarcodes.id, code: specimenBarcodes.code })
    .from(specimenBarcodes)
    .innerJoin(specimenPositions, eq(specimenPositions.specimenId, specimenBarcodes.id))
    .innerJoin(storageBoxes, eq(storageBoxes.id, specimenPositions.boxId))
    .where(
      and(
        eq(specimenBarcodes.projectId, projectId),
        eq(specimenBarcodes.library, 'stored'),
        eq(specimenPositions.status, 'stored'),
        filter.boxId ? eq(storageBoxes.id, filter.boxId) : undefined,
        filter.unitId ? eq(storageBoxes.unitId, filter.unitId) : undefined,
        filter.sampleTypeId ? eq(specimenBarcodes.sampleTypeId, filter.sampleTypeId) : undefined,
        filter.visit ? eq(specimenBarcodes.visit, filter.visit) : undefined,
        notExists(
          ctx.db
            .select({ one: sql`1` })
            .from(specimenBillLines)
            .where(
              and(eq(specimenBillLines.specimenId, specimenBarcodes.id), eq(specimenBillLines.held, true)),
            ),
        ),
      ),
    )
    .orderBy(
      asc(storageBoxes.unitId),
      asc(storageBoxes.code),
      asc(specimenPositions.row),
      asc(specimenPositions.col),
    )
    .limit(BILL_MAX_LINES + 1);
  if (rows.length === 0) throw refuse(ResultCode.BAD_REQUEST, 'billFilterEmpty');
  if (rows.length > BILL_MAX_LINES)
    throw refuse(ResultCode.BAD_REQUEST, 'billTooMany', { max: BILL_MAX_LINES, found: `>${BILL_MAX_LINES}` });
  return rows.map((r) => ({ code: r.code, quantityUl: null }));
}

/** Checks a new bill's header against its kind, then its lines; writes the bill and its lines (held). */
async function createBill(ctx: SessionCtx, kind: BillKind, input: CreateInput) {
  const scope = await ctx.scope();
  assertProjectInScope(scope, input.projectId);
  const [project] = await ctx.db
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.id, input.projectId));
  if (!project)
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'invalidReference', params: { field: 'projectId' } });
  const today = dateStamp(ctx.now, ctx.timeZone).replace(/^(\d{4})(\d{2})(\d{2})$/, '$1-$2-$3');
  if (kind === 'destroy') {
    if (!(await enabledDictValues(ctx.db, DESTROY_REASON_DICT)).has(input.reason))
      throw refuse(ResultCode.BAD_REQUEST, 'billReason', { value: input.reason, dict: DESTROY_REASON_DICT });
  } else {
    const [type] = await ctx.db
      .select()
      .from(stockOutTypes)
      .where(and(eq(stockOutTypes.id, input.stockOutTypeId ?? 0), eq(stockOutTypes.enabled, true)));
    if (!type) throw refuse(ResultCode.BAD_REQUEST, 'billStockOutType');
    const enabled = await enabledDictValues(ctx.db, OUTBOUND_REASON_DICT);
    if (!type.reasons.includes(input.reason) || !enabled.has(input.reason))
      throw refuse(ResultCode.BAD_REQUEST, 'billReason', { value: input.reason, dict: OUTBOUND_REASON_DICT });
    if (kind === 'pre' && (!input.plannedAt || input.plannedAt < today))
      throw refuse(ResultCode.BAD_REQUEST, 'billPlannedAt');
    if (kind === 'post' && (!input.removedAt || input.removedAt > today || !input.deviation))
      throw refuse(ResultCode.BAD_REQUEST, 'billDeviation');
  }
  if (!input.lines === !input.filter) throw refuse(ResultCode.BAD_REQUEST, 'billLinesOrFilter');
  const wanted = input.lines
    ? input.lines.map((l) => ({ code: l.barcode, quantityUl: l.quantityUl ?? null }))
    : await filtered(ctx, input.projectId, input.filter ?? {});
  const known = await knownBarcodes(
    ctx.db,
    scope,
    wanted.map((w) => w.code),
  );
  const specimens = await lockSpecimens(
    ctx.db,
    known.map((k) => k.id),
  );
  const held = await holdingBills(ctx.db, [...specimens.keys()]);
  const volumes = new Map(
    (
      await ctx.db
        .select({ id: specimenBarcodes.id, volumeUl: specimenBarcodes.volumeUl })
        .from(specimenBarcodes)
        .where(inArray(specimenBarcodes.id, [...specimens.keys()]))
    ).map((r) => [r.id, r.volumeUl]),
  );
  const action = kind === 'destroy' ? 'destroy' : 'outbound';
  const lines = known.map((k, i) => {
    const s = specimens.get(k.id);
    const quantityUl = wanted[i]?.quantityUl ?? null;
    if (!s) throw notFound();
    if (s.projectId !== input.projectId)
      throw refuse(ResultCode.BAD_REQUEST, 'billOtherProject', { code: s.code });
    if (!takesFrom(kind, 'draft').includes(s.library as never))
      throw refuse(ResultCode.INVALID_STATE, 'billNotStored', {
        code: s.code,
        state: libraryWord(LIBRARY_STATE_WORDS, s.library, ctx.lang),
        action: libraryWord(CUSTODY_ACTION_WORDS, action, ctx.lang),
      });
    const other = held.get(s.id);
    if (other) throw refuse(ResultCode.INVALID_STATE, 'billOnAnother', { code: s.code, bill: other });
    if (quantityUl !== null) {
      if (kind === 'destroy' || kind === 'post')
        throw refuse(ResultCode.BAD_REQUEST, 'billPartialKind', { code: s.code });
      const volume = volumes.get(s.id);
      if (volume != null && quantityUl >= volume)
        throw refuse(ResultCode.BAD_REQUEST, 'billPartial', { code: s.code, volume });
    }
    return { specimenId: s.id, whole: quantityUl === null, quantityUl };
  });
  if (kind === 'backup') await assertBackups(ctx, specimens, lines);
  // Whatever else holds a specimen (an open move request, ...) refuses it now, not at confirmation.
  const otherHold = await holdProblem(
    ctx.db,
    ctx.lang,
    [...specimens.values()].map((s) => ({ id: s.id, code: s.code, action })),
    null,
  );
  if (otherHold) throw otherHold;
  const billNo = await nextNumber(ctx.db, kind === 'destroy' ? 'XH' : 'CK', ctx.now, ctx.timeZone);
  const values = {
    billNo,
    kind,
    status: 'draft',
    projectId: input.projectId,
    stockOutTypeId: kind === 'destroy' ? null : (input.stockOutTypeId ?? null),
    reason: input.reason,
    recipient: input.recipient ?? null,
    destination: input.destination ?? null,
    plannedAt: kind === 'pre' ? (input.plannedAt ?? null) : null,
    removedAt: kind === 'post' ? (input.removedAt ?? null) : null,
    deviation: kind === 'post' ? (input.deviation ?? null) : null,
    remark: input.remark || null,
  };
  const [bill] = await ctx.db
    .insert(specimenBills)
    .values({ ...values, createdBy: ctx.principal.userId, createdAt: ctx.now, updatedAt: ctx.now })
    .returning({ id: specimenBills.id });
  if (!bill) throw notFound();
  try {
    await ctx.db.insert(specimenBillLines).values(lines.map((l) => ({ ...l, billId: bill.id })));
  } catch (error) {
    if (isUniqueViolation(error)) throw refuse(ResultCode.DUPLICATE, 'billHeldMeanwhile');
    throw error;
  }
  ctx.audit({
    action: kind === 'destroy' ? 'destroyBill.create' : 'outboundBill.create',
    entity: 'specimenBill',
    entityId: bill.id,
    newValue: { ...values, lines: lines.length },
  });
  return { id: bill.id, billNo, lines: lines.length };
}

/** A backup sends aliquots only, and each leaves another aliquot (or the parent) of its specimen stored. */
async function assertBackups(
  ctx: SessionCtx,
  specimens: Awaited<ReturnType<typeof lockSpecimens>>,
  lines: Array<{ specimenId: number }>,
) {
  const onBill = new Set(lines.map((l) => l.specimenId));
  const parents = [...specimens.values()].map((s) => s.parentId);
  const orphan = [...specimens.values()].find((s) => s.parentId === null);
  if (orphan) throw refuse(ResultCode.BAD_REQUEST, 'billBackupAliquot', { code: orphan.code });
  const family = await ctx.db
    .select({ id: specimenBarcodes.id, parentId: specimenBarcodes.parentId })
    .from(specimenBarcodes)
    .where(
      and(
        eq(specimenBarcodes.library, 'stored'),
        or(
          inArray(specimenBarcodes.id, parents as number[]),
          inArray(specimenBarcodes.parentId, parents as number[]),
        ),
      ),
    );
  for (const s of specimens.values()) {
    const stays = family.some((f) => !onBill.has(f.id) && (f.id === s.parentId || f.parentId === s.parentId));
    if (!stays) throw refuse(ResultCode.BAD_REQUEST, 'billBackupAliquot', { code: s.code });
  }
}

/** Frees a bill's specimens (it was carried out, rejected or cancelled). */
const release = (ctx: SessionCtx, billId: number) =>
  ctx.db.update(specimenBillLines).set({ held: false }).where(eq(specimenBillLines.billId, billId));

/** Fires one transition on a bill (state, actor, version, event and audit), then frees it if final. */
async function fire(
  ctx: SessionCtx,
  bill: Bill,
  action: string,
  version: number,
  reason: string | null = null,
  patch: Partial<typeof specimenBills.$inferInsert> = {},
): Promise<{ version: number; status: BillState }> {
  const workflow = workflowOf(bill.kind === 'destroy' ? 'destroy' : 'outbound');
  assertReasonGiven(workflow, action, reason);
  const status = await applyTransition(
    ctx,
    ctx.principal,
    workflow,
    { id: bill.id, status: bill.status as BillState, creatorId: bill.createdBy },
    { action, version, reason },
    async (next) =>
      (
        await ctx.db
          .update(specimenBills)
          .set({ ...patch, status: next.status, version: next.version, updatedAt: ctx.now })
          .where(and(eq(specimenBills.id, bill.id), eq(specimenBills.version, version)))
          .returning({ id: specimenBills.id })
      ).length > 0,
  );
  if (FINAL.includes(status)) await release(ctx, bill.id);
  return { version: version + 1, status };
}

const custody = (ctx: SessionCtx, bill: Bill, reason: string | null) => ({
  userId: ctx.principal.userId,
  at: ctx.now,
  batchId: crypto.randomUUID(),
  reference: billReference(bill.billNo),
  reason,
});

/** What an e-signature on a bill signs: its number, kind, state and lines (specimen and quantity). */
async function contentHash(ctx: SessionCtx, bill: Bill) {
  const lines = await ctx.db
    .select({ code: specimenBarcodes.code, whole: specimenBillLines.whole, q: specimenBillLines.quantityUl })
    .from(specimenBillLines)
    .innerJoin(specimenBarcodes, eq(specimenBarcodes.id, specimenBillLines.specimenId))
    .where(eq(specimenBillLines.billId, bill.id))
    .orderBy(asc(specimenBarcodes.code));
  const content = { billNo: bill.billNo, kind: bill.kind, reason: bill.reason, lines };
  return createHash('sha256').update(canonicalJson(content)).digest('hex');
}

async function sign(ctx: SessionCtx, signer: Signer, bill: Bill, action: string, meaning: string) {
  await eSign(ctx.db, signer, {
    entity: 'specimenBill',
    entityId: bill.id,
    action,
    meaning,
    contentHash: await contentHash(ctx, bill),
    at: ctx.now,
  });
}

/** Refuses to approve or carry out a bill while a line may not go (its problems named). */
async function assertEligible(ctx: SessionCtx, bill: Bill) {
  const lines = await lineRows(ctx.db, bill, ctx.lang, ctx.now);
  const blocking = (l: (typeof lines)[number]) => l.problems.filter((p) => !LINE_WARNINGS.includes(p));
  const bad = lines.find((l) => l.missingNote === null && blocking(l).length > 0);
  if (bad)
    throw refuse(ResultCode.INVALID_STATE, 'billLineProblems', {
      code: bad.barcode,
      problems: blocking(bad).join(', '),
    });
  return lines;
}

const can = (ctx: SessionCtx, permission: string) =>
  ctx.principal.isSuper ||
  ctx.principal.permissions.has(WILDCARD_PERMISSION) ||
  ctx.principal.permissions.has(permission);

/** The scan at the handover: box barcodes confirm their tubes on the bill, tubes themselves, the rest are extras. */
async function scan(ctx: SessionCtx, family: BillFamily, barcodes: string[]) {
  const bill = await billOf(ctx.db, family, await ctx.scope(), ctx.params.id as number, true);
  if (bill.status !== 'approved' || bill.kind === 'post')
    throw new ApiError(ResultCode.INVALID_STATE, {
      key: 'invalidState',
      params: { state: bill.status, action: 'scan' },
    });
  const lines = await lineRows(ctx.db, bill, ctx.lang, ctx.now);
  const boxes = await ctx.db
    .select({ id: storageBoxes.id, code: storageBoxes.code })
    .from(storageBoxes)
    .where(inArray(storageBoxes.code, barcodes));
  const boxIds = new Set(boxes.map((b) => b.id));
  const boxCodes = new Set(boxes.map((b) => b.code));
  const byCode = new Map(lines.map((l) => [l.barcode, l]));
  const hit = new Set<number>();
  const extras = new Set(bill.extras);
  for (const code of barcodes) {
    if (boxCodes.has(code)) {
      for (const l of lines)
        if (l.boxId !== null && boxIds.has(l.boxId) && l.missingNote === null) hit.add(l.id);
      continue;
    }
    const line = byCode.get(code);
    if (line && line.missingNote === null) hit.add(line.id);
    else if (!line) extras.add(code);
  }
  const fresh = [...hit].filter((id) => !lines.find((l) => l.id === id)?.scanned);
  if (fresh.length > 0)
    await ctx.db
      .update(specimenBillLines)
      .set({ scannedAt: ctx.now, scannedBy: ctx.principal.userId })
      .where(inArray(specimenBillLines.id, fresh));
  await ctx.db
    .update(specimenBills)
    .set({ extras: [...extras] })
    .where(eq(specimenBills.id, bill.id));
  ctx.audit({
    action: `${workflowOf(family).id}.scan`,
    entity: 'specimenBill',
    entityId: bill.id,
    newValue: { scanned: barcodes.length, confirmed: fresh.length, extras: [...extras] },
  });
  return scanStateOf(
    lines.map((l) => ({ ...l, scanned: l.scanned || hit.has(l.id) })),
    [...extras],
  );
}

async function reconcile(
  ctx: SessionCtx,
  family: BillFamily,
  body: { missing: Array<{ lineId: number; note: string }>; putBack: string[] },
) {
  const bill = await billOf(ctx.db, family, await ctx.scope(), ctx.params.id as number, true);
  if (bill.status !== 'approved')
    throw new ApiError(ResultCode.INVALID_STATE, {
      key: 'invalidState',
      params: { state: bill.status, action: 'reconcile' },
    });
  const lines = await lineRows(ctx.db, bill, ctx.lang, ctx.now);
  for (const m of body.missing) {
    const line = lines.find((l) => l.id === m.lineId);
    if (!line || line.scanned) throw refuse(ResultCode.BAD_REQUEST, 'billLineUnknown', { line: m.lineId });
    await ctx.db
      .update(specimenBillLines)
      .set({ missingNote: m.note, held: false })
      .where(eq(specimenBillLines.id, m.lineId));
    line.missingNote = m.note;
  }
  const extras = bill.extras.filter((e) => !body.putBack.includes(e));
  await ctx.db.update(specimenBills).set({ extras }).where(eq(specimenBills.id, bill.id));
  ctx.audit({
    action: `${workflowOf(family).id}.reconcile`,
    entity: 'specimenBill',
    entityId: bill.id,
    newValue: { missing: body.missing, putBack: body.putBack },
  });
  return scanStateOf(lines, extras);
}

/** The lines to carry out at confirmation: every difference settled, at least one line left. */
async function linesToCarryOut(ctx: SessionCtx, bill: Bill) {
  const lines = await assertEligible(ctx, bill);
  const state = scanStateOf(lines, bill.extras);
  if (state.missing.length > 0 || state.extras.length > 0)
    throw refuse(ResultCode.INVALID_STATE, 'billDifferences', {
      missing: state.missing.length,
      extras: state.extras.length,
    });
  const live = lines.filter((l) => l.missingNote === null);
  if (live.length === 0) throw refuse(ResultCode.INVALID_STATE, 'billNothingLeft');
  return live;
}

async function cancel(ctx: SessionCtx, family: BillFamily, body: { version: number; reason: string }) {
  const bill = await billOf(ctx.db, family, await ctx.scope(), ctx.params.id as number, true);
  // A post bill's specimens left on submission: it is reviewed (acknowledged or rejected), not cancelled.
  if (bill.kind === 'post' && bill.status !== 'draft')
    throw refuse(ResultCode.INVALID_STATE, 'billKindAction', { action: cancelWord(ctx) });
  return fire(ctx, bill, 'cancel', body.version, body.reason);
}
const cancelWord = (ctx: SessionCtx) => (ctx.lang === 'en_US' ? 'cancelled' : '取消');

async function submit(ctx: SessionCtx, family: BillFamily, version: number) {
  const bill = await billOf(ctx.db, family, await ctx.scope(), ctx.params.id as number, true);
  if (bill.kind === 'post' && bill.status === 'draft') {
    // The specimens are already gone: the library says so now; the review comes afterwards.
    const lines = await ctx.db
      .select({ specimenId: specimenBillLines.specimenId })
      .from(specimenBillLines)
      .where(eq(specimenBillLines.billId, bill.id));
    await assign(
      ctx.db,
      ctx.lang,
      lines.map((l) => ({ action: 'outbound' as const, specimenId: l.specimenId })),
      custody(ctx, bill, bill.deviation),
    );
  }
  return fire(ctx, bill, 'submit', version);
}

/** The pick list of a bill in the caller's projects, as a PDF in the reader's language. */
async function sendPickList(ctx: SessionCtx, family: BillFamily): Promise<RawReply> {
  const bill = await billOf(ctx.db, family, await ctx.scope(), ctx.params.id as number);
  const detail = await billDetail(ctx.db, bill, ctx.lang, ctx.now);
  const pdf = await renderDocument(pickList, detail, printContext(ctx));
  return download({ name: `${bill.billNo}-pick-list.pdf`, mime: 'application/pdf', content: pdf });
}

/** The specimen library's bills (docs/library.md "Bills"). */
export async function libraryBillRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, api, {
    // ---- outbound ----
    outboundTypes: async (ctx) =>
      ctx.db
        .select({
          id: stockOutTypes.id,
          code: stockOutTypes.code,
          name: localNameColumn(stockOutTypes, ctx.lang),
          returnsSample: stockOutTypes.returnsSample,
          reasons: stockOutTypes.reasons,
        })
        .from(stockOutTypes)
        .where(eq(stockOutTypes.enabled, true))
        .orderBy(asc(stockOutTypes.sort), asc(stockOutTypes.id)),
    outboundList: async (ctx) => pageBills(ctx.db, 'outbound', await ctx.scope(), ctx.body, ctx.lang),
    outboundDetail: async (ctx) =>
      billDetail(
        ctx.db,
        await billOf(ctx.db, 'outbound', await ctx.scope(), ctx.params.id),
        ctx.lang,
        ctx.now,
      ),
    outboundPickList: async (ctx) => sendPickList(ctx, 'outbound'),
    outboundCreate: async (ctx) => createBill(ctx, ctx.body.kind, ctx.body),
    outboundSubmit: async (ctx) => submit(ctx, 'outbound', ctx.body.version),
    outboundCancel: async (ctx) => cancel(ctx, 'outbound', ctx.body),
    outboundReview: async (ctx) => {
      const { action, version, signature } = ctx.body;
      const bill = await billOf(ctx.db, 'outbound', await ctx.scope(), ctx.params.id, true);
      if ((action === 'acknowledge') !== (bill.kind === 'post') && action !== 'reject')
        throw refuse(ResultCode.INVALID_STATE, 'billKindAction', {
          action:
            ctx.lang === 'en_US'
              ? action === 'approve'
                ? 'approved before the handover'
                : 'acknowledged'
              : action === 'approve'
                ? '事前审核'
                : '事后确认',
        });
      const signer = action === 'reject' ? null : await confirmSigner(ctx, signature);
      if (action === 'approve') await assertEligible(ctx, bill);
      const result = await fire(ctx, bill, action, version, ctx.body.reason ?? null);
      if (signer)
        await sign(ctx, signer, bill, action, action === 'approve' ? 'approval' : 'acknowledgement');
      return result;
    },
    outboundScan: async (ctx) => scan(ctx, 'outbound', ctx.body.barcodes),
    outboundReconcile: async (ctx) => reconcile(ctx, 'outbound', ctx.body),
    outboundConfirm: async (ctx) => {
      const bill = await billOf(ctx.db, 'outbound', await ctx.scope(), ctx.params.id, true);
      if (bill.kind === 'post')
        throw refuse(ResultCode.INVALID_STATE, 'billKindAction', {
          action: ctx.lang === 'en_US' ? 'confirmed' : '确认',
        });
      if (bill.status !== 'approved')
        // the workflow names the state
        return fire(ctx, bill, 'confirm', ctx.body.version);
      const live = await linesToCarryOut(ctx, bill);
      // The receiver identified against the project's authorised list (or the fallback); kept as a result.
      const receiver = await identify(ctx, bill, 'receiver', ctx.body.identity);
      const whole = live.filter((l) => l.whole);
      if (whole.length > 0)
        await assign(
          ctx.db,
          ctx.lang,
          whole.map((l) => ({ action: 'outbound' as const, specimenId: l.specimenId })),
          custody(ctx, bill, null),
        );
      for (const l of live.filter((x) => !x.whole && x.quantityUl !== null))
        await ctx.db
          .update(specimenBarcodes)
          .set({ volumeUl: sql`${specimenBarcodes.volumeUl} - ${l.quantityUl}` })
          .where(and(eq(specimenBarcodes.id, l.specimenId), sql`${specimenBarcodes.volumeUl} is not null`));
      const [type] = await ctx.db
        .select({ returnsSample: stockOutTypes.returnsSample })
        .from(stockOutTypes)
        .where(eq(stockOutTypes.id, bill.stockOutTypeId ?? 0));
      const lends = !!type?.returnsSample && whole.length > 0;
      const result = await fire(ctx, bill, lends ? 'confirm' : 'close', ctx.body.version, null, {
        receiverName: receiver.personName,
        confirmedBy: ctx.principal.userId,
        confirmedAt: ctx.now,
      });
      await release(ctx, bill.id);
      return result;
    },
    outboundReturn: async (ctx) => {
      const bill = await billOf(ctx.db, 'outbound', await ctx.scope(), ctx.params.id, true);
      if (bill.status !== 'confirmed')
        throw new ApiError(ResultCode.INVALID_STATE, {
          key: 'invalidState',
          params: {
            state:
              outboundBillWorkflow.words[bill.status as BillState]?.[
                ctx.lang === 'en_US' ? 'en-US' : 'zh-CN'
              ] ?? bill.status,
            action: libraryWord(CUSTODY_ACTION_WORDS, 'return', ctx.lang),
          },
        });
      const lines = await lineRows(ctx.db, bill, ctx.lang, ctx.now);
      const out = lines.filter((l) => l.whole && l.missingNote === null && l.returnedAt === null);
      for (const item of ctx.body.items)
        if (!out.some((l) => l.barcode === item.barcode))
          throw refuse(ResultCode.BAD_REQUEST, 'billNotReturning', { code: item.barcode });
      const assignments = await targets(ctx, ctx.body.items, 'return');
      const placed = await assign(ctx.db, ctx.lang, assignments, custody(ctx, bill, null));
      for (const p of placed) {
        const line = out.find((l) => l.specimenId === p.specimenId);
        const box = assignments.find((a) => a.specimenId === p.specimenId);
        if (!line || !box || !('to' in box)) continue;
        await ctx.db
          .update(specimenBillLines)
          .set({ returnedAt: ctx.now, returnBoxId: box.to.boxId, returnPosition: p.position })
          .where(eq(specimenBillLines.id, line.id));
      }
      ctx.audit({
        action: 'outboundBill.return',
        entity: 'specimenBill',
        entityId: bill.id,
        newValue: { returned: placed.map((p) => ({ code: p.code, box: p.box, position: p.position })) },
      });
      const allBack = out.length === placed.length;
      if (!allBack)
        return { version: bill.version, status: bill.status as BillState, returned: placed.length };
      const closed = await fire(ctx, bill, 'close', bill.version);
      return { ...closed, returned: placed.length };
    },
    // ---- destruction ----
    destroyList: async (ctx) => pageBills(ctx.db, 'destroy', await ctx.scope(), ctx.body, ctx.lang),
    destroyDetail: async (ctx) =>
      billDetail(
        ctx.db,
        await billOf(ctx.db, 'destroy', await ctx.scope(), ctx.params.id),
        ctx.lang,
        ctx.now,
      ),
    destroyPickList: async (ctx) => sendPickList(ctx, 'destroy'),
    destroyCreate: async (ctx) => createBill(ctx, 'destroy', ctx.body),
    destroySubmit: async (ctx) => submit(ctx, 'destroy', ctx.body.version),
    destroyCancel: async (ctx) => cancel(ctx, 'destroy', ctx.body),
    destroyReview: async (ctx) => {
      const { action, version, signature } = ctx.body;
      const bill = await billOf(ctx.db, 'destroy', await ctx.scope(), ctx.params.id, true);
      if (action === 'reject') return fire(ctx, bill, action, version, ctx.body.reason ?? null);
      const signer = await confirmSigner(ctx, signature);
      await assertEligible(ctx, bill);
      const qa = can(ctx, BILL_PERMISSIONS.destroyQa);
      if (action === 'approve' && bill.status === 'authorised') {
        const [first] = await ctx.db
          .select()
          .from(specimenBillAuthorisations)
          .where(and(eq(specimenBillAuthorisations.billId, bill.id), eq(specimenBillAuthorisations.step, 1)));
        if (first?.userId === ctx.principal.userId) throw refuse(ResultCode.FORBIDDEN, 'billSameAuthoriser');
        if (!first?.qa && !qa) throw refuse(ResultCode.FORBIDDEN, 'billNoQa');
      }
      const result = await fire(ctx, bill, action, version, ctx.body.reason ?? null);
      await ctx.db.insert(specimenBillAuthorisations).values({
        billId: bill.id,
        step: action === 'authorise' ? 1 : 2,
        userId: ctx.principal.userId,
        qa,
        at: ctx.now,
      });
      await sign(ctx, signer, bill, action, qa ? 'authorisation (QA)' : 'authorisation');
      return result;
    },
    destroyScan: async (ctx) => scan(ctx, 'destroy', ctx.body.barcodes),
    destroyReconcile: async (ctx) => reconcile(ctx, 'destroy', ctx.body),
    destroyConfirm: async (ctx) => {
      const { version, method, certificate, witness } = ctx.body;
      const bill = await billOf(ctx.db, 'destroy', await ctx.scope(), ctx.params.id, true);
      if (bill.status !== 'approved') return fire(ctx, bill, 'confirm', version);
      // The witness identified (devices, or another user's password where the lab allows it).
      const witnessed = await identify(ctx, bill, 'witness', witness);
      const live = await linesToCarryOut(ctx, bill);
      await assign(
        ctx.db,
        ctx.lang,
        live.map((l) => ({ action: 'destroy' as const, specimenId: l.specimenId })),
        custody(ctx, bill, `${method}; ${certificate}`),
      );
      const result = await fire(ctx, bill, 'confirm', version, null, {
        method,
        certificate,
        witnessId: witnessed.userId,
        confirmedBy: ctx.principal.userId,
        confirmedAt: ctx.now,
      });
      // A password is the witness's own e-signature; a device identification is kept as its check.
      if (witness.method === 'password' && witnessed.userId !== null)
        await insertSignature(ctx.db, {
          entity: 'specimenBill',
          entityId: bill.id,
          action: 'witness',
          meaning: 'witness of destruction',
          userId: witnessed.userId,
          signerName: witnessed.personName,
          signedAt: ctx.now,
          contentHash: await contentHash(ctx, bill),
        });
      return result;
    },
  });
}
