import type { MessageTexts } from './codes.js';

// Validation messages of the laboratory forms (keys used in the zod schemas; both sides translate them).
export const LAB_VALIDATION_MESSAGES: Record<string, MessageTexts> = {
  'validation.testItem.code': {
    zh_CN: '项目编码须为1至32位字母、数字或 _ . -，以字母或数字开头',
    en_US: 'The item code must be 1 to 32 letters, digits or _ . -, starting with a letter or digit',
    zh_HK: '項目編碼須為1至32位字母、數字或 _ . -，以字母或數字開頭',
  },
  'validation.barcode': {
    zh_CN: '条码须为1至32位字母、数字、_ 或 -',
    en_US: 'A barcode is 1 to 32 letters, digits, _ or -',
    zh_HK: '條碼須為1至32位字母、數字、_ 或 -',
  },
  'validation.base64': {
    zh_CN: '数据格式无效（须为Base64）',
    en_US: 'Invalid data (base64 expected)',
    zh_HK: '數據格式無效（須為Base64）',
  },
  'validation.resultTarget': {
    zh_CN: '请选择已审核的检测申请（或受试者和条码）',
    en_US: 'Choose an approved test order (or the subject and barcode)',
    zh_HK: '請選擇已審核的檢測申請（或受試者和條碼）',
  },
  'validation.feedbackSubject': {
    zh_CN: '请选择反馈所针对的质疑或填写样本条码',
    en_US: 'Choose the query or give the sample barcode the feedback is about',
    zh_HK: '請選擇反饋所針對的質疑或填寫樣本條碼',
  },
  'validation.receipt.reason': {
    zh_CN: '异常签收须选择异常原因',
    en_US: 'Choose an exception reason for a sample received with an exception',
    zh_HK: '異常簽收須選擇異常原因',
  },
  'validation.receipt.temperature': {
    zh_CN: '接收温度须为 -200 至 60 之间的数字（°C）',
    en_US: 'The temperature at receipt must be a number from -200 to 60 (°C)',
    zh_HK: '接收溫度須為 -200 至 60 之間的數字（°C）',
  },
};
