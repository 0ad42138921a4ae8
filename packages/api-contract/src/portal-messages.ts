import type { MessageTexts } from './codes.js';

// Validation messages of the portal forms (keys used in the zod schemas; both sides translate them).
export const PORTAL_VALIDATION_MESSAGES: Record<string, MessageTexts> = {
  'validation.phone': {
    zh_CN: '请输入正确的手机号或固定电话（区号-号码）',
    en_US: 'Enter a mobile number or a landline with area code and hyphen',
    zh_HK: '請輸入正確的手機號或固網電話（區號-號碼）',
  },
  'validation.name': {
    zh_CN: '姓名只能包含中文或字母',
    en_US: 'Names may contain only letters or Chinese characters',
    zh_HK: '姓名只能包含中文或字母',
  },
  'validation.reasonRequired': {
    zh_CN: '请填写驳回原因',
    en_US: 'Please give a reason for the rejection',
    zh_HK: '請填寫駁回原因',
  },
  'validation.reply': {
    zh_CN: '回复内容须为8至255个字符',
    en_US: 'The reply must be 8 to 255 characters',
    zh_HK: '回覆內容須為8至255個字符',
  },
  'validation.quantity': {
    zh_CN: '数量须为1至8位正整数',
    en_US: 'The quantity must be a whole number of 1 to 8 digits',
    zh_HK: '數量須為1至8位正整數',
  },
  'validation.date': {
    zh_CN: '日期格式须为YYYY-MM-DD',
    en_US: 'Dates must be YYYY-MM-DD',
    zh_HK: '日期格式須為YYYY-MM-DD',
  },
  'validation.orderLines': {
    zh_CN: '请至少添加一个套件或散装耗材',
    en_US: 'Add at least one kit or loose consumable',
    zh_HK: '請至少加入一個套件或散裝耗材',
  },
};
