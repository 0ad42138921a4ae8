import type { MessageTexts } from './codes.js';

// Validation messages of the portal report screens (keys used in the zod schemas; both sides translate them).
export const PORTAL_REPORT_VALIDATION_MESSAGES: Record<string, MessageTexts> = {
  'validation.amount': {
    zh_CN: '金额须为正数，最多两位小数',
    en_US: 'The amount must be positive with at most 2 decimals',
    zh_HK: '金額須為正數，最多兩位小數',
  },
  'validation.disputeReason': {
    zh_CN: '请填写异议原因（不超过255个字符）',
    en_US: 'Please give the reason of the dispute (at most 255 characters)',
    zh_HK: '請填寫異議原因（不超過255個字符）',
  },
};
