import type { Lang } from '@trialab/api-contract';

/** Messages of the laboratory modules (test items, receipt, subjects, results, reports). */
export const LAB_MESSAGES = {
  testItemAlreadyEnabled: { zh_CN: '该检测项目已是启用状态', en_US: 'The test item is already enabled' },
  testItemAlreadyDisabled: { zh_CN: '该检测项目已是停用状态', en_US: 'The test item is already disabled' },
  labFileMissing: { zh_CN: '附件不存在：{id}', en_US: 'No such file: {id}' },
  sampleTypeMissing: { zh_CN: '样本类型不存在', en_US: 'No such sample type' },
} as const satisfies Record<string, Record<Lang, string>>;
