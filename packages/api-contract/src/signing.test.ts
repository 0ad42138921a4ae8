import { describe, expect, it } from 'vitest';
import {
  canonicalQuery,
  canonicalString,
  type HttpMethod,
  parseQueryString,
  type QueryParams,
  queryPairs,
  rfc3986,
  serializeQuery,
} from './signing.js';
import vectors from './signing.vectors.json' with { type: 'json' };

describe('golden vectors', () => {
  it.each(vectors.vectors)('$name: canonical string', (v) => {
    const params = (v.params ?? undefined) as QueryParams | undefined;
    expect(serializeQuery(params)).toBe(v.queryString);
    const input = {
      method: v.method as HttpMethod,
      path: v.path,
      timestamp: v.timestamp,
      nonce: v.nonce,
      contentMd5: v.contentMd5,
    };
    expect(canonicalString({ ...input, query: queryPairs(params) })).toBe(v.canonical);
    // The server rebuilds the same string from the raw query it received.
    expect(canonicalString({ ...input, query: parseQueryString(v.queryString) })).toBe(v.canonical);
  });
});

describe('canonical query', () => {
  it('sorts by key, keeps the order of repeated keys and encodes per RFC 3986', () => {
    expect(
      canonicalQuery([
        ['b', '2'],
        ['a', 'x y'],
        ['b', '1'],
      ]),
    ).toBe('a=x%20y&b=2&b=1');
    expect(rfc3986("!'()*~._-")).toBe('%21%27%28%29%2A~._-');
  });
  it('reads + as a space and keeps malformed escapes instead of throwing', () => {
    expect(parseQueryString('a=x+y&b=%ZZ&c')).toEqual([
      ['a', 'x y'],
      ['b', '%ZZ'],
      ['c', ''],
    ]);
  });
  it('leaves out null and undefined, sends objects as JSON', () => {
    expect(queryPairs({ a: undefined, b: null, c: { d: 1 }, e: false })).toEqual([
      ['c', '{"d":1}'],
      ['e', 'false'],
    ]);
  });
  it('ignores the query for POST and the body hash for GET', () => {
    const base = {
      path: '/p',
      query: [['a', '1']] as Array<[string, string]>,
      timestamp: '1',
      nonce: 'n',
      contentMd5: 'm',
    };
    expect(canonicalString({ ...base, method: 'POST' })).toBe('POST\n/p\n\n1\nn\nm');
    expect(canonicalString({ ...base, method: 'GET' })).toBe('GET\n/p\na=1\n1\nn\n');
  });
});
