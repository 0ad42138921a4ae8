import {
  type Lang,
  type ProjectFileAction,
  type ProjectState,
  projectFileWorkflow,
  ResultCode,
} from '@trialab/api-contract';
import { ApiError } from '../../lib/errors.js';

/** Project rules that need no database. */

/** The unique values of a project record; the refusal names the project holding one. */
export const UNIQUE_FIELDS = ['projectNo', 'name', 'protocolNo'] as const;
export type UniqueField = (typeof UNIQUE_FIELDS)[number];

const FIELD_NAMES: Record<UniqueField | 'centerNo' | 'groupCode', Record<Lang, string>> = {
  projectNo: { zh_CN: '项目编号', en_US: 'project number', zh_HK: '項目編號' },
  name: { zh_CN: '项目名称', en_US: 'project name', zh_HK: '項目名稱' },
  protocolNo: { zh_CN: '方案编号', en_US: 'protocol number', zh_HK: '方案編號' },
  centerNo: { zh_CN: '中心编号', en_US: 'site number', zh_HK: '中心編號' },
  groupCode: { zh_CN: '组别编码', en_US: 'group code', zh_HK: '組別編碼' },
};

/** What a project (or one of its sites) already has, by table: the names of the refusals. */
export const USAGE_NAMES: Record<string, Record<Lang, string>> = {
  barcodes: { zh_CN: '样本条码', en_US: 'sample barcodes', zh_HK: '樣本條碼' },
  subjects: { zh_CN: '受试者', en_US: 'subjects', zh_HK: '受試者' },
  orders: { zh_CN: '检测申请', en_US: 'test orders', zh_HK: '檢測申請' },
  consumables: { zh_CN: '耗材申请', en_US: 'consumable orders', zh_HK: '耗材申請' },
  transports: { zh_CN: '样本运输', en_US: 'sample shipments', zh_HK: '樣本運輸' },
  users: { zh_CN: '授权用户', en_US: 'granted users', zh_HK: '授權用戶' },
};

/** A value held by another project (`holder`) is refused; the project being edited may keep its own. */
export function assertFree(
  lang: Lang,
  field: UniqueField,
  value: string | null | undefined,
  holder: { id: number; projectNo: string } | undefined,
  selfId?: number,
): void {
  if (!value || !holder || holder.id === selfId) return;
  throw new ApiError(ResultCode.DUPLICATE, {
    key: 'projectValueTaken',
    params: { field: FIELD_NAMES[field][lang], value, other: holder.projectNo },
  });
}

/** The first value that appears twice in a list (case and spaces as typed). */
function repeated(values: readonly string[]): string | undefined {
  const seen = new Set<string>();
  for (const v of values) {
    if (seen.has(v)) return v;
    seen.add(v);
  }
  return undefined;
}

/** Within one record: a site number and a group code are each used once, the dates are in order. */
export function assertRecordConsistent(
  lang: Lang,
  record: {
    sites: readonly { centerNo: string }[];
    groups: readonly { code: string }[];
    startDate?: string | null | undefined;
    endDate?: string | null | undefined;
  },
): void {
  const site = repeated(record.sites.map((s) => s.centerNo));
  if (site !== undefined)
    throw new ApiError(ResultCode.BAD_REQUEST, {
      key: 'projectRowRepeated',
      params: { what: FIELD_NAMES.centerNo[lang], value: site },
    });
  const group = repeated(record.groups.map((g) => g.code));
  if (group !== undefined)
    throw new ApiError(ResultCode.BAD_REQUEST, {
      key: 'projectRowRepeated',
      params: { what: FIELD_NAMES.groupCode[lang], value: group },
    });
  if (record.startDate && record.endDate && record.endDate < record.startDate)
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'projectDatesOrder' });
}

/** Both managers must be among those who may manage; the backup is someone else. */
export function assertManagers(
  managerId: number,
  backupManagerId: number | null | undefined,
  mayManage: ReadonlySet<number>,
): void {
  if (!mayManage.has(managerId) || (backupManagerId != null && !mayManage.has(backupManagerId)))
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'projectManagerInvalid' });
  if (backupManagerId === managerId) throw new ApiError(ResultCode.BAD_REQUEST, { key: 'projectBackupSame' });
}

/** A closed project is history: its record no longer changes. */
export function assertEditable(state: ProjectState): void {
  if (state === 'closed') throw new ApiError(ResultCode.INVALID_STATE, { key: 'projectClosed' });
}

/** The reason a transition requires (pause, close). */
export function assertReason(action: ProjectFileAction, reason: string | undefined): void {
  const rule = projectFileWorkflow.transitions[action].reason;
  if (rule?.required && !reason) throw new ApiError(ResultCode.BAD_REQUEST, { key: 'projectReasonRequired' });
}

/** Only a project in preparation that nothing refers to yet can be deleted. */
export function assertDeletable(lang: Lang, state: ProjectState, usage: readonly string[]): void {
  if (state !== 'prepare') throw new ApiError(ResultCode.INVALID_STATE, { key: 'projectNotDeletable' });
  const [first] = usage;
  if (first !== undefined)
    throw new ApiError(ResultCode.INVALID_STATE, {
      key: 'projectInUse',
      params: { what: USAGE_NAMES[first]?.[lang] ?? first },
    });
}

/** A site dropped from the record must have nothing filed under it. */
export function assertSitesRemovable(
  lang: Lang,
  removed: readonly { centerNo: string; usage: readonly string[] }[],
): void {
  for (const site of removed) {
    const [first] = site.usage;
    if (first !== undefined)
      throw new ApiError(ResultCode.INVALID_STATE, {
        key: 'projectSiteInUse',
        params: { centerNo: site.centerNo, what: USAGE_NAMES[first]?.[lang] ?? first },
      });
  }
}
