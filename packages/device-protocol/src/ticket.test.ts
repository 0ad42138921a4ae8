import { describe, expect, it } from 'vitest';
import {
  base64UrlToBytes,
  bytesToBase64Url,
  encodeTicketPayload,
  parseTicket,
  type TicketPayload,
} from './ticket.js';

const payload: TicketPayload = {
  v: 1,
  kid: '0123456789abcdef',
  sub: '42',
  name: '张三',
  origin: 'http://localhost:8080',
  iat: 1_740_000_000_000,
  exp: 1_740_000_120_000,
  nonce: 'AAECAwQFBgcICQoLDA0ODw',
};
const signature = bytesToBase64Url(new Uint8Array(64).fill(7));

describe('ticket format', () => {
  it('round-trips the payload, including non-ASCII names, and keeps the signed part verbatim', () => {
    const encoded = encodeTicketPayload(payload);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    const parsed = parseTicket(`${encoded}.${signature}`);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.ticket.payload).toEqual(payload);
    expect(parsed.ticket.signedPart).toBe(encoded);
    expect([...parsed.ticket.signature]).toEqual(new Array(64).fill(7));
  });

  it('decodes base64url of every length and refuses other alphabets', () => {
    for (let n = 0; n < 10; n++) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 37 + 250) % 256);
      expect([...(base64UrlToBytes(bytesToBase64Url(bytes)) ?? [])]).toEqual([...bytes]);
    }
    expect(base64UrlToBytes('ab+/')).toBeUndefined();
    expect(base64UrlToBytes('abcde')).toBeUndefined();
    expect(base64UrlToBytes('YQ==')).toBeUndefined();
  });

  const encoded = encodeTicketPayload(payload);
  // ASCII-only inputs, so char codes are the UTF-8 bytes (no TextEncoder in the runtime-neutral types).
  const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
  const asPart = (value: object) =>
    bytesToBase64Url(ascii(JSON.stringify({ ...payload, name: 'x', ...value })));
  it.each([
    ['undefined', undefined, 'missing'],
    ['empty', '', 'missing'],
    ['one part', encoded, 'expected <payload>.<signature>'],
    ['three parts', `${encoded}.${signature}.x`, 'expected <payload>.<signature>'],
    ['empty signature', `${encoded}.`, 'expected <payload>.<signature>'],
    ['not base64url', `${encoded}.a+b`, 'not base64url'],
    ['not JSON', `${bytesToBase64Url(ascii('{nope'))}.${signature}`, 'payload is not UTF-8 JSON'],
    [
      'invalid UTF-8',
      `${bytesToBase64Url(new Uint8Array([0x7b, 0xff, 0x7d]))}.${signature}`,
      'payload is not UTF-8 JSON',
    ],
    ['version 2', `${asPart({ v: 2 })}.${signature}`, 'invalid payload (v)'],
    ['bad kid', `${asPart({ kid: 'XYZ' })}.${signature}`, 'invalid payload (kid)'],
    ['no nonce', `${asPart({ nonce: undefined })}.${signature}`, 'invalid payload (nonce)'],
    ['exp before iat', `${asPart({ exp: payload.iat })}.${signature}`, 'exp is not after iat'],
    ['too long', `${encoded}.${'A'.repeat(5000)}`, 'too long'],
  ])('refuses %s', (_name, input, reason) => {
    expect(parseTicket(input)).toEqual({ ok: false, reason });
  });
});
