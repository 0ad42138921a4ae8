import type { MessageTexts } from './codes.js';

// Validation messages of supply's forms (keys used in the zod schemas of endpoints/supply.ts).
export const SUPPLY_VALIDATION_MESSAGES = {
  'validation.amount': {
    zh_CN: '请输入金额（最多10位整数、4位小数）',
    en_US: 'Enter an amount (up to 10 digits and 4 decimals)',
    zh_HK: '請輸入金額（最多10位整數、4位小數）',
  },
  'validation.nonZero': {
    zh_CN: '数量不能为0',
    en_US: 'The quantity may not be 0',
    zh_HK: '數量不能為0',
  },
  'validation.supplyCode': {
    zh_CN: '只能包含字母、数字及 - . _ /',
    en_US: 'Only letters, digits and - . _ /',
    zh_HK: '只能包含字母、數字及 - . _ /',
  },
} satisfies Record<string, MessageTexts>;
