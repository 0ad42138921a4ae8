// The sample list (docs/library.md "Sample list"): received specimens found by their indexed columns,
// newest first, with where each is stored. The total counts at most SAMPLE_COUNT_CAP + 1 rows (a
// capped subquery), never the whole table, so a search over a million specimens stays an index walk.
import {
  type Lang,
  LIBRARY_STATE_WORDS,
  type LibrarySample,
  libraryWord,
  SAMPLE_COUNT_CAP,
} from '@trialab/api-contract';
import { and, count, desc, eq, inArray, like, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { projects, sampleTypes, sites, temperatures } from '../../db/schema.js';
import { labSubjects } from '../../db/schema-lab.js';
import { specimenPositions, storageBoxes, storageUnits } from '../../db/schema-library.js';
import { specimenBarcodes } from '../../db/schema-specimen.js';
import { localNameColumn } from '../../lib/local-name.js';
import { Page } from '../../lib/route.js';
import type { SiteScope } from '../../lib/scope.js';
import { prefixPattern, within } from '../../lib/search.js';
import { dayRange, type ZonedTime } from '../../lib/time-zone.js';
import { tableWorkbook, type XlsxColumn } from '../../lib/xlsx.js';
import { cellText } from '../../services/positions/engine.js';
import { barcodeScope } from '../specimen/repository.js';

const parent = alias(specimenBarcodes, 'parent');

export interface SampleFilter {
  code?: string | undefined;
  parentCode?: string | undefined;
  subjectNo?: string | undefined;
  projectId?: number | undefined;
  siteId?: number | undefined;
  visit?: string | undefined;
  sampleTypeId?: number | undefined;
  library?: string[] | undefined;
  boxCode?: string | undefined;
  signedFrom?: string | undefined;
  signedTo?: string | undefined;
  zone: string;
}

/** The filter on specimen_barcodes alone (subqueries by the indexed keys of subject, parent and box). */
export function sampleWhere(db: Executor, scope: SiteScope, f: SampleFilter): SQL | undefined {
  return and(
    eq(specimenBarcodes.status, 'signed'),
    barcodeScope(scope),
    f.code ? like(specimenBarcodes.code, prefixPattern(f.code)) : undefined,
    f.parentCode
      ? inArray(
          specimenBarcodes.parentId,
          db.select({ id: parent.id }).from(parent).where(eq(parent.code, f.parentCode)),
        )
      : undefined,
    f.subjectNo
      ? inArray(
          specimenBarcodes.subjectId,
          db.select({ id: labSubjects.id }).from(labSubjects).where(eq(labSubjects.subjectNo, f.subjectNo)),
        )
      : undefined,
    f.projectId ? eq(specimenBarcodes.projectId, f.projectId) : undefined,
    f.siteId ? eq(specimenBarcodes.siteId, f.siteId) : undefined,
    f.visit ? eq(specimenBarcodes.visit, f.visit) : undefined,
    f.sampleTypeId ? eq(specimenBarcodes.sampleTypeId, f.sampleTypeId) : undefined,
    f.library?.length ? inArray(specimenBarcodes.library, f.library) : undefined,
    f.boxCode
      ? inArray(
          specimenBarcodes.id,
          db
            .select({ id: specimenPositions.specimenId })
            .from(specimenPositions)
            .innerJoin(storageBoxes, eq(storageBoxes.id, specimenPositions.boxId))
            .where(and(eq(storageBoxes.code, f.boxCode), eq(specimenPositions.status, 'stored'))),
        )
      : undefined,
    within(specimenBarcodes.signedAt, dayRange(f.signedFrom, f.signedTo, f.zone)),
  );
}

function sampleRows(db: Executor, where: SQL | undefined, lang: Lang) {
  return db
    .select({
      id: specimenBarcodes.id,
      code: specimenBarcodes.code,
      parentCode: parent.code,
      projectId: specimenBarcodes.projectId,
      projectNo: projects.projectNo,
      centerNo: sites.centerNo,
      subjectNo: labSubjects.subjectNo,
      visit: specimenBarcodes.visit,
      sampleTypeName: localNameColumn(sampleTypes, lang),
      temperatureName: localNameColumn(temperatures, lang),
      library: specimenBarcodes.library,
      freezeThaw: specimenBarcodes.freezeThaw,
      remark: specimenBarcodes.remark,
      unitName: storageUnits.name,
      box: storageBoxes.code,
      boxCols: storageBoxes.cols,
      boxLabels: storageBoxes.labels,
      row: specimenPositions.row,
      col: specimenPositions.col,
      signedAt: specimenBarcodes.signedAt,
    })
    .from(specimenBarcodes)
    .innerJoin(projects, eq(projects.id, specimenBarcodes.projectId))
    .leftJoin(sites, eq(sites.id, specimenBarcodes.siteId))
    .leftJoin(labSubjects, eq(labSubjects.id, specimenBarcodes.subjectId))
    .leftJoin(sampleTypes, eq(sampleTypes.id, specimenBarcodes.sampleTypeId))
    .leftJoin(temperatures, eq(temperatures.id, specimenBarcodes.temperatureId))
    .leftJoin(parent, eq(parent.id, specimenBarcodes.parentId))
    .leftJoin(
      specimenPositions,
      and(eq(specimenPositions.specimenId, specimenBarcodes.id), eq(specimenPositions.status, 'stored')),
    )
    .leftJoin(storageBoxes, eq(storageBoxes.id, specimenPositions.boxId))
    .leftJoin(storageUnits, eq(storageUnits.id, storageBoxes.unitId))
    .where(where)
    .orderBy(desc(specimenBarcodes.id));
}

type Raw = Awaited<ReturnType<typeof sampleRows>>[number];

const toSample = ({ boxCols, boxLabels, row, col, ...r }: Raw): LibrarySample => ({
  ...r,
  library: r.library as LibrarySample['library'],
  position:
    r.box && row !== null
      ? cellText({ cols: boxCols, labels: boxLabels ?? 'alnum' }, row, col) || null
      : null,
  signedAt: r.signedAt?.toISOString() ?? null,
});

export async function pageSamples(
  db: Executor,
  scope: SiteScope,
  f: SampleFilter,
  page: { page: number; size: number },
  lang: Lang,
): Promise<Page<LibrarySample>> {
  const where = sampleWhere(db, scope, f);
  const capped = db
    .select({ one: sql`1` })
    .from(specimenBarcodes)
    .where(where)
    .limit(SAMPLE_COUNT_CAP + 1)
    .as('capped');
  const [counted] = await db.select({ n: count() }).from(capped);
  const rows = await sampleRows(db, where, lang)
    .limit(page.size)
    .offset((page.page - 1) * page.size);
  return new Page(rows.map(toSample), Math.min(Number(counted?.n ?? 0), SAMPLE_COUNT_CAP));
}

export async function exportSamples(
  db: Executor,
  scope: SiteScope,
  f: SampleFilter,
  lang: Lang,
  time: ZonedTime,
): Promise<Buffer> {
  const rows = (await sampleRows(db, sampleWhere(db, scope, f), lang).limit(SAMPLE_COUNT_CAP)).map(toSample);
  const columns: Array<XlsxColumn<keyof LibrarySample>> = [
    { key: 'code', zh: '条码', en: 'Barcode', hk: '條碼', width: 20 },
    { key: 'parentCode', zh: '母管', en: 'Parent', hk: '母管', width: 20 },
    { key: 'projectNo', zh: '项目编号', en: 'Project no.', hk: '項目編號', width: 14 },
    { key: 'centerNo', zh: '中心编号', en: 'Site no.', hk: '中心編號', width: 10 },
    { key: 'subjectNo', zh: '受试者', en: 'Subject', hk: '受試者', width: 14 },
    { key: 'visit', zh: '访视', en: 'Visit', hk: '訪視', width: 12 },
    { key: 'sampleTypeName', zh: '样本类型', en: 'Sample type', hk: '樣本類型', width: 12 },
    { key: 'temperatureName', zh: '储存条件', en: 'Storage condition', hk: '儲存條件', width: 14 },
    { key: 'library', zh: '库存状态', en: 'Library state', hk: '庫存狀態', width: 12 },
    { key: 'unitName', zh: '存储设备', en: 'Unit', hk: '存儲設備', width: 24 },
    { key: 'box', zh: '冻存盒', en: 'Box', hk: '凍存盒', width: 18 },
    { key: 'position', zh: '位置', en: 'Position', hk: '位置', width: 8 },
    { key: 'freezeThaw', zh: '冻融次数', en: 'Freeze-thaw', hk: '凍融次數', width: 10 },
    { key: 'remark', zh: '备注', en: 'Remark', hk: '備註', width: 30 },
    { key: 'signedAt', zh: '签收时间', en: 'Signed at', hk: '簽收時間', width: 20, time: true },
  ];
  return tableWorkbook({
    sheet: { zh: '样本列表', en: 'Samples', hk: '樣本列表' },
    columns,
    rows: rows.map((r) => ({ ...r, library: libraryWord(LIBRARY_STATE_WORDS, r.library, lang) })),
    lang,
    time,
  });
}
