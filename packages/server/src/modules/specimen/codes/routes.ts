import { endpoints, ResultCode, rangeCodes, specimenBarcodeWorkflow } from '@trialab/api-contract';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sampleTransports } from '../../../db/schema-portal.js';
import { specimenBarcodes } from '../../../db/schema-specimen.js';
import { ApiError } from '../../../lib/errors.js';
import { Page, registerGroup } from '../../../lib/route.js';
import { assertInScope } from '../../../lib/scope.js';
import { containsAny } from '../../../lib/search.js';
import { staleOrMissing, uniqueOr } from '../../../lib/versioned.js';
import { actorOf, applyTransition, assertTransition, recordEvent } from '../../../lib/workflow.js';
import { voidedAmong, voidedOf } from '../../project-config/repository.js';
import { assertNoneVoided } from '../../project-config/service.js';
import {
  barcodeScope,
  codeLike,
  knownBarcodes,
  noRepeats,
  pageBarcodes,
  scopedBarcode,
} from '../repository.js';
import {
  assertSampleTypeExists,
  awaitingBenchSign,
  barcodeIdOf,
  bumpLastSuffix,
  checkedLinks,
  disableBarcode,
  insertBarcodes,
  receivedLines,
  shipmentById,
  signAgainstLine,
  signShipments,
  takenCodes,
  updateLinks,
} from './repository.js';
import { assertNoneTaken, assertSignable, assignToLines, nextSubBarcodes } from './service.js';

const { sampleCode, specimenSign, subBarcode } = endpoints;

/** Sample codes: registration, bench sign-for against received shipments, sub-barcodes. */
export async function codeRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, sampleCode, {
    // ---- register-sample-code ----
    paging: async (ctx) => {
      const scope = await ctx.scope();
      const { page, size, keyword, projectId, status } = ctx.body;
      const where = and(
        barcodeScope(scope),
        isNull(specimenBarcodes.parentId),
        codeLike(keyword),
        projectId ? eq(specimenBarcodes.projectId, projectId) : undefined,
        status ? eq(specimenBarcodes.status, status) : undefined,
      );
      const r = await pageBarcodes(ctx.db, where, page, size, ctx.lang);
      return new Page(r.rows, r.total);
    },
    register: async (ctx) => {
      const { projectId, range, codes: given, ...links } = ctx.body;
      const codes = range ? rangeCodes(range) : (given ?? []);
      noRepeats(codes);
      const link = await checkedLinks(ctx.db, await ctx.scope(), projectId, links);
      assertNoneVoided(await voidedAmong(ctx.db, projectId, codes));
      assertNoneTaken(await takenCodes(ctx.db, codes));
      const status = specimenBarcodeWorkflow.initial;
      const base = { projectId, ...link, status, createdBy: ctx.principal.userId, createdAt: ctx.now };
      await uniqueOr(ctx.lang, () =>
        insertBarcodes(
          ctx.db,
          codes.map((code) => ({ code, ...base })),
        ),
      );
      ctx.audit({
        action: 'sampleCode.register',
        entity: 'specimenBarcode',
        entityId: null,
        newValue: {
          projectId,
          ...link,
          range: range ?? null,
          count: codes.length,
          codes: codes.slice(0, 1000),
        },
      });
      return { count: codes.length, codes };
    },
    update: async (ctx) => {
      const scope = await ctx.scope();
      const { id, version, ...links } = ctx.body;
      const row = await scopedBarcode(ctx.db, scope, { id });
      // Links are fixed once the sample is in the lab: the bench sign-for matched them to the shipment.
      if (row.status !== 'registered')
        throw new ApiError(ResultCode.INVALID_STATE, { key: 'specimenLinksFixed' });
      const link = await checkedLinks(ctx.db, scope, row.projectId, links);
      const updated = await updateLinks(ctx.db, id, version, link);
      if (!updated) throw staleOrMissing(true);
      const { siteId, subjectId, sampleTypeId, visit } = row;
      ctx.audit({
        action: 'sampleCode.update',
        entity: 'specimenBarcode',
        entityId: id,
        oldValue: { siteId, subjectId, sampleTypeId, visit },
        newValue: link,
      });
      return { version: updated.version };
    },
  });

  registerGroup(app, specimenSign, {
    // ---- specimen-sign ----
    shipments: async (ctx) => {
      const { page, size, keyword, pending } = ctx.body;
      const where = and(
        containsAny([sampleTransports.orderNo, sampleTransports.expressNo], keyword),
        pending ? awaitingBenchSign : undefined,
      );
      const r = await signShipments(ctx.db, await ctx.scope(), where, page, size);
      return new Page(r.rows, r.total);
    },
    paging: async (ctx) => {
      const scope = await ctx.scope();
      const { page, size, keyword, transportId } = ctx.body;
      const where = and(
        barcodeScope(scope),
        isNull(specimenBarcodes.parentId),
        isNotNull(specimenBarcodes.signedAt),
        codeLike(keyword),
        transportId ? eq(specimenBarcodes.transportId, transportId) : undefined,
      );
      const r = await pageBarcodes(ctx.db, where, page, size, ctx.lang);
      return new Page(r.rows, r.total);
    },
    sign: async (ctx) => {
      const p = ctx.principal;
      const scope = await ctx.scope();
      const codes = ctx.body.barcodes;
      noRepeats(codes);
      const shipment = await shipmentById(ctx.db, ctx.body.transportId);
      assertInScope(scope, shipment);
      if (shipment.status !== 'signed')
        throw new ApiError(ResultCode.INVALID_STATE, { key: 'specimenShipmentNotReceived' });
      const rows = await knownBarcodes(ctx.db, scope, codes);
      assertSignable(shipment, rows);
      assertNoneVoided(await voidedOf(ctx.db, rows));
      // Each barcode goes against the received line of its sample type; never more than received.
      const plan = assignToLines(rows, await receivedLines(ctx.db, [shipment.id]));
      const to = assertTransition(ctx.lang, specimenBarcodeWorkflow, 'registered', 'sign', actorOf(p, null));
      const target = { shipmentId: shipment.id, status: to, userId: p.userId, now: ctx.now };
      for (const { line, ids } of plan.values()) {
        // Someone signed one of them meanwhile: roll everything back.
        if ((await signAgainstLine(ctx.db, ids, { ...target, line })) !== ids.length)
          throw staleOrMissing(true);
        for (const id of ids)
          await recordEvent(ctx.db, {
            workflow: specimenBarcodeWorkflow.id,
            recordId: id,
            action: 'sign',
            fromState: 'registered',
            toState: to,
            userId: p.userId,
            at: ctx.now,
          });
      }
      ctx.audit({
        action: 'specimenSign.sign',
        entity: 'sampleTransport',
        entityId: shipment.id,
        newValue: { barcodes: codes, status: to },
      });
      return { count: codes.length, signedAt: ctx.now.toISOString() };
    },
  });

  registerGroup(app, subBarcode, {
    // ---- manage-sub-barcode ----
    paging: async (ctx) => {
      const scope = await ctx.scope();
      const { page, size, keyword, projectId, status, parentCode } = ctx.body;
      const parentId = parentCode ? await barcodeIdOf(ctx.db, parentCode) : undefined;
      const where = and(
        barcodeScope(scope),
        isNotNull(specimenBarcodes.parentId),
        parentId !== undefined ? eq(specimenBarcodes.parentId, parentId) : undefined,
        codeLike(keyword),
        projectId ? eq(specimenBarcodes.projectId, projectId) : undefined,
        status ? eq(specimenBarcodes.status, status) : undefined,
      );
      const r = await pageBarcodes(ctx.db, where, page, size, ctx.lang);
      return new Page(r.rows, r.total);
    },
    create: async (ctx) => {
      const p = ctx.principal;
      const { parentCode, count, sampleTypeId } = ctx.body;
      const parent = await scopedBarcode(ctx.db, await ctx.scope(), { code: parentCode });
      const { suffixes, codes } = nextSubBarcodes(parent, count);
      if (sampleTypeId) await assertSampleTypeExists(ctx.db, sampleTypeId);
      assertNoneTaken(await takenCodes(ctx.db, codes));
      const last = parent.lastSuffix;
      const bumped = await bumpLastSuffix(ctx.db, parent.id, last, last + count);
      if (!bumped) throw staleOrMissing(true);
      const { projectId, siteId, subjectId, visit, temperatureId } = parent;
      const aliquot = {
        ...{ projectId, siteId, subjectId, visit, temperatureId, parentId: parent.id },
        sampleTypeId: sampleTypeId ?? parent.sampleTypeId,
        // Aliquots are made at the bench from a signed sample: they are in the lab already.
        status: 'signed' as const,
        transportId: bumped.transportId,
        ...{ signedBy: p.userId, signedAt: ctx.now, createdBy: p.userId, createdAt: ctx.now },
      };
      await uniqueOr(ctx.lang, () =>
        insertBarcodes(
          ctx.db,
          suffixes.map((suffix, i) => ({ ...aliquot, code: codes[i] as string, suffix })),
        ),
      );
      ctx.audit({
        action: 'subBarcode.create',
        entity: 'specimenBarcode',
        entityId: parent.id,
        oldValue: { lastSuffix: last },
        newValue: { lastSuffix: bumped.lastSuffix, codes, sampleTypeId: sampleTypeId ?? null },
      });
      return { codes, lastSuffix: bumped.lastSuffix };
    },
    disable: async (ctx) => {
      const p = ctx.principal;
      const row = await scopedBarcode(ctx.db, await ctx.scope(), { id: ctx.params.id });
      if (row.parentId === null) throw new ApiError(ResultCode.BAD_REQUEST, { key: 'subBarcodeNotSub' });
      if (row.storage === 'stored')
        throw new ApiError(ResultCode.INVALID_STATE, { key: 'specimenStoredCannotDisable' });
      const { version: readVersion, reason } = ctx.body;
      let version = readVersion;
      await applyTransition(
        ctx,
        p,
        specimenBarcodeWorkflow,
        { id: row.id, status: row.status, creatorId: null },
        { action: 'disable', version: readVersion, reason, patch: { code: row.code } },
        async (next) => {
          version = next.version;
          return disableBarcode(ctx.db, row.id, readVersion, {
            ...next,
            userId: p.userId,
            now: ctx.now,
            reason,
          });
        },
      );
      return { version };
    },
  });
}
