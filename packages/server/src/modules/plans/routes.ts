import {
  endpoints,
  type Lang,
  localName,
  PLAN_SIGNATURE_MEANING,
  type PlanAction,
  type PlanSampleInput,
  projectPlanWorkflow,
  ResultCode,
  SAMPLE_CONTAINER_DICT,
  SAMPLING_PLAN_LIMITS,
} from '@trialab/api-contract';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.js';
import { download } from '../../lib/download.js';
import { ApiError, notFound } from '../../lib/errors.js';
import { type BodyOf, type Ctx, registerGroup, type SessionCtx } from '../../lib/route.js';
import { assertProjectInScope } from '../../lib/scope.js';
import { zonedTime } from '../../lib/time-zone.js';
import { staleOrMissing } from '../../lib/versioned.js';
import { applyTransition } from '../../lib/workflow.js';
import { XLSX_MIME } from '../../lib/xlsx.js';
import { enabledDictValues } from '../../services/dictionaries.js';
import { checkedSite } from '../../services/scope.js';
import { confirmSigner, eSign, signaturesOf } from '../../services/signatures.js';
import { assertContainer } from '../reference-data/service.js';
import { enabledValues } from '../system/repository.js';
import { reconciliationFileName, reconciliationWorkbook } from './export.js';
import {
  bumpKit,
  bumpPlan,
  bumpVisit,
  copyKits,
  deleteKit,
  deleteVisit,
  insertKit,
  insertPlan,
  kitById,
  kitNameTaken,
  kitsOfPlan,
  kitsWithEnglish,
  kitVisits,
  markEdited,
  onlinePlansOf,
  openRevision,
  type PlanRecord,
  pagePlans,
  pageVisits,
  planById,
  planChoices,
  planKitIds,
  planNoTaken,
  publishKits,
  receiptReadings,
  receivedSamples,
  sampleReferences,
  samplesOf,
  sampleTypeNames,
  setVisitSort,
  sitesSeen,
  storedConditions,
  subjectBarcodes,
  subjectsAt,
  supersedeOnline,
  temperatureBounds,
  testItemNames,
  topRevision,
  versionsOf,
  visitById,
  visitNameTaken,
  visitsOf,
  writeVisits,
} from './repository.js';
import {
  assertEditable,
  assertKeepsReceived,
  assertRevisable,
  assertSampleReferences,
  assertSubmittable,
  assertVisitNamesUnique,
  inView,
  isExcursion,
  type PlannedVisit,
  planContentHash,
  reconcile,
  siteTotals,
} from './service.js';

const api = endpoints.plan;
type VisitInput = {
  id?: number | undefined;
  name: string;
  enName?: string | null | undefined;
  day?: number | null | undefined;
  windowBefore?: number | undefined;
  windowAfter?: number | undefined;
  samples: PlanSampleInput[];
};
type Base = Pick<SessionCtx, 'db' | 'principal' | 'scope' | 'lang'>;

const invalidReference = (field: string) =>
  new ApiError(ResultCode.BAD_REQUEST, { key: 'invalidReference', params: { field } });

/** Dictionary 1016: how a kit is delivered. */
const DELIVERY_MODEL_DICT = 1016;

/** A plan version of a project the caller sees; others are refused as out of scope. */
async function planInScope(ctx: Base, id: number): Promise<PlanRecord> {
  const plan = await planById(ctx.db, id, ctx.lang);
  assertProjectInScope(await ctx.scope(), plan.projectId);
  return plan;
}

/** The visits of a version with their samples as the contract shows them. */
async function visitsWithSamples(db: Executor, planId: number, lang?: Lang) {
  const visits = await visitsOf(db, planId);
  const samples = await samplesOf(
    db,
    visits.map((v) => v.id),
    lang,
  );
  const items = await testItemNames(db, [...new Set(samples.flatMap((s) => s.testItemIds))]);
  return visits.map((v) => ({
    id: v.id,
    name: v.name,
    enName: v.enName,
    sort: v.sort,
    day: v.day,
    windowBefore: v.windowBefore,
    windowAfter: v.windowAfter,
    samples: samples
      .filter((s) => s.visitId === v.id)
      .map((s) => ({
        sampleTypeId: s.sampleTypeId,
        sampleTypeName: s.sampleTypeName,
        container: s.container,
        volume: s.volume,
        unit: s.unit,
        count: s.count,
        transportTemperatureId: s.transportTemperatureId,
        transportTemperature: { id: s.transportTemperatureId, name: s.transport, range: s.transportRange },
        storageTemperatureId: s.storageTemperatureId,
        storageTemperature: { id: s.storageTemperatureId, name: s.storage, range: s.storageRange },
        testItemIds: s.testItemIds,
        testItems: s.testItemIds.flatMap((id) => items.get(id) ?? []),
        kitId: s.kitId,
        kitName: s.kitName,
      })),
  }));
}
type Visits = Awaited<ReturnType<typeof visitsWithSamples>>;

const typesOf = (
  visits: ReadonlyArray<{
    name: string;
    enName?: string | null;
    samples: ReadonlyArray<{ sampleTypeId: number }>;
  }>,
  lang: Lang,
) =>
  visits.map((v) => ({
    name: v.name,
    label: localName(v, lang),
    sampleTypeIds: v.samples.map((s) => s.sampleTypeId),
  }));

/** Samples received in the project keep their visit and sample type in the plan. */
async function assertReceivedKept(
  db: Executor,
  projectId: number,
  before: Visits,
  after: Visits | VisitInput[],
  lang: Lang,
) {
  const received = await receivedSamples(db, projectId);
  if (received.size === 0) return;
  const names = await sampleTypeNames(db, lang);
  assertKeepsReceived(
    typesOf(before, lang),
    typesOf(after, lang),
    received,
    (id) => names.get(id) ?? String(id),
  );
}

/**
 * The checks of a version's new visits, in order: names unique, kept visits its own, references
 * valid and enabled, kits of the project, nothing received dropped.
 */
async function checkVisits(
  db: Executor,
  plan: { id: number; projectId: number },
  visits: VisitInput[],
  lang: Lang,
) {
  assertVisitNamesUnique(visits);
  const before = plan.id ? await visitsWithSamples(db, plan.id) : [];
  const own = new Set(before.map((v) => v.id));
  if (visits.some((v) => v.id !== undefined && !own.has(v.id)))
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'planVisitUnknown' });
  const samples = visits.flatMap((v) => v.samples);
  assertSampleReferences(samples, await sampleReferences(db, samples), invalidReference);
  // A tube is one of the container master (dictionary 1024); one the version already names may
  // stay after it was disabled, not be chosen anew.
  const containers = await enabledDictValues(db, SAMPLE_CONTAINER_DICT);
  const kept = new Set(before.flatMap((v) => v.samples.map((s) => s.container)));
  for (const s of samples) if (!kept.has(s.container ?? null)) assertContainer(s.container, containers);
  const kits = [...new Set(samples.flatMap((s) => (s.kitId ? [s.kitId] : [])))];
  const versionKits = await planKitIds(db, plan.id, kits);
  if (kits.some((id) => !versionKits.has(id))) throw invalidReference('kitId');
  await assertReceivedKept(db, plan.projectId, before, visits, lang);
}

/** The visits of a version as input again (a revision starts as a copy). */
const asInput = (visits: Visits): VisitInput[] =>
  visits.map((v) => ({
    name: v.name,
    enName: v.enName,
    day: v.day,
    windowBefore: v.windowBefore,
    windowAfter: v.windowAfter,
    samples: v.samples.map((s) => ({
      sampleTypeId: s.sampleTypeId,
      container: s.container,
      volume: s.volume,
      unit: s.unit,
      count: s.count,
      transportTemperatureId: s.transportTemperatureId,
      storageTemperatureId: s.storageTemperatureId,
      testItemIds: s.testItemIds,
      kitId: s.kitId,
    })),
  }));

/** A version about to change: still editable, and the caller recorded as its last editor. */
async function editing(ctx: Base & Pick<SessionCtx, 'now'>, plan: PlanRecord) {
  assertEditable(plan);
  await markEdited(ctx.db, plan.id, ctx.principal.userId, ctx.now);
}

type TransitionCtx = Ctx<typeof api.submit | typeof api.approve | typeof api.return | typeof api.goOnline>;

/** Submit, approve, return and go online: one path through the projectPlan workflow. */
async function fire(
  ctx: TransitionCtx,
  action: PlanAction,
  body: { version: number; reason?: string; signature?: { password: string } | undefined },
) {
  const plan = await planInScope(ctx, ctx.params.id);
  const visits = await visitsWithSamples(ctx.db, plan.id);
  if (action === 'submit') assertSubmittable(visits);
  const reason = body.reason ?? null;
  // The approver's password is checked before anything is written.
  const signer = action === 'approve' ? await confirmSigner(ctx, body.signature) : null;
  const status = await applyTransition(
    ctx,
    ctx.principal,
    projectPlanWorkflow,
    { id: plan.id, status: plan.status, creatorId: plan.createdBy, authorIds: plan.authorIds },
    { action, version: body.version, reason },
    async (next) =>
      (await bumpPlan(ctx.db, plan.id, body.version, {
        status: next.status,
        updatedAt: ctx.now,
        ...(action === 'return' ? { returnReason: reason } : {}),
        ...(action === 'submit' ? { submittedBy: ctx.principal.userId } : {}),
      })) !== undefined,
  );
  if (signer)
    await eSign(ctx.db, signer, {
      entity: 'projectPlan',
      entityId: plan.id,
      action,
      meaning: PLAN_SIGNATURE_MEANING[ctx.lang],
      contentHash: planContentHash({ ...plan, visits: asInput(visits) }),
      at: ctx.now,
    });
  if (action === 'goOnline') {
    const kits = await publishKits(ctx.db, plan);
    if (kits.offered.length + kits.withdrawn.length > 0)
      ctx.audit({
        action: 'projectPlan.publishKits',
        entity: 'projectPlan',
        entityId: plan.id,
        newValue: { projectId: plan.projectId, ...kits },
      });
    const superseded = await supersedeOnline(ctx.db, plan.planNo, plan.id, ctx.now);
    if (superseded.length > 0)
      ctx.audit({
        action: 'projectPlan.supersede',
        entity: 'projectPlan',
        entityId: superseded[0]?.id ?? null,
        oldValue: { status: 'online' },
        newValue: { status: 'superseded', by: plan.id },
      });
  }
  return { version: body.version + 1, status };
}

type ReconFilter = BodyOf<typeof api.reconciliation>;

/**
 * The reconciliation of a project in the caller's sites: the online plans' visits against the
 * subjects enrolled and the barcodes of their visits, on the caller's today; the rows filtered by
 * site, subject and visit (the view is the caller's), and every site's totals.
 */
async function reconciliationOf(ctx: SessionCtx, f: ReconFilter) {
  const { projectId, siteId } = f;
  const scope = await ctx.scope();
  if (siteId !== undefined) await checkedSite(ctx.db, scope, projectId, siteId);
  else assertProjectInScope(scope, projectId);
  // Every plan no of the project that has an online version counts (a PK plan beside the main one).
  const planIds = await onlinePlansOf(ctx.db, projectId);
  const visits: PlannedVisit[] = [];
  for (const planId of planIds)
    for (const v of await visitsWithSamples(ctx.db, planId)) {
      const known = visits.find((x) => x.name === v.name);
      const counts = new Map(known?.counts ?? []);
      for (const s of v.samples) counts.set(s.sampleTypeId, (counts.get(s.sampleTypeId) ?? 0) + s.count);
      if (known) known.counts = counts;
      else
        visits.push({
          name: v.name,
          label: localName(v, ctx.lang),
          day: v.day,
          windowBefore: v.windowBefore,
          windowAfter: v.windowAfter,
          counts,
        });
    }
  const time = zonedTime(ctx);
  const today = time.date(ctx.now);
  // External users see their own sites only.
  const siteRows = await sitesSeen(ctx.db, projectId, scope.siteIds);
  const siteIds = siteRows.map((x) => x.id);
  const subjects = (await subjectsAt(ctx.db, projectId, siteIds)).map((x) => ({
    id: x.id,
    subjectNo: x.subjectNo,
    siteId: x.siteId,
    enrolledOn: time.date(x.createdAt),
    rejected: x.status === 'rejected',
  }));
  const rows =
    planIds.length === 0
      ? []
      : reconcile(visits, subjects, await subjectBarcodes(ctx.db, projectId, siteIds), today);
  const typeNames = await sampleTypeNames(ctx.db, ctx.lang);
  const site = new Map(siteRows.map((x) => [x.id, { centerNo: x.centerNo, siteName: x.name }]));
  const named = <T extends { siteId: number }>(r: T) => ({
    ...r,
    ...(site.get(r.siteId) ?? { centerNo: '', siteName: '' }),
  });
  const subjectNo = f.subjectNo?.toLowerCase();
  return {
    planIds,
    today,
    visits: visits.map(({ name, label }) => ({ name, label })),
    sites: siteTotals(siteIds, subjects, rows).map(named),
    rows: rows
      .filter(
        (r) =>
          (siteId === undefined || r.siteId === siteId) &&
          (!subjectNo || r.subjectNo.toLowerCase().includes(subjectNo)) &&
          (!f.visit || r.visit === f.visit),
      )
      .map((r) => ({ ...named(r), sampleTypeName: typeNames.get(r.sampleTypeId) ?? String(r.sampleTypeId) })),
  };
}

/** The reconciliation in the chosen view (staff's plan detail and project page, the site's page). */
async function reconciliationView(ctx: SessionCtx, f: ReconFilter) {
  const { rows, ...rest } = await reconciliationOf(ctx, f);
  return { ...rest, rows: rows.filter((r) => inView(r, f.view)) };
}

/** The same rows as an xlsx workbook, named after the caller's today. */
async function reconciliationFile(ctx: SessionCtx, f: ReconFilter) {
  const { rows } = await reconciliationOf(ctx, f);
  const time = zonedTime(ctx);
  const book = await reconciliationWorkbook(
    rows.filter((r) => inView(r, f.view)),
    ctx.lang,
    time,
  );
  return download({
    name: reconciliationFileName(ctx.lang, time.date(ctx.now)),
    mime: XLSX_MIME,
    content: book,
  });
}

export async function planRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, api, {
    paging: async (ctx) => pagePlans(ctx.db, await ctx.scope(), ctx.body, ctx.lang),
    get: async (ctx) => {
      const plan = await planInScope(ctx, ctx.params.id);
      const visits = await visitsWithSamples(ctx.db, plan.id, ctx.lang);
      return {
        ...plan,
        visits,
        versions: await versionsOf(ctx.db, plan.planNo),
        signatures: await signaturesOf(ctx.db, 'projectPlan', plan.id),
        contentHash: planContentHash({ ...plan, visits: asInput(visits) }),
      };
    },
    choices: async (ctx) => {
      const { projectId, planId } = ctx.query;
      assertProjectInScope(await ctx.scope(), projectId);
      // The kits offered are the version's own: a version of another project is not found.
      if (planId !== undefined && (await planById(ctx.db, planId, ctx.lang)).projectId !== projectId)
        throw notFound();
      return planChoices(ctx.db, planId, ctx.lang);
    },
    create: async (ctx) => {
      const { projectId, planNo, name, enName, visits } = ctx.body;
      assertProjectInScope(await ctx.scope(), projectId);
      if (await planNoTaken(ctx.db, planNo))
        throw new ApiError(ResultCode.DUPLICATE, { key: 'planNoTaken', params: { planNo } });
      await checkVisits(ctx.db, { id: 0, projectId }, visits, ctx.lang);
      const row = await insertPlan(ctx.db, {
        projectId,
        planNo,
        name,
        enName: enName ?? null,
        createdBy: ctx.principal.userId,
      });
      await writeVisits(ctx.db, { id: row.id, projectId, planNo }, visits);
      ctx.audit({
        action: 'plan.create',
        entity: 'projectPlan',
        entityId: row.id,
        newValue: { projectId, planNo, name, enName, visits: visits.map((v) => v.name) },
      });
      return row;
    },
    revise: async (ctx) => {
      const plan = await planInScope(ctx, ctx.params.id);
      assertRevisable(plan, await openRevision(ctx.db, plan.planNo));
      const revision = (await topRevision(ctx.db, plan.planNo)) + 1;
      const { projectId, planNo, name, enName } = plan;
      const row = await insertPlan(ctx.db, {
        projectId,
        planNo,
        name,
        enName,
        revision,
        revisionOf: plan.id,
        createdBy: ctx.principal.userId,
      });
      // The revision's samples name the copies of the kits they named.
      const kitIds = await copyKits(ctx.db, plan.id, row.id);
      const visits = asInput(await visitsWithSamples(ctx.db, plan.id)).map((v) => ({
        ...v,
        samples: v.samples.map((x) => ({ ...x, kitId: x.kitId ? (kitIds.get(x.kitId) ?? null) : null })),
      }));
      await writeVisits(ctx.db, { id: row.id, projectId, planNo }, visits);
      ctx.audit({
        action: 'plan.revise',
        entity: 'projectPlan',
        entityId: row.id,
        newValue: { planNo, revision, from: plan.id },
      });
      return row;
    },
    syncDraft: async (ctx) => {
      const { planId, version, name, enName, visits } = ctx.body;
      const plan = await planInScope(ctx, planId);
      await editing(ctx, plan);
      await checkVisits(ctx.db, plan, visits, ctx.lang);
      const row = await bumpPlan(ctx.db, plan.id, version, {
        name,
        enName: enName ?? null,
        updatedAt: ctx.now,
      });
      if (!row) throw staleOrMissing(true);
      const before = await visitsOf(ctx.db, plan.id);
      await writeVisits(ctx.db, plan, visits);
      ctx.audit({
        action: 'plan.syncDraft',
        entity: 'projectPlan',
        entityId: plan.id,
        oldValue: { name: plan.name, enName: plan.enName, visits: before.map((v) => v.name) },
        newValue: {
          name,
          enName,
          visits: visits.map((v) => v.name),
          samples: visits.flatMap((v) => v.samples).length,
        },
      });
      return row;
    },
    visitPage: async (ctx) => {
      const plan = await planInScope(ctx, ctx.body.planId);
      return pageVisits(ctx.db, plan.id, ctx.body);
    },
    visitUpdate: async (ctx) => {
      const visit = await visitById(ctx.db, ctx.body.id);
      const plan = await planInScope(ctx, visit.planId);
      await editing(ctx, plan);
      const { name } = ctx.body;
      if (await visitNameTaken(ctx.db, plan.id, name, visit.id))
        throw new ApiError(ResultCode.BAD_REQUEST, { key: 'planVisitNameTaken', params: { visit: name } });
      const before = (await visitsWithSamples(ctx.db, plan.id)).filter((v) => v.id === visit.id);
      await assertReceivedKept(
        ctx.db,
        plan.projectId,
        before,
        before.map((v) => ({ ...v, name })),
        ctx.lang,
      );
      const row = await bumpVisit(ctx.db, visit.id, ctx.body.version, { name });
      if (!row) throw staleOrMissing(true);
      ctx.audit({
        action: 'plan.visitUpdate',
        entity: 'visitPoint',
        entityId: visit.id,
        oldValue: { name: visit.name },
        newValue: { name },
      });
      return row;
    },
    visitSort: async (ctx) => {
      const plan = await planInScope(ctx, ctx.body.planId);
      await editing(ctx, plan);
      const current = (await visitsOf(ctx.db, plan.id)).map((v) => v.id);
      const { ids } = ctx.body;
      if (
        ids.length !== current.length ||
        new Set(ids).size !== ids.length ||
        ids.some((id) => !current.includes(id))
      )
        throw new ApiError(ResultCode.BAD_REQUEST, { key: 'planSortMismatch' });
      await setVisitSort(ctx.db, ids);
      ctx.audit({
        action: 'plan.visitSort',
        entity: 'projectPlan',
        entityId: plan.id,
        oldValue: current,
        newValue: ids,
      });
      return true;
    },
    visitDelete: async (ctx) => {
      const visit = await visitById(ctx.db, ctx.params.id);
      const plan = await planInScope(ctx, visit.planId);
      await editing(ctx, plan);
      const before = (await visitsWithSamples(ctx.db, plan.id)).filter((v) => v.id === visit.id);
      await assertReceivedKept(ctx.db, plan.projectId, before, [], ctx.lang);
      await deleteVisit(ctx.db, visit.id);
      ctx.audit({
        action: 'plan.visitDelete',
        entity: 'visitPoint',
        entityId: visit.id,
        oldValue: { planId: plan.id, name: visit.name },
      });
      return true;
    },
    visitCheckExist: async (ctx) => {
      const plan = await planInScope(ctx, ctx.body.planId);
      return visitNameTaken(ctx.db, plan.id, ctx.body.name, ctx.body.id);
    },
    kitList: async (ctx) => {
      const plan = await planInScope(ctx, ctx.params.id);
      const visits = await kitVisits(ctx.db, plan.id);
      return (await kitsWithEnglish(ctx.db, plan.id)).map((k) => ({
        id: k.id,
        planId: k.planId,
        name: k.name,
        deliveryModel: k.deliveryModel,
        items: k.items,
        visits: visits.get(k.id) ?? [],
        version: k.version,
      }));
    },
    kitSave: async (ctx) => {
      const { planId, id, version, ...values } = ctx.body;
      const plan = await planInScope(ctx, planId);
      await editing(ctx, plan);
      const before = id ? await kitById(ctx.db, id) : undefined;
      if (before && before.planId !== plan.id) throw invalidReference('id');
      const models = (await enabledValues(ctx.db, [DELIVERY_MODEL_DICT]))[String(DELIVERY_MODEL_DICT)] ?? [];
      if (!models.some((m) => m.value === values.deliveryModel)) throw invalidReference('deliveryModel');
      if (await kitNameTaken(ctx.db, plan.id, values.name, id))
        throw new ApiError(ResultCode.BAD_REQUEST, { key: 'planKitNameTaken', params: { kit: values.name } });
      if (!before) {
        if ((await kitsOfPlan(ctx.db, plan.id)).length >= SAMPLING_PLAN_LIMITS.kits)
          throw new ApiError(ResultCode.BAD_REQUEST, {
            key: 'planKitLimit',
            params: { max: SAMPLING_PLAN_LIMITS.kits },
          });
        const row = await insertKit(ctx.db, plan.id, values);
        ctx.audit({
          action: 'plan.kitSave',
          entity: 'projectPlanKit',
          entityId: row.id,
          newValue: { planId, ...values },
        });
        return row;
      }
      const row = await bumpKit(ctx.db, before.id, version ?? 0, values);
      if (!row) throw staleOrMissing(true);
      const { name, deliveryModel, items } = before;
      ctx.audit({
        action: 'plan.kitSave',
        entity: 'projectPlanKit',
        entityId: before.id,
        oldValue: { planId, name, deliveryModel, items },
        newValue: { planId, ...values },
      });
      return { id: before.id, version: row.version };
    },
    kitDelete: async (ctx) => {
      const kit = await kitById(ctx.db, ctx.params.id);
      const plan = await planInScope(ctx, kit.planId);
      await editing(ctx, plan);
      const [visit] = (await kitVisits(ctx.db, plan.id)).get(kit.id) ?? [];
      if (visit !== undefined)
        throw new ApiError(ResultCode.BAD_REQUEST, { key: 'planKitInUse', params: { kit: kit.name, visit } });
      await deleteKit(ctx.db, kit.id);
      const { name, deliveryModel, items } = kit;
      ctx.audit({
        action: 'plan.kitDelete',
        entity: 'projectPlanKit',
        entityId: kit.id,
        oldValue: { planId: plan.id, name, deliveryModel, items },
      });
      return true;
    },
    coldChain: async (ctx) => {
      const plan = await planInScope(ctx, ctx.params.id);
      // External users see the samples of their own sites only.
      const { siteIds } = await ctx.scope();
      const stored = await storedConditions(ctx.db, plan.projectId, siteIds);
      const readings = await receiptReadings(ctx.db, plan.projectId, siteIds);
      const visits = await visitsWithSamples(ctx.db, plan.id);
      const bounds = await temperatureBounds(
        ctx.db,
        visits.flatMap((v) => v.samples.map((s) => s.transportTemperatureId)),
      );
      return visits.flatMap((v) =>
        v.samples.map((s) => {
          const mine = <T extends { visit: string | null; sampleTypeId: number | null }>(rows: T[]) =>
            rows.filter((x) => x.visit === v.name && x.sampleTypeId === s.sampleTypeId);
          const range = bounds.get(s.transportTemperatureId) ?? { min: null, max: null };
          return {
            visitId: v.id,
            visit: v.name,
            sampleTypeId: s.sampleTypeId,
            sampleTypeName: s.sampleTypeName,
            transport: s.transportTemperature,
            storage: s.storageTemperature,
            readings: mine(readings).map(({ visit: _, sampleTypeId: __, ...r }) => ({
              ...r,
              excursion: isExcursion(r.celsius, range),
            })),
            stored: mine(stored).map(({ id, name, range, count }) => ({ id, name, range, count })),
          };
        }),
      );
    },
    reconciliation: (ctx) => reconciliationView(ctx, ctx.body),
    reconciliationExport: (ctx) => reconciliationFile(ctx, ctx.body),
    // The site's page: the same answer; `ctx.scope()` limits an external user to their own sites.
    siteReconciliation: (ctx) => reconciliationView(ctx, ctx.body),
    siteReconciliationExport: (ctx) => reconciliationFile(ctx, ctx.body),
    submit: (ctx) => fire(ctx, 'submit', ctx.body),
    approve: (ctx) => fire(ctx, 'approve', ctx.body),
    return: (ctx) => fire(ctx, 'return', ctx.body),
    goOnline: (ctx) => fire(ctx, 'goOnline', ctx.body),
  });
}
