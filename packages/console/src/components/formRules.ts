// Form rules of SPEC section 5, from the contract's limits (shared by every form).
import { EMAIL_PATTERN, NAME_PATTERN, PHONE_PATTERN } from '@trialab/api-contract';
import type { Rule } from 'antd/es/form';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Form rules of SPEC section 5 (the server checks the same with the contract's schemas). */
export const rules = {
  required: (t: Translate, field: string): Rule => ({
    required: true,
    whitespace: true,
    message: t('web.common.required', { field }),
  }),
  chosen: (t: Translate, field: string): Rule => ({
    required: true,
    message: t('web.common.select', { field }),
  }),
  max: (t: Translate, field: string, max: number): Rule => ({
    max,
    message: t('web.common.maxLength', { field, max }),
  }),
  phone: (t: Translate): Rule => ({ pattern: PHONE_PATTERN, message: t('web.validation.phone') }),
  name: (t: Translate): Rule => ({ pattern: NAME_PATTERN, message: t('web.validation.name') }),
  email: (t: Translate): Rule => ({ pattern: EMAIL_PATTERN, message: t('web.validation.email') }),
};
