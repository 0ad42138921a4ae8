import type { MessageTexts } from './codes.js';

// Validation messages of the reference-data forms (keys used in the zod schemas; both sides translate them).
export const REFERENCE_DATA_VALIDATION_MESSAGES: Record<string, MessageTexts> = {
  'validation.referenceCode': {
    zh_CN: '编码须为1至16位字母、数字或 _ . -，以字母或数字开头',
    en_US: 'The code must be 1 to 16 letters, digits or _ . -, starting with a letter or digit',
  },
  'validation.temperatureBound': {
    zh_CN: '请至少填写最低或最高温度之一',
    en_US: 'Give at least the lowest or the highest temperature',
  },
  'validation.temperatureOrder': {
    zh_CN: '最高温度不能低于最低温度',
    en_US: 'The highest temperature cannot be below the lowest',
  },
  'validation.temperatureUse': {
    zh_CN: '请至少选择运输或储存之一',
    en_US: 'Choose transport, storage or both',
  },
};
