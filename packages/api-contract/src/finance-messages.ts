import type { MessageTexts } from './codes.js';

// Validation messages of the finance screens (keys used in the zod schemas of endpoints/finance.ts;
// both sides translate them).
export const FINANCE_VALIDATION_MESSAGES = {
  'validation.period': {
    zh_CN: '请选择结算期间（年-月，如2026-10）',
    en_US: 'Choose a billing period (year-month, such as 2026-10)',
    zh_HK: '請選擇結算期間（年-月，如2026-10）',
  },
} satisfies Record<string, MessageTexts>;
