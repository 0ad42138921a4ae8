import { createHash } from 'node:crypto';
import {
  CONTRACT_SIGNATURE_MEANING,
  type ContractAction,
  type ContractState,
  contractWorkflow,
  dec,
  endpoints,
  MARKETING_PERMISSIONS,
  QUOTATION_SIGNATURE_MEANING,
  type QuotationAction,
  type QuotationState,
  quotationWorkflow,
  ResultCode,
  serviceKey,
  WILDCARD_PERMISSION,
} from '@trialab/api-contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  marketingContracts,
  marketingCustomers,
  marketingDiscountLimits,
  marketingQuotations,
  marketingRateCards,
} from '../../db/schema-marketing.js';
import { printContext, renderDocument } from '../../documents/document.js';
import { download } from '../../lib/download.js';
import { ApiError, notFound } from '../../lib/errors.js';
import { type Ctx, registerGroup, type SessionCtx } from '../../lib/route.js';
import { assertProjectInScope } from '../../lib/scope.js';
import { zonedTime } from '../../lib/time-zone.js';
import { staleOrMissing } from '../../lib/versioned.js';
import { applyTransition, authorIdsOf, eventsOf, nextNumber } from '../../lib/workflow.js';
import { enabledDictValues } from '../../services/dictionaries.js';
import { confirmSigner, eSign, signaturesOf } from '../../services/signatures.js';
import { onlinePlanOf } from '../projects/repository.js';
import { quotationDocument } from './quotation-pdf.js';
import {
  applicableVersions,
  type ContractLineInsert,
  contractLineInForce,
  contractNumberHolder,
  contractVersions,
  customerDetail,
  customerHasProject,
  customerNameHolder,
  customerOptions,
  discountLimits,
  endVersion,
  existingProjectIds,
  insertContractVersion,
  insertVersion,
  isEnabledStaff,
  latestVersion,
  pageContracts,
  pageCustomers,
  pageQuotations,
  pageRateCards,
  type QuotationLineInsert,
  quotationLines,
  quotationVersions,
  rateVersion,
  replaceContractProjects,
  replaceCustomerChildren,
  replaceQuotationLines,
  roleExists,
  testItemCodes,
  userDiscountLimit,
  visibleCard,
  visibleContract,
  visibleCustomer,
  visibleQuotation,
} from './repository.js';
import {
  assertCardScope,
  assertDiscountCovered,
  assertUniqueServices,
  assertValidity,
  type CustomerVisibility,
  contractUnitPrice,
  customerVisibility,
  dayBefore,
  plannedPerSubject,
  priceQuotation,
} from './service.js';

const {
  customer: customerApi,
  rateCard: rateCardApi,
  quotation: quotationApi,
  contract: contractApi,
} = endpoints;
const P = MARKETING_PERMISSIONS;

const visibility = (ctx: SessionCtx): CustomerVisibility => customerVisibility(ctx.principal, P.customerAll);
const today = (ctx: SessionCtx) => zonedTime(ctx).date(ctx.now);

/** Projects a caller names: they exist, and a caller who sees only their own customers has them in scope. */
async function checkProjects(ctx: SessionCtx, vis: CustomerVisibility, ids: readonly number[]) {
  const known = await existingProjectIds(ctx.db, ids);
  for (const id of ids) {
    if (!known.has(id))
      throw new ApiError(ResultCode.BAD_REQUEST, { key: 'marketingProjectUnknown', params: { id } });
    if (!vis.all) assertProjectInScope(await ctx.scope(), id);
  }
}

type CustomerBody = Ctx<typeof customerApi.create>['body'];

async function checkCustomer(
  ctx: SessionCtx,
  vis: CustomerVisibility,
  body: CustomerBody,
  exceptId: number | null,
) {
  if (!(await enabledDictValues(ctx.db, 1001)).has(body.type))
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'marketingCustomerType', params: { type: body.type } });
  const holder = await customerNameHolder(ctx.db, body.name);
  if (holder !== null && holder !== exceptId)
    throw new ApiError(ResultCode.DUPLICATE, { key: 'marketingCustomerName', params: { name: body.name } });
  const ownerId = body.ownerId ?? ctx.principal.userId;
  if ((ownerId !== ctx.principal.userId && !vis.all) || !(await isEnabledStaff(ctx.db, ownerId)))
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'marketingOwner' });
  await checkProjects(ctx, vis, body.projectIds);
  return ownerId;
}

const customerValues = (body: CustomerBody, ownerId: number) => ({
  name: body.name,
  enName: body.enName ?? null,
  type: body.type,
  lang: body.lang,
  ownerId,
  taxNumber: body.taxNumber ?? null,
  bankName: body.bankName ?? null,
  bankAccount: body.bankAccount ?? null,
  billingAddress: body.billingAddress ?? null,
  note: body.note ?? null,
});

type VersionBody = Ctx<typeof rateCardApi.addVersion>['body'];
const versionLines = (body: VersionBody) => {
  const lines = body.lines.map((l) => ({ ...l, serviceKey: serviceKey(l.kind, l.ref) }));
  assertUniqueServices(lines.map((l) => l.serviceKey));
  assertValidity(body.validFrom, body.validTo);
  return lines;
};

/** The caller's discount limit: the largest of their roles'; the super account's is unbounded. */
const discountLimitOf = async (ctx: SessionCtx) =>
  ctx.principal.isSuper || ctx.principal.permissions.has(WILDCARD_PERMISSION)
    ? '1'
    : await userDiscountLimit(ctx.db, ctx.principal.userId);

type QuotationBody = Ctx<typeof quotationApi.create>['body'];

/** A quotation's lines from its rate-card version, priced by the one rounding rule. */
async function pricedQuotation(ctx: SessionCtx, vis: CustomerVisibility, body: QuotationBody) {
  const customer = await visibleCustomer(ctx.db, vis, body.customerId);
  if (!(await customerHasProject(ctx.db, customer.id, body.projectId)))
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'marketingProjectOfCustomer' });
  const day = today(ctx);
  const applicable = await applicableVersions(ctx.db, customer.id, body.projectId, day);
  if (!applicable.some((a) => a.versionId === body.rateCardVersionId))
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'marketingCardNotApplicable' });
  if (body.validUntil < day)
    throw new ApiError(ResultCode.BAD_REQUEST, {
      key: 'marketingValidUntil',
      params: { date: body.validUntil },
    });
  const version = await rateVersion(ctx.db, body.rateCardVersionId);
  const lines = body.lines.map((input) => {
    const rate = version.lines.find((l) => l.id === input.rateLineId);
    if (!rate)
      throw new ApiError(ResultCode.BAD_REQUEST, {
        key: 'marketingRateLineUnknown',
        params: { id: input.rateLineId },
      });
    return { rate, input };
  });
  assertUniqueServices(lines.map((l) => l.rate.serviceKey));
  const priced = priceQuotation(
    lines.map(({ rate, input }) => ({
      quantity: input.quantity,
      unitPrice: rate.unitPrice,
      taxRate: rate.taxRate,
      discountRate: input.discountRate,
    })),
    version.card.taxInclusive,
    body.discountRate,
  );
  const inserts: QuotationLineInsert[] = lines.map(({ rate, input }, seq) => {
    const p = priced.lines[seq];
    if (!p) throw notFound();
    return {
      seq,
      rateLineId: rate.id,
      kind: rate.kind,
      ref: rate.ref,
      serviceKey: rate.serviceKey,
      name: rate.name,
      unit: rate.unit,
      quantity: dec(input.quantity).toString(),
      unitPrice: rate.unitPrice,
      taxRate: rate.taxRate,
      discountRate: dec(input.discountRate).toString(),
      listAmount: p.listAmount.toFixed(2),
      discount: p.discount.toFixed(2),
      net: p.net.toFixed(2),
      tax: p.tax.toFixed(2),
      gross: p.gross.toFixed(2),
    };
  });
  return {
    values: {
      customerId: customer.id,
      projectId: body.projectId,
      rateCardVersionId: version.v.id,
      currency: version.card.currency,
      taxInclusive: version.card.taxInclusive,
      discountRate: dec(body.discountRate).toString(),
      validUntil: body.validUntil,
      note: body.note ?? null,
      listAmount: priced.listAmount.toFixed(2),
      discount: priced.discount.toFixed(2),
      net: priced.net.toFixed(2),
      tax: priced.tax.toFixed(2),
      gross: priced.gross.toFixed(2),
    },
    lines: inserts,
  };
}

type QuotationFireCtx = Ctx<
  | typeof quotationApi.submit
  | typeof quotationApi.approve
  | typeof quotationApi.return
  | typeof quotationApi.revise
  | typeof quotationApi.cancel
>;

/** Submit, approve, return, revise and cancel: one path through the quotation workflow. */
async function fireQuotation(
  ctx: QuotationFireCtx,
  action: QuotationAction,
  body: { version: number; reason?: string; signature?: { password: string } | undefined },
) {
  const vis = visibility(ctx);
  const q = await visibleQuotation(ctx.db, vis, ctx.params.id, today(ctx), ctx.lang);
  const [raw] = await ctx.db.select().from(marketingQuotations).where(eq(marketingQuotations.id, q.id));
  if (!raw) throw notFound();
  const reviews = action === 'approve' || action === 'return';
  const signer = action === 'approve' ? await confirmSigner(ctx, body.signature) : null;
  const lines = await quotationLines(ctx.db, q.id);
  const reason = body.reason ?? null;
  const status = await applyTransition(
    ctx,
    ctx.principal,
    quotationWorkflow,
    {
      id: q.id,
      status: q.status as QuotationState,
      creatorId: q.createdBy,
      authorIds: authorIdsOf(raw.createdBy, raw.updatedBy, raw.submittedBy),
    },
    { action, version: body.version, reason },
    async (next) => {
      if (action === 'approve') assertDiscountCovered(q.effectiveDiscountRate, await discountLimitOf(ctx));
      return (
        (
          await ctx.db
            .update(marketingQuotations)
            .set({
              status: next.status,
              version: next.version,
              updatedAt: ctx.now,
              ...(action === 'submit' ? { submittedBy: ctx.principal.userId } : {}),
              ...(reviews ? { reviewedBy: ctx.principal.userId, reviewedAt: ctx.now } : {}),
              ...(action === 'return' ? { returnReason: reason } : {}),
            })
            .where(and(eq(marketingQuotations.id, q.id), eq(marketingQuotations.version, body.version)))
            .returning({ id: marketingQuotations.id })
        ).length > 0
      );
    },
  );
  if (signer)
    await eSign(ctx.db, signer, {
      entity: quotationWorkflow.id,
      entityId: q.id,
      action,
      meaning: QUOTATION_SIGNATURE_MEANING[ctx.lang],
      contentHash: createHash('sha256')
        .update(JSON.stringify({ number: q.number, revision: q.revision, gross: q.gross, lines }))
        .digest('hex'),
      at: ctx.now,
    });
  if (action === 'revise') {
    const { id: _id, version: _v, ...rest } = raw;
    const [copy] = await ctx.db
      .insert(marketingQuotations)
      .values({
        ...rest,
        revision: raw.revision + 1,
        status: quotationWorkflow.initial,
        createdBy: ctx.principal.userId,
        createdAt: ctx.now,
        updatedBy: null,
        updatedAt: ctx.now,
        submittedBy: null,
        reviewedBy: null,
        reviewedAt: null,
        returnReason: null,
      })
      .returning({ id: marketingQuotations.id });
    if (!copy) throw notFound();
    await replaceQuotationLines(
      ctx.db,
      copy.id,
      lines.map(({ id: _line, ...l }) => l),
    );
    ctx.audit({
      action: 'quotation.create',
      entity: 'quotation',
      entityId: copy.id,
      newValue: { number: raw.number, revision: raw.revision + 1, from: raw.id },
    });
  }
  return { version: body.version + 1, status };
}

type ContractFireCtx = Ctx<typeof contractApi.activate | typeof contractApi.close>;

async function fireContract(
  ctx: ContractFireCtx,
  action: ContractAction,
  body: { version: number; reason?: string; signature?: { password: string } | undefined },
) {
  const vis = visibility(ctx);
  const k = await visibleContract(ctx.db, vis, ctx.params.id, ctx.lang);
  const signer = action === 'activate' ? await confirmSigner(ctx, body.signature) : null;
  const reason = body.reason ?? null;
  const status = await applyTransition(
    ctx,
    ctx.principal,
    contractWorkflow,
    { id: k.id, status: k.status as ContractState, creatorId: k.createdBy },
    { action, version: body.version, reason },
    async (next) => {
      if (action === 'activate' && k.signedFileId === null)
        throw new ApiError(ResultCode.INVALID_STATE, { key: 'marketingContractScan' });
      return (
        (
          await ctx.db
            .update(marketingContracts)
            .set({
              status: next.status,
              version: next.version,
              updatedBy: ctx.principal.userId,
              updatedAt: ctx.now,
              ...(reason ? { closeReason: reason } : {}),
            })
            .where(and(eq(marketingContracts.id, k.id), eq(marketingContracts.version, body.version)))
            .returning({ id: marketingContracts.id })
        ).length > 0
      );
    },
  );
  if (signer)
    await eSign(ctx.db, signer, {
      entity: contractWorkflow.id,
      entityId: k.id,
      action,
      meaning: CONTRACT_SIGNATURE_MEANING[ctx.lang],
      contentHash: createHash('sha256')
        .update(JSON.stringify({ number: k.number, versions: await contractVersions(ctx.db, k.id) }))
        .digest('hex'),
      at: ctx.now,
    });
  return { version: body.version + 1, status };
}

/** Marketing: customers, rate cards, quotations, contracts (docs/finance.md). */
export async function marketingRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, customerApi, {
    paging: async (ctx) => pageCustomers(ctx.db, visibility(ctx), ctx.body, ctx.lang),
    options: async (ctx) => customerOptions(ctx.db, visibility(ctx)),
    get: async (ctx) => {
      const c = await visibleCustomer(ctx.db, visibility(ctx), ctx.params.id);
      return customerDetail(ctx.db, c.id, ctx.lang);
    },
    create: async (ctx) => {
      const vis = visibility(ctx);
      const ownerId = await checkCustomer(ctx, vis, ctx.body, null);
      const code = await nextNumber(ctx.db, 'CU', ctx.now, ctx.timeZone);
      const [row] = await ctx.db
        .insert(marketingCustomers)
        .values({
          code,
          ...customerValues(ctx.body, ownerId),
          createdBy: ctx.principal.userId,
          createdAt: ctx.now,
          updatedAt: ctx.now,
        })
        .returning({ id: marketingCustomers.id });
      if (!row) throw notFound();
      await replaceCustomerChildren(ctx.db, row.id, ctx.body.contacts, ctx.body.projectIds);
      ctx.audit({
        action: 'customer.create',
        entity: 'customer',
        entityId: row.id,
        newValue: { code, ...ctx.body },
      });
      return { id: row.id, code };
    },
    update: async (ctx) => {
      const vis = visibility(ctx);
      const before = await visibleCustomer(ctx.db, vis, ctx.params.id);
      // Only whoever sees every customer gives one to someone else; an owner keeps theirs.
      const ownerId = await checkCustomer(
        ctx,
        vis,
        { ...ctx.body, ownerId: ctx.body.ownerId ?? before.ownerId },
        before.id,
      );
      const updated = await ctx.db
        .update(marketingCustomers)
        .set({
          ...customerValues(ctx.body, ownerId),
          updatedBy: ctx.principal.userId,
          updatedAt: ctx.now,
          version: ctx.body.version + 1,
        })
        .where(and(eq(marketingCustomers.id, before.id), eq(marketingCustomers.version, ctx.body.version)))
        .returning({ id: marketingCustomers.id });
      if (updated.length === 0) throw staleOrMissing(true);
      await replaceCustomerChildren(ctx.db, before.id, ctx.body.contacts, ctx.body.projectIds);
      ctx.audit({
        action: 'customer.update',
        entity: 'customer',
        entityId: before.id,
        oldValue: customerValues(
          { ...before, contacts: [], projectIds: [] } as unknown as CustomerBody,
          before.ownerId,
        ),
        newValue: ctx.body,
      });
      return { id: before.id, version: ctx.body.version + 1 };
    },
  });

  registerGroup(app, rateCardApi, {
    paging: async (ctx) => pageRateCards(ctx.db, visibility(ctx), ctx.body, today(ctx)),
    get: async (ctx) => visibleCard(ctx.db, visibility(ctx), ctx.params.id, today(ctx)),
    applicable: async (ctx) => {
      const vis = visibility(ctx);
      await visibleCustomer(ctx.db, vis, ctx.body.customerId);
      return applicableVersions(ctx.db, ctx.body.customerId, ctx.body.projectId, ctx.body.on ?? today(ctx));
    },
    create: async (ctx) => {
      const vis = visibility(ctx);
      const b = ctx.body;
      const customerId = b.customerId ?? null;
      const projectId = b.projectId ?? null;
      assertCardScope(b.scope, customerId, projectId);
      if (customerId !== null) await visibleCustomer(ctx.db, vis, customerId);
      if (projectId !== null) await checkProjects(ctx, vis, [projectId]);
      const lines = versionLines(b.version);
      const code = await nextNumber(ctx.db, 'RC', ctx.now, ctx.timeZone);
      const [card] = await ctx.db
        .insert(marketingRateCards)
        .values({
          code,
          name: b.name,
          scope: b.scope,
          customerId,
          projectId,
          currency: b.currency,
          taxInclusive: b.taxInclusive,
          createdBy: ctx.principal.userId,
          createdAt: ctx.now,
        })
        .returning({ id: marketingRateCards.id });
      if (!card) throw notFound();
      const versionId = await insertVersion(
        ctx.db,
        card.id,
        1,
        { ...b.version, lines },
        ctx.principal.userId,
        ctx.now,
      );
      ctx.audit({
        action: 'rateCard.create',
        entity: 'rateCard',
        entityId: card.id,
        newValue: { code, ...b },
      });
      return { id: card.id, code, versionId };
    },
    addVersion: async (ctx) => {
      const card = await visibleCard(ctx.db, visibility(ctx), ctx.params.id, today(ctx));
      const lines = versionLines(ctx.body);
      const latest = await latestVersion(ctx.db, card.id);
      if (!latest) throw notFound();
      if (ctx.body.validFrom <= latest.validFrom)
        throw new ApiError(ResultCode.BAD_REQUEST, {
          key: 'marketingVersionOrder',
          params: { from: latest.validFrom },
        });
      if (latest.validTo === null || latest.validTo >= ctx.body.validFrom)
        await endVersion(ctx.db, latest.id, dayBefore(ctx.body.validFrom));
      const versionNo = latest.versionNo + 1;
      const id = await insertVersion(
        ctx.db,
        card.id,
        versionNo,
        { ...ctx.body, lines },
        ctx.principal.userId,
        ctx.now,
      );
      ctx.audit({
        action: 'rateCard.addVersion',
        entity: 'rateCard',
        entityId: card.id,
        newValue: { versionNo, ...ctx.body },
      });
      return { id, versionNo };
    },
    discountLimits: async (ctx) => {
      visibility(ctx);
      return discountLimits(ctx.db, ctx.lang);
    },
    setDiscountLimit: async (ctx) => {
      visibility(ctx);
      const { roleId, maxRate } = ctx.body;
      if (!(await roleExists(ctx.db, roleId)))
        throw new ApiError(ResultCode.BAD_REQUEST, { key: 'invalidReference', params: { field: 'roleId' } });
      await ctx.db.delete(marketingDiscountLimits).where(eq(marketingDiscountLimits.roleId, roleId));
      if (!dec(maxRate).isZero())
        await ctx.db.insert(marketingDiscountLimits).values({
          roleId,
          maxRate: dec(maxRate).toString(),
          updatedBy: ctx.principal.userId,
          updatedAt: ctx.now,
        });
      ctx.audit({
        action: 'rateCard.setDiscountLimit',
        entity: 'discountLimit',
        entityId: roleId,
        newValue: { maxRate },
      });
      return { roleId };
    },
  });

  registerGroup(app, quotationApi, {
    paging: async (ctx) => pageQuotations(ctx.db, visibility(ctx), ctx.body, today(ctx), ctx.lang),
    get: async (ctx) => {
      const q = await visibleQuotation(ctx.db, visibility(ctx), ctx.params.id, today(ctx), ctx.lang);
      const [raw] = await ctx.db.select().from(marketingQuotations).where(eq(marketingQuotations.id, q.id));
      return {
        ...q,
        lines: await quotationLines(ctx.db, q.id),
        versions: await quotationVersions(ctx.db, q.number),
        signatures: await signaturesOf(ctx.db, quotationWorkflow.id, q.id),
        events: await eventsOf(ctx.db, quotationWorkflow.id, q.id),
        authorIds: authorIdsOf(raw?.createdBy, raw?.updatedBy, raw?.submittedBy),
      };
    },
    plannedQuantities: async (ctx) => {
      visibility(ctx);
      const version = await rateVersion(ctx.db, ctx.body.rateCardVersionId);
      const plan = await onlinePlanOf(ctx.db, ctx.body.projectId);
      const perSubject = plannedPerSubject(plan.visits);
      const codes = await testItemCodes(ctx.db, [...perSubject.tests.keys()]);
      const byCode = new Map<string, number>();
      for (const [id, n] of perSubject.tests) {
        const code = codes.get(id);
        if (code) byCode.set(code, n);
      }
      const subjects = BigInt(ctx.body.subjects);
      return {
        planned: plan.plan !== null,
        lines: version.lines.flatMap((l) => {
          const per = l.kind === 'test' ? byCode.get(l.ref) : l.kind === 'kit' ? perSubject.kits : undefined;
          return per ? [{ rateLineId: l.id, quantity: dec(BigInt(per)).mul(subjects).toString() }] : [];
        }),
      };
    },
    create: async (ctx) => {
      const vis = visibility(ctx);
      const { values, lines } = await pricedQuotation(ctx, vis, ctx.body);
      const number = await nextNumber(ctx.db, 'QT', ctx.now, ctx.timeZone);
      const [row] = await ctx.db
        .insert(marketingQuotations)
        .values({
          ...values,
          number,
          status: quotationWorkflow.initial,
          createdBy: ctx.principal.userId,
          createdAt: ctx.now,
          updatedAt: ctx.now,
        })
        .returning({ id: marketingQuotations.id });
      if (!row) throw notFound();
      await replaceQuotationLines(ctx.db, row.id, lines);
      ctx.audit({
        action: 'quotation.create',
        entity: 'quotation',
        entityId: row.id,
        newValue: { number, ...values, lines: lines.length },
      });
      return { id: row.id, number };
    },
    update: async (ctx) => {
      const vis = visibility(ctx);
      const q = await visibleQuotation(ctx.db, vis, ctx.params.id, today(ctx), ctx.lang);
      if (q.status !== 'draft') throw new ApiError(ResultCode.INVALID_STATE, { key: 'marketingNotDraft' });
      const { values, lines } = await pricedQuotation(ctx, vis, ctx.body);
      const updated = await ctx.db
        .update(marketingQuotations)
        .set({
          ...values,
          updatedBy: ctx.principal.userId,
          updatedAt: ctx.now,
          version: ctx.body.version + 1,
        })
        .where(and(eq(marketingQuotations.id, q.id), eq(marketingQuotations.version, ctx.body.version)))
        .returning({ id: marketingQuotations.id });
      if (updated.length === 0) throw staleOrMissing(true);
      await replaceQuotationLines(ctx.db, q.id, lines);
      ctx.audit({
        action: 'quotation.update',
        entity: 'quotation',
        entityId: q.id,
        oldValue: { gross: q.gross, discountRate: q.discountRate },
        newValue: { ...values, lines: lines.length },
      });
      return { id: q.id, version: ctx.body.version + 1 };
    },
    submit: (ctx) => fireQuotation(ctx, 'submit', ctx.body),
    approve: (ctx) => fireQuotation(ctx, 'approve', ctx.body),
    return: (ctx) => fireQuotation(ctx, 'return', ctx.body),
    revise: (ctx) => fireQuotation(ctx, 'revise', ctx.body),
    cancel: (ctx) => fireQuotation(ctx, 'cancel', ctx.body),
    pdf: async (ctx) => {
      const vis = visibility(ctx);
      const seen = await visibleQuotation(ctx.db, vis, ctx.params.id, today(ctx), ctx.lang);
      const customer = await customerDetail(ctx.db, seen.customerId, ctx.lang);
      // In the customer's language, whatever the reader's (the project named in it too).
      const q = await visibleQuotation(ctx.db, vis, seen.id, today(ctx), customer.lang);
      const lines = await quotationLines(ctx.db, q.id);
      const print = printContext({
        lang: customer.lang,
        now: ctx.now,
        timeZone: ctx.timeZone,
        deps: ctx.deps,
      });
      const pdf = await renderDocument(quotationDocument, { quotation: q, customer, lines }, print);
      return download({ name: `${q.number}-v${q.revision}.pdf`, mime: 'application/pdf', content: pdf });
    },
  });

  registerGroup(app, contractApi, {
    paging: async (ctx) => pageContracts(ctx.db, visibility(ctx), ctx.body, ctx.lang),
    get: async (ctx) => {
      const k = await visibleContract(ctx.db, visibility(ctx), ctx.params.id, ctx.lang);
      return {
        ...k,
        versionList: await contractVersions(ctx.db, k.id),
        signatures: await signaturesOf(ctx.db, contractWorkflow.id, k.id),
        events: await eventsOf(ctx.db, contractWorkflow.id, k.id),
      };
    },
    create: async (ctx) => {
      const vis = visibility(ctx);
      const b = ctx.body;
      const q = await visibleQuotation(ctx.db, vis, b.quotationId, today(ctx), ctx.lang);
      if (q.status !== 'approved' || q.expired)
        throw new ApiError(ResultCode.INVALID_STATE, { key: 'marketingQuotationNotUsable' });
      if ((await contractNumberHolder(ctx.db, b.number)) !== null)
        throw new ApiError(ResultCode.DUPLICATE, {
          key: 'marketingContractNumber',
          params: { number: b.number },
        });
      assertValidity(b.validFrom, b.validTo);
      for (const projectId of b.projectIds)
        if (!(await customerHasProject(ctx.db, q.customerId, projectId)))
          throw new ApiError(ResultCode.BAD_REQUEST, { key: 'marketingProjectOfCustomer' });
      const [row] = await ctx.db
        .insert(marketingContracts)
        .values({
          number: b.number,
          status: contractWorkflow.initial,
          customerId: q.customerId,
          quotationId: q.id,
          partyA: q.customerName,
          partyB: b.partyB,
          currency: q.currency,
          taxInclusive: q.taxInclusive,
          paymentTerms: b.paymentTerms,
          paymentDays: b.paymentDays,
          validFrom: b.validFrom,
          validTo: b.validTo,
          signedFileId: b.signedFileId ?? null,
          createdBy: ctx.principal.userId,
          createdAt: ctx.now,
          updatedAt: ctx.now,
        })
        .returning({ id: marketingContracts.id });
      if (!row) throw notFound();
      const lines: ContractLineInsert[] = (await quotationLines(ctx.db, q.id)).map((l) => ({
        serviceKey: l.serviceKey,
        kind: l.kind,
        ref: l.ref,
        name: l.name,
        unit: l.unit,
        unitPrice: contractUnitPrice(l.unitPrice, l.discountRate, q.discountRate),
        taxRate: l.taxRate,
      }));
      await insertContractVersion(
        ctx.db,
        {
          contractId: row.id,
          versionNo: 1,
          effectiveFrom: b.validFrom,
          reason: null,
          amount: q.gross,
          signedFileId: b.signedFileId ?? null,
          createdBy: ctx.principal.userId,
          createdAt: ctx.now,
        },
        lines,
      );
      await replaceContractProjects(ctx.db, row.id, b.projectIds);
      ctx.audit({ action: 'contract.create', entity: 'contract', entityId: row.id, newValue: b });
      return { id: row.id };
    },
    update: async (ctx) => {
      const vis = visibility(ctx);
      const k = await visibleContract(ctx.db, vis, ctx.params.id, ctx.lang);
      if (k.status === 'closed')
        throw new ApiError(ResultCode.INVALID_STATE, { key: 'marketingContractNotActive' });
      for (const projectId of ctx.body.projectIds)
        if (!(await customerHasProject(ctx.db, k.customerId, projectId)))
          throw new ApiError(ResultCode.BAD_REQUEST, { key: 'marketingProjectOfCustomer' });
      const updated = await ctx.db
        .update(marketingContracts)
        .set({
          signedFileId: ctx.body.signedFileId ?? k.signedFileId,
          updatedBy: ctx.principal.userId,
          updatedAt: ctx.now,
          version: ctx.body.version + 1,
        })
        .where(and(eq(marketingContracts.id, k.id), eq(marketingContracts.version, ctx.body.version)))
        .returning({ id: marketingContracts.id });
      if (updated.length === 0) throw staleOrMissing(true);
      await replaceContractProjects(ctx.db, k.id, ctx.body.projectIds);
      ctx.audit({
        action: 'contract.update',
        entity: 'contract',
        entityId: k.id,
        oldValue: { signedFileId: k.signedFileId, projectIds: k.projects.map((p) => p.id) },
        newValue: ctx.body,
      });
      return { id: k.id, version: ctx.body.version + 1 };
    },
    amend: async (ctx) => {
      const vis = visibility(ctx);
      const k = await visibleContract(ctx.db, vis, ctx.params.id, ctx.lang);
      if (k.status !== 'active')
        throw new ApiError(ResultCode.INVALID_STATE, { key: 'marketingContractNotActive' });
      const b = ctx.body;
      const [latest] = await contractVersions(ctx.db, k.id);
      if (!latest) throw notFound();
      if (
        b.effectiveFrom <= latest.effectiveFrom ||
        b.effectiveFrom < k.validFrom ||
        b.effectiveFrom > k.validTo
      )
        throw new ApiError(ResultCode.BAD_REQUEST, {
          key: 'marketingAmendmentDate',
          params: { from: latest.effectiveFrom, validFrom: k.validFrom, validTo: k.validTo },
        });
      const lines = b.lines.map((l) => ({
        ...l,
        serviceKey: serviceKey(l.kind, l.ref),
        unitPrice: dec(l.unitPrice).toString(),
        taxRate: dec(l.taxRate).toString(),
      }));
      assertUniqueServices(lines.map((l) => l.serviceKey));
      const bumped = await ctx.db
        .update(marketingContracts)
        .set({ updatedBy: ctx.principal.userId, updatedAt: ctx.now, version: b.version + 1 })
        .where(and(eq(marketingContracts.id, k.id), eq(marketingContracts.version, b.version)))
        .returning({ id: marketingContracts.id });
      if (bumped.length === 0) throw staleOrMissing(true);
      const versionNo = latest.versionNo + 1;
      const id = await insertContractVersion(
        ctx.db,
        {
          contractId: k.id,
          versionNo,
          effectiveFrom: b.effectiveFrom,
          reason: b.reason,
          amount: dec(b.amount).toFixed(2),
          signedFileId: b.signedFileId ?? null,
          createdBy: ctx.principal.userId,
          createdAt: ctx.now,
        },
        lines,
      );
      ctx.audit({
        action: 'contract.amend',
        entity: 'contract',
        entityId: k.id,
        newValue: { versionNo, effectiveFrom: b.effectiveFrom, amount: b.amount, lines: lines.length },
        reason: b.reason,
      });
      return { id, versionNo };
    },
    activate: (ctx) => fireContract(ctx, 'activate', ctx.body),
    close: (ctx) => fireContract(ctx, 'close', ctx.body),
    lineInForce: async (ctx) => {
      const vis = visibility(ctx);
      const line = await contractLineInForce(ctx.db, ctx.body.projectId, ctx.body.serviceKey, ctx.body.on);
      if (!line) return null;
      // A caller who sees only their customers learns only their contracts' prices.
      if (vis.all) return line;
      const seen = await visibleContract(ctx.db, vis, line.contractId, ctx.lang).then(
        () => true,
        () => false,
      );
      return seen ? line : null;
    },
  });
}
