import {
  type Lang,
  PLAN_OPEN_STATES,
  type PlanRow,
  type PlanSampleInput,
  type PlanState,
} from '@trialab/api-contract';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, ne, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  planVisitSamples,
  projectPlanKits,
  projectPlans,
  projects,
  sampleTypes,
  sites,
  temperatures,
  testItems,
  users,
  visitPoints,
} from '../../db/schema.js';
import { labSignatures, labSubjects, receiptSamples } from '../../db/schema-lab.js';
import {
  clarificationQueries,
  consumableKitItems,
  consumableKits,
  kitSupplies,
  sampleTransports,
} from '../../db/schema-portal.js';
import { specimenBarcodes } from '../../db/schema-specimen.js';
import { notFound } from '../../lib/errors.js';
import { localNameColumn } from '../../lib/local-name.js';
import { pageOf } from '../../lib/paging.js';
import type { Page } from '../../lib/route.js';
import type { SiteScope } from '../../lib/scope.js';
import { containsAny } from '../../lib/search.js';
import { versionedBump } from '../../lib/versioned.js';
import { authorIdsOf } from '../../lib/workflow.js';
import { catalogueByName, catalogueIdsByName, NO_ENGLISH } from '../supply/repository.js';
import { receivedKey } from './service.js';

export interface PlanFilter {
  page: number;
  size: number;
  projectId?: number | undefined;
  status?: PlanState | undefined;
  keyword?: string | undefined;
}

const visitCount = sql<number>`(SELECT count(*)::int FROM ${visitPoints} WHERE ${visitPoints.planId} = ${projectPlans.id})`;
const planColumns = (lang: Lang) => ({
  id: projectPlans.id,
  projectId: projectPlans.projectId,
  projectNo: projects.projectNo,
  projectName: localNameColumn(projects, lang),
  planNo: projectPlans.planNo,
  name: projectPlans.name,
  enName: projectPlans.enName,
  revision: projectPlans.revision,
  status: projectPlans.status,
  revisionOf: projectPlans.revisionOf,
  visitCount,
  returnReason: projectPlans.returnReason,
  createdBy: projectPlans.createdBy,
  createdByName: users.username,
  updatedBy: projectPlans.updatedBy,
  submittedBy: projectPlans.submittedBy,
  createdAt: projectPlans.createdAt,
  updatedAt: projectPlans.updatedAt,
  version: projectPlans.version,
});
type PlanSelect = {
  status: string;
  createdAt: Date;
  updatedAt: Date;
  visitCount: number | string;
  createdBy: number | null;
  updatedBy: number | null;
  submittedBy: number | null;
};
const toRow = <R extends PlanSelect>(r: R) => ({
  ...r,
  authorIds: authorIdsOf(r.createdBy, r.updatedBy, r.submittedBy),
  status: r.status as PlanState,
  visitCount: Number(r.visitCount),
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const inProjects = (scope: SiteScope) =>
  scope.all ? undefined : inArray(projectPlans.projectId, [...scope.projectIds, 0]);

export function pagePlans(db: Executor, scope: SiteScope, f: PlanFilter, lang: Lang): Promise<Page<PlanRow>> {
  const where = and(
    inProjects(scope),
    f.projectId ? eq(projectPlans.projectId, f.projectId) : undefined,
    f.status ? eq(projectPlans.status, f.status) : undefined,
    containsAny([projectPlans.planNo, projectPlans.name], f.keyword),
  );
  return pageOf(
    db.select({ n: count() }).from(projectPlans).where(where),
    db
      .select(planColumns(lang))
      .from(projectPlans)
      .innerJoin(projects, eq(projects.id, projectPlans.projectId))
      .leftJoin(users, eq(users.id, projectPlans.createdBy))
      .where(where)
      .orderBy(desc(projectPlans.updatedAt), desc(projectPlans.id)),
    f,
    toRow,
  );
}

/** One plan version (any project: the caller checks the scope). */
export async function planById(db: Executor, id: number, lang: Lang) {
  const [row] = await db
    .select(planColumns(lang))
    .from(projectPlans)
    .innerJoin(projects, eq(projects.id, projectPlans.projectId))
    .leftJoin(users, eq(users.id, projectPlans.createdBy))
    .where(eq(projectPlans.id, id));
  if (!row) throw notFound();
  return toRow(row);
}
export type PlanRecord = Awaited<ReturnType<typeof planById>>;

export const bumpPlan = versionedBump(projectPlans);

/** Records who changed a version last (its visits, samples or kits): they may not approve it. */
export async function markEdited(db: Executor, id: number, userId: number, now: Date): Promise<void> {
  await db.update(projectPlans).set({ updatedBy: userId, updatedAt: now }).where(eq(projectPlans.id, id));
}

export async function insertPlan(db: Executor, values: typeof projectPlans.$inferInsert) {
  const [row] = await db
    .insert(projectPlans)
    .values(values)
    .returning({ id: projectPlans.id, version: projectPlans.version });
  if (!row) throw notFound();
  return row;
}

export async function planNoTaken(db: Executor, planNo: string): Promise<boolean> {
  const [row] = await db
    .select({ id: projectPlans.id })
    .from(projectPlans)
    .where(eq(projectPlans.planNo, planNo));
  return row !== undefined;
}

/** Every version of a plan no, newest first. */
export async function versionsOf(db: Executor, planNo: string) {
  const rows = await db
    .select({
      id: projectPlans.id,
      revision: projectPlans.revision,
      status: projectPlans.status,
      updatedAt: projectPlans.updatedAt,
      createdByName: users.username,
    })
    .from(projectPlans)
    .leftJoin(users, eq(users.id, projectPlans.createdBy))
    .where(eq(projectPlans.planNo, planNo))
    .orderBy(desc(projectPlans.revision));
  const approvals = await db
    .select({
      entityId: labSignatures.entityId,
      signerName: labSignatures.signerName,
      signedAt: labSignatures.signedAt,
      meaning: labSignatures.meaning,
    })
    .from(labSignatures)
    .where(
      and(
        eq(labSignatures.entity, 'projectPlan'),
        eq(labSignatures.action, 'approve'),
        inArray(labSignatures.entityId, [...rows.map((r) => r.id), 0]),
      ),
    )
    .orderBy(asc(labSignatures.id));
  // A version is approved once; the last signature wins should there be more.
  const approval = new Map(approvals.map((a) => [a.entityId, a]));
  return rows.map((r) => {
    const signed = approval.get(r.id);
    return {
      ...r,
      status: r.status as PlanState,
      updatedAt: r.updatedAt.toISOString(),
      approvedByName: signed?.signerName ?? null,
      approvedAt: signed?.signedAt.toISOString() ?? null,
      meaning: signed?.meaning ?? null,
    };
  });
}

/** The online version of a plan no other than `exceptId`, if any. */
export async function supersedeOnline(db: Executor, planNo: string, exceptId: number, now: Date) {
  return db
    .update(projectPlans)
    .set({ status: 'superseded', updatedAt: now, version: sql`${projectPlans.version} + 1` })
    .where(
      and(eq(projectPlans.planNo, planNo), eq(projectPlans.status, 'online'), ne(projectPlans.id, exceptId)),
    )
    .returning({ id: projectPlans.id, revision: projectPlans.revision });
}

// ---- visits and samples ----

export async function visitsOf(db: Executor, planId: number) {
  return db
    .select({
      id: visitPoints.id,
      planNo: visitPoints.planNo,
      name: visitPoints.name,
      enName: visitPoints.enName,
      sort: visitPoints.sort,
      day: visitPoints.day,
      windowBefore: visitPoints.windowBefore,
      windowAfter: visitPoints.windowAfter,
      version: visitPoints.version,
    })
    .from(visitPoints)
    .where(eq(visitPoints.planId, planId))
    .orderBy(asc(visitPoints.sort), asc(visitPoints.id));
}

export function pageVisits(db: Executor, planId: number, f: { page: number; size: number }) {
  const where = eq(visitPoints.planId, planId);
  return pageOf(
    db.select({ n: count() }).from(visitPoints).where(where),
    db
      .select({
        id: visitPoints.id,
        planNo: visitPoints.planNo,
        name: visitPoints.name,
        sort: visitPoints.sort,
        version: visitPoints.version,
      })
      .from(visitPoints)
      .where(where)
      .orderBy(asc(visitPoints.sort), asc(visitPoints.id)),
    f,
  );
}

export async function visitById(db: Executor, id: number) {
  const [row] = await db.select().from(visitPoints).where(eq(visitPoints.id, id));
  if (!row || row.planId === null) throw notFound();
  return { ...row, planId: row.planId };
}

export const bumpVisit = versionedBump(visitPoints);

/** Whether another row of the version (a visit or a kit) already has this name. */
async function nameTakenInPlan(
  db: Executor,
  table: typeof visitPoints | typeof projectPlanKits,
  where: { planId: number; name: string; exceptId?: number | undefined },
) {
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(
      and(
        eq(table.planId, where.planId),
        eq(table.name, where.name),
        where.exceptId ? ne(table.id, where.exceptId) : undefined,
      ),
    );
  return row !== undefined;
}

export const visitNameTaken = (db: Executor, planId: number, name: string, exceptId?: number) =>
  nameTakenInPlan(db, visitPoints, { planId, name, exceptId });

export async function setVisitSort(db: Executor, ids: readonly number[]) {
  for (const [sort, id] of ids.entries())
    await db
      .update(visitPoints)
      .set({ sort, version: sql`${visitPoints.version} + 1` })
      .where(eq(visitPoints.id, id));
}

export async function deleteVisit(db: Executor, id: number) {
  await db.delete(visitPoints).where(eq(visitPoints.id, id));
}

/** The samples of a plan version's visits, in order, with the names their references have (in `lang`; stored names by default). */
export async function samplesOf(db: Executor, visitIds: readonly number[], lang: Lang = 'zh_CN') {
  if (visitIds.length === 0) return [];
  const transport = sql<string>`(SELECT ${localNameColumn(temperatures, lang)} FROM ${temperatures} WHERE ${temperatures.id} = ${planVisitSamples.transportTemperatureId})`;
  const transportRange = sql<string>`(SELECT ${temperatures.range} FROM ${temperatures} WHERE ${temperatures.id} = ${planVisitSamples.transportTemperatureId})`;
  const storage = sql<string>`(SELECT ${localNameColumn(temperatures, lang)} FROM ${temperatures} WHERE ${temperatures.id} = ${planVisitSamples.storageTemperatureId})`;
  const storageRange = sql<string>`(SELECT ${temperatures.range} FROM ${temperatures} WHERE ${temperatures.id} = ${planVisitSamples.storageTemperatureId})`;
  const kitName = sql<
    string | null
  >`(SELECT ${projectPlanKits.name} FROM ${projectPlanKits} WHERE ${projectPlanKits.id} = ${planVisitSamples.kitId})`;
  return db
    .select({
      visitId: planVisitSamples.visitId,
      sampleTypeId: planVisitSamples.sampleTypeId,
      sampleTypeName: localNameColumn(sampleTypes, lang),
      container: planVisitSamples.container,
      volume: planVisitSamples.volume,
      unit: planVisitSamples.unit,
      count: planVisitSamples.count,
      transportTemperatureId: planVisitSamples.transportTemperatureId,
      transport,
      transportRange,
      storageTemperatureId: planVisitSamples.storageTemperatureId,
      storage,
      storageRange,
      testItemIds: planVisitSamples.testItemIds,
      kitId: planVisitSamples.kitId,
      kitName,
    })
    .from(planVisitSamples)
    .innerJoin(sampleTypes, eq(sampleTypes.id, planVisitSamples.sampleTypeId))
    .where(inArray(planVisitSamples.visitId, [...visitIds]))
    .orderBy(asc(planVisitSamples.visitId), asc(planVisitSamples.sort), asc(planVisitSamples.id));
}

export async function testItemNames(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, { id: number; code: string; name: string }>();
  const rows = await db
    .select({ id: testItems.id, code: testItems.code, name: testItems.name })
    .from(testItems)
    .where(inArray(testItems.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r]));
}

/** What the samples refer to, for the reference checks. */
export async function sampleReferences(db: Executor, samples: readonly PlanSampleInput[]) {
  const ids = (pick: (s: PlanSampleInput) => number[]) => [...new Set(samples.flatMap(pick)), 0];
  const [types, temps, items] = await Promise.all([
    db
      .select({ id: sampleTypes.id, name: sampleTypes.name, enabled: sampleTypes.enabled })
      .from(sampleTypes)
      .where(
        inArray(
          sampleTypes.id,
          ids((s) => [s.sampleTypeId]),
        ),
      ),
    db
      .select({
        id: temperatures.id,
        name: temperatures.name,
        enabled: temperatures.enabled,
        forTransport: temperatures.forTransport,
        forStorage: temperatures.forStorage,
      })
      .from(temperatures)
      .where(
        inArray(
          temperatures.id,
          ids((s) => [s.transportTemperatureId, s.storageTemperatureId]),
        ),
      ),
    db
      .select({ id: testItems.id, name: testItems.name, enabled: testItems.enabled })
      .from(testItems)
      .where(
        inArray(
          testItems.id,
          ids((s) => s.testItemIds),
        ),
      ),
  ]);
  const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));
  return { sampleTypes: byId(types), temperatures: byId(temps), testItems: byId(items) };
}

/**
 * What a plan's samples may name: enabled references in their order, and the kits the version
 * being edited defines (none for a plan not saved yet: kits are defined on a saved version).
 */
export async function planChoices(db: Executor, planId: number | undefined, lang: Lang) {
  const [types, temps, items, kits] = await Promise.all([
    db
      .select({
        id: sampleTypes.id,
        name: localNameColumn(sampleTypes, lang),
        container: sampleTypes.container,
      })
      .from(sampleTypes)
      .where(eq(sampleTypes.enabled, true))
      .orderBy(asc(sampleTypes.sort), asc(sampleTypes.id)),
    db
      .select({
        id: temperatures.id,
        name: localNameColumn(temperatures, lang),
        range: temperatures.range,
        forTransport: temperatures.forTransport,
        forStorage: temperatures.forStorage,
      })
      .from(temperatures)
      .where(eq(temperatures.enabled, true))
      .orderBy(asc(temperatures.sort), asc(temperatures.id)),
    db
      .select({ id: testItems.id, code: testItems.code, name: localNameColumn(testItems, lang) })
      .from(testItems)
      .where(eq(testItems.enabled, true))
      .orderBy(asc(testItems.code)),
    planId === undefined
      ? []
      : db
          .select({ id: projectPlanKits.id, name: projectPlanKits.name })
          .from(projectPlanKits)
          .where(eq(projectPlanKits.planId, planId))
          .orderBy(asc(projectPlanKits.sort), asc(projectPlanKits.id)),
  ]);
  return { sampleTypes: types, temperatures: temps, testItems: items, kits };
}

/** The kits of the plan version among `ids` (a kit of another version is not one). */
export async function planKitIds(db: Executor, planId: number, ids: readonly number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .select({ id: projectPlanKits.id })
    .from(projectPlanKits)
    .where(and(eq(projectPlanKits.planId, planId), inArray(projectPlanKits.id, [...ids])));
  return new Set(rows.map((r) => r.id));
}

// ---- kits ----

export type PlanKitValues = Pick<typeof projectPlanKits.$inferInsert, 'name' | 'deliveryModel' | 'items'>;

/** The kits of a plan version in order. */
export async function kitsOfPlan(db: Executor, planId: number) {
  return db
    .select()
    .from(projectPlanKits)
    .where(eq(projectPlanKits.planId, planId))
    .orderBy(asc(projectPlanKits.sort), asc(projectPlanKits.id));
}

/**
 * The kits of a plan version in order, each item as written (what the kit editor edits) with the
 * English texts of the catalogue consumable it names by its Chinese or English name (none: nulls),
 * which English readers see.
 */
export async function kitsWithEnglish(db: Executor, planId: number) {
  const kits = await kitsOfPlan(db, planId);
  const catalogue = await catalogueByName(
    db,
    kits.flatMap((k) => k.items.map((i) => i.consumableName)),
  );
  return kits.map((kit) => ({
    ...kit,
    items: kit.items.map((item) => {
      const { id: _, ...english } = catalogue.get(item.consumableName) ?? { id: 0, ...NO_ENGLISH };
      return { ...item, ...english };
    }),
  }));
}

export async function kitById(db: Executor, id: number) {
  const [row] = await db.select().from(projectPlanKits).where(eq(projectPlanKits.id, id));
  if (!row) throw notFound();
  return row;
}

export const kitNameTaken = (db: Executor, planId: number, name: string, exceptId?: number) =>
  nameTakenInPlan(db, projectPlanKits, { planId, name, exceptId });

/** A new kit at the end of the version's kits. */
export async function insertKit(db: Executor, planId: number, values: PlanKitValues) {
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(projectPlanKits)
    .where(eq(projectPlanKits.planId, planId));
  const [row] = await db
    .insert(projectPlanKits)
    .values({ ...values, planId, sort: Number(n) })
    .returning({ id: projectPlanKits.id, version: projectPlanKits.version });
  if (!row) throw notFound();
  return row;
}

export const bumpKit = versionedBump(projectPlanKits);

export async function deleteKit(db: Executor, id: number) {
  await db.delete(projectPlanKits).where(eq(projectPlanKits.id, id));
}

/** Names of the visits of the version whose samples name each kit, by kit id. */
export async function kitVisits(db: Executor, planId: number) {
  const rows = await db
    .selectDistinct({ kitId: planVisitSamples.kitId, name: visitPoints.name, sort: visitPoints.sort })
    .from(planVisitSamples)
    .innerJoin(visitPoints, eq(visitPoints.id, planVisitSamples.visitId))
    .where(eq(visitPoints.planId, planId))
    .orderBy(asc(visitPoints.sort));
  const byKit = new Map<number, string[]>();
  for (const r of rows) if (r.kitId !== null) byKit.set(r.kitId, [...(byKit.get(r.kitId) ?? []), r.name]);
  return byKit;
}

/** Copies the kits of one version to another: old kit id -> new kit id (for the samples naming them). */
export async function copyKits(db: Executor, fromPlanId: number, toPlanId: number) {
  const ids = new Map<number, number>();
  for (const kit of await kitsOfPlan(db, fromPlanId)) {
    const [row] = await db
      .insert(projectPlanKits)
      .values({
        planId: toPlanId,
        name: kit.name,
        deliveryModel: kit.deliveryModel,
        items: kit.items,
        sort: kit.sort,
      })
      .returning({ id: projectPlanKits.id });
    if (row) ids.set(kit.id, row.id);
  }
  return ids;
}

/**
 * The kits of a version going online become the project's kits the portal offers: each kit is
 * upserted by project and name (its items replaced), every site of the project gets a pending supply
 * confirmation it lacks, and kits this plan no offered before but no longer has stop being offered
 * (their rows stay for old orders and supplies). Answers the names offered and withdrawn.
 */
export async function publishKits(db: Executor, plan: { id: number; projectId: number; planNo: string }) {
  const kits = await kitsOfPlan(db, plan.id);
  const projectSites = await db
    .select({ id: sites.id })
    .from(sites)
    .where(eq(sites.projectId, plan.projectId));
  const offered: number[] = [];
  // The same records as the supply catalogue's kits: each item names its catalogue consumable.
  const catalogue = await catalogueIdsByName(
    db,
    kits.flatMap((k) => k.items.map((i) => i.consumableName)),
  );
  for (const kit of kits) {
    const values = { deliveryModel: kit.deliveryModel, sort: kit.sort, planNo: plan.planNo, offered: true };
    const [row] = await db
      .insert(consumableKits)
      .values({ projectId: plan.projectId, name: kit.name, ...values })
      .onConflictDoUpdate({ target: [consumableKits.projectId, consumableKits.name], set: values })
      .returning({ id: consumableKits.id });
    if (!row) continue;
    offered.push(row.id);
    await db.delete(consumableKitItems).where(eq(consumableKitItems.kitId, row.id));
    await db.insert(consumableKitItems).values(
      kit.items.map((item, sort) => ({
        ...item,
        consumableId: catalogue.get(item.consumableName) ?? null,
        kitId: row.id,
        sort,
      })),
    );
    if (projectSites.length > 0)
      await db
        .insert(kitSupplies)
        .values(projectSites.map((site) => ({ kitId: row.id, siteId: site.id, status: 'pending' })))
        .onConflictDoNothing();
  }
  const withdrawn = await db
    .update(consumableKits)
    .set({ offered: false })
    .where(
      and(
        eq(consumableKits.projectId, plan.projectId),
        eq(consumableKits.planNo, plan.planNo),
        eq(consumableKits.offered, true),
        offered.length > 0 ? notInArray(consumableKits.id, offered) : undefined,
      ),
    )
    .returning({ name: consumableKits.name });
  return { offered: kits.map((k) => k.name), withdrawn: withdrawn.map((w) => w.name) };
}

/** Sample type id -> name, in `lang` (the stored Chinese names by default). */
export async function sampleTypeNames(db: Executor, lang: Lang = 'zh_CN') {
  const rows = await db
    .select({ id: sampleTypes.id, name: localNameColumn(sampleTypes, lang) })
    .from(sampleTypes);
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * Replaces the visits and samples of a plan version: visits given with an id keep their row
 * (renamed, re-sorted), others are added, the rest deleted (their samples with them).
 */
export async function writeVisits(
  db: Executor,
  plan: { id: number; projectId: number; planNo: string },
  visits: ReadonlyArray<{
    id?: number | undefined;
    name: string;
    enName?: string | null | undefined;
    day?: number | null | undefined;
    windowBefore?: number | undefined;
    windowAfter?: number | undefined;
    samples: readonly PlanSampleInput[];
  }>,
): Promise<void> {
  const keep = visits.flatMap((v) => (v.id ? [v.id] : []));
  await db
    .delete(visitPoints)
    .where(
      and(eq(visitPoints.planId, plan.id), keep.length > 0 ? notInArray(visitPoints.id, keep) : undefined),
    );
  // Names move between kept rows: clear them first so no two rows ever share one.
  for (const [sort, visit] of visits.entries()) {
    let visitId = visit.id;
    const window = {
      day: visit.day ?? null,
      windowBefore: visit.windowBefore ?? 0,
      windowAfter: visit.windowAfter ?? 0,
    };
    if (visitId)
      await db
        .update(visitPoints)
        .set({
          name: visit.name,
          enName: visit.enName ?? null,
          sort,
          ...window,
          version: sql`${visitPoints.version} + 1`,
        })
        .where(eq(visitPoints.id, visitId));
    else {
      const [row] = await db
        .insert(visitPoints)
        .values({
          projectId: plan.projectId,
          planNo: plan.planNo,
          planId: plan.id,
          name: visit.name,
          enName: visit.enName ?? null,
          sort,
          ...window,
        })
        .returning({ id: visitPoints.id });
      visitId = row?.id ?? 0;
    }
    await db.delete(planVisitSamples).where(eq(planVisitSamples.visitId, visitId));
    if (visit.samples.length > 0)
      await db.insert(planVisitSamples).values(
        visit.samples.map((s, i) => ({
          visitId,
          sort: i,
          sampleTypeId: s.sampleTypeId,
          container: s.container ?? null,
          volume: s.volume,
          unit: s.unit,
          count: s.count,
          transportTemperatureId: s.transportTemperatureId,
          storageTemperatureId: s.storageTemperatureId,
          testItemIds: [...s.testItemIds],
          kitId: s.kitId ?? null,
        })),
      );
  }
}

/** Visit names and sample type ids received (signed for at the bench) in a project. */
export async function receivedSamples(db: Executor, projectId: number): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ visit: specimenBarcodes.visit, sampleTypeId: specimenBarcodes.sampleTypeId })
    .from(specimenBarcodes)
    .where(and(eq(specimenBarcodes.projectId, projectId), eq(specimenBarcodes.status, 'signed')));
  return new Set(
    rows.flatMap((r) =>
      r.visit !== null && r.sampleTypeId !== null ? [receivedKey(r.visit, r.sampleTypeId)] : [],
    ),
  );
}

/** The open revision (draft, submitted, returned or reviewed) of a plan no, if any. */
export async function openRevision(db: Executor, planNo: string) {
  const [row] = await db
    .select({ id: projectPlans.id, revision: projectPlans.revision })
    .from(projectPlans)
    .where(and(eq(projectPlans.planNo, planNo), inArray(projectPlans.status, [...PLAN_OPEN_STATES])));
  return row;
}

export async function topRevision(db: Executor, planNo: string): Promise<number> {
  const [row] = await db
    .select({ top: sql<number>`max(${projectPlans.revision})::int` })
    .from(projectPlans)
    .where(eq(projectPlans.planNo, planNo));
  return Number(row?.top ?? 0);
}

// ---- cold chain, reconciliation ----

/** Signed-for primary barcodes of a project in the sites seen (`siteIds` null: every site). */
const signedIn = (projectId: number, siteIds: ReadonlySet<number> | null) =>
  and(
    eq(specimenBarcodes.projectId, projectId),
    eq(specimenBarcodes.status, 'signed'),
    isNull(specimenBarcodes.parentId),
    siteIds ? inArray(specimenBarcodes.siteId, [...siteIds, 0]) : undefined,
  );

/** Storage conditions of the samples signed for in a project, per visit name and sample type. */
export async function storedConditions(db: Executor, projectId: number, siteIds: ReadonlySet<number> | null) {
  const rows = await db
    .select({
      visit: specimenBarcodes.visit,
      sampleTypeId: specimenBarcodes.sampleTypeId,
      id: temperatures.id,
      name: temperatures.name,
      range: temperatures.range,
      count: count(),
    })
    .from(specimenBarcodes)
    .innerJoin(temperatures, eq(temperatures.id, specimenBarcodes.temperatureId))
    .where(signedIn(projectId, siteIds))
    .groupBy(
      specimenBarcodes.visit,
      specimenBarcodes.sampleTypeId,
      temperatures.id,
      temperatures.name,
      temperatures.range,
    )
    .orderBy(asc(temperatures.id));
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}

/**
 * The transport leg of the samples signed for in a project: per visit, sample type and received
 * shipment line, the temperature read at receipt, who recorded it and when, the query raised.
 */
export async function receiptReadings(db: Executor, projectId: number, siteIds: ReadonlySet<number> | null) {
  const rows = await db
    .select({
      visit: specimenBarcodes.visit,
      sampleTypeId: specimenBarcodes.sampleTypeId,
      orderNo: sampleTransports.orderNo,
      celsius: receiptSamples.temperatureCelsius,
      recordedBy: users.username,
      recordedAt: receiptSamples.receivedAt,
      queryNo: clarificationQueries.queryNo,
      samples: count(),
    })
    .from(specimenBarcodes)
    .innerJoin(receiptSamples, eq(receiptSamples.itemId, specimenBarcodes.transportItemId))
    .innerJoin(sampleTransports, eq(sampleTransports.id, receiptSamples.transportId))
    .innerJoin(users, eq(users.id, receiptSamples.receivedBy))
    .leftJoin(clarificationQueries, eq(clarificationQueries.id, receiptSamples.queryId))
    .where(signedIn(projectId, siteIds))
    .groupBy(
      specimenBarcodes.visit,
      specimenBarcodes.sampleTypeId,
      receiptSamples.id,
      sampleTransports.orderNo,
      users.username,
      clarificationQueries.queryNo,
    )
    .orderBy(desc(receiptSamples.receivedAt), asc(receiptSamples.id));
  return rows.map((r) => ({ ...r, samples: Number(r.samples), recordedAt: r.recordedAt.toISOString() }));
}

/** °C bounds of temperature conditions (null: open). */
export async function temperatureBounds(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, { min: number | null; max: number | null }>();
  const rows = await db
    .select({ id: temperatures.id, min: temperatures.minCelsius, max: temperatures.maxCelsius })
    .from(temperatures)
    .where(inArray(temperatures.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, { min: r.min, max: r.max }]));
}

/** The project's online versions (one per plan no). */
export async function onlinePlansOf(db: Executor, projectId: number) {
  const rows = await db
    .select({ id: projectPlans.id })
    .from(projectPlans)
    .where(and(eq(projectPlans.projectId, projectId), eq(projectPlans.status, 'online')))
    .orderBy(asc(projectPlans.planNo));
  return rows.map((r) => r.id);
}

/** The project's sites among those seen (`siteIds` null: every site). */
export async function sitesSeen(db: Executor, projectId: number, siteIds: ReadonlySet<number> | null) {
  return db
    .select({ id: sites.id, centerNo: sites.centerNo, name: sites.name })
    .from(sites)
    .where(and(eq(sites.projectId, projectId), siteIds ? inArray(sites.id, [...siteIds, 0]) : undefined))
    .orderBy(asc(sites.centerNo));
}

/** Subjects of the project at these sites, with their enrolment (registration) time. */
export async function subjectsAt(db: Executor, projectId: number, siteIds: readonly number[]) {
  if (siteIds.length === 0) return [];
  return db
    .select({
      id: labSubjects.id,
      subjectNo: labSubjects.subjectNo,
      siteId: labSubjects.siteId,
      status: labSubjects.status,
      createdAt: labSubjects.createdAt,
    })
    .from(labSubjects)
    .where(and(eq(labSubjects.projectId, projectId), inArray(labSubjects.siteId, [...siteIds])))
    .orderBy(asc(labSubjects.subjectNo));
}

/** Primary barcodes of the project naming a subject and a visit at these sites (voided ones left out). */
export async function subjectBarcodes(db: Executor, projectId: number, siteIds: readonly number[]) {
  if (siteIds.length === 0) return [];
  const rows = await db
    .select({
      code: specimenBarcodes.code,
      subjectId: specimenBarcodes.subjectId,
      visit: specimenBarcodes.visit,
      sampleTypeId: specimenBarcodes.sampleTypeId,
      status: specimenBarcodes.status,
      signedAt: specimenBarcodes.signedAt,
    })
    .from(specimenBarcodes)
    .where(
      and(
        eq(specimenBarcodes.projectId, projectId),
        isNull(specimenBarcodes.parentId),
        ne(specimenBarcodes.status, 'disabled'),
        isNotNull(specimenBarcodes.subjectId),
        isNotNull(specimenBarcodes.visit),
        inArray(specimenBarcodes.siteId, [...siteIds]),
      ),
    )
    .orderBy(asc(specimenBarcodes.code));
  return rows.map((r) => ({
    code: r.code,
    subjectId: r.subjectId ?? 0,
    visit: r.visit ?? '',
    sampleTypeId: r.sampleTypeId,
    status: r.status,
    signedAt: r.signedAt?.toISOString() ?? null,
  }));
}
