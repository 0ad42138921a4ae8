import {
  endpoints,
  ResultCode,
  rangeCodes,
  type SignShipment,
  SUB_BARCODE_MAX_SUFFIX,
  specimenBarcodeWorkflow,
  subBarcodeCode,
} from '@trialab/api-contract';
import { and, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.js';
import { projects, sampleTypes, sites, temperatures } from '../../db/schema.js';
import { labSubjects, receiptSamples } from '../../db/schema-lab.js';
import { sampleTransportItems, sampleTransports } from '../../db/schema-portal.js';
import { specimenBarcodes } from '../../db/schema-specimen.js';
import { ApiError, notFound } from '../../lib/errors.js';
import { pageOf } from '../../lib/paging.js';
import { Page, registerGroup } from '../../lib/route.js';
import { containsAny } from '../../lib/search.js';
import { staleOrMissing, uniqueOr } from '../../lib/versioned.js';
import { actorOf, applyTransition, assertTransition, recordEvent } from '../../lib/workflow.js';
import { assertInScope, checkedSite, outOfScope, type SiteScope } from '../portal/scope.js';
import {
  barcodeScope,
  codeLike,
  codeList,
  knownBarcodes,
  noRepeats,
  pageBarcodes,
  scopedBarcode,
} from './repository.js';

const { sampleCode, specimenSign, subBarcode } = endpoints;

/** Codes of the list that exist anywhere in the system (uniqueness is system-wide, not per scope). */
async function takenCodes(db: Executor, codes: string[]): Promise<string[]> {
  if (codes.length === 0) return [];
  const rows = await db
    .select({ code: specimenBarcodes.code })
    .from(specimenBarcodes)
    .where(inArray(specimenBarcodes.code, codes));
  return rows.map((r) => r.code).sort();
}

/**
 * Checks the optional links of a barcode (site of the project, sample type, subject of the project)
 * and answers them with the subject's site filled in when no site was given.
 */
async function checkedLinks(
  db: Executor,
  scope: SiteScope,
  projectId: number,
  links: {
    siteId?: number | null | undefined;
    sampleTypeId?: number | null | undefined;
    subjectId?: number | null | undefined;
    visit?: string | null | undefined;
  },
) {
  const [project] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId));
  if (!project)
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'invalidReference', params: { field: 'projectId' } });
  if (!scope.all && !scope.projectIds.has(projectId)) throw outOfScope();
  let siteId = links.siteId ?? null;
  if (links.subjectId) {
    const [subject] = await db
      .select({ projectId: labSubjects.projectId, siteId: labSubjects.siteId })
      .from(labSubjects)
      .where(eq(labSubjects.id, links.subjectId));
    if (!subject || subject.projectId !== projectId || (siteId !== null && subject.siteId !== siteId))
      throw new ApiError(ResultCode.BAD_REQUEST, {
        key: 'specimenLinkInvalid',
        params: { field: 'subjectId' },
      });
    siteId = subject.siteId;
  }
  if (siteId !== null) await checkedSite(db, scope, projectId, siteId);
  if (links.sampleTypeId) {
    const [type] = await db
      .select({ id: sampleTypes.id })
      .from(sampleTypes)
      .where(eq(sampleTypes.id, links.sampleTypeId));
    if (!type) throw new ApiError(ResultCode.BAD_REQUEST, { key: 'sampleTypeMissing' });
  }
  return {
    siteId,
    subjectId: links.subjectId ?? null,
    sampleTypeId: links.sampleTypeId ?? null,
    visit: links.visit || null,
  };
}

/** Received shipments (signed off at /express/sign) with each line's received and bench-signed counts. */
async function signShipments(
  db: Executor,
  scope: SiteScope,
  where: ReturnType<typeof and>,
  page: number,
  size: number,
): Promise<{ rows: SignShipment[]; total: number }> {
  const filter = and(
    eq(sampleTransports.status, 'signed'),
    scope.all
      ? undefined
      : scope.siteIds
        ? inArray(sampleTransports.siteId, [...scope.siteIds, -1])
        : inArray(sampleTransports.projectId, [...scope.projectIds, -1]),
    where,
  );
  const { rows: heads, total } = await pageOf(
    db.select({ n: count() }).from(sampleTransports).where(filter),
    db
      .select({
        id: sampleTransports.id,
        orderNo: sampleTransports.orderNo,
        expressNo: sampleTransports.expressNo,
        projectId: sampleTransports.projectId,
        projectNo: projects.projectNo,
        centerNo: sites.centerNo,
        signedAt: sampleTransports.signedAt,
      })
      .from(sampleTransports)
      .innerJoin(projects, eq(projects.id, sampleTransports.projectId))
      .innerJoin(sites, eq(sites.id, sampleTransports.siteId))
      .where(filter)
      .orderBy(desc(sampleTransports.signedAt), desc(sampleTransports.id)),
    { page, size },
  );
  const lines = await receivedLines(
    db,
    heads.map((h) => h.id),
  );
  return {
    rows: heads.map((h) => ({
      ...h,
      signedAt: h.signedAt?.toISOString() ?? null,
      lines: lines
        .filter((l) => l.transportId === h.id)
        .map(({ transportId: _t, temperatureId: _c, ...l }) => l),
    })),
    total,
  };
}

/** The received lines of shipments with how many barcodes were signed for against each. */
async function receivedLines(db: Executor, transportIds: number[]) {
  if (transportIds.length === 0) return [];
  const signedCount = db
    .select({ itemId: specimenBarcodes.transportItemId, n: count().as('n') })
    .from(specimenBarcodes)
    .where(and(isNotNull(specimenBarcodes.transportItemId), isNull(specimenBarcodes.parentId)))
    .groupBy(specimenBarcodes.transportItemId)
    .as('signed_count');
  const rows = await db
    .select({
      transportId: sampleTransportItems.transportId,
      itemId: sampleTransportItems.id,
      sampleTypeId: sampleTransportItems.sampleTypeId,
      sampleTypeName: sampleTypes.name,
      temperatureId: sampleTransportItems.temperatureId,
      temperatureName: temperatures.name,
      receivedQuantity: receiptSamples.receivedQuantity,
      benchSigned: sql<number>`coalesce(${signedCount.n}, 0)::int`,
    })
    .from(sampleTransportItems)
    .innerJoin(receiptSamples, eq(receiptSamples.itemId, sampleTransportItems.id))
    .innerJoin(sampleTypes, eq(sampleTypes.id, sampleTransportItems.sampleTypeId))
    .innerJoin(temperatures, eq(temperatures.id, sampleTransportItems.temperatureId))
    .leftJoin(signedCount, eq(signedCount.itemId, sampleTransportItems.id))
    .where(inArray(sampleTransportItems.transportId, transportIds))
    .orderBy(sampleTransportItems.sort, sampleTransportItems.id);
  return rows.map((r) => ({ ...r, benchSigned: Number(r.benchSigned) }));
}

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
      const r = await pageBarcodes(ctx.db, where, page, size);
      return new Page(r.rows, r.total);
    },
    register: async (ctx) => {
      const p = ctx.principal;
      const scope = await ctx.scope();
      const { projectId, range, codes: given, ...links } = ctx.body;
      const codes = range ? rangeCodes(range) : (given ?? []);
      noRepeats(codes);
      const link = await checkedLinks(ctx.db, scope, projectId, links);
      const taken = await takenCodes(ctx.db, codes);
      if (taken.length > 0)
        throw new ApiError(ResultCode.DUPLICATE, {
          key: 'specimenCodesTaken',
          params: { codes: codeList(taken) },
        });
      await uniqueOr(ctx.lang, () =>
        ctx.db.insert(specimenBarcodes).values(
          codes.map((code) => ({
            code,
            projectId,
            ...link,
            status: specimenBarcodeWorkflow.initial,
            createdBy: p.userId,
            createdAt: ctx.now,
          })),
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
      const [updated] = await ctx.db
        .update(specimenBarcodes)
        .set({ ...link, version: sql`${specimenBarcodes.version} + 1` })
        .where(and(eq(specimenBarcodes.id, id), eq(specimenBarcodes.version, version)))
        .returning({ version: specimenBarcodes.version });
      if (!updated) throw staleOrMissing(true);
      ctx.audit({
        action: 'sampleCode.update',
        entity: 'specimenBarcode',
        entityId: id,
        oldValue: {
          siteId: row.siteId,
          subjectId: row.subjectId,
          sampleTypeId: row.sampleTypeId,
          visit: row.visit,
        },
        newValue: link,
      });
      return { version: updated.version };
    },
  });

  registerGroup(app, specimenSign, {
    // ---- specimen-sign ----
    shipments: async (ctx) => {
      const scope = await ctx.scope();
      const { page, size, keyword } = ctx.body;
      const where = containsAny([sampleTransports.orderNo, sampleTransports.expressNo], keyword);
      const r = await signShipments(ctx.db, scope, where, page, size);
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
      const r = await pageBarcodes(ctx.db, where, page, size);
      return new Page(r.rows, r.total);
    },
    sign: async (ctx) => {
      const p = ctx.principal;
      const scope = await ctx.scope();
      const codes = ctx.body.barcodes;
      noRepeats(codes);

      const [shipment] = await ctx.db
        .select({
          id: sampleTransports.id,
          status: sampleTransports.status,
          projectId: sampleTransports.projectId,
          siteId: sampleTransports.siteId,
        })
        .from(sampleTransports)
        .where(eq(sampleTransports.id, ctx.body.transportId));
      if (!shipment) throw notFound();
      assertInScope(scope, shipment);
      if (shipment.status !== 'signed')
        throw new ApiError(ResultCode.INVALID_STATE, { key: 'specimenShipmentNotReceived' });

      const rows = await knownBarcodes(ctx.db, scope, codes);
      const foreign = rows.filter(
        (r) => r.projectId !== shipment.projectId || (r.siteId !== null && r.siteId !== shipment.siteId),
      );
      if (foreign.length > 0)
        throw new ApiError(ResultCode.BAD_REQUEST, {
          key: 'specimenWrongProject',
          params: { codes: codeList(foreign.map((r) => r.code)) },
        });
      const done = rows.filter((r) => r.status !== 'registered' || r.parentId !== null);
      if (done.length > 0)
        throw new ApiError(ResultCode.INVALID_STATE, {
          key: 'specimenAlreadySigned',
          params: { codes: codeList(done.map((r) => r.code)) },
        });

      // Each barcode goes against the received line of its sample type; never more than received.
      const lines = await receivedLines(ctx.db, [shipment.id]);
      const missing: string[] = [];
      const ambiguous: string[] = [];
      const plan = new Map<number, { line: (typeof lines)[number]; ids: number[] }>();
      for (const row of rows) {
        const line =
          row.sampleTypeId !== null
            ? lines.find((l) => l.sampleTypeId === row.sampleTypeId)
            : lines.length === 1
              ? lines[0]
              : undefined;
        if (!line) {
          (row.sampleTypeId === null && lines.length > 1 ? ambiguous : missing).push(row.code);
          continue;
        }
        const entry = plan.get(line.itemId) ?? { line, ids: [] };
        entry.ids.push(row.id);
        plan.set(line.itemId, entry);
      }
      if (ambiguous.length > 0)
        throw new ApiError(ResultCode.BAD_REQUEST, {
          key: 'specimenTypeAmbiguous',
          params: { codes: codeList(ambiguous) },
        });
      if (missing.length > 0)
        throw new ApiError(ResultCode.BAD_REQUEST, {
          key: 'specimenTypeNotInShipment',
          params: { codes: codeList(missing) },
        });
      for (const { line, ids } of plan.values()) {
        if (line.benchSigned + ids.length > line.receivedQuantity)
          throw new ApiError(ResultCode.BAD_REQUEST, {
            key: 'specimenOverReceived',
            params: {
              type: line.sampleTypeName,
              received: line.receivedQuantity,
              signed: line.benchSigned,
              adding: ids.length,
            },
          });
      }

      const actor = actorOf(p, null);
      const to = assertTransition(ctx.lang, specimenBarcodeWorkflow, 'registered', 'sign', actor);
      for (const { line, ids } of plan.values()) {
        const updated = await ctx.db
          .update(specimenBarcodes)
          .set({
            status: to,
            transportId: shipment.id,
            transportItemId: line.itemId,
            sampleTypeId: line.sampleTypeId,
            temperatureId: line.temperatureId,
            signedBy: p.userId,
            signedAt: ctx.now,
            version: sql`${specimenBarcodes.version} + 1`,
          })
          .where(and(inArray(specimenBarcodes.id, ids), eq(specimenBarcodes.status, 'registered')))
          .returning({ id: specimenBarcodes.id });
        // Someone signed one of them meanwhile: roll everything back.
        if (updated.length !== ids.length) throw staleOrMissing(true);
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
      let parentId: number | undefined;
      if (parentCode) {
        const [parent] = await ctx.db
          .select({ id: specimenBarcodes.id })
          .from(specimenBarcodes)
          .where(eq(specimenBarcodes.code, parentCode));
        parentId = parent?.id ?? -1;
      }
      const where = and(
        barcodeScope(scope),
        isNotNull(specimenBarcodes.parentId),
        parentId !== undefined ? eq(specimenBarcodes.parentId, parentId) : undefined,
        codeLike(keyword),
        projectId ? eq(specimenBarcodes.projectId, projectId) : undefined,
        status ? eq(specimenBarcodes.status, status) : undefined,
      );
      const r = await pageBarcodes(ctx.db, where, page, size);
      return new Page(r.rows, r.total);
    },
    create: async (ctx) => {
      const p = ctx.principal;
      const scope = await ctx.scope();
      const parent = await scopedBarcode(ctx.db, scope, { code: ctx.body.parentCode });
      if (parent.parentId !== null)
        throw new ApiError(ResultCode.BAD_REQUEST, {
          key: 'subBarcodeNested',
          params: { code: parent.code },
        });
      if (parent.status !== 'signed')
        throw new ApiError(ResultCode.INVALID_STATE, {
          key: 'subBarcodeParentState',
          params: { code: parent.code },
        });
      if (subBarcodeCode(parent.code, SUB_BARCODE_MAX_SUFFIX).length > 32)
        throw new ApiError(ResultCode.BAD_REQUEST, {
          key: 'subBarcodeTooLong',
          params: { code: parent.code },
        });
      const last = parent.lastSuffix;
      const count = ctx.body.count;
      if (last + count > SUB_BARCODE_MAX_SUFFIX)
        throw new ApiError(ResultCode.BAD_REQUEST, {
          key: 'subBarcodeExhausted',
          params: { code: parent.code, last, max: SUB_BARCODE_MAX_SUFFIX },
        });
      if (ctx.body.sampleTypeId) {
        const [type] = await ctx.db
          .select({ id: sampleTypes.id })
          .from(sampleTypes)
          .where(eq(sampleTypes.id, ctx.body.sampleTypeId));
        if (!type) throw new ApiError(ResultCode.BAD_REQUEST, { key: 'sampleTypeMissing' });
      }
      const suffixes = Array.from({ length: count }, (_, i) => last + 1 + i);
      const codes = suffixes.map((s) => subBarcodeCode(parent.code, s));
      const taken = await takenCodes(ctx.db, codes);
      if (taken.length > 0)
        throw new ApiError(ResultCode.DUPLICATE, {
          key: 'specimenCodesTaken',
          params: { codes: codeList(taken) },
        });
      // Guarded on the suffix read, so two people aliquoting at once cannot issue the same suffix.
      const [bumped] = await ctx.db
        .update(specimenBarcodes)
        .set({ lastSuffix: last + count, version: sql`${specimenBarcodes.version} + 1` })
        .where(and(eq(specimenBarcodes.id, parent.id), eq(specimenBarcodes.lastSuffix, last)))
        .returning({ lastSuffix: specimenBarcodes.lastSuffix });
      if (!bumped) throw staleOrMissing(true);
      const [source] = await ctx.db
        .select({ transportId: specimenBarcodes.transportId })
        .from(specimenBarcodes)
        .where(eq(specimenBarcodes.id, parent.id));
      await uniqueOr(ctx.lang, () =>
        ctx.db.insert(specimenBarcodes).values(
          suffixes.map((suffix, i) => ({
            code: codes[i] ?? subBarcodeCode(parent.code, suffix),
            projectId: parent.projectId,
            siteId: parent.siteId,
            subjectId: parent.subjectId,
            visit: parent.visit,
            sampleTypeId: ctx.body.sampleTypeId ?? parent.sampleTypeId,
            parentId: parent.id,
            suffix,
            // Aliquots are made at the bench from a signed sample: they are in the lab already.
            status: 'signed',
            transportId: source?.transportId ?? null,
            temperatureId: parent.temperatureId,
            signedBy: p.userId,
            signedAt: ctx.now,
            createdBy: p.userId,
            createdAt: ctx.now,
          })),
        ),
      );
      ctx.audit({
        action: 'subBarcode.create',
        entity: 'specimenBarcode',
        entityId: parent.id,
        oldValue: { lastSuffix: last },
        newValue: { lastSuffix: bumped.lastSuffix, codes, sampleTypeId: ctx.body.sampleTypeId ?? null },
      });
      return { codes, lastSuffix: bumped.lastSuffix };
    },
    disable: async (ctx) => {
      const p = ctx.principal;
      const scope = await ctx.scope();
      const row = await scopedBarcode(ctx.db, scope, { id: ctx.params.id });
      if (row.parentId === null) throw new ApiError(ResultCode.BAD_REQUEST, { key: 'subBarcodeNotSub' });
      if (row.storage === 'stored')
        throw new ApiError(ResultCode.INVALID_STATE, { key: 'specimenStoredCannotDisable' });
      let version = ctx.body.version;
      await applyTransition(
        ctx,
        p,
        specimenBarcodeWorkflow,
        { id: row.id, status: row.status, creatorId: null },
        { action: 'disable', version: ctx.body.version, reason: ctx.body.reason, patch: { code: row.code } },
        async (next) => {
          version = next.version;
          const updated = await ctx.db
            .update(specimenBarcodes)
            .set({
              status: next.status,
              disabledBy: p.userId,
              disabledAt: ctx.now,
              disabledReason: ctx.body.reason,
              version: next.version,
            })
            .where(and(eq(specimenBarcodes.id, row.id), eq(specimenBarcodes.version, ctx.body.version)))
            .returning({ id: specimenBarcodes.id });
          return updated.length === 1;
        },
      );
      return { version };
    },
  });
}
