import { contract } from '../services/contract';

/**
 * SPEC section 5 patterns. Mobile and e-mail are the contract's (the server checks the same);
 * the others exist only in forms.
 */
export const PATTERNS = {
  phone: /^(?:1[3-9]\d{9}|0\d{2,3}-\d{7,8})$/,
  bankCard: /^\d{10,30}$/,
  digits: /^\d+$/,
  decimal2: /^-?\d+(?:\.\d{1,2})?$/,
  decimal4: /^-?\d+(?:\.\d{1,4})?$/,
  decimal10: /^-?\d+(?:\.\d{1,10})?$/,
  name: /^[A-Za-z\u4e00-\u9fa5]+$/,
} as const;

/** The texts the password checks use (a component's `t`, or any function of these keys). */
type PasswordKey =
  | 'password.required'
  | 'password.length'
  | 'password.classes'
  | 'password.confirmRequired'
  | 'password.mismatch';
type Translate = (key: PasswordKey) => string;

export async function isMobile(value: string): Promise<boolean> {
  return (await contract()).MOBILE_PATTERN.test(value);
}

export async function isEmail(value: string): Promise<boolean> {
  return (await contract()).EMAIL_PATTERN.test(value);
}

/**
 * The password validator shared by the first-login dialog, forgot password and the lock screen:
 * the message to show, or null when valid (SPEC section 5; the policy is the contract's).
 */
export async function passwordProblem(value: string | undefined, t: Translate): Promise<string | null> {
  const api = await contract();
  if (!value) return t('password.required');
  if (value.length < api.PASSWORD_MIN || value.length > api.PASSWORD_MAX) return t('password.length');
  if (!api.isPasswordValid(value)) return t('password.classes');
  return null;
}

export function confirmProblem(
  password: string | undefined,
  confirm: string | undefined,
  t: Translate,
): string | null {
  if (!confirm) return t('password.confirmRequired');
  if (confirm !== password) return t('password.mismatch');
  return null;
}

/** antd Form rule from a (possibly asynchronous) problem function. */
export function rule(problem: (value: string | undefined) => string | null | Promise<string | null>) {
  return {
    validator: async (_: unknown, value: string | undefined) => {
      const message = await problem(value);
      if (message) throw new Error(message);
    },
  };
}

/** Rule: empty passes (pair with `required`), otherwise the check must hold. */
export function checkRule(check: (value: string) => boolean | Promise<boolean>, message: string) {
  return rule(async (value) => (!value || (await check(value)) ? null : message));
}
