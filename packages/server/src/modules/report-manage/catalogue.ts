// The reports, each declared once (docs/reports.md "Declaring a report"): columns and filters in the
// three languages, the query, and the row scope's columns. The permission is the page's
// (api-contract `reportPermission`). A new report is one more entry here plus its code in the contract.
import {
  type CUSTODY_ACTIONS,
  type Lang,
  LIBRARY_STATE_WORDS,
  LIBRARY_STATES,
  libraryWord,
  type ReportCode,
  stateWord,
  workflowById,
} from '@trialab/api-contract';
import { and, asc, type Column, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { projects, sampleTypes, sites, testItems, users } from '../../db/schema.js';
import { labReportResults, labReports, labSubjects } from '../../db/schema-lab.js';
import { custodyEvents } from '../../db/schema-library.js';
import { specimenBarcodeCounts, specimenBarcodes } from '../../db/schema-specimen.js';
import { localNameColumn } from '../../lib/local-name.js';
import { custodyWord, referenceText } from '../../services/library-timeline/index.js';
import { placeLabels } from '../../services/library-timeline/places.js';
import {
  daysWithin,
  type FilterValue,
  idIn,
  type OrderedQuery,
  type ReportColumnDef,
  type ReportDef,
  type ReportFilterDef,
  type ReportRow,
  startsWith,
  textIn,
} from './engine.js';
import { projectOverview, testItemFilter, testItemOverview } from './overviews.js';

const formLang = (lang: Lang) => lang.replace('_', '-');
const workflowWords = (id: string) => {
  const workflow = workflowById(id);
  if (!workflow) throw new Error(`no workflow ${id}`);
  return (state: unknown, lang: Lang) => stateWord(workflow, String(state), formLang(lang));
};
const barcodeState = workflowWords('specimenBarcode');
const reportState = workflowWords('labReport');
const libraryState = (state: unknown, lang: Lang) =>
  libraryWord(LIBRARY_STATE_WORDS, state as (typeof LIBRARY_STATES)[number], formLang(lang));

/** The filters most reports share: the project and site pickers (the user's scope only). */
const projectFilter = (column: Column): ReportFilterDef => ({
  key: 'projectId',
  title: { zh: '项目', en: 'Project', hk: '項目' },
  kind: 'project',
  where: idIn(column),
});
const siteFilter = (column: Column): ReportFilterDef => ({
  key: 'siteId',
  title: { zh: '中心', en: 'Site', hk: '中心' },
  kind: 'site',
  where: idIn(column),
});
const barcodeFilter = (column: Column): ReportFilterDef => ({
  key: 'barcode',
  title: { zh: '条码', en: 'Barcode', hk: '條碼' },
  kind: 'text',
  where: startsWith(column),
});

/** The columns several reports show, declared once. */
const COLUMN = {
  barcode: { key: 'barcode', title: { zh: '条码', en: 'Barcode', hk: '條碼' }, kind: 'code', width: 18 },
  projectNo: {
    key: 'projectNo',
    title: { zh: '项目编号', en: 'Project no.', hk: '項目編號' },
    kind: 'code',
    width: 16,
  },
  centerNo: {
    key: 'centerNo',
    title: { zh: '中心编号', en: 'Site no.', hk: '中心編號' },
    kind: 'code',
    width: 10,
  },
  subjectNo: {
    key: 'subjectNo',
    title: { zh: '受试者', en: 'Subject', hk: '受試者' },
    kind: 'code',
    width: 14,
  },
  visit: { key: 'visit', title: { zh: '访视', en: 'Visit', hk: '訪視' }, kind: 'text', width: 14 },
} as const satisfies Record<string, ReportColumnDef>;

const BARCODE_STATES = ['registered', 'signed', 'disabled'] as const;
const stateOptions = (states: readonly string[], words: (state: string, lang: Lang) => string) =>
  states.map((value) => ({
    value,
    words: { zh: words(value, 'zh_CN'), en: words(value, 'en_US'), hk: words(value, 'zh_HK') },
  }));

/** lab/query-barcode: every barcode with where it stands; a row opens its whole story (the timeline). */
const queryBarcode: ReportDef = {
  code: 'lab-query-barcode',
  title: { zh: '条码查询', en: 'Barcode search', hk: '條碼查詢' },
  columns: [
    COLUMN.barcode,
    COLUMN.projectNo,
    COLUMN.centerNo,
    COLUMN.subjectNo,
    COLUMN.visit,
    {
      key: 'sampleType',
      title: { zh: '样本类型', en: 'Sample type', hk: '樣本類型' },
      kind: 'text',
      width: 14,
    },
    {
      key: 'status',
      title: { zh: '条码状态', en: 'Barcode state', hk: '條碼狀態' },
      kind: 'status',
      width: 12,
    },
    {
      key: 'library',
      title: { zh: '样本库状态', en: 'Library state', hk: '樣本庫狀態' },
      kind: 'status',
      width: 12,
    },
    {
      key: 'freezeThaw',
      title: { zh: '冻融次数', en: 'Freeze-thaw', hk: '凍融次數' },
      kind: 'count',
      optional: true,
      width: 10,
    },
    { key: 'signedAt', title: { zh: '签收时间', en: 'Signed for', hk: '簽收時間' }, kind: 'time', width: 20 },
    {
      key: 'createdAt',
      title: { zh: '登记时间', en: 'Registered', hk: '登記時間' },
      kind: 'time',
      optional: true,
      width: 20,
    },
  ],
  filters: [
    barcodeFilter(specimenBarcodes.code),
    projectFilter(specimenBarcodes.projectId),
    siteFilter(specimenBarcodes.siteId),
    {
      key: 'status',
      title: { zh: '条码状态', en: 'Barcode state', hk: '條碼狀態' },
      kind: 'select',
      options: stateOptions(BARCODE_STATES, barcodeState),
      where: textIn(specimenBarcodes.status),
    },
    {
      key: 'library',
      title: { zh: '样本库状态', en: 'Library state', hk: '樣本庫狀態' },
      kind: 'select',
      options: stateOptions(LIBRARY_STATES, libraryState),
      where: textIn(specimenBarcodes.library),
    },
    {
      key: 'createdAt',
      title: { zh: '登记日期', en: 'Registered', hk: '登記日期' },
      kind: 'dateRange',
      where: daysWithin(specimenBarcodes.createdAt),
    },
  ],
  scope: { project: specimenBarcodes.projectId, site: specimenBarcodes.siteId },
  key: { column: specimenBarcodes.id, field: 'rowId' },
  query: ({ db, lang, where }) =>
    db
      .select({
        rowId: specimenBarcodes.id,
        barcode: specimenBarcodes.code,
        projectNo: projects.projectNo,
        centerNo: sites.centerNo,
        subjectNo: labSubjects.subjectNo,
        visit: specimenBarcodes.visit,
        sampleType: localNameColumn(sampleTypes, lang),
        status: specimenBarcodes.status,
        library: specimenBarcodes.library,
        freezeThaw: specimenBarcodes.freezeThaw,
        signedAt: specimenBarcodes.signedAt,
        createdAt: specimenBarcodes.createdAt,
      })
      .from(specimenBarcodes)
      .innerJoin(projects, eq(projects.id, specimenBarcodes.projectId))
      .leftJoin(sites, eq(sites.id, specimenBarcodes.siteId))
      .leftJoin(labSubjects, eq(labSubjects.id, specimenBarcodes.subjectId))
      .leftJoin(sampleTypes, eq(sampleTypes.id, specimenBarcodes.sampleTypeId))
      .where(where)
      .orderBy(desc(specimenBarcodes.id))
      .$dynamic() as unknown as OrderedQuery,
  finish: async (_db, rows, lang) =>
    rows.map((r) => ({ ...r, status: barcodeState(r.status, lang), library: libraryState(r.library, lang) })),
};

/** A period: the unit its first instant is truncated to, and how it is written. */
const PERIODS = {
  day: { trunc: 'day', format: 'YYYY-MM-DD' },
  week: { trunc: 'week', format: 'IYYY-"W"IW' },
  month: { trunc: 'month', format: 'YYYY-MM' },
  year: { trunc: 'year', format: 'YYYY' },
} as const;
type Period = keyof typeof PERIODS;
const periodOf = (value: FilterValue | undefined): Period =>
  typeof value === 'string' && value in PERIODS ? (value as Period) : 'month';

/** The barcodes of the grouped summary rows, those meeting a condition when one is given. */
const barcodesWhere = (condition?: SQL) =>
  sql<number>`coalesce(sum(${specimenBarcodeCounts.n})${condition ? sql` filter (where ${condition})` : sql``}, 0)`.mapWith(
    Number,
  );

/**
 * lab/barcode-stat: barcodes counted by state, per project, site and period (day, week, month, year).
 * Read from the summary the database keeps (`specimen_barcode_counts`, a row per project, site,
 * quarter hour, barcode and library state), never from the barcodes themselves: a few thousand rows
 * at a million barcodes. Its quarter hours start whole days of every zone, so the periods and the
 * date filter are exact in the caller's zone.
 */
const barcodeStat: ReportDef = {
  code: 'lab-barcode-stat',
  title: { zh: '条码统计', en: 'Barcode statistics', hk: '條碼統計' },
  columns: [
    { key: 'period', title: { zh: '期间', en: 'Period', hk: '期間' }, kind: 'code', width: 12 },
    COLUMN.projectNo,
    COLUMN.centerNo,
    { key: 'total', title: { zh: '条码数', en: 'Barcodes', hk: '條碼數' }, kind: 'count', width: 10 },
    { key: 'registered', title: { zh: '已登记', en: 'Registered', hk: '已登記' }, kind: 'count', width: 10 },
    { key: 'signed', title: { zh: '已签收', en: 'Signed for', hk: '已簽收' }, kind: 'count', width: 10 },
    { key: 'disabled', title: { zh: '已作废', en: 'Disabled', hk: '已作廢' }, kind: 'count', width: 10 },
    { key: 'stored', title: { zh: '在库', en: 'In the library', hk: '在庫' }, kind: 'count', width: 10 },
    { key: 'out', title: { zh: '出库中', en: 'Out', hk: '出庫中' }, kind: 'count', width: 10 },
    { key: 'destroyed', title: { zh: '已销毁', en: 'Destroyed', hk: '已銷毀' }, kind: 'count', width: 10 },
  ],
  filters: [
    projectFilter(specimenBarcodeCounts.projectId),
    siteFilter(specimenBarcodeCounts.siteId),
    {
      key: 'createdAt',
      title: { zh: '登记日期', en: 'Registered', hk: '登記日期' },
      kind: 'dateRange',
      where: daysWithin(specimenBarcodeCounts.quarter),
    },
    {
      key: 'period',
      title: { zh: '统计周期', en: 'Counted by', hk: '統計週期' },
      kind: 'select',
      options: [
        { value: 'day', words: { zh: '日', en: 'Day', hk: '日' } },
        { value: 'week', words: { zh: '周', en: 'Week', hk: '週' } },
        { value: 'month', words: { zh: '月', en: 'Month', hk: '月' } },
        { value: 'year', words: { zh: '年', en: 'Year', hk: '年' } },
      ],
    },
  ],
  scope: { project: specimenBarcodeCounts.projectId, site: specimenBarcodeCounts.siteId },
  // Few rows (a group per project, site and period): read whole and paged by the engine.
  whole: true,
  query: ({ db, zone, where, values }) => {
    const unit = PERIODS[periodOf(values.period)];
    // Summed per project and site ids and the period's first instant; the few groups are then
    // joined to their project and site and the period written out.
    const start = sql<Date>`date_trunc(${unit.trunc}, ${specimenBarcodeCounts.quarter} at time zone ${zone})`;
    const total = barcodesWhere();
    const groups = db
      .select({
        projectId: specimenBarcodeCounts.projectId,
        siteId: specimenBarcodeCounts.siteId,
        start: start.as('start'),
        total: total.as('total'),
        registered: barcodesWhere(eq(specimenBarcodeCounts.status, 'registered')).as('registered'),
        signed: barcodesWhere(eq(specimenBarcodeCounts.status, 'signed')).as('signed'),
        disabled: barcodesWhere(eq(specimenBarcodeCounts.status, 'disabled')).as('disabled'),
        stored: barcodesWhere(eq(specimenBarcodeCounts.library, 'stored')).as('stored'),
        out: barcodesWhere(eq(specimenBarcodeCounts.library, 'out')).as('out'),
        destroyed: barcodesWhere(eq(specimenBarcodeCounts.library, 'destroyed')).as('destroyed'),
      })
      .from(specimenBarcodeCounts)
      .where(where)
      // By position: the period's unit and zone are parameters, which GROUP BY cannot match by text.
      .groupBy(sql`1, 2, 3`)
      // Keys whose barcodes all moved on stay in the summary at 0: not a group.
      .having(sql`${total} > 0`)
      .as('groups');
    return db
      .select({
        period: sql<string>`to_char(${groups.start}, ${unit.format})`,
        projectNo: projects.projectNo,
        centerNo: sites.centerNo,
        total: groups.total,
        registered: groups.registered,
        signed: groups.signed,
        disabled: groups.disabled,
        stored: groups.stored,
        out: groups.out,
        destroyed: groups.destroyed,
      })
      .from(groups)
      .innerJoin(projects, eq(projects.id, groups.projectId))
      .leftJoin(sites, eq(sites.id, groups.siteId))
      .orderBy(desc(groups.start), asc(projects.projectNo), asc(sites.centerNo))
      .$dynamic() as unknown as OrderedQuery;
  },
};

/** lab/result-report: every result of every report, across the projects the caller sees. */
const resultReport: ReportDef = {
  code: 'lab-result-report',
  title: { zh: '结果报表', en: 'Results', hk: '結果報表' },
  columns: [
    { key: 'reportNo', title: { zh: '报告编号', en: 'Report no.', hk: '報告編號' }, kind: 'code', width: 18 },
    COLUMN.projectNo,
    COLUMN.centerNo,
    COLUMN.subjectNo,
    COLUMN.barcode,
    COLUMN.visit,
    { key: 'testItem', title: { zh: '检测项目', en: 'Test item', hk: '檢測項目' }, kind: 'text', width: 18 },
    { key: 'value', title: { zh: '结果', en: 'Result', hk: '結果' }, kind: 'text', width: 12 },
    { key: 'unit', title: { zh: '单位', en: 'Unit', hk: '單位' }, kind: 'text', width: 10 },
    {
      key: 'referenceRange',
      title: { zh: '参考范围', en: 'Reference range', hk: '參考範圍' },
      kind: 'text',
      width: 14,
    },
    { key: 'flag', title: { zh: '提示', en: 'Flag', hk: '提示' }, kind: 'code', width: 8 },
    {
      key: 'status',
      title: { zh: '报告状态', en: 'Report state', hk: '報告狀態' },
      kind: 'status',
      width: 12,
    },
    { key: 'releasedAt', title: { zh: '发布时间', en: 'Released', hk: '發佈時間' }, kind: 'time', width: 20 },
  ],
  filters: [
    projectFilter(labReports.projectId),
    siteFilter(labReports.siteId),
    barcodeFilter(labReports.barcode),
    testItemFilter(labReportResults.testItemId),
    {
      key: 'flag',
      title: { zh: '提示', en: 'Flag', hk: '提示' },
      kind: 'select',
      options: [
        { value: 'H', words: { zh: '偏高 (H)', en: 'High (H)', hk: '偏高 (H)' } },
        { value: 'L', words: { zh: '偏低 (L)', en: 'Low (L)', hk: '偏低 (L)' } },
        { value: 'A', words: { zh: '异常 (A)', en: 'Abnormal (A)', hk: '異常 (A)' } },
      ],
      where: textIn(labReportResults.flag),
    },
    {
      key: 'releasedAt',
      title: { zh: '发布日期', en: 'Released', hk: '發佈日期' },
      kind: 'dateRange',
      where: daysWithin(labReports.releasedAt),
    },
  ],
  scope: { project: labReports.projectId, site: labReports.siteId },
  key: { column: labReportResults.id, field: 'rowId' },
  query: ({ db, lang, where }) =>
    db
      .select({
        rowId: labReportResults.id,
        reportNo: labReports.reportNo,
        projectNo: projects.projectNo,
        centerNo: sites.centerNo,
        subjectNo: labSubjects.subjectNo,
        barcode: labReports.barcode,
        visit: labReports.visit,
        testItem: localNameColumn(testItems, lang),
        value: labReportResults.value,
        unit: labReportResults.unit,
        referenceRange: labReportResults.referenceRange,
        flag: labReportResults.flag,
        status: labReports.status,
        releasedAt: labReports.releasedAt,
      })
      .from(labReportResults)
      .innerJoin(labReports, eq(labReports.id, labReportResults.reportId))
      .innerJoin(projects, eq(projects.id, labReports.projectId))
      .innerJoin(sites, eq(sites.id, labReports.siteId))
      .innerJoin(labSubjects, eq(labSubjects.id, labReports.subjectId))
      .innerJoin(testItems, eq(testItems.id, labReportResults.testItemId))
      .where(where)
      .orderBy(desc(labReportResults.id))
      .$dynamic() as unknown as OrderedQuery,
  finish: async (_db, rows, lang) => rows.map((r) => ({ ...r, status: reportState(r.status, lang) })),
};

/** Library movements (sample/sample-in-detail, sample/sample-out-detail): the custody events of some actions. */
function movements(
  code: ReportCode,
  title: ReportDef['title'],
  actions: ReadonlyArray<(typeof CUSTODY_ACTIONS)[number]>,
): ReportDef {
  return {
    code,
    title,
    columns: [
      { key: 'at', title: { zh: '时间', en: 'When', hk: '時間' }, kind: 'time', width: 20 },
      COLUMN.barcode,
      COLUMN.projectNo,
      COLUMN.centerNo,
      { key: 'action', title: { zh: '操作', en: 'Action', hk: '操作' }, kind: 'status', width: 12 },
      { key: 'from', title: { zh: '原位置', en: 'From', hk: '原位置' }, kind: 'text', width: 30 },
      { key: 'to', title: { zh: '新位置', en: 'To', hk: '新位置' }, kind: 'text', width: 30 },
      { key: 'reference', title: { zh: '单号', en: 'Reference', hk: '單號' }, kind: 'code', width: 18 },
      {
        key: 'reason',
        title: { zh: '原因', en: 'Reason', hk: '原因' },
        kind: 'text',
        optional: true,
        width: 24,
      },
      { key: 'userName', title: { zh: '操作人', en: 'By', hk: '操作人' }, kind: 'text', width: 12 },
    ],
    filters: [
      barcodeFilter(specimenBarcodes.code),
      projectFilter(specimenBarcodes.projectId),
      siteFilter(specimenBarcodes.siteId),
      {
        key: 'action',
        title: { zh: '操作', en: 'Action', hk: '操作' },
        kind: 'select',
        options: actions.map((value) => ({
          value,
          words: {
            zh: custodyWord(value, 'zh_CN'),
            en: custodyWord(value, 'en_US'),
            hk: custodyWord(value, 'zh_HK'),
          },
        })),
        where: textIn(custodyEvents.action),
      },
      {
        key: 'at',
        title: { zh: '日期', en: 'Days', hk: '日期' },
        kind: 'dateRange',
        where: daysWithin(custodyEvents.at),
      },
    ],
    scope: { project: specimenBarcodes.projectId, site: specimenBarcodes.siteId },
    key: { column: custodyEvents.id, field: 'rowId' },
    query: ({ db, where }) =>
      db
        .select({
          rowId: custodyEvents.id,
          at: custodyEvents.at,
          barcode: specimenBarcodes.code,
          projectNo: projects.projectNo,
          centerNo: sites.centerNo,
          action: custodyEvents.action,
          fromUnitId: custodyEvents.fromUnitId,
          fromBoxId: custodyEvents.fromBoxId,
          fromPosition: custodyEvents.fromPosition,
          toUnitId: custodyEvents.toUnitId,
          toBoxId: custodyEvents.toBoxId,
          toPosition: custodyEvents.toPosition,
          reference: custodyEvents.reference,
          reason: custodyEvents.reason,
          userName: users.username,
        })
        .from(custodyEvents)
        .innerJoin(specimenBarcodes, eq(specimenBarcodes.id, custodyEvents.specimenId))
        .innerJoin(projects, eq(projects.id, specimenBarcodes.projectId))
        .leftJoin(sites, eq(sites.id, specimenBarcodes.siteId))
        .innerJoin(users, eq(users.id, custodyEvents.userId))
        .where(and(inArray(custodyEvents.action, [...actions]), where))
        .orderBy(desc(custodyEvents.id))
        .$dynamic() as unknown as OrderedQuery,
    finish: async (db, rows, lang) => {
      const id = (v: unknown) => (v === null || v === undefined ? null : Number(v));
      const place = await placeLabels(
        db,
        rows.flatMap((r) => [id(r.fromBoxId), id(r.toBoxId)]),
        rows.flatMap((r) => [id(r.fromUnitId), id(r.toUnitId)]),
      );
      return rows.map(
        (r): ReportRow => ({
          ...r,
          action: custodyWord(String(r.action), lang),
          from: place(id(r.fromUnitId), id(r.fromBoxId), (r.fromPosition as string | null) ?? null),
          to: place(id(r.toUnitId), id(r.toBoxId), (r.toPosition as string | null) ?? null),
          reference: referenceText((r.reference as string | null) ?? null),
        }),
      );
    },
  };
}

/** What left the library: sent out on an outbound bill or destroyed. */
const sampleOut = movements(
  'sample-sample-out-detail',
  { zh: '出库明细', en: 'Specimens out', hk: '出庫明細' },
  ['outbound', 'destroy'],
);
/** What came in: placed at receipt, returned from outbound, imported from a scanner file. */
const sampleIn = movements(
  'sample-sample-in-detail',
  { zh: '入库明细', en: 'Specimens in', hk: '入庫明細' },
  ['place', 'return', 'import'],
);

/** Every declared report by code. */
export const REPORTS: ReadonlyMap<ReportCode, ReportDef> = new Map(
  [queryBarcode, barcodeStat, resultReport, sampleOut, sampleIn, projectOverview, testItemOverview].map(
    (r) => [r.code, r],
  ),
);
