// Form rules of SPEC section 5, from the contract's limits (shared by every form).
import { EMAIL_PATTERN, NAME_PATTERN, PHONE_PATTERN } from '@trialab/api-contract';
import type { Rule } from 'antd/es/form';
import { t } from '../locales';

/**
 * Form rules of SPEC section 5 (the server checks the same with the contract's schemas). Messages
 * are made in the current language when the form renders, so a language switch re-words them.
 */
export const rules = {
  required: (field: string): Rule => ({
    required: true,
    whitespace: true,
    message: t('portal.shared.required', { field }),
  }),
  chosen: (field: string): Rule => ({
    required: true,
    message: t('portal.shared.select', { field }),
  }),
  max: (field: string, max: number): Rule => ({
    max,
    message: t('portal.shared.maxLength', { field, max }),
  }),
  phone: (): Rule => ({ pattern: PHONE_PATTERN, message: t('portal.validation.phone') }),
  name: (): Rule => ({ pattern: NAME_PATTERN, message: t('portal.validation.name') }),
  email: (): Rule => ({ pattern: EMAIL_PATTERN, message: t('portal.validation.email') }),
};
