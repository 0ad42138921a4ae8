import type { CodeMappingRow, Lang } from '@trialab/api-contract';
import type { MessageKey } from '../../lib/i18n.js';
import type { ZonedTime } from '../../lib/time-zone.js';
import { enabledWord, tableWorkbook } from '../../lib/xlsx.js';
import {
  assertImportRows,
  type ImportColumn,
  importRowMessage,
  importTemplate,
  readImportRows,
} from '../../lib/xlsx-import.js';
import {
  type CheckedMappingRow,
  KIND_NAMES,
  MAPPING_IMPORT_MAX_ROWS,
  type MappingSheetRow,
} from './service.js';

// The mapping sheet: the import template and the export share its first six columns, so an
// exported file can be edited and imported again.

const COLUMNS: Array<ImportColumn<Exclude<keyof MappingSheetRow, 'line'>>> = [
  {
    key: 'projectNo',
    zh: '项目编号（空 = 所有项目）',
    en: 'Project no. (empty = all projects)',
    hk: '項目編號（空 = 所有項目）',
    width: 22,
  },
  { key: 'kind', zh: '类别', en: 'Kind', hk: '類別', width: 12 },
  { key: 'source', zh: '来源', en: 'Source', hk: '來源', width: 16 },
  { key: 'externalCode', zh: '外部编码', en: 'External code', hk: '外部編碼', width: 16 },
  { key: 'externalName', zh: '外部名称', en: 'External name', hk: '外部名稱', width: 22 },
  { key: 'targetCode', zh: '实验室编码', en: 'Lab code', hk: '實驗室編碼', width: 16 },
];

const ROW_MESSAGE = {
  unknownProject: 'mappingRowUnknownProject',
  unknownKind: 'mappingRowUnknownKind',
  missingSource: 'mappingRowMissingSource',
  missingCode: 'mappingRowMissingCode',
  tooLong: 'mappingRowTooLong',
  unknownTarget: 'mappingRowUnknownTarget',
  disabledTarget: 'mappingRowDisabledTarget',
  needsProject: 'mappingRowNeedsProject',
  repeatedCode: 'mappingRowRepeatedCode',
  unsafeText: 'mappingRowUnsafeText',
} as const satisfies Record<CheckedMappingRow['errors'][number]['problem'], MessageKey>;

/** A row error's message in the caller's language. */
export function mappingRowMessage(lang: Lang, error: CheckedMappingRow['errors'][number]): string {
  return importRowMessage(lang, COLUMNS, ROW_MESSAGE, error);
}

const SHEET = { zh: '编码映射', en: 'Code mappings', hk: '編碼映射' };

export function mappingTemplate(lang: Lang): Promise<Buffer> {
  return importTemplate({
    sheet: SHEET,
    columns: COLUMNS,
    examples: [
      {
        projectNo: 'KM-2026-001',
        kind: KIND_NAMES.testItem[lang],
        source: '华康制药',
        externalCode: 'HK-CBC01',
        externalName: 'Hematology panel',
        targetCode: 'CBC',
      },
      {
        projectNo: 'KM-2026-001',
        kind: KIND_NAMES.visit[lang],
        source: 'EDC',
        externalCode: 'V1',
        externalName: 'Baseline',
        targetCode: '基线 V1',
      },
    ],
    lang,
  });
}

/** The rows of an uploaded mapping sheet, refused as a whole when unreadable, empty or too long. */
export async function readMappingSheet(content: Buffer): Promise<MappingSheetRow[]> {
  return assertImportRows(await readImportRows(content, COLUMNS), MAPPING_IMPORT_MAX_ROWS, {
    unreadable: 'mappingImportUnreadable',
    empty: 'mappingImportEmpty',
    tooMany: 'mappingImportTooMany',
  });
}

/** The mappings in the import layout, with the lab name and status after it (ignored by an import). */
export function mappingsWorkbook(
  rows: readonly CodeMappingRow[],
  lang: Lang,
  time: ZonedTime,
): Promise<Buffer> {
  return tableWorkbook({
    sheet: SHEET,
    columns: [
      ...COLUMNS,
      { key: 'targetName', zh: '实验室名称', en: 'Lab name', hk: '實驗室名稱', width: 22 },
      { key: 'status', zh: '状态', en: 'Status', hk: '狀態', width: 10 },
    ],
    rows: rows.map((r) => ({
      ...r,
      projectNo: r.projectNo ?? '',
      kind: KIND_NAMES[r.kind][lang],
      externalName: r.externalName ?? '',
      status: enabledWord(r.enabled, lang),
    })),
    lang,
    time,
  });
}
