import type { MessageTexts } from './codes.js';

// Validation messages of money fields and the marketing screens (keys used in the zod schemas of
// money.ts and endpoints/marketing*.ts; both sides translate them).
export const MARKETING_VALIDATION_MESSAGES = {
  'validation.decimal': {
    zh_CN: '请输入数字（最多13位整数，小数位数有限制）',
    en_US: 'Enter a number (at most 13 digits before the point, limited decimals)',
    zh_HK: '請輸入數字（最多13位整數，小數位數有限制）',
  },
  'validation.decimalMin': {
    zh_CN: '不能为负数',
    en_US: 'It cannot be negative',
    zh_HK: '不能為負數',
  },
  'validation.decimalMax': {
    zh_CN: '比例须在0到1之间（如0.13表示13%）',
    en_US: 'A rate is between 0 and 1 (0.13 for 13 %)',
    zh_HK: '比例須在0到1之間（如0.13表示13%）',
  },
  'validation.paymentDays': {
    zh_CN: '付款天数须为0至365的整数天',
    en_US: 'Payment days are whole days from 0 to 365',
    zh_HK: '付款天數須為0至365的整數天',
  },
  'validation.bankAccount': {
    zh_CN: '银行账号须为10至30位数字',
    en_US: 'The bank account number has 10 to 30 digits',
    zh_HK: '銀行賬號須為10至30位數字',
  },
} satisfies Record<string, MessageTexts>;
