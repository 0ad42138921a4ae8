import { z } from 'zod';

/*
 * The device ticket the API server issues and the bridge checks in `hello` (docs/api.md):
 *   <base64url(UTF-8 JSON payload)>.<base64url(Ed25519 signature over the ASCII payload part)>
 * Both parts are base64url without padding. This module declares the payload and the string format
 * once; it does no cryptography (the server signs, the bridge verifies, each with its own runtime's
 * crypto). Runtime-neutral: atob, btoa, TextEncoder and TextDecoder exist in browsers and Node 20.
 */

export const TICKET_VERSION = 1;

/** Longest ticket either side accepts (the `hello` frame allows 4096 characters). */
export const MAX_TICKET_LENGTH = 4096;

export const ticketPayloadSchema = z.object({
  v: z.literal(TICKET_VERSION),
  /** Key id: first 16 hex characters of SHA-256 over the raw 32-byte Ed25519 public key. */
  kid: z.string().regex(/^[0-9a-f]{16}$/, 'expected 16 lower-case hex characters'),
  /** User id, as a string. */
  sub: z.string().min(1).max(64),
  /** User name, for the bridge's audit of who used the devices. */
  name: z.string().max(128),
  /** Exact origin of the console page that opens the bridge WebSocket. */
  origin: z.string().min(1).max(256),
  /** Issued and expiry times, ms since the epoch. */
  iat: z.int().positive(),
  exp: z.int().positive(),
  /** 16 random bytes, base64url; the bridge refuses a nonce it has already seen before expiry. */
  nonce: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, 'expected base64url'),
});
export type TicketPayload = z.infer<typeof ticketPayloadSchema>;

export interface ParsedTicket {
  payload: TicketPayload;
  /** The exact bytes the signature covers: the ASCII payload part, as sent. */
  signedPart: string;
  /** The raw signature bytes (64 for Ed25519). */
  signature: Uint8Array;
}

export type TicketParseResult = { ok: true; ticket: ParsedTicket } | { ok: false; reason: string };

interface Base64Globals {
  atob(data: string): string;
  btoa(data: string): string;
}
interface TextCodecs {
  TextDecoder: new (label?: string, options?: { fatal?: boolean }) => { decode(input: Uint8Array): string };
  TextEncoder: new () => { encode(input: string): Uint8Array };
}
const g = globalThis as unknown as Base64Globals & TextCodecs;

const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** Decodes unpadded base64url; undefined when the text is not base64url. */
export function base64UrlToBytes(text: string): Uint8Array | undefined {
  // A length of 1 mod 4 cannot come from any byte string.
  if (!BASE64URL.test(text) || text.length % 4 === 1) return undefined;
  const padded = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  let binary: string;
  try {
    binary = g.atob(padded);
  } catch {
    return undefined;
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function bytesToBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return g.btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The payload part of a ticket: what the issuer signs. */
export function encodeTicketPayload(payload: TicketPayload): string {
  return bytesToBase64Url(new g.TextEncoder().encode(JSON.stringify(ticketPayloadSchema.parse(payload))));
}

/**
 * Splits and decodes a ticket and validates its payload. Says nothing about the signature, expiry,
 * origin or replay: the verifier checks those. Never throws.
 */
export function parseTicket(ticket: unknown): TicketParseResult {
  if (typeof ticket !== 'string' || ticket.length === 0) return { ok: false, reason: 'missing' };
  if (ticket.length > MAX_TICKET_LENGTH) return { ok: false, reason: 'too long' };
  const parts = ticket.split('.');
  const [signedPart, signaturePart] = parts;
  if (parts.length !== 2 || !signedPart || !signaturePart) {
    return { ok: false, reason: 'expected <payload>.<signature>' };
  }
  const payloadBytes = base64UrlToBytes(signedPart);
  const signature = base64UrlToBytes(signaturePart);
  if (!payloadBytes || !signature) return { ok: false, reason: 'not base64url' };
  let json: unknown;
  try {
    json = JSON.parse(new g.TextDecoder('utf-8', { fatal: true }).decode(payloadBytes));
  } catch {
    return { ok: false, reason: 'payload is not UTF-8 JSON' };
  }
  const payload = ticketPayloadSchema.safeParse(json);
  if (!payload.success) {
    const where = payload.error.issues.map((i) => i.path.join('.') || '(payload)').join(', ');
    return { ok: false, reason: `invalid payload (${where})` };
  }
  if (payload.data.exp <= payload.data.iat) return { ok: false, reason: 'exp is not after iat' };
  return { ok: true, ticket: { payload: payload.data, signedPart, signature } };
}
