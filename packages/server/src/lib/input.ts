import { type Lang, ResultCode, VALIDATION_MESSAGES } from '@trialab/api-contract';
import { ApiError } from './errors.js';

// NUL, or a UTF-16 surrogate without its partner. PostgreSQL refuses NUL in text and "\u0000" or
// an unpaired "\ud800" in jsonb (a 500 once it reached the database), and UTF-8 cannot carry an
// unpaired surrogate at all (the driver silently turns it into U+FFFD).
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what is refused
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Whether the text holds NUL or an unpaired surrogate (`search` ignores the pattern's global state). */
function isUnstorable(text: string): boolean {
  return text.search(UNSTORABLE) !== -1;
}

/** The text as a text or jsonb column stores it: NUL and unpaired surrogates become U+FFFD. */
export function storableText(text: string): string {
  return text.replace(UNSTORABLE, '\uFFFD');
}

/** Headers the server stores (audit trail, sessions): checked like the body. */
export const STORED_HEADERS = ['workstation', 'user-agent'] as const;

interface Node {
  value: unknown;
  parent: Node | undefined;
  segment: string;
}

function pathOf(node: Node): string {
  const segments: string[] = [];
  for (let at: Node | undefined = node; at; at = at.parent) segments.push(at.segment);
  return segments.reverse().join('.');
}

/**
 * The path (`body.items.0.name`) of the first string, value or object key, that holds NUL or an
 * unpaired surrogate, or undefined. Iterative, so a deeply nested body cannot overflow the stack;
 * a bad key is shown with U+FFFD in place of the bad characters.
 */
export function findUnsafeText(value: unknown, root: string): string | undefined {
  const stack: Node[] = [{ value, parent: undefined, segment: root }];
  for (let node = stack.pop(); node; node = stack.pop()) {
    const current = node.value;
    if (typeof current === 'string') {
      if (isUnstorable(current)) return pathOf(node);
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) {
        stack.push({ value: current[i], parent: node, segment: String(i) });
      }
    } else if (typeof current === 'object' && current !== null) {
      const keys = Object.keys(current);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i] as string;
        if (isUnstorable(key)) {
          return pathOf({ value: undefined, parent: node, segment: storableText(key) });
        }
        stack.push({ value: (current as Record<string, unknown>)[key], parent: node, segment: key });
      }
    }
  }
  return undefined;
}

/** Refuses NUL and unpaired surrogates anywhere in `value` with a 400 naming the field. */
export function assertSafeText(value: unknown, root: string, lang: Lang): void {
  const at = findUnsafeText(value, root);
  if (at === undefined) return;
  const message = VALIDATION_MESSAGES['validation.unsafeText']?.[lang];
  throw new ApiError(ResultCode.BAD_REQUEST, { detail: `${at}: ${message}` });
}
