// The specimen library's values in words, in the console's three languages: the storage tree's
// levels and kinds, unit statuses, restriction kinds, library states and custody actions. The
// position engine's refusals and every /specimen screen read these (one declaration for both sides).

import { type FormLang, wordIn } from './form-fields.js';
import type {
  BoxKind,
  CustodyAction,
  LibraryState,
  RestrictionKind,
  RestrictionLevel,
  StorageUnitKind,
  StorageUnitStatus,
} from './workflows/library.js';
import type { DestroyMethod } from './workflows/library-bills.js';

type Words = Readonly<Record<FormLang, string>>;

export const LIBRARY_LEVEL_WORDS: Readonly<Record<RestrictionLevel, Words>> = {
  room: { 'zh-CN': '房间', 'en-US': 'room', 'zh-HK': '房間' },
  unit: { 'zh-CN': '存储设备', 'en-US': 'unit', 'zh-HK': '存儲設備' },
  rack: { 'zh-CN': '冻存架', 'en-US': 'rack', 'zh-HK': '凍存架' },
  box: { 'zh-CN': '冻存盒', 'en-US': 'box', 'zh-HK': '凍存盒' },
};

export const RESTRICTION_KIND_WORDS: Readonly<Record<RestrictionKind, Words>> = {
  project: { 'zh-CN': '项目', 'en-US': 'project', 'zh-HK': '項目' },
  sampleType: { 'zh-CN': '样本类型', 'en-US': 'sample type', 'zh-HK': '樣本類型' },
  temperature: { 'zh-CN': '储存条件', 'en-US': 'storage condition', 'zh-HK': '儲存條件' },
};

export const LIBRARY_STATE_WORDS: Readonly<Record<LibraryState, Words>> = {
  none: { 'zh-CN': '未入库', 'en-US': 'not in the library', 'zh-HK': '未入庫' },
  stored: { 'zh-CN': '在库', 'en-US': 'in storage', 'zh-HK': '在庫' },
  out: { 'zh-CN': '已出库', 'en-US': 'out on loan', 'zh-HK': '已出庫' },
  destroyed: { 'zh-CN': '已销毁', 'en-US': 'destroyed', 'zh-HK': '已銷毀' },
};

/** Custody actions as past participles ("placed"), for events and for "cannot be …". */
export const CUSTODY_ACTION_WORDS: Readonly<Record<CustodyAction, Words>> = {
  place: { 'zh-CN': '入库', 'en-US': 'placed', 'zh-HK': '入庫' },
  import: { 'zh-CN': '导入入库', 'en-US': 'imported', 'zh-HK': '導入入庫' },
  move: { 'zh-CN': '移位', 'en-US': 'moved', 'zh-HK': '移位' },
  boxMove: { 'zh-CN': '随盒移位', 'en-US': 'moved with its box', 'zh-HK': '隨盒移位' },
  evacuate: { 'zh-CN': '转移', 'en-US': 'evacuated', 'zh-HK': '轉移' },
  outbound: { 'zh-CN': '出库', 'en-US': 'sent out', 'zh-HK': '出庫' },
  return: { 'zh-CN': '归还', 'en-US': 'returned', 'zh-HK': '歸還' },
  destroy: { 'zh-CN': '销毁', 'en-US': 'destroyed', 'zh-HK': '銷毀' },
};

/**
 * What the holds (bills, move requests, legal holds, consent withdrawals) are asked about: the custody
 * actions and `edit`, a batch correction of a specimen's record (batch-edit-sample), which moves
 * nothing but changes what the record says.
 */
export type HeldAction = CustodyAction | 'edit';
export const HELD_ACTION_WORDS: Readonly<Record<HeldAction, Words>> = {
  ...CUSTODY_ACTION_WORDS,
  edit: { 'zh-CN': '修改', 'en-US': 'edited', 'zh-HK': '修改' },
};

/** Unit statuses as a predicate ("is a backup"), as the engine's refusals put them. */
export const UNIT_STATUS_WORDS: Readonly<Record<StorageUnitStatus, Words>> = {
  active: { 'zh-CN': '运行中', 'en-US': 'active', 'zh-HK': '運行中' },
  defrosting: { 'zh-CN': '除霜中', 'en-US': 'defrosting', 'zh-HK': '除霜中' },
  backup: { 'zh-CN': '备用', 'en-US': 'a backup', 'zh-HK': '備用' },
  out_of_service: { 'zh-CN': '停用', 'en-US': 'out of service', 'zh-HK': '停用' },
};

/** Unit statuses as a label (tags, selects, filters): the lists' words, not the refusals' predicate. */
export const UNIT_STATUS_LABELS: Readonly<Record<StorageUnitStatus, Words>> = {
  active: { 'zh-CN': '运行中', 'en-US': 'Active', 'zh-HK': '運行中' },
  defrosting: { 'zh-CN': '除霜中', 'en-US': 'Defrosting', 'zh-HK': '除霜中' },
  backup: { 'zh-CN': '备用', 'en-US': 'Backup', 'zh-HK': '備用' },
  out_of_service: { 'zh-CN': '停用', 'en-US': 'Out of service', 'zh-HK': '停用' },
};

export const UNIT_KIND_WORDS: Readonly<Record<StorageUnitKind, Words>> = {
  freezer: { 'zh-CN': '冰箱', 'en-US': 'freezer', 'zh-HK': '冰箱' },
  refrigerator: { 'zh-CN': '冷藏柜', 'en-US': 'refrigerator', 'zh-HK': '冷藏櫃' },
  ln2_tank: { 'zh-CN': '液氮罐', 'en-US': 'LN2 tank', 'zh-HK': '液氮罐' },
};

export const BOX_KIND_WORDS: Readonly<Record<BoxKind, Words>> = {
  grid: { 'zh-CN': '冻存盒', 'en-US': 'box', 'zh-HK': '凍存盒' },
  bag: { 'zh-CN': '样本袋', 'en-US': 'bag', 'zh-HK': '樣本袋' },
  bin: { 'zh-CN': '样本筐', 'en-US': 'bin', 'zh-HK': '樣本筐' },
};

/** How a destruction was carried out, as a label (the bill's confirmation, its list, timelines). */
export const DESTROY_METHOD_WORDS: Readonly<Record<DestroyMethod, Words>> = {
  autoclave: { 'zh-CN': '高压灭菌', 'en-US': 'autoclave', 'zh-HK': '高壓滅菌' },
  incineration: { 'zh-CN': '焚烧', 'en-US': 'incineration', 'zh-HK': '焚燒' },
  chemical: { 'zh-CN': '化学处理', 'en-US': 'chemical treatment', 'zh-HK': '化學處理' },
  vendor: { 'zh-CN': '委托有资质单位', 'en-US': 'licensed contractor', 'zh-HK': '委託有資質單位' },
};

/**
 * A value's word in a language given as `zh_CN` (the server's lang header) or `zh-CN` (the
 * console's); unknown values read as themselves (a text column may hold a value added later).
 */
export function libraryWord<K extends string>(
  table: Readonly<Record<K, Words>>,
  value: string,
  lang: string,
): string {
  return wordIn(table, value, lang) ?? value;
}
