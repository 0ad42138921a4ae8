/**
 * The CSS properties tests read through happy-dom's computed style: whether an element is shown
 * (testing-library's role queries leave out what `display: none` or `visibility: hidden` hides, as
 * an antd dropdown, popup or tab pane closed by its class) and whether it takes a click
 * (user-event refuses `pointer-events: none`), and jest-dom's `toBeVisible` (opacity). Every
 * declaration of these properties is kept, whatever its value: the cascade between them (a closed
 * popup's `display: none` against its open class's `display: block`) is decided as in a browser.
 */
const READ_PROPERTIES = new Set(['display', 'visibility', 'pointer-events', 'opacity']);

/**
 * The part of an antd style sheet tests can see: only the declarations of READ_PROPERTIES, in their
 * rules and at-rules (@media, @supports, @layer); a rule left with none goes, and so do @keyframes
 * and @font-face (happy-dom animates nothing and draws no text).
 *
 * Why: happy-dom's getComputedStyle matches an element and each of its ancestors against every
 * rule of the document, and antd injects thousands of rules; the role queries and user-event's
 * checks call it for every element they look at. It was some 30 % of the console tests' CPU, most
 * of it for rules that set colours, sizes and spacing, which no test reads (happy-dom lays nothing
 * out). Stylis writes the CSS antd injects without nesting or comments, which this reads.
 */
export function keepReadDeclarations(css: string): string {
  return filterBlock(css, 0, css.length);
}

/** The rules and at-rules of css[start, end) with only READ_PROPERTIES' declarations. */
function filterBlock(css: string, start: number, end: number): string {
  let out = '';
  let at = start;
  while (at < end) {
    const stop = scan(css, at, end, '{;');
    const prelude = css.slice(at, stop).trim();
    if (stop >= end || css[stop] === ';') {
      // A statement (@import, @layer a, b;) or trailing text: kept as written.
      if (prelude) out += `${prelude};`;
      at = stop + 1;
      continue;
    }
    const close = scan(css, stop + 1, end, '}');
    const inner = css.slice(stop + 1, close);
    at = close + 1;
    if (prelude.startsWith('@')) {
      const name =
        prelude
          .slice(1)
          .split(/[\s({]/, 1)[0]
          ?.toLowerCase() ?? '';
      if (name.endsWith('keyframes') || name === 'font-face') continue;
      const kept = filterBlock(css, stop + 1, close);
      if (kept) out += `${prelude}{${kept}}`;
      continue;
    }
    const kept = filterDeclarations(inner);
    if (kept) out += `${prelude}{${kept}}`;
  }
  return out;
}

/** The declarations of READ_PROPERTIES in a rule's body, each ended with `;`. */
function filterDeclarations(body: string): string {
  let out = '';
  let at = 0;
  while (at < body.length) {
    const stop = scan(body, at, body.length, ';');
    const declaration = body.slice(at, stop);
    at = stop + 1;
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    if (READ_PROPERTIES.has(declaration.slice(0, colon).trim().toLowerCase()))
      out += `${declaration.trim()};`;
  }
  return out;
}

/**
 * The index of the first of `stops` in css[from, end) outside quotes, parentheses and (for `;`
 * and `{`) nested braces, or `end`. A `}` stop finds the brace that closes the block at `from`.
 */
function scan(css: string, from: number, end: number, stops: string): number {
  let depth = 0;
  let parens = 0;
  let quote = '';
  for (let i = from; i < end; i++) {
    const c = css[i] as string;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(') parens++;
    else if (c === ')') parens = Math.max(0, parens - 1);
    else if (parens > 0) continue;
    else if (c === '{') {
      if (depth === 0 && stops.includes('{')) return i;
      depth++;
    } else if (c === '}') {
      if (depth === 0) return stops.includes('}') ? i : end;
      depth--;
    } else if (depth === 0 && stops.includes(c)) return i;
  }
  return end;
}

/** Marks the patched page (the set-up runs again before each file of a worker). */
const patched = Symbol('trialab.onlyReadStyles');

/** Filtered sheets by their text: antd writes the same sheets again in every file. */
const filtered = new Map<string, string>();

/**
 * Makes every style sheet antd inserts into the test page (through @rc-component/util's
 * updateCSS, which marks its style elements with `data-rc-order` before it writes their
 * innerHTML) carry only what tests read (keepReadDeclarations). Tests only: a browser lays the
 * page out and needs all of it.
 */
export function injectOnlyReadStyles(): void {
  const styleElement = HTMLStyleElement.prototype as HTMLStyleElement & { [patched]?: true };
  if (styleElement[patched]) return;
  let owner: object | null = styleElement;
  let innerHTML: PropertyDescriptor | undefined;
  while (owner && !innerHTML) {
    innerHTML = Object.getOwnPropertyDescriptor(owner, 'innerHTML');
    owner = Object.getPrototypeOf(owner);
  }
  const { get, set } = innerHTML ?? {};
  if (!get || !set) throw new Error('happy-dom: no innerHTML accessor on style elements');
  Object.defineProperty(styleElement, 'innerHTML', {
    configurable: true,
    get,
    set(this: HTMLStyleElement, css: string) {
      if (!this.hasAttribute('data-rc-order')) return set.call(this, css);
      let kept = filtered.get(css);
      if (kept === undefined) {
        kept = keepReadDeclarations(css);
        filtered.set(css, kept);
      }
      // updateCSS compares the element's innerHTML (the kept part) with the whole sheet, and
      // writes it again when they differ: the same text would only be parsed again.
      if (get.call(this) !== kept) set.call(this, kept);
    },
  });
  styleElement[patched] = true;
}
