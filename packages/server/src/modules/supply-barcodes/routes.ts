// Kit and tube barcodes (/supply/consum-barcode-list, docs/supply.md "Barcodes and labels"): ranges
// reserved per project, site and visit from one counter, shipped with the kits, voided with a reason
// (and added to the project's voided list, which the bench's sign-for reads); every change audited.
import {
  type BarcodeRow,
  type BarcodeState,
  endpoints,
  ResultCode,
  VOID_REASON_DICT,
} from '@trialab/api-contract';
import type { FastifyInstance } from 'fastify';
import { ApiError, notFound } from '../../lib/errors.js';
import { registerGroup, type SessionCtx } from '../../lib/route.js';
import { assertInScope, assertProjectInScope } from '../../lib/scope.js';
import { enabledDictValues } from '../../services/dictionaries.js';
import { insertVoided, voidedAmong } from '../project-config/repository.js';
import { assertVoidReason } from '../project-config/service.js';
import type { SUPPLY_BARCODE_MESSAGES } from './messages.js';
import {
  barcodesByCode,
  pageBarcodes,
  pageRanges,
  projectVisits,
  rangeById,
  reserveRange,
  setStates,
  siteAndVisit,
} from './repository.js';

const api = endpoints.supplyBarcodes;

const refuse = (key: keyof typeof SUPPLY_BARCODE_MESSAGES, codes: string[] = []) =>
  new ApiError(ResultCode.INVALID_STATE, { key, params: { codes: codes.join(', ') } });

/** The codes asked for, each in the caller's scope (else refused, listing those not found). */
async function codesInScope(ctx: SessionCtx, asked: string[]): Promise<BarcodeRow[]> {
  const codes = [...new Set(asked)];
  const rows = await barcodesByCode(ctx.db, await ctx.scope(), codes, ctx.lang);
  const found = new Set(rows.map((r) => r.code));
  const missing = codes.filter((c) => !found.has(c));
  if (missing.length > 0)
    throw new ApiError(ResultCode.NOT_FOUND, {
      key: 'barcodeNotFound',
      params: { codes: missing.join(', ') },
    });
  return rows;
}

/** Refuses the whole request when any code is in a state the change does not start from. */
function assertFrom(
  rows: BarcodeRow[],
  from: readonly BarcodeState[],
  key: keyof typeof SUPPLY_BARCODE_MESSAGES,
) {
  const bad = rows.filter((r) => !from.includes(r.state)).map((r) => r.code);
  if (bad.length > 0) throw refuse(key, bad);
}

const SHIPPABLE: readonly BarcodeState[] = ['reserved', 'printed'];
const VOIDABLE: readonly BarcodeState[] = ['reserved', 'printed', 'shipped'];

export async function supplyBarcodeRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, api, {
    rangePage: async (ctx) => {
      const { page, size, ...filter } = ctx.body;
      return pageRanges(ctx.db, await ctx.scope(), { page, size, ...filter }, ctx.lang);
    },
    page: async (ctx) => pageBarcodes(ctx.db, await ctx.scope(), ctx.body, ctx.lang),
    visits: async (ctx) => {
      assertProjectInScope(await ctx.scope(), ctx.query.projectId);
      return projectVisits(ctx.db, ctx.query.projectId, ctx.lang);
    },
    reserve: async (ctx) => {
      const { projectId, siteId, kind, count } = ctx.body;
      const visitId = ctx.body.visitId ?? null;
      const { site, visit } = await siteAndVisit(ctx.db, siteId, visitId);
      if (!site) throw notFound();
      assertInScope(await ctx.scope(), { projectId: site.projectId, siteId });
      if (site.projectId !== projectId)
        throw new ApiError(ResultCode.BAD_REQUEST, { key: 'barcodeSiteNotInProject' });
      if (visitId && visit?.projectId !== projectId)
        throw new ApiError(ResultCode.BAD_REQUEST, { key: 'barcodeVisitNotInProject' });
      const values = {
        projectId,
        siteId,
        visitId,
        kind,
        count,
        remark: ctx.body.remark || null,
        reservedBy: ctx.principal.userId,
        reservedAt: ctx.now,
      };
      const id = await reserveRange(ctx.db, values);
      const range = await rangeById(ctx.db, ctx.lang, id);
      ctx.audit({
        action: 'supplyBarcodes.reserve',
        entity: 'supplyBarcodeRange',
        entityId: id,
        newValue: { ...values, firstCode: range.firstCode, lastCode: range.lastCode },
      });
      return range;
    },
    ship: async (ctx) => {
      const rows = await codesInScope(ctx, ctx.body.codes);
      assertFrom(rows, SHIPPABLE, 'barcodeNotShippable');
      const n = await setStates(
        ctx.db,
        rows.map((r) => r.id),
        SHIPPABLE,
        { state: 'shipped', shippedAt: ctx.now },
      );
      ctx.audit({
        action: 'supplyBarcodes.ship',
        entity: 'supplyBarcode',
        entityId: null,
        newValue: { codes: rows.map((r) => r.code), state: 'shipped' },
      });
      return { count: n };
    },
    void: async (ctx) => {
      const { reasonCode, reason } = ctx.body;
      assertVoidReason(await enabledDictValues(ctx.db, VOID_REASON_DICT), reasonCode, reason);
      const rows = await codesInScope(ctx, ctx.body.codes);
      assertFrom(rows, VOIDABLE, 'barcodeNotVoidable');
      const n = await setStates(
        ctx.db,
        rows.map((r) => r.id),
        VOIDABLE,
        { state: 'voided', voidedAt: ctx.now, voidedBy: ctx.principal.userId, voidReason: reason },
      );
      // The project's voided list (/project/barcode-disabled) is what the bench's sign-for reads.
      for (const projectId of new Set(rows.map((r) => r.projectId))) {
        const inProject = rows.filter((r) => r.projectId === projectId);
        const already = new Set(
          await voidedAmong(
            ctx.db,
            projectId,
            inProject.map((r) => r.code),
          ),
        );
        const added = inProject.filter((r) => !already.has(r.code));
        if (added.length > 0)
          await insertVoided(
            ctx.db,
            added.map((r) => ({
              projectId,
              code: r.code,
              reasonCode,
              reason,
              voidedBy: ctx.principal.userId,
              voidedAt: ctx.now,
            })),
          );
      }
      ctx.audit({
        action: 'supplyBarcodes.void',
        entity: 'supplyBarcode',
        entityId: null,
        newValue: { codes: rows.map((r) => r.code), state: 'voided', reasonCode },
        reason,
      });
      return { count: n };
    },
  });
}
