// Receivables (docs/finance.md "Receivables"): payments recorded and allocated to confirmed
// statements, allocations undone with a reason, balances and aging as of a lab day, contract
// burn-down and unbilled work. External users are refused; sales see their own customers'.
import { endpoints, ResultCode } from '@trialab/api-contract';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../lib/errors.js';
import { registerGroup, type SessionCtx } from '../../lib/route.js';
import { visibleCustomer } from '../marketing/repository.js';
import {
  agingOf,
  allocationsOf,
  burnDown,
  insertAllocations,
  insertPayment,
  pageBalances,
  pagePayments,
  unbilledWork,
  undoAllocation,
  visibleAllocation,
  visiblePayment,
} from './receivables-repository.js';
import { checkAllocations } from './receivables-service.js';
import { labToday, visibility } from './routes.js';
import { lockStatement, visibleStatement } from './statements-repository.js';

const { receivables } = endpoints;

/** The day balances are aged for: the one asked, else today in the lab's zone. */
const asOfDay = (ctx: SessionCtx, asked: string | null | undefined) => asked ?? labToday(ctx);
const zone = (ctx: SessionCtx) => ctx.deps.config.labTimeZone;

export async function financeReceivableRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, receivables, {
    payments: async (ctx) => pagePayments(ctx.db, visibility(ctx), ctx.body, ctx.lang),
    payment: async (ctx) => {
      const payment = await visiblePayment(ctx.db, visibility(ctx), ctx.params.id, ctx.lang);
      return { ...payment, allocations: await allocationsOf(ctx.db, payment.id) };
    },
    recordPayment: async (ctx) => {
      const vis = visibility(ctx);
      const b = ctx.body;
      await visibleCustomer(ctx.db, vis, b.customerId);
      if (b.receivedOn > labToday(ctx))
        throw new ApiError(ResultCode.BAD_REQUEST, {
          key: 'receivableFuturePayment',
          params: { day: b.receivedOn },
        });
      const id = await insertPayment(ctx.db, {
        customerId: b.customerId,
        currency: b.currency,
        amount: b.amount,
        receivedOn: b.receivedOn,
        bankRef: b.bankRef,
        payer: b.payer,
        note: b.note ?? null,
        slipFileId: b.slipFileId ?? null,
        createdBy: ctx.principal.userId,
        createdAt: ctx.now,
      });
      ctx.audit({ action: 'receivables.recordPayment', entity: 'payment', entityId: id, newValue: b });
      return { id };
    },
    allocatePayment: async (ctx) => {
      const vis = visibility(ctx);
      // The payment's row first, then the statements' in id order: allocations of one payment (or
      // to one statement) are checked one after the other, each reading what the last committed.
      await visiblePayment(ctx.db, vis, ctx.params.id, ctx.lang, true);
      const lines = ctx.body.lines;
      const ids = [...new Set(lines.map((l) => l.statementId))].sort((x, y) => x - y);
      for (const id of ids) {
        const st = await visibleStatement(ctx.db, vis, id, ctx.lang);
        if (st.status !== 'confirmed')
          throw new ApiError(ResultCode.INVALID_STATE, {
            key: 'receivableNotConfirmed',
            params: { statement: st.number ?? `${st.period} #${st.id}` },
          });
        await lockStatement(ctx.db, id);
      }
      const payment = await visiblePayment(ctx.db, vis, ctx.params.id, ctx.lang);
      const balances = await pageBalances(
        ctx.db,
        vis,
        { page: 1, size: ids.length, statementIds: ids },
        labToday(ctx),
        zone(ctx),
        ctx.lang,
      );
      checkAllocations(payment, lines, new Map(balances.rows.map((r) => [r.statementId, r])));
      const made = await insertAllocations(
        ctx.db,
        lines.map((l) => ({
          paymentId: payment.id,
          statementId: l.statementId,
          amount: l.amount,
          createdBy: ctx.principal.userId,
          createdAt: ctx.now,
        })),
      );
      ctx.audit({
        action: 'receivables.allocatePayment',
        entity: 'payment',
        entityId: payment.id,
        newValue: { lines, allocationIds: made },
      });
      return { ids: made };
    },
    unallocatePayment: async (ctx) => {
      const vis = visibility(ctx);
      const before = await visibleAllocation(ctx.db, vis, ctx.params.id);
      const row = await undoAllocation(ctx.db, before.id, {
        userId: ctx.principal.userId,
        now: ctx.now,
        reason: ctx.body.reason,
      });
      if (!row) throw new ApiError(ResultCode.INVALID_STATE, { key: 'receivableAlreadyUndone' });
      ctx.audit({
        action: 'receivables.unallocatePayment',
        entity: 'allocation',
        entityId: before.id,
        reason: ctx.body.reason,
        oldValue: { paymentId: before.paymentId, statementId: before.statementId, amount: before.amount },
      });
      return { id: before.id };
    },
    balances: async (ctx) =>
      pageBalances(ctx.db, visibility(ctx), ctx.body, asOfDay(ctx, ctx.body.asOf), zone(ctx), ctx.lang),
    aging: async (ctx) => {
      const asOf = asOfDay(ctx, ctx.body.asOf);
      return { asOf, rows: await agingOf(ctx.db, visibility(ctx), asOf, zone(ctx), ctx.lang) };
    },
    burnDown: async (ctx) => burnDown(ctx.db, visibility(ctx), ctx.body, ctx.lang),
    unbilled: async (ctx) => unbilledWork(ctx.db, visibility(ctx), ctx.body.customerId, ctx.lang),
  });
}
