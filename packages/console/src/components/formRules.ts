// Form rules of SPEC section 5, from the contract's limits (shared by every form).
import { EMAIL_PATTERN, NAME_PATTERN, PHONE_PATTERN } from '@trialab/api-contract';
import type { Rule } from 'antd/es/form';
import { t } from '../locales';

/**
 * Form rules of SPEC section 5 (the server checks the same with the contract's schemas). Messages
 * are made in the current language when the form renders, so a language switch re-words them.
 */
export const rules = {
  /**
   * Given: text not blank, a number, a date, a choice or a non-empty list. A validator, not
   * async-validator's `whitespace` (which first checks the value is a string, so it refused every
   * number and date a field held).
   */
  required: (field: string): Rule => ({
    required: true,
    message: t('portal.shared.required', { field }),
    validator: async (_: unknown, value: unknown) => {
      const blank =
        value === undefined ||
        value === null ||
        (typeof value === 'string' && value.trim() === '') ||
        (Array.isArray(value) && value.length === 0);
      if (blank) throw new Error(t('portal.shared.required', { field }));
    },
  }),
  chosen: (field: string): Rule => ({
    required: true,
    message: t('portal.shared.select', { field }),
  }),
  max: (field: string, max: number): Rule => ({
    max,
    message: t('portal.shared.maxLength', { field, max }),
  }),
  /** A number that must be given (`required`'s whitespace check is for text). */
  amount: (field: string): Rule => ({
    required: true,
    type: 'number',
    message: t('portal.shared.required', { field }),
  }),
  /**
   * Unique among the values on screen (the other rows of a list field, the other keys of a
   * designer): `others()` reads them when the rule runs. Compared trimmed; blank passes.
   */
  unique: (message: string, others: () => readonly (string | null | undefined)[]): Rule => ({
    validator: async (_: unknown, value: unknown) => {
      const own = typeof value === 'string' ? value.trim() : '';
      if (own && others().some((o) => o?.trim() === own)) throw new Error(message);
    },
  }),
  /**
   * Not yet used on the server, checked as typed (give the form item `validateDebounce={300}`):
   * `taken(trimmed)` asks the endpoint's exist check. Blank passes (`required` says so); the
   * server refuses a clash on saving anyway.
   */
  free: (message: string, taken: (value: string) => Promise<boolean>): Rule => ({
    validator: async (_: unknown, value: unknown) => {
      const own = typeof value === 'string' ? value.trim() : '';
      if (own && (await taken(own))) throw new Error(message);
    },
  }),
  phone: (): Rule => ({ pattern: PHONE_PATTERN, message: t('portal.validation.phone') }),
  name: (): Rule => ({ pattern: NAME_PATTERN, message: t('portal.validation.name') }),
  email: (): Rule => ({ pattern: EMAIL_PATTERN, message: t('portal.validation.email') }),
};
