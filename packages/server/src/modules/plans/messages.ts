import type { MessageTexts } from '@trialab/api-contract';

/** Messages of the sampling and testing plans (/project/plan and its pages). */
export const PLAN_MESSAGES = {
  planNotEditable: {
    zh_CN: '只能修改草稿或已退回的方案版本；已上线的方案请新建修订版',
    en_US: 'Only a draft or returned plan version can be changed; revise an online plan instead',
    zh_HK: '只能修改草稿或已退回的方案版本；已上線的方案請新建修訂版',
  },
  planNotOnline: {
    zh_CN: '只能修订已上线的方案',
    en_US: 'Only an online plan can be revised',
    zh_HK: '只能修訂已上線的方案',
  },
  planRevisionExists: {
    zh_CN: '该方案已有未上线的修订版（第{revision}版），请继续修改该版本',
    en_US: 'This plan already has a revision in progress (version {revision}): continue with that one',
    zh_HK: '該方案已有未上線的修訂版（第{revision}版），請繼續修改該版本',
  },
  planNoTaken: {
    zh_CN: '方案编号已存在：{planNo}',
    en_US: 'Plan number already exists: {planNo}',
    zh_HK: '方案編號已存在：{planNo}',
  },
  planEmpty: {
    zh_CN: '方案至少需要一个访视，且每个访视至少一种样本',
    en_US: 'A plan needs at least one visit, and every visit at least one sample',
    zh_HK: '方案至少需要一個訪視，且每個訪視至少一種樣本',
  },
  planVisitNameTaken: {
    zh_CN: '访视名称重复：{visit}',
    en_US: 'Visit name used twice: {visit}',
    zh_HK: '訪視名稱重複：{visit}',
  },
  planVisitUnknown: {
    zh_CN: '访视不属于该方案版本',
    en_US: 'The visit does not belong to this plan version',
    zh_HK: '訪視不屬於該方案版本',
  },
  planVisitHasSamples: {
    zh_CN: '访视「{visit}」已有接收的样本，不能删除或改名',
    en_US: 'Visit "{visit}" has received samples: it cannot be removed or renamed',
    zh_HK: '訪視「{visit}」已有接收的樣本，不能刪除或改名',
  },
  planSampleTypeHasSamples: {
    zh_CN: '访视「{visit}」的样本类型「{sampleType}」已有接收的样本，不能移除',
    en_US: 'Visit "{visit}" has received {sampleType} samples: that sample type cannot be removed',
    zh_HK: '訪視「{visit}」的樣本類型「{sampleType}」已有接收的樣本，不能移除',
  },
  planTemperatureNotForTransport: {
    zh_CN: '温度条件「{name}」不可用于运输',
    en_US: 'Temperature condition "{name}" is not for transport',
    zh_HK: '溫度條件「{name}」不可用於運輸',
  },
  planTemperatureNotForStorage: {
    zh_CN: '温度条件「{name}」不可用于存储',
    en_US: 'Temperature condition "{name}" is not for storage',
    zh_HK: '溫度條件「{name}」不可用於儲存',
  },
  planReferenceDisabled: {
    zh_CN: '已停用，不能用于方案：{name}',
    en_US: 'Disabled, cannot be used in a plan: {name}',
    zh_HK: '已停用，不能用於方案：{name}',
  },
  planSortMismatch: {
    zh_CN: '排序须包含该版本的每个访视各一次',
    en_US: 'The order must list every visit of the version exactly once',
    zh_HK: '排序須包含該版本的每個訪視各一次',
  },
  planKitNameTaken: {
    zh_CN: '该方案版本已有同名耗材包：{kit}',
    en_US: 'This plan version already has a kit named {kit}',
    zh_HK: '該方案版本已有同名耗材包：{kit}',
  },
  planKitInUse: {
    zh_CN: '耗材包「{kit}」已被访视「{visit}」的样本使用，不能删除',
    en_US: 'Kit "{kit}" is named by a sample of visit "{visit}": it cannot be removed',
    zh_HK: '耗材包「{kit}」已被訪視「{visit}」的樣本使用，不能刪除',
  },
  planKitLimit: {
    zh_CN: '一个方案版本最多 {max} 个耗材包',
    en_US: 'A plan version has at most {max} kits',
    zh_HK: '一個方案版本最多 {max} 個耗材包',
  },
} as const satisfies Record<string, MessageTexts>;

declare module '../../lib/i18n.js' {
  interface DomainMessages {
    plans: typeof PLAN_MESSAGES;
  }
}
