// project/project-overview and project/testitem-overview (docs/reports.md "Overviews"): per project
// (and test item) what the online plan expects, what was received, tested and reported, and the
// turnaround time from receipt (the specimen signed for) to the first release of its report, counted
// in working days of the Chinese holiday calendar (lib/working-days) against the item's target.
//
// The row scope applies to `sites` (the project and site every counted row belongs to). SQL counts
// and groups; the turnaround time of each (item, received day, reported day) group is counted here,
// a few rows per project, in `finish`.
import { and, asc, type Column, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import { planVisitSamples, projectPlans, projects, sites, testItems, visitPoints } from '../../db/schema.js';
import {
  labReportResults,
  labReports,
  labSubjects,
  receiptSamples,
  testItemSettings,
} from '../../db/schema-lab.js';
import { sampleTransports } from '../../db/schema-portal.js';
import { specimenBarcodeCounts, specimenBarcodes } from '../../db/schema-specimen.js';
import { localNameColumn } from '../../lib/local-name.js';
import { workingDaysBetween } from '../../lib/working-days/index.js';
import {
  idIn,
  type OrderedQuery,
  type QueryInput,
  type ReportColumnDef,
  type ReportDef,
  type ReportFilterDef,
  type ReportRow,
} from './engine.js';

/** A test item's target in working days: its TAT setting (hours, test-items) as whole days, rounded up. */
export const targetDays = (tatHours: number | null) =>
  tatHours === null || tatHours <= 0 ? null : Math.ceil(tatHours / 24);

/** One group of results: received and reported (or, still open, today) on these days. */
export interface TatGroup {
  item: number;
  received: string;
  done: string;
  open: boolean;
  tatHours: number | null;
  n: number;
}

/** What a set of result groups gives: working-day turnaround of the reported, and the overdue. */
export function turnaround(groups: readonly TatGroup[]) {
  const reported: number[] = [];
  let within = 0;
  let targeted = 0;
  let overdue = 0;
  for (const g of groups) {
    const days = workingDaysBetween(g.received, g.done);
    const target = targetDays(g.tatHours);
    const late = target !== null && days > target;
    if (late) overdue += g.n;
    if (g.open) continue;
    for (let i = 0; i < g.n; i += 1) reported.push(days);
    if (target !== null) {
      targeted += g.n;
      if (!late) within += g.n;
    }
  }
  reported.sort((a, b) => a - b);
  const rank = (p: number) =>
    reported.length === 0 ? null : (reported[Math.ceil(p * reported.length) - 1] ?? null);
  return {
    median: rank(0.5),
    p90: rank(0.9),
    withinTarget: targeted === 0 ? null : `${Math.round((within * 100) / targeted)}%`,
    overdue,
  };
}

/** The test item picker (its choices from table-option), on a column holding the item's id. */
export const testItemFilter = (column: Column): ReportFilterDef => ({
  key: 'testItemId',
  title: { zh: '检测项目', en: 'Test item', hk: '檢測項目' },
  kind: 'select',
  load: async (db, _scope, lang) =>
    await db
      .select({ value: testItems.id, label: localNameColumn(testItems, lang) })
      .from(testItems)
      .orderBy(asc(testItems.code)),
  where: idIn(column),
});

const scopeFilters: ReportFilterDef[] = [
  {
    key: 'projectId',
    title: { zh: '项目', en: 'Project', hk: '項目' },
    kind: 'project',
    where: idIn(sites.projectId),
  },
  { key: 'siteId', title: { zh: '中心', en: 'Site', hk: '中心' }, kind: 'site', where: idIn(sites.id) },
];

const count = (key: string, zh: string, en: string, hk: string): ReportColumnDef => ({
  key,
  title: { zh, en, hk },
  kind: 'count',
  width: 10,
});

/** The results of first releases (revision 0), grouped by project, item and the two days. */
function tatGroups({ db, zone, where }: QueryInput) {
  const day = (at: SQL | unknown) => sql<string>`to_char(${at} at time zone ${zone}, 'YYYY-MM-DD')`;
  return db
    .select({
      projectId: labReports.projectId,
      item: labReportResults.testItemId,
      received: day(specimenBarcodes.signedAt).as('received'),
      done: day(sql`coalesce(${labReports.releasedAt}, now())`).as('done'),
      open: sql<boolean>`${labReports.releasedAt} is null`.as('open'),
      tatHours: testItemSettings.tatHours,
      n: sql<number>`count(*)`.mapWith(Number).as('n'),
    })
    .from(labReportResults)
    .innerJoin(labReports, eq(labReports.id, labReportResults.reportId))
    .innerJoin(sites, eq(sites.id, labReports.siteId))
    .innerJoin(specimenBarcodes, eq(specimenBarcodes.code, labReports.barcode))
    .leftJoin(testItemSettings, eq(testItemSettings.testItemId, labReportResults.testItemId))
    .where(and(where, eq(labReports.revision, 0), isNotNull(specimenBarcodes.signedAt)))
    .groupBy(sql`1, 2, 3, 4, 5, 6`);
}

const tatGroupsAs = (input: QueryInput) => tatGroups(input).as('tat_groups');

/** The groups as one JSON array per key (project, or project and item). */
const tatJson = (g: ReturnType<typeof tatGroupsAs>) =>
  sql<
    TatGroup[]
  >`json_agg(json_build_object('item', ${g.item}, 'received', ${g.received}, 'done', ${g.done}, 'open', ${g.open}, 'tatHours', ${g.tatHours}, 'n', ${g.n}))`;

/** The turnaround columns both overviews show, declared once. */
const TAT = {
  median: count('tatMedian', 'TAT 中位数（工作日）', 'TAT median (working days)', 'TAT 中位數（工作日）'),
  p90: count('tatP90', 'TAT P90（工作日）', 'TAT p90 (working days)', 'TAT P90（工作日）'),
  within: {
    key: 'withinTarget',
    title: { zh: '达标率', en: 'Within target', hk: '達標率' },
    kind: 'text',
    width: 10,
  },
  overdue: count('overdue', '超期', 'Overdue', '超期'),
} satisfies Record<string, ReportColumnDef>;

const groupsOf = (row: ReportRow) => (row.tat as TatGroup[] | null) ?? [];

/** project/project-overview: per project, expected to received to reported, turnaround and exceptions. */
export const projectOverview: ReportDef = {
  code: 'project-project-overview',
  title: { zh: '项目概览', en: 'Project overview', hk: '項目概覽' },
  columns: [
    {
      key: 'projectNo',
      title: { zh: '项目编号', en: 'Project no.', hk: '項目編號' },
      kind: 'code',
      width: 16,
    },
    { key: 'projectName', title: { zh: '项目名称', en: 'Project', hk: '項目名稱' }, kind: 'text', width: 24 },
    count('expected', '应收样本', 'Expected', '應收樣本'),
    count('received', '已接收', 'Received', '已接收'),
    count('tested', '已检测', 'Tested', '已檢測'),
    count('reported', '已报告', 'Reported', '已報告'),
    TAT.median,
    TAT.within,
    TAT.overdue,
    count('rejected', '接收拒收', 'Rejected at receipt', '接收拒收'),
  ],
  filters: scopeFilters,
  scope: { project: sites.projectId, site: sites.id },
  whole: true,
  query: (input) => {
    const { db, lang, where } = input;
    // Samples a subject gives over the online plan: Σ visit samples × their count.
    const perSubject = db
      .select({
        projectId: projectPlans.projectId,
        samples: sql<number>`sum(${planVisitSamples.count})`.mapWith(Number).as('samples'),
      })
      .from(planVisitSamples)
      .innerJoin(visitPoints, eq(visitPoints.id, planVisitSamples.visitId))
      .innerJoin(projectPlans, eq(projectPlans.id, visitPoints.planId))
      .where(eq(projectPlans.status, 'online'))
      .groupBy(projectPlans.projectId)
      .as('per_subject');
    const subjects = db
      .select({ projectId: sites.projectId, n: sql<number>`count(*)`.mapWith(Number).as('subjects') })
      .from(labSubjects)
      .innerJoin(sites, eq(sites.id, labSubjects.siteId))
      .where(where)
      .groupBy(sites.projectId)
      .as('subjects');
    // Received (root barcodes signed for): from the summary the database keeps, not the barcodes.
    const received = db
      .select({
        projectId: sites.projectId,
        n: sql<number>`sum(${specimenBarcodeCounts.n})`.mapWith(Number).as('received'),
      })
      .from(specimenBarcodeCounts)
      .innerJoin(sites, eq(sites.id, specimenBarcodeCounts.siteId))
      .where(and(where, eq(specimenBarcodeCounts.received, true)))
      .groupBy(sites.projectId)
      .as('received');
    const tested = db
      .select({
        projectId: sites.projectId,
        tested: sql<number>`count(distinct ${labReports.barcode})`.mapWith(Number).as('tested'),
        reported:
          sql<number>`count(distinct ${labReports.barcode}) filter (where ${labReports.releasedAt} is not null)`
            .mapWith(Number)
            .as('reported'),
      })
      .from(labReports)
      .innerJoin(sites, eq(sites.id, labReports.siteId))
      .where(and(where, eq(labReports.revision, 0)))
      .groupBy(sites.projectId)
      .as('tested');
    const rejected = db
      .select({ projectId: sites.projectId, n: sql<number>`count(*)`.mapWith(Number).as('rejected') })
      .from(receiptSamples)
      .innerJoin(sampleTransports, eq(sampleTransports.id, receiptSamples.transportId))
      .innerJoin(sites, eq(sites.id, sampleTransports.siteId))
      .where(and(where, eq(receiptSamples.state, 'exception')))
      .groupBy(sites.projectId)
      .as('rejected');
    const groups = tatGroupsAs(input);
    const tat = db
      .select({ projectId: groups.projectId, tat: tatJson(groups).as('tat') })
      .from(groups)
      .groupBy(groups.projectId)
      .as('tat');
    const inScope = db.selectDistinct({ projectId: sites.projectId }).from(sites).where(where).as('in_scope');
    return db
      .select({
        projectNo: projects.projectNo,
        projectName: localNameColumn(projects, lang),
        expected: sql<number>`coalesce(${subjects.n}, 0) * coalesce(${perSubject.samples}, 0)`.mapWith(
          Number,
        ),
        received: sql<number>`coalesce(${received.n}, 0)`.mapWith(Number),
        tested: sql<number>`coalesce(${tested.tested}, 0)`.mapWith(Number),
        reported: sql<number>`coalesce(${tested.reported}, 0)`.mapWith(Number),
        rejected: sql<number>`coalesce(${rejected.n}, 0)`.mapWith(Number),
        tat: tat.tat,
      })
      .from(inScope)
      .innerJoin(projects, eq(projects.id, inScope.projectId))
      .leftJoin(perSubject, eq(perSubject.projectId, inScope.projectId))
      .leftJoin(subjects, eq(subjects.projectId, inScope.projectId))
      .leftJoin(received, eq(received.projectId, inScope.projectId))
      .leftJoin(tested, eq(tested.projectId, inScope.projectId))
      .leftJoin(rejected, eq(rejected.projectId, inScope.projectId))
      .leftJoin(tat, eq(tat.projectId, inScope.projectId))
      .orderBy(asc(projects.projectNo))
      .$dynamic() as unknown as OrderedQuery;
  },
  finish: async (_db, rows) =>
    rows.map((row) => {
      const t = turnaround(groupsOf(row));
      return { ...row, tatMedian: t.median, withinTarget: t.withinTarget, overdue: t.overdue };
    }),
};

/** project/testitem-overview: per project and test item, results, TAT median and p90 against the target. */
export const testItemOverview: ReportDef = {
  code: 'project-testitem-overview',
  title: { zh: '检测项目概览', en: 'Test item overview', hk: '檢測項目概覽' },
  columns: [
    {
      key: 'projectNo',
      title: { zh: '项目编号', en: 'Project no.', hk: '項目編號' },
      kind: 'code',
      width: 16,
    },
    { key: 'testItem', title: { zh: '检测项目', en: 'Test item', hk: '檢測項目' }, kind: 'text', width: 18 },
    count('tested', '已检测', 'Tested', '已檢測'),
    count('reported', '已报告', 'Reported', '已報告'),
    count('target', 'TAT 目标（工作日）', 'TAT target (working days)', 'TAT 目標（工作日）'),
    TAT.median,
    TAT.p90,
    TAT.within,
    TAT.overdue,
  ],
  filters: [...scopeFilters, testItemFilter(labReportResults.testItemId)],
  scope: { project: sites.projectId, site: sites.id },
  whole: true,
  query: (input) => {
    const { db, lang } = input;
    const groups = tatGroupsAs(input);
    const perItem = db
      .select({
        projectId: groups.projectId,
        item: groups.item,
        tested: sql<number>`sum(${groups.n})`.mapWith(Number).as('tested'),
        reported: sql<number>`coalesce(sum(${groups.n}) filter (where not ${groups.open}), 0)`
          .mapWith(Number)
          .as('reported'),
        tat: tatJson(groups).as('tat'),
      })
      .from(groups)
      .groupBy(groups.projectId, groups.item)
      .as('per_item');
    return db
      .select({
        projectNo: projects.projectNo,
        testItem: localNameColumn(testItems, lang),
        tested: perItem.tested,
        reported: perItem.reported,
        tatHours: testItemSettings.tatHours,
        tat: perItem.tat,
      })
      .from(perItem)
      .innerJoin(projects, eq(projects.id, perItem.projectId))
      .innerJoin(testItems, eq(testItems.id, perItem.item))
      .leftJoin(testItemSettings, eq(testItemSettings.testItemId, perItem.item))
      .orderBy(asc(projects.projectNo), asc(testItems.code))
      .$dynamic() as unknown as OrderedQuery;
  },
  finish: async (_db, rows) =>
    rows.map((row) => {
      const t = turnaround(groupsOf(row));
      return {
        ...row,
        target: targetDays((row.tatHours as number | null) ?? null),
        tatMedian: t.median,
        tatP90: t.p90,
        withinTarget: t.withinTarget,
        overdue: t.overdue,
      };
    }),
};
