import type { Lang } from '@trialab/api-contract';

/** Messages of the laboratory modules (test items, receipt, subjects, results, reports). */
export const LAB_MESSAGES = {
  testItemAlreadyEnabled: { zh_CN: '该检测项目已是启用状态', en_US: 'The test item is already enabled' },
  testItemAlreadyDisabled: { zh_CN: '该检测项目已是停用状态', en_US: 'The test item is already disabled' },
  labFileMissing: { zh_CN: '附件不存在：{id}', en_US: 'No such file: {id}' },
  sampleTypeMissing: { zh_CN: '样本类型不存在', en_US: 'No such sample type' },
  receiptWaybillRequired: {
    zh_CN: '签收前请先拍摄运单',
    en_US: 'Capture the waybill before signing off',
  },
  receiptSamplesMismatch: {
    zh_CN: '请逐一登记本运单的全部样本（缺少或多出：{items}）',
    en_US: 'Record every sample line of this shipment exactly once (missing or unknown: {items})',
  },
  receiptReasonInvalid: { zh_CN: '异常原因无效：{reason}', en_US: 'Invalid exception reason: {reason}' },
  receiptClosed: {
    zh_CN: '运单不在待签收状态，不能修改',
    en_US: 'The shipment is not awaiting receipt and cannot be changed',
  },
  receiptNotImage: { zh_CN: '只能附加 JPG 或 PNG 图片', en_US: 'Only JPG or PNG images can be attached' },
} as const satisfies Record<string, Record<Lang, string>>;
