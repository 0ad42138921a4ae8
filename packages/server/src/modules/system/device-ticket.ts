import { createHash, createPrivateKey, createPublicKey, randomBytes, sign, verify } from 'node:crypto';
import {
  encodeTicketPayload,
  parseTicket,
  TICKET_VERSION,
  type TicketPayload,
} from '@trialab/device-protocol';

/*
 * Device tickets for the bridge's `hello`. The payload and the string format are declared once in
 * @trialab/device-protocol (ticket.ts, docs/api.md); this module only holds the key and signs.
 */
export type { TicketPayload };

export interface TicketKeys {
  privateKeyPem: string;
  publicKeyPem: string;
  /** Raw 32-byte Ed25519 public key, base64. */
  publicKeyRaw: string;
  /** First 16 hex characters of SHA-256 over the raw public key. */
  kid: string;
}

export function ticketKeys(privateKeyPem: string): TicketKeys {
  const publicKey = createPublicKey(createPrivateKey(privateKeyPem));
  const publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  // SPKI DER of an Ed25519 key is a 12-byte header followed by the 32-byte key.
  const raw = publicKey.export({ type: 'spki', format: 'der' }).subarray(12);
  return {
    privateKeyPem,
    publicKeyPem,
    publicKeyRaw: raw.toString('base64'),
    kid: createHash('sha256').update(raw).digest('hex').slice(0, 16),
  };
}

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
