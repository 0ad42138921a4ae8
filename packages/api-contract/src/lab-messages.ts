import type { MessageTexts } from './codes.js';

// Validation messages of the laboratory forms (keys used in the zod schemas; both sides translate them).
export const LAB_VALIDATION_MESSAGES: Record<string, MessageTexts> = {
  'validation.testItem.code': {
    zh_CN: '项目编码须为1至32位字母、数字或 _ . -，以字母或数字开头',
    en_US: 'The item code must be 1 to 32 letters, digits or _ . -, starting with a letter or digit',
  },
  'validation.barcode': {
    zh_CN: '条码须为1至32位字母、数字、_ 或 -',
    en_US: 'A barcode is 1 to 32 letters, digits, _ or -',
  },
  'validation.base64': { zh_CN: '数据格式无效（须为Base64）', en_US: 'Invalid data (base64 expected)' },
  'validation.resultTarget': {
    zh_CN: '请选择已审核的检测申请（或受试者和条码）',
    en_US: 'Choose an approved test order (or the subject and barcode)',
  },
  'validation.feedbackSubject': {
    zh_CN: '请选择反馈所针对的质疑或填写样本条码',
    en_US: 'Choose the query or give the sample barcode the feedback is about',
  },
  'validation.receipt.reason': {
    zh_CN: '异常签收须选择异常原因',
    en_US: 'Choose an exception reason for a sample received with an exception',
  },
  'validation.receipt.temperature': {
    zh_CN: '接收温度须为 -200 至 60 之间的数字（°C）',
    en_US: 'The temperature at receipt must be a number from -200 to 60 (°C)',
  },
};
