// The receipt desk's scan of a kit or tube code (docs/supply.md "Barcodes and labels"): the code is
// checked against the shipment it arrived in and, when good, recorded as used at this receipt. A
// refusal answers the exact reason (bad check character, unknown, voided, already used, wrong
// project, site or visit) and changes nothing.
import {
  type BarcodeCheckAnswer,
  type BarcodeCheckResult,
  type BarcodeRow,
  endpoints,
  type Lang,
} from '@trialab/api-contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { visitPoints } from '../../db/schema.js';
import { t } from '../../lib/i18n.js';
import { localNameColumn } from '../../lib/local-name.js';
import { registerGroup, type SessionCtx } from '../../lib/route.js';
import { zonedTime } from '../../lib/time-zone.js';
import { voidedAmong } from '../project-config/repository.js';
import { barcodeByCode, projectVisits, setStates } from '../supply-barcodes/repository.js';
import { badCheckCharacter } from '../supply-barcodes/service.js';
import { shipmentInScope } from './repository.js';
import { assertOpen } from './service.js';

const KEYS: Record<BarcodeCheckAnswer, Parameters<typeof t>[1]> = {
  ok: 'barcodeCheckOk',
  badCheck: 'barcodeCheckBadCheck',
  unknown: 'barcodeCheckUnknown',
  voided: 'barcodeCheckVoided',
  alreadyUsed: 'barcodeCheckAlreadyUsed',
  wrongProject: 'barcodeCheckWrongProject',
  wrongSite: 'barcodeCheckWrongSite',
  wrongVisit: 'barcodeCheckWrongVisit',
};

async function visitName(ctx: SessionCtx, lang: Lang, id: number | null | undefined): Promise<string> {
  if (!id) return '';
  const [row] = await ctx.db
    .select({ name: localNameColumn(visitPoints, lang) })
    .from(visitPoints)
    .where(eq(visitPoints.id, id));
  return row?.name ?? '';
}

export async function receiptBarcodeRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, endpoints.receiptBarcode, {
    visits: async (ctx) => {
      const shipment = await shipmentInScope(ctx.db, await ctx.scope(), { id: ctx.params.id }, ctx.lang);
      return projectVisits(ctx.db, shipment.projectId, ctx.lang);
    },
    check: async (ctx) => {
      const shipment = await shipmentInScope(ctx.db, await ctx.scope(), { id: ctx.params.id }, ctx.lang);
      assertOpen(shipment);
      const { code } = ctx.body;
      const visitId = ctx.body.visitId ?? null;
      const answer = (
        a: BarcodeCheckAnswer,
        row: BarcodeRow | undefined,
        params: Record<string, string | number> = {},
      ): BarcodeCheckResult => ({
        code,
        answer: a,
        message: t(ctx.lang, KEYS[a], { code, ...params }),
        state: row?.state ?? null,
        projectNo: row?.projectNo ?? null,
        centerNo: row?.centerNo ?? null,
        visitName: row?.visitName ?? null,
      });
      if (badCheckCharacter(code)) return answer('badCheck', undefined);
      const row = await barcodeByCode(ctx.db, code, ctx.lang);
      if (!row) return answer('unknown', undefined);
      const voidedInProject = (await voidedAmong(ctx.db, row.projectId, [code])).length > 0;
      if (row.state === 'voided' || voidedInProject)
        return answer('voided', row, { reason: row.voidReason ?? '-' });
      if (row.state === 'used')
        return answer('alreadyUsed', row, {
          at: zonedTime(ctx).minutes(row.usedAt),
          orderNo: row.usedOrderNo ?? '-',
        });
      if (row.projectId !== shipment.projectId)
        // Another project's code: its project, site and visit are not named to this desk.
        return answer('wrongProject', undefined, { project: shipment.projectNo });
      if (row.siteId !== shipment.siteId)
        return answer('wrongSite', row, { codeSite: row.centerNo, site: shipment.centerNo });
      if (visitId && row.visitId && row.visitId !== visitId)
        return answer('wrongVisit', row, {
          codeVisit: row.visitName ?? '-',
          visit: await visitName(ctx, ctx.lang, visitId),
        });
      await setStates(ctx.db, [row.id], ['reserved', 'printed', 'shipped'], {
        state: 'used',
        usedAt: ctx.now,
        usedBy: ctx.principal.userId,
        usedTransportId: shipment.id,
      });
      ctx.audit({
        action: 'receiptBarcode.check',
        entity: 'supplyBarcode',
        entityId: row.id,
        oldValue: { state: row.state },
        newValue: { code, state: 'used', transportId: shipment.id },
      });
      return answer(
        'ok',
        { ...row, state: 'used' },
        {
          project: row.projectNo,
          site: row.centerNo,
          visit: row.visitName ? ` / ${row.visitName}` : '',
        },
      );
    },
  });
}
