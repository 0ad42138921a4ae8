import type { MessageTexts } from '@trialab/api-contract';

/** Messages of the laboratory modules (test items, receipt, subjects, results, reports). */
export const LAB_MESSAGES = {
  testItemAlreadyEnabled: {
    zh_CN: '该检测项目已是启用状态',
    en_US: 'The test item is already enabled',
    zh_HK: '該檢測項目已是啟用狀態',
  },
  testItemAlreadyDisabled: {
    zh_CN: '该检测项目已是停用状态',
    en_US: 'The test item is already disabled',
    zh_HK: '該檢測項目已是停用狀態',
  },
  labFileMissing: { zh_CN: '附件不存在：{id}', en_US: 'No such file: {id}', zh_HK: '附件不存在：{id}' },
  sampleTypeMissing: { zh_CN: '样本类型不存在', en_US: 'No such sample type', zh_HK: '樣本類型不存在' },
  receiptWaybillRequired: {
    zh_CN: '签收前请先拍摄运单',
    en_US: 'Capture the waybill before signing off',
    zh_HK: '簽收前請先拍攝運單',
  },
  receiptSamplesMismatch: {
    zh_CN: '请逐一登记本运单的全部样本（缺少或多出：{items}）',
    en_US: 'Record every sample line of this shipment exactly once (missing or unknown: {items})',
    zh_HK: '請逐一登記本運單的全部樣本（缺少或多出：{items}）',
  },
  receiptReasonInvalid: {
    zh_CN: '异常原因无效：{reason}',
    en_US: 'Invalid exception reason: {reason}',
    zh_HK: '異常原因無效：{reason}',
  },
  receiptColdChainQuery: {
    zh_CN:
      '冷链异常：运单 {orderNo} 的{sampleType}样本接收时温度为 {reading}°C，超出方案要求的运输温度 {range}，请说明运输过程温度情况。',
    en_US:
      'Cold chain breach: the {sampleType} samples of shipment {orderNo} arrived at {reading} °C, outside the transport range {range} the plan sets. Please explain the temperature in transit.',
    zh_HK:
      '冷鏈異常：運單 {orderNo} 的{sampleType}樣本接收時溫度為 {reading}°C，超出方案要求的運輸溫度 {range}，請說明運輸過程的溫度情況。',
  },
  receiptKitLotUnknown: {
    zh_CN: '耗材批号 {lot} 不在库存台账中，请核对标签上的批号',
    en_US: 'Kit lot {lot} is not in the stock ledger: check the lot no. on the label',
    zh_HK: '耗材批號 {lot} 不在庫存台賬中，請核對標籤上的批號',
  },
  receiptCollectedInFuture: {
    zh_CN: '采样日期 {date} 晚于今天',
    en_US: 'The collection day {date} is after today',
    zh_HK: '採樣日期 {date} 晚於今天',
  },
  receiptKitExpired: {
    zh_CN:
      '{sampleType}样本所用耗材批号 {lot} 已于 {expiry} 过期（{date} 采样/接收），请按异常接收并选择原因',
    en_US:
      '{sampleType}: collected in kit lot {lot}, which expired on {expiry} (before {date}); receive the line as an exception with its reason',
    zh_HK:
      '{sampleType}樣本所用耗材批號 {lot} 已於 {expiry} 過期（{date} 採樣／接收），請按異常接收並選擇原因',
  },
  receiptKitExpiredQuery: {
    zh_CN:
      '耗材过期：运单 {orderNo} 的{sampleType}样本于 {date} 采样/接收，所用耗材批号 {lot} 已于 {expiry} 过期，请说明原因并确认后续处理。',
    en_US:
      'Expired kit: the {sampleType} samples of shipment {orderNo} were collected (or received) on {date} in kit lot {lot}, which expired on {expiry}. Please explain and confirm how to proceed.',
    zh_HK:
      '耗材過期：運單 {orderNo} 的{sampleType}樣本於 {date} 採樣／接收，所用耗材批號 {lot} 已於 {expiry} 過期，請說明原因並確認後續處理。',
  },
  receiptClosed: {
    zh_CN: '运单不在待签收状态，不能修改',
    en_US: 'The shipment is not awaiting receipt and cannot be changed',
    zh_HK: '運單不在待簽收狀態，不能修改',
  },
  subjectFaceMismatch: {
    zh_CN: '人脸比对未通过（相似度 {confidence}，阈值 {threshold}）',
    en_US: 'The face comparison did not match (confidence {confidence}, threshold {threshold})',
    zh_HK: '人臉比對未通過（相似度 {confidence}，閾值 {threshold}）',
  },
  subjectThresholdTooLow: {
    zh_CN: '人脸比对阈值不能低于 {min}',
    en_US: 'The face comparison threshold must be at least {min}',
    zh_HK: '人臉比對閾值不能低於 {min}',
  },
  subjectFingerprintRequired: {
    zh_CN: '请先采集受试者指纹',
    en_US: 'Enrol the subject fingerprint first',
    zh_HK: '請先採集受試者指紋',
  },
  subjectDuplicate: {
    zh_CN: '该项目中已登记此受试者编号或证件',
    en_US: 'This subject number or ID card is already registered in the project',
    zh_HK: '該項目中已登記此受試者編號或證件',
  },
  actionReasonRequired: { zh_CN: '请填写原因', en_US: 'Please give a reason', zh_HK: '請填寫原因' },
  signaturePasswordWrong: {
    zh_CN: '电子签名失败：密码错误',
    en_US: 'Electronic signature failed: wrong password',
    zh_HK: '電子簽名失敗：密碼錯誤',
  },
  signatureRequired: {
    zh_CN: '此操作需要电子签名，请输入密码',
    en_US: 'This action needs an electronic signature: enter your password',
    zh_HK: '此操作需要電子簽名，請輸入密碼',
  },
  reportSubjectNotApproved: {
    zh_CN: '受试者尚未审核通过，不能录入结果',
    en_US: 'The subject has not been approved yet; results cannot be entered',
    zh_HK: '受試者尚未審核通過，不能錄入結果',
  },
  reportItemInvalid: {
    zh_CN: '检测项目不存在或已停用：{items}',
    en_US: 'Test items missing or disabled: {items}',
    zh_HK: '檢測項目不存在或已停用：{items}',
  },
  reportValueInvalid: {
    zh_CN: '{item} 的结果须为数字（最多 {decimals} 位小数）',
    en_US: 'The result of {item} must be a number with at most {decimals} decimals',
    zh_HK: '{item} 的結果須為數字（最多 {decimals} 位小數）',
  },
  reportRevisionPending: {
    zh_CN: '该报告已有待审核的修改',
    en_US: 'A revision of this report is already awaiting review',
    zh_HK: '該報告已有待審核的修改',
  },
  reportNoPdf: {
    zh_CN: '报告尚未发布，没有PDF',
    en_US: 'The report is not released: no PDF yet',
    zh_HK: '報告尚未發布，沒有PDF',
  },
  orderBarcodeTaken: {
    zh_CN: '条码已登记：{barcodes}',
    en_US: 'Barcodes already entered: {barcodes}',
    zh_HK: '條碼已登記：{barcodes}',
  },
  orderBarcodeRepeated: {
    zh_CN: '条码重复：{barcodes}',
    en_US: 'Barcodes given twice: {barcodes}',
    zh_HK: '條碼重複：{barcodes}',
  },
  staffOnly: {
    zh_CN: '只有内部员工可以执行此操作',
    en_US: 'Only internal staff can do this',
    zh_HK: '只有內部員工可以執行此操作',
  },
  queryShipmentInvalid: {
    zh_CN: '运单不存在或不属于该项目和中心',
    en_US: 'The shipment does not exist or belongs to another project or site',
    zh_HK: '運單不存在或不屬於該項目和中心',
  },
  reportOrderNotApproved: {
    zh_CN: '检测申请尚未审核通过，不能录入结果',
    en_US: 'The test order is not approved; results cannot be entered',
    zh_HK: '檢測申請尚未審核通過，不能錄入結果',
  },
  reportItemNotOrdered: {
    zh_CN: '检测申请中没有这些项目：{items}',
    en_US: 'These items are not on the test order: {items}',
    zh_HK: '檢測申請中沒有這些項目：{items}',
  },
  reportOrderMismatch: {
    zh_CN: '受试者或条码与检测申请不一致',
    en_US: 'The subject or barcode differs from the test order',
    zh_HK: '受試者或條碼與檢測申請不一致',
  },
  reportAlreadyEntered: {
    zh_CN: '该检测申请的结果已录入（报告 {reportNo}）',
    en_US: 'The results of this test order were already entered (report {reportNo})',
    zh_HK: '該檢測申請的結果已錄入（報告 {reportNo}）',
  },
  feedbackBarcodeUnknown: {
    zh_CN: '没有该条码的检测申请：{barcode}',
    en_US: 'No test order with this barcode: {barcode}',
    zh_HK: '沒有該條碼的檢測申請：{barcode}',
  },
  receiptNotImage: {
    zh_CN: '只能附加 JPG 或 PNG 图片',
    en_US: 'Only JPG or PNG images can be attached',
    zh_HK: '只能附加 JPG 或 PNG 圖片',
  },
} as const satisfies Record<string, MessageTexts>;

declare module '../../lib/i18n.js' {
  interface DomainMessages {
    lab: typeof LAB_MESSAGES;
  }
}
