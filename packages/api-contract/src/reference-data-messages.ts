import type { MessageTexts } from './codes.js';

// Validation messages of the reference-data forms (keys used in the zod schemas; both sides translate them).
export const REFERENCE_DATA_VALIDATION_MESSAGES: Record<string, MessageTexts> = {
  'validation.referenceCode': {
    zh_CN: '编码须为1至16位字母、数字或 _ . -，以字母或数字开头',
    en_US: 'The code must be 1 to 16 letters, digits or _ . -, starting with a letter or digit',
    zh_HK: '編碼須為1至16位字母、數字或 _ . -，以字母或數字開頭',
  },
  'validation.temperatureBound': {
    zh_CN: '请至少填写最低或最高温度之一',
    en_US: 'Give at least the lowest or the highest temperature',
    zh_HK: '請至少填寫最低或最高溫度之一',
  },
  'validation.temperatureOrder': {
    zh_CN: '最高温度不能低于最低温度',
    en_US: 'The highest temperature cannot be below the lowest',
    zh_HK: '最高溫度不能低於最低溫度',
  },
  'validation.temperatureUse': {
    zh_CN: '请至少选择运输或储存之一',
    en_US: 'Choose transport, storage or both',
    zh_HK: '請至少選擇運輸或儲存之一',
  },
};
