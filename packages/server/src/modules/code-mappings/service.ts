import {
  LANGS,
  type Lang,
  type MAPPING_IMPORT_PROBLEMS,
  MAPPING_KINDS,
  type MappingKind,
  PROJECT_MAPPING_KINDS,
  ResultCode,
} from '@trialab/api-contract';
import { ApiError } from '../../lib/errors.js';
import { findUnsafeText } from '../../lib/input.js';

/** A lab record a mapping may point to; `projectId` is set for visits and sites. */
export interface Target {
  id: number;
  code: string;
  name: string;
  enabled: boolean;
  projectId: number | null;
}

/**
 * A mapping's lab record must exist, be enabled when newly chosen (a mapping may keep one disabled
 * since), and, for visits and sites, belong to the mapping's project (so such a mapping has one).
 */
export function assertTarget(
  kind: MappingKind,
  projectId: number | null,
  target: Target | undefined,
  newlyChosen: boolean,
): Target {
  if (!target) throw new ApiError(ResultCode.BAD_REQUEST, { key: 'mappingTargetUnknown' });
  if (PROJECT_MAPPING_KINDS.includes(kind) && (projectId === null || target.projectId !== projectId))
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'mappingNeedsProject' });
  if (newlyChosen && !target.enabled)
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'mappingTargetDisabled' });
  return target;
}

/**
 * Of the enabled mappings of one kind, source and code in a project and for all projects, the
 * project's own wins; the all-projects one answers otherwise; none is null.
 */
export function pickMapping<M extends { projectId: number | null; enabled: boolean }>(
  candidates: readonly M[],
  projectId: number | null,
): M | null {
  const enabled = candidates.filter((m) => m.enabled);
  return (
    (projectId === null ? undefined : enabled.find((m) => m.projectId === projectId)) ??
    enabled.find((m) => m.projectId === null) ??
    null
  );
}

// ---- import ----

/** Rows per import file. */
export const MAPPING_IMPORT_MAX_ROWS = 2000;

/** A kind as written in a sheet: its key or its name in any language. */
export const KIND_NAMES: Record<MappingKind, Record<Lang, string>> = {
  testItem: { zh_CN: '检测项目', en_US: 'Test item', zh_HK: '檢測項目' },
  visit: { zh_CN: '访视', en_US: 'Visit', zh_HK: '訪視' },
  sampleType: { zh_CN: '样本类型', en_US: 'Sample type', zh_HK: '樣本類型' },
  site: { zh_CN: '研究中心', en_US: 'Site', zh_HK: '研究中心' },
  temperature: { zh_CN: '温度条件', en_US: 'Temperature', zh_HK: '溫度條件' },
};

function kindOf(text: string): MappingKind | null {
  const lower = text.toLowerCase();
  return (
    MAPPING_KINDS.find(
      (kind) =>
        kind.toLowerCase() === lower || LANGS.some((lang) => KIND_NAMES[kind][lang].toLowerCase() === lower),
    ) ?? null
  );
}

/** One sheet row as typed (all text). */
export interface MappingSheetRow {
  line: number;
  projectNo: string;
  kind: string;
  source: string;
  externalCode: string;
  externalName: string;
  targetCode: string;
}

type Problem = (typeof MAPPING_IMPORT_PROBLEMS)[number];

export interface CheckedMappingRow extends MappingSheetRow {
  projectId: number | null;
  mappingKind: MappingKind | null;
  targetId: number | null;
  action: 'insert' | 'update' | 'skip';
  errors: Array<{ problem: Problem; params: Record<string, string | number> }>;
}

/** The unique key of a mapping: scope, kind, source, code. */
export function mappingKey(projectId: number | null, kind: string, source: string, code: string): string {
  return JSON.stringify([projectId ?? 0, kind, source, code]);
}

/** The key a lab record is found by in a sheet: kind, project (visits and sites) and code. */
export function targetKey(kind: MappingKind, projectId: number | null, code: string): string {
  return JSON.stringify([kind, PROJECT_MAPPING_KINDS.includes(kind) ? (projectId ?? 0) : 0, code]);
}

const LIMITS = { source: 64, externalCode: 64, externalName: 128 } as const;

/**
 * Each row with what confirming would do: a mapping new to its scope, kind, source and code is
 * inserted, an existing one (`existing`: key -> its lab record) is re-pointed and renamed, a row
 * with any error is skipped. The same key repeated within the file is an error on every later row.
 */
export function checkMappingRows(
  rows: readonly MappingSheetRow[],
  known: {
    projects: ReadonlyMap<string, number>;
    targets: ReadonlyMap<string, Target>;
    existing: ReadonlyMap<string, number>;
  },
): CheckedMappingRow[] {
  const firstLine = new Map<string, number>();
  return rows.map((raw) => {
    const errors: CheckedMappingRow['errors'] = [];
    const projectId = raw.projectNo ? (known.projects.get(raw.projectNo) ?? null) : null;
    if (raw.projectNo && projectId === null)
      errors.push({ problem: 'unknownProject', params: { projectNo: raw.projectNo } });
    const kind = kindOf(raw.kind);
    if (!kind) errors.push({ problem: 'unknownKind', params: { kind: raw.kind || '-' } });
    if (!raw.source) errors.push({ problem: 'missingSource', params: {} });
    if (!raw.externalCode) errors.push({ problem: 'missingCode', params: {} });
    for (const [field, max] of Object.entries(LIMITS) as Array<[keyof typeof LIMITS, number]>) {
      if (raw[field].length > max) errors.push({ problem: 'tooLong', params: { field, max } });
    }
    if (findUnsafeText(raw, 'row') !== undefined) errors.push({ problem: 'unsafeText', params: {} });
    let target: Target | undefined;
    if (kind && PROJECT_MAPPING_KINDS.includes(kind) && !raw.projectNo)
      errors.push({ problem: 'needsProject', params: {} });
    else if (kind && !(raw.projectNo && projectId === null)) {
      target = known.targets.get(targetKey(kind, projectId, raw.targetCode));
      if (!target) errors.push({ problem: 'unknownTarget', params: { code: raw.targetCode || '-' } });
    }
    const key = mappingKey(projectId, kind ?? raw.kind, raw.source, raw.externalCode);
    const existingTarget = known.existing.get(key);
    if (target && !target.enabled && existingTarget !== target.id)
      errors.push({ problem: 'disabledTarget', params: { code: raw.targetCode } });
    const first = firstLine.get(key);
    if (raw.externalCode && first !== undefined)
      errors.push({ problem: 'repeatedCode', params: { line: first } });
    else if (raw.externalCode) firstLine.set(key, raw.line);
    const action = errors.length > 0 ? 'skip' : existingTarget !== undefined ? 'update' : 'insert';
    return { ...raw, projectId, mappingKind: kind, targetId: target?.id ?? null, action, errors };
  });
}
