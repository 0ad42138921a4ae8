import type { MessageTexts } from './codes.js';

// Validation messages of the account applications and shared documents (keys used in the zod
// schemas; both sides translate them).
export const PORTAL_ADMIN_VALIDATION_MESSAGES: Record<string, MessageTexts> = {
  'validation.grants': {
    zh_CN: '请至少选择一个项目中心（同一中心不能重复）',
    en_US: 'Choose at least one project site (each site once)',
    zh_HK: '請至少選擇一個項目中心（同一中心不能重複）',
  },
  'validation.applyReason': {
    zh_CN: '申请原因须为1至255个字符',
    en_US: 'The reason must be 1 to 255 characters',
    zh_HK: '申請原因須為1至255個字符',
  },
  'validation.withdrawReason': {
    zh_CN: '请填写撤回原因（不超过255个字符）',
    en_US: 'Give a reason for the withdrawal (at most 255 characters)',
    zh_HK: '請填寫撤回原因（不超過255個字符）',
  },
  'validation.siteRequired': {
    zh_CN: '原始记录须指定中心',
    en_US: 'An original record must name its site',
    zh_HK: '原始記錄須指定中心',
  },
};
