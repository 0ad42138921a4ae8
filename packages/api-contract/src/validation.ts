import type { z } from 'zod';
import type { Lang } from './codes.js';
import { VALIDATION_MESSAGES } from './password.js';

type Issue = z.core.$ZodIssue;

const ITEM_ORIGINS = new Set(['array', 'set']);
const NUMBER_ORIGINS = new Set(['number', 'int', 'bigint']);

function text(key: string, lang: Lang, n?: number | bigint): string {
  const message = VALIDATION_MESSAGES[key]?.[lang] ?? key;
  return n === undefined ? message : message.replace('{n}', String(n));
}

/** The key for a length or size limit, or undefined for origins without a generic text (dates, files). */
function limitKey(
  origin: string,
  bound: 'max' | 'min',
  exact: boolean,
  inclusive: boolean,
): string | undefined {
  if (origin === 'string') return `validation.string.${exact ? 'exact' : bound}`;
  if (ITEM_ORIGINS.has(origin)) return `validation.items.${exact ? 'exact' : bound}`;
  if (NUMBER_ORIGINS.has(origin)) return `validation.number.${bound}${inclusive ? '' : 'Exclusive'}`;
  return undefined;
}

/**
 * The text of one validation issue in the user's language: a message key of the schema
 * (VALIDATION_MESSAGES) first, then a plain text with the limit for lengths, sizes and ranges
 * ("at most 64 characters" rather than zod's "number too large" for a string), then zod's own
 * locale text. Non-finite numbers (`1e400` parses as Infinity) are "out of range"; the issue must
 * carry its input (`safeParse(value, { reportInput: true })`) for that.
 */
export function issueMessage(issue: Issue, lang: Lang): string {
  if (VALIDATION_MESSAGES[issue.message]) return text(issue.message, lang);
  switch (issue.code) {
    case 'too_big': {
      if (issue.origin === 'int' && issue.maximum === Number.MAX_SAFE_INTEGER) {
        return text('validation.outOfRange', lang);
      }
      const key = limitKey(issue.origin, 'max', issue.exact === true, issue.inclusive !== false);
      if (key) return text(key, lang, issue.maximum);
      break;
    }
    case 'too_small': {
      if (issue.origin === 'int' && issue.minimum === Number.MIN_SAFE_INTEGER) {
        return text('validation.outOfRange', lang);
      }
      if (issue.origin === 'string' && issue.minimum === 1 && !issue.exact)
        return text('validation.required', lang);
      const key = limitKey(issue.origin, 'min', issue.exact === true, issue.inclusive !== false);
      if (key) return text(key, lang, issue.minimum);
      break;
    }
    case 'invalid_type':
      if (typeof issue.input === 'number') {
        if (Number.isNaN(issue.input)) return text('validation.notANumber', lang);
        if (!Number.isFinite(issue.input)) return text('validation.outOfRange', lang);
        if (issue.expected === 'int') return text('validation.integer', lang);
      }
      break;
  }
  return issue.message;
}
