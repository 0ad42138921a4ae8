import { createPrivateKey, createPublicKey, randomBytes, sign, verify } from 'node:crypto';
import {
  encodeTicketPayload,
  parseTicket,
  TICKET_VERSION,
  type TicketPayload,
} from '@trialab/device-protocol';
import { type Ed25519Keys, ed25519Keys } from '../../lib/signing-keys.js';

/*
 * Device tickets for the bridge's `hello`. The payload and the string format are declared once in
 * @trialab/device-protocol (ticket.ts, docs/api.md); this module only holds the key and signs.
 */
export type { TicketPayload };

/** The device-ticket key pair; the same Ed25519 description every signing key has. */
export type TicketKeys = Ed25519Keys;
export const ticketKeys = ed25519Keys;

export function issueTicket(
  keys: TicketKeys,
  input: { userId: number; username: string; origin: string; now: number; ttlMs: number },
): { ticket: string; payload: TicketPayload } {
  const payload: TicketPayload = {
    v: TICKET_VERSION,
    kid: keys.kid,
    sub: String(input.userId),
    name: input.username,
    origin: input.origin,
    iat: input.now,
    exp: input.now + input.ttlMs,
    nonce: randomBytes(16).toString('base64url'),
  };
  const encoded = encodeTicketPayload(payload);
  const signature = sign(null, Buffer.from(encoded, 'ascii'), createPrivateKey(keys.privateKeyPem));
  return { ticket: `${encoded}.${signature.toString('base64url')}`, payload };
}

/** Signature and expiry check, for the server's own tests; the bridge's verifier does the rest. */
export function verifyTicket(publicKeyPem: string, ticket: string, now: number): TicketPayload | undefined {
  const parsed = parseTicket(ticket);
  if (!parsed.ok) return undefined;
  const { payload, signedPart, signature } = parsed.ticket;
  const ok = verify(null, Buffer.from(signedPart, 'ascii'), createPublicKey(publicKeyPem), signature);
  return ok && payload.exp > now ? payload : undefined;
}
