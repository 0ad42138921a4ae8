import type { MessageTexts } from '@trialab/api-contract';

/** Messages of a project's configuration (voided barcodes, project reference ranges). */
export const PROJECT_CONFIG_MESSAGES = {
  barcodeVoided: {
    zh_CN: '条码已在本项目作废，不能使用：{codes}',
    en_US: 'These barcodes are voided in their project and cannot be used: {codes}',
  },
  voidReasonUnknown: {
    zh_CN: '作废原因“{value}”不是已启用的条码作废原因（字典 1025）',
    en_US: 'Void reason "{value}" is not an enabled barcode void reason (dictionary 1025)',
  },
  voidReasonWordsRequired: {
    zh_CN: '作废原因为“其他”时须填写说明',
    en_US: 'Describe the reason when it is "Other"',
  },
  barcodeAlreadyVoided: {
    zh_CN: '条码已作废：{codes}',
    en_US: 'These barcodes are already voided: {codes}',
  },
  projectRangeInvalid: {
    zh_CN: '参考范围无效：请填写下限/上限或定性结果（二选一），下限不大于上限，最小年龄不大于最大年龄',
    en_US:
      'Invalid reference range: give a low/high bound or a qualitative answer (one of the two), low not above high, minimum age not above maximum age',
  },
  projectRangeDuplicate: {
    zh_CN: '该检测项目在本项目中已有相同性别和年龄段的参考范围',
    en_US: 'This test item already has a reference range for the same sex and age band in this project',
  },
} as const satisfies Record<string, MessageTexts>;

declare module '../../lib/i18n.js' {
  interface DomainMessages {
    projectConfig: typeof PROJECT_CONFIG_MESSAGES;
  }
}
