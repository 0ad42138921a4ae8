import type { MessageTexts } from '@trialab/api-contract';

/** Messages of a project's configuration (voided barcodes, project reference ranges). */
export const PROJECT_CONFIG_MESSAGES = {
  barcodeVoided: {
    zh_CN: '条码已在本项目作废，不能使用：{codes}',
    en_US: 'These barcodes are voided in their project and cannot be used: {codes}',
    zh_HK: '條碼已在本項目作廢，不能使用：{codes}',
  },
  voidReasonUnknown: {
    zh_CN: '作废原因“{value}”不是已启用的条码作废原因（字典 1025）',
    en_US: 'Void reason "{value}" is not an enabled barcode void reason (dictionary 1025)',
    zh_HK: '作廢原因「{value}」不是已啟用的條碼作廢原因（字典 1025）',
  },
  voidReasonWordsRequired: {
    zh_CN: '作废原因为“其他”时须填写说明',
    en_US: 'Describe the reason when it is "Other"',
    zh_HK: '作廢原因為「其他」時須填寫說明',
  },
  barcodeAlreadyVoided: {
    zh_CN: '条码已作废：{codes}',
    en_US: 'These barcodes are already voided: {codes}',
    zh_HK: '條碼已作廢：{codes}',
  },
  projectRangeInvalid: {
    zh_CN: '参考范围无效：请填写下限/上限或定性结果（二选一），下限不大于上限，最小年龄不大于最大年龄',
    en_US:
      'Invalid reference range: give a low/high bound or a qualitative answer (one of the two), low not above high, minimum age not above maximum age',
    zh_HK: '參考範圍無效：請填寫下限/上限或定性結果（二選一），下限不大於上限，最小年齡不大於最大年齡',
  },
  projectRangeDuplicate: {
    zh_CN: '该检测项目在本项目中已有相同性别和年龄段的参考范围',
    en_US: 'This test item already has a reference range for the same sex and age band in this project',
    zh_HK: '該檢測項目在本項目中已有相同性別和年齡段的參考範圍',
  },
} as const satisfies Record<string, MessageTexts>;

declare module '../../lib/i18n.js' {
  interface DomainMessages {
    projectConfig: typeof PROJECT_CONFIG_MESSAGES;
  }
}
