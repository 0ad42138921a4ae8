// Request signing, declared once for the console (crypto-js) and the server (node:crypto).
// Runtime-neutral on purpose: no node:, DOM or library imports; hashing is left to each side.

/**
 * Header names the signed requests carry (SPEC section 7). `lang` and `tz` (the browser's IANA time
 * zone, used for times in exported files) are informational: not part of the canonical string.
 */
export const SIGNING_HEADERS = {
  lang: 'lang',
  timeZone: 'tz',
  timestamp: 'timestamp',
  nonce: 'nonce',
  contentMd5: 'Content-MD5',
  signature: 'Signature',
} as const;

/**
 * Idempotency of state-changing calls (docs/api.md, "Idempotency keys"): the client's key, and the
 * mark the server sets on an answer replayed from an earlier call with that key. Not signed: the
 * key only ever returns the same user's own answer to the same request (the server compares a hash
 * of it), and the canonical string stays as SPEC section 7 gives it.
 */
export const IDEMPOTENCY_HEADERS = {
  key: 'Idempotency-Key',
  replayed: 'Idempotent-Replayed',
} as const;
/** Idempotency keys are 8 to 128 characters from this alphabet (a UUID fits). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;

/** A request's timestamp may differ from the server clock by at most this many milliseconds. */
export const TIMESTAMP_WINDOW_MS = 300_000;
/** A nonce is refused if seen within this period (twice the window). */
export const NONCE_TTL_MS = 2 * TIMESTAMP_WINDOW_MS;
/** Nonces are 16 to 64 characters from this alphabet. */
export const NONCE_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Query values as the request helper holds them before serialising. */
export type QueryParams = Record<string, unknown>;

/** RFC 3986 percent-encoding: everything except unreserved characters A-Z a-z 0-9 - . _ ~ */
export function rfc3986(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function scalar(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
}

/**
 * The (key, value) pairs a params object sends: undefined and null are left out, arrays become
 * repeated keys in their order, objects are JSON. Use `serializeQuery` to send exactly these.
 */
export function queryPairs(params: QueryParams | undefined): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  if (!params) return pairs;
  for (const [key, value] of Object.entries(params)) {
    if (Array.isArray(value)) {
      for (const item of value) {
        const text = scalar(item);
        if (text !== undefined) pairs.push([key, text]);
      }
    } else {
      const text = scalar(value);
      if (text !== undefined) pairs.push([key, text]);
    }
  }
  return pairs;
}

/**
 * Canonical query: pairs sorted by encoded key (stable, so repeated keys keep their order), each
 * `rfc3986(key)=rfc3986(value)`, joined by `&`. It is also a valid query string to send.
 */
export function canonicalQuery(pairs: ReadonlyArray<readonly [string, string]>): string {
  return pairs
    .map(([k, v]) => [rfc3986(k), rfc3986(v)] as const)
    .map((pair, index) => ({ pair, index }))
    .sort((a, b) => (a.pair[0] < b.pair[0] ? -1 : a.pair[0] > b.pair[0] ? 1 : a.index - b.index))
    .map(({ pair }) => `${pair[0]}=${pair[1]}`)
    .join('&');
}

/** The query string the console sends (axios `paramsSerializer`); identical to the canonical query. */
export function serializeQuery(params: QueryParams | undefined): string {
  return canonicalQuery(queryPairs(params));
}

/**
 * Parses a raw query string the way the server sees it: `+` is a space, percent escapes decoded.
 * Malformed escapes are kept literally rather than throwing.
 */
export function parseQueryString(query: string): Array<[string, string]> {
  const decode = (s: string) => {
    const spaced = s.replace(/\+/g, ' ');
    try {
      return decodeURIComponent(spaced);
    } catch {
      return spaced;
    }
  };
  return query
    .split('&')
    .filter((part) => part.length > 0)
    .map((part) => {
      const eq = part.indexOf('=');
      return eq === -1 ? [decode(part), ''] : [decode(part.slice(0, eq)), decode(part.slice(eq + 1))];
    });
}

export interface CanonicalInput {
  method: HttpMethod;
  /** Path as sent, with the /api prefix, without the query string. */
  path: string;
  /** Query pairs; only GET and DELETE include them in the canonical string. */
  query: ReadonlyArray<readonly [string, string]>;
  /** Milliseconds since the epoch, as sent in the `timestamp` header. */
  timestamp: string;
  nonce: string;
  /** Base64 MD5 of the exact body bytes (POST and PUT); empty for GET and DELETE. */
  contentMd5: string;
}

/**
 * METHOD \n path \n canonical-query \n timestamp \n nonce \n Content-MD5
 * Signature = base64(HMAC-SHA256(sessionSigningKey, canonical string)).
 */
export function canonicalString(input: CanonicalInput): string {
  const hasQuery = input.method === 'GET' || input.method === 'DELETE';
  const hasBody = input.method === 'POST' || input.method === 'PUT';
  return [
    input.method,
    input.path,
    hasQuery ? canonicalQuery(input.query) : '',
    input.timestamp,
    input.nonce,
    hasBody ? input.contentMd5 : '',
  ].join('\n');
}
