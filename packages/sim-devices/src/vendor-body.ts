/**
 * Lenient reading of vendor request bodies: JSON text (usually labelled as a form), a real
 * urlencoded form, or percent-encoded JSON. Values may be strings or numbers.
 */
export type ParsedBody =
  | { kind: 'empty' }
  | { kind: 'ok'; params: Record<string, unknown> }
  | { kind: 'invalid'; reason: string };

function asObject(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function tryJson(text: string): Record<string, unknown> | undefined {
  try {
    return asObject(JSON.parse(text));
  } catch {
    return undefined;
  }
}

export function parseVendorBody(raw: string | undefined): ParsedBody {
  const text = (raw ?? '').trim();
  if (text === '') return { kind: 'empty' };
  if (text.startsWith('{')) {
    const json = tryJson(text);
    if (json) return { kind: 'ok', params: json };
    // JSON text posted as a form field name (`{"camidx":"0"}=`) is handled with forms below.
    if (!text.endsWith('=')) return { kind: 'invalid', reason: 'body is not valid JSON' };
  }
  if (text.startsWith('%7B') || text.startsWith('%7b')) {
    try {
      const json = tryJson(decodeURIComponent(text.replace(/\+/g, ' ')));
      if (json) return { kind: 'ok', params: json };
    } catch {
      // fall through to the error below
    }
    return { kind: 'invalid', reason: 'body is not valid JSON' };
  }
  if (text.includes('=')) {
    const form = new URLSearchParams(text);
    const params: Record<string, unknown> = {};
    for (const [key, value] of form) params[key] = value;
    // JSON text posted as a form field name: `{"camidx":"0"}=`.
    const keys = Object.keys(params);
    if (keys.length === 1 && keys[0]?.startsWith('{')) {
      const json = tryJson(keys[0]);
      return json ? { kind: 'ok', params: json } : { kind: 'invalid', reason: 'body is not valid JSON' };
    }
    return { kind: 'ok', params };
  }
  return { kind: 'invalid', reason: 'body is neither JSON nor a form' };
}

/** A parameter as the vendors treat it: every scalar read as a string. */
export function str(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/** A nested parameter object, sent as an object or as JSON text. */
export function nested(value: unknown): Record<string, unknown> {
  if (typeof value === 'string') return tryJson(value) ?? {};
  return asObject(value) ?? {};
}

/** `/cmd=name&k=v&k2=v2` and `?k=v` pieces of a vendor URL, lower-cased command first. */
export function splitVendorPath(
  path: string,
  query: string,
): { command: string; params: Record<string, string> } {
  const [head = '', ...rest] = path.replace(/^\/+/, '').split('&');
  const params: Record<string, string> = {};
  // Cache-busters such as `?1692...` have no value and are dropped.
  for (const [key, value] of new URLSearchParams(query)) if (value !== '') params[key] = value;
  for (const piece of rest) {
    const eq = piece.indexOf('=');
    if (eq > 0) params[piece.slice(0, eq)] = piece.slice(eq + 1);
  }
  return { command: head.toLowerCase(), params };
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function xmlNode(name: string, value: unknown): string {
  if (Array.isArray(value)) return value.map((item) => xmlNode(name, item)).join('');
  if (value !== null && typeof value === 'object') {
    const inner = Object.entries(value)
      .map(([k, v]) => xmlNode(k, v))
      .join('');
    return `<${name}>${inner}</${name}>`;
  }
  return `<${name}>${escapeXml(value === undefined || value === null ? '' : String(value))}</${name}>`;
}

/** The XML older service builds answer when the body is empty. */
export function toXml(value: Record<string, unknown>): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${xmlNode('root', value)}`;
}
