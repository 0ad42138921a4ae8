import { NUMBER_DEFAULT_DIGITS } from '../../config';

/** Options of the number input (SPEC section 5: max, min, digit, negative, isReplace). */
export interface NumberRules {
  max?: number;
  min?: number;
  /** Decimals allowed (default 2; 0 = integers). */
  digit?: number;
  /** Allow a leading minus. */
  negative?: boolean;
  /** Beyond a limit: true clamps to it, false keeps the previous value. */
  isReplace?: boolean;
}

/**
 * Cleans what the user typed: strips non-numeric characters and leading zeros, turns a leading
 * dot into "0.", limits the decimals, and clamps or rejects values beyond max and min.
 */
export function sanitizeNumber(raw: string, rules: NumberRules = {}, previous = ''): string {
  const digit = rules.digit ?? NUMBER_DEFAULT_DIGITS;
  const minus = rules.negative && raw.trim().startsWith('-') ? '-' : '';
  let body = raw.replace(/[^\d.]/g, '');
  if (digit <= 0) body = body.replace(/\./g, '');
  const dot = body.indexOf('.');
  if (dot !== -1)
    body = `${body.slice(0, dot + 1)}${body
      .slice(dot + 1)
      .replace(/\./g, '')
      .slice(0, digit)}`;
  if (body.startsWith('.')) body = `0${body}`;
  body = body.replace(/^0+(?=\d)/, '');
  const text = `${minus}${body}`;
  if (body === '' || body.endsWith('.')) return text;
  const value = Number(text);
  if (rules.max !== undefined && value > rules.max) return rules.isReplace ? String(rules.max) : previous;
  if (rules.min !== undefined && value < rules.min) return rules.isReplace ? String(rules.min) : previous;
  return text;
}

/** On blur: a lone minus (or a trailing dot) is cleared. */
export function finishNumber(text: string): string {
  if (text === '-' || text === '') return '';
  return text.endsWith('.') ? text.slice(0, -1) : text;
}
