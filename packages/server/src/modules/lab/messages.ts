import type { MessageTexts } from '@trialab/api-contract';

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
  receiptColdChainQuery: {
    zh_CN:
      '冷链异常：运单 {orderNo} 的{sampleType}样本接收时温度为 {reading}°C，超出方案要求的运输温度 {range}，请说明运输过程温度情况。',
    en_US:
      'Cold chain breach: the {sampleType} samples of shipment {orderNo} arrived at {reading} °C, outside the transport range {range} the plan sets. Please explain the temperature in transit.',
  },
  receiptClosed: {
    zh_CN: '运单不在待签收状态，不能修改',
    en_US: 'The shipment is not awaiting receipt and cannot be changed',
  },
  subjectFaceMismatch: {
    zh_CN: '人脸比对未通过（相似度 {confidence}，阈值 {threshold}）',
    en_US: 'The face comparison did not match (confidence {confidence}, threshold {threshold})',
  },
  subjectThresholdTooLow: {
    zh_CN: '人脸比对阈值不能低于 {min}',
    en_US: 'The face comparison threshold must be at least {min}',
  },
  subjectFingerprintRequired: {
    zh_CN: '请先采集受试者指纹',
    en_US: 'Enrol the subject fingerprint first',
  },
  subjectDuplicate: {
    zh_CN: '该项目中已登记此受试者编号或证件',
    en_US: 'This subject number or ID card is already registered in the project',
  },
  actionReasonRequired: { zh_CN: '请填写原因', en_US: 'Please give a reason' },
  signaturePasswordWrong: {
    zh_CN: '电子签名失败：密码错误',
    en_US: 'Electronic signature failed: wrong password',
  },
  signatureRequired: {
    zh_CN: '此操作需要电子签名，请输入密码',
    en_US: 'This action needs an electronic signature: enter your password',
  },
  reportSubjectNotApproved: {
    zh_CN: '受试者尚未审核通过，不能录入结果',
    en_US: 'The subject has not been approved yet; results cannot be entered',
  },
  reportItemInvalid: {
    zh_CN: '检测项目不存在或已停用：{items}',
    en_US: 'Test items missing or disabled: {items}',
  },
  reportValueInvalid: {
    zh_CN: '{item} 的结果须为数字（最多 {decimals} 位小数）',
    en_US: 'The result of {item} must be a number with at most {decimals} decimals',
  },
  reportRevisionPending: {
    zh_CN: '该报告已有待审核的修改',
    en_US: 'A revision of this report is already awaiting review',
  },
  reportNoPdf: { zh_CN: '报告尚未发布，没有PDF', en_US: 'The report is not released: no PDF yet' },
  orderBarcodeTaken: { zh_CN: '条码已登记：{barcodes}', en_US: 'Barcodes already entered: {barcodes}' },
  orderBarcodeRepeated: { zh_CN: '条码重复：{barcodes}', en_US: 'Barcodes given twice: {barcodes}' },
  staffOnly: {
    zh_CN: '只有内部员工可以执行此操作',
    en_US: 'Only internal staff can do this',
  },
  queryShipmentInvalid: {
    zh_CN: '运单不存在或不属于该项目和中心',
    en_US: 'The shipment does not exist or belongs to another project or site',
  },
  reportOrderNotApproved: {
    zh_CN: '检测申请尚未审核通过，不能录入结果',
    en_US: 'The test order is not approved; results cannot be entered',
  },
  reportItemNotOrdered: {
    zh_CN: '检测申请中没有这些项目：{items}',
    en_US: 'These items are not on the test order: {items}',
  },
  reportOrderMismatch: {
    zh_CN: '受试者或条码与检测申请不一致',
    en_US: 'The subject or barcode differs from the test order',
  },
  reportAlreadyEntered: {
    zh_CN: '该检测申请的结果已录入（报告 {reportNo}）',
    en_US: 'The results of this test order were already entered (report {reportNo})',
  },
  feedbackBarcodeUnknown: {
    zh_CN: '没有该条码的检测申请：{barcode}',
    en_US: 'No test order with this barcode: {barcode}',
  },
  receiptNotImage: { zh_CN: '只能附加 JPG 或 PNG 图片', en_US: 'Only JPG or PNG images can be attached' },
} as const satisfies Record<string, MessageTexts>;

declare module '../../lib/i18n.js' {
  interface DomainMessages {
    lab: typeof LAB_MESSAGES;
  }
}
