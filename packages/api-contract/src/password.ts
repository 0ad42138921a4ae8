import { z } from 'zod';
import type { MessageTexts } from './codes.js';
import { FINANCE_VALIDATION_MESSAGES } from './finance-messages.js';
import { FORM_FIELD_VALIDATION_MESSAGES } from './form-fields.js';
import { LAB_VALIDATION_MESSAGES } from './lab-messages.js';
import { MARKETING_VALIDATION_MESSAGES } from './marketing-messages.js';
import { PORTAL_ADMIN_VALIDATION_MESSAGES } from './portal-admin-messages.js';
import { PORTAL_VALIDATION_MESSAGES } from './portal-messages.js';
import { PORTAL_REPORT_VALIDATION_MESSAGES } from './portal-report-messages.js';
import { REFERENCE_DATA_VALIDATION_MESSAGES } from './reference-data-messages.js';
import { SPECIMEN_VALIDATION_MESSAGES } from './specimen-messages.js';
import { SUPPLY_VALIDATION_MESSAGES } from './supply-messages.js';
import { PROJECT_VALIDATION_MESSAGES } from './workflows/project-file.js';

/** SPEC section 5: specials allowed in passwords. */
export const PASSWORD_SPECIALS = '!@#$%^&*()_+';
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 16;

const CLASSES: RegExp[] = [/[0-9]/, /[A-Z]/, /[a-z]/, /[!@#$%^&*()_+]/];
const ALLOWED = /^[0-9A-Za-z!@#$%^&*()_+]*$/;

/** True when the password has 8-16 allowed characters from at least three of the four classes. */
export function isPasswordValid(password: string): boolean {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return false;
  if (!ALLOWED.test(password)) return false;
  return CLASSES.filter((re) => re.test(password)).length >= 3;
}

/** The message key of the policy; both sides translate it (see VALIDATION_MESSAGES). */
export const PASSWORD_POLICY_MESSAGE = 'validation.password.policy';

export const passwordSchema = z
  .string()
  .refine(isPasswordValid, { message: PASSWORD_POLICY_MESSAGE, abort: true });

/** Messages for the keys used in schema refinements, in every language. */
export const VALIDATION_MESSAGES: Record<string, MessageTexts> = {
  [PASSWORD_POLICY_MESSAGE]: {
    zh_CN: '密码须为8至16位，且包含数字、大写字母、小写字母、特殊字符(!@#$%^&*()_+)中的至少三种',
    en_US:
      'The password must be 8 to 16 characters and contain at least three of: digits, uppercase letters, lowercase letters, special characters (!@#$%^&*()_+)',
    zh_HK: '密碼須為8至16位，且包含數字、大寫字母、小寫字母、特殊字符(!@#$%^&*()_+)中的至少三種',
  },
  'validation.mobile': {
    zh_CN: '手机号格式不正确',
    en_US: 'Invalid phone number',
    zh_HK: '手機號格式不正確',
  },
  'validation.email': { zh_CN: '邮箱格式不正确', en_US: 'Invalid e-mail address', zh_HK: '郵箱格式不正確' },
  'validation.account': {
    zh_CN: '请输入手机号或邮箱',
    en_US: 'Enter a phone number or e-mail address',
    zh_HK: '請輸入手機號或郵箱',
  },
  'validation.code': {
    zh_CN: '验证码为6位数字',
    en_US: 'The verification code is 6 digits',
    zh_HK: '驗證碼為6位數字',
  },
  'validation.agreement': {
    zh_CN: '请阅读并勾选协议',
    en_US: 'Please read and accept the agreement',
    zh_HK: '請閱讀並勾選協議',
  },
  // Generic texts for zod's issue codes (see issueMessage); `{n}` is the schema's limit.
  'validation.unsafeText': {
    zh_CN: '不能包含空字符(U+0000)或无效的Unicode字符(不成对的代理项)',
    en_US: 'must not contain NUL (U+0000) or invalid Unicode (unpaired surrogates)',
    zh_HK: '不能包含空字符(U+0000)或無效的Unicode字符(不成對的代理項)',
  },
  'validation.required': { zh_CN: '不能为空', en_US: 'must not be empty', zh_HK: '不能為空' },
  'validation.outOfRange': { zh_CN: '数值超出范围', en_US: 'number out of range', zh_HK: '數值超出範圍' },
  'validation.notANumber': { zh_CN: '不是有效的数字', en_US: 'not a valid number', zh_HK: '不是有效的數字' },
  'validation.integer': { zh_CN: '须为整数', en_US: 'must be a whole number', zh_HK: '須為整數' },
  'validation.string.max': {
    zh_CN: '最多{n}个字符',
    en_US: 'at most {n} characters',
    zh_HK: '最多{n}個字符',
  },
  'validation.string.min': {
    zh_CN: '至少{n}个字符',
    en_US: 'at least {n} characters',
    zh_HK: '至少{n}個字符',
  },
  'validation.string.exact': {
    zh_CN: '须为{n}个字符',
    en_US: 'exactly {n} characters',
    zh_HK: '須為{n}個字符',
  },
  'validation.items.max': { zh_CN: '最多{n}项', en_US: 'at most {n} items', zh_HK: '最多{n}項' },
  'validation.items.min': { zh_CN: '至少{n}项', en_US: 'at least {n} items', zh_HK: '至少{n}項' },
  'validation.items.exact': { zh_CN: '须为{n}项', en_US: 'exactly {n} items', zh_HK: '須為{n}項' },
  'validation.number.max': { zh_CN: '不能大于{n}', en_US: 'at most {n}', zh_HK: '不能大於{n}' },
  'validation.number.maxExclusive': { zh_CN: '须小于{n}', en_US: 'less than {n}', zh_HK: '須小於{n}' },
  'validation.number.min': { zh_CN: '不能小于{n}', en_US: 'at least {n}', zh_HK: '不能小於{n}' },
  'validation.number.minExclusive': { zh_CN: '须大于{n}', en_US: 'greater than {n}', zh_HK: '須大於{n}' },
  ...PORTAL_VALIDATION_MESSAGES,
  ...PORTAL_REPORT_VALIDATION_MESSAGES,
  ...LAB_VALIDATION_MESSAGES,
  ...REFERENCE_DATA_VALIDATION_MESSAGES,
  ...SPECIMEN_VALIDATION_MESSAGES,
  ...PORTAL_ADMIN_VALIDATION_MESSAGES,
  ...SUPPLY_VALIDATION_MESSAGES,
  ...FORM_FIELD_VALIDATION_MESSAGES,
  ...PROJECT_VALIDATION_MESSAGES,
  ...MARKETING_VALIDATION_MESSAGES,
  ...FINANCE_VALIDATION_MESSAGES,
};

/** SPEC section 5 patterns. */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
export const PHONE_PATTERN = /^(?:1[3-9]\d{9}|0\d{2,3}-\d{7,8})$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
