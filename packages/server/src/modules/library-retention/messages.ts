import type { MessageTexts } from '@trialab/api-contract';

/** Messages of retention rules and expired specimens (docs/library.md "Retention and expired specimens"). */
export const LIBRARY_RETENTION_MESSAGES = {
  retentionPeriodTooLong: {
    zh_CN: '保存期限不能超过 {max} 个月（100 年）',
    en_US: 'A retention period cannot be longer than {max} months (100 years)',
    zh_HK: '保存期限不能超過 {max} 個月（100 年）',
  },
  retentionSampleTypeUnknown: {
    zh_CN: '样本类型不存在或已停用',
    en_US: 'The sample type does not exist or is disabled',
    zh_HK: '樣本類型不存在或已停用',
  },
  retentionReturnTypeUnknown: {
    zh_CN: '出库类型不存在、已停用，或为需归还的借出类型，不能用于归还申办方',
    en_US:
      'The stock-out type does not exist, is disabled, or is a loan that comes back: it cannot carry a return to the sponsor',
    zh_HK: '出庫類型不存在、已停用，或為需歸還的借出類型，不能用於歸還申辦方',
  },
  retentionReturnTypeOnlyForReturn: {
    zh_CN: '只有"归还申办方"的规则可以指定出库类型',
    en_US: 'Only a "return to sponsor" rule names a stock-out type',
    zh_HK: '只有「歸還申辦方」的規則可以指定出庫類型',
  },
  retentionDueRange: {
    zh_CN: '到期日期范围的开始日期不能晚于结束日期',
    en_US: 'The due-date range starts after it ends',
    zh_HK: '到期日期範圍的開始日期不能晚於結束日期',
  },
  retentionUntilNotLater: {
    zh_CN: '样本 {code} 的保存期已到 {endsOn}，延长后的日期须晚于该日期',
    en_US: 'Specimen {code} is kept until {endsOn}: the new day must be later',
    zh_HK: '樣本 {code} 的保存期已到 {endsOn}，延長後的日期須晚於該日期',
  },
  retentionNotCovered: {
    zh_CN: '样本 {code} 不在库，或没有适用的保存规则，不能延长保存',
    en_US: 'Specimen {code} is not stored or no retention rule covers it: it cannot be kept longer',
    zh_HK: '樣本 {code} 不在庫，或沒有適用的保存規則，不能延長保存',
  },
  retentionExtendMeaning: {
    zh_CN: '延长样本保存期至 {until}',
    en_US: 'Keep the specimens until {until}',
    zh_HK: '延長樣本保存期至 {until}',
  },
} as const satisfies Record<string, MessageTexts>;

declare module '../../lib/i18n.js' {
  interface DomainMessages {
    libraryRetention: typeof LIBRARY_RETENTION_MESSAGES;
  }
}
