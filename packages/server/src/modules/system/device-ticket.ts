import { createHash, createPrivateKey, createPublicKey, randomBytes, sign, verify } from 'node:crypto';

/**
 * Device ticket (docs/api.md): `<payload>.<signature>`, both base64url without padding.
 * payload = UTF-8 JSON {v:1, kid, sub, name, origin, iat, exp, nonce}; signature = Ed25519 over the
 * ASCII bytes of the payload part.
 */
export interface TicketPayload {
  v: 1;
  /** Key id: first 16 hex characters of SHA-256 over the raw 32-byte public key. */
  kid: string;
  /** User id, as a string. */
  sub: string;
  name: string;
  /** Exact origin of the console page that will open the bridge WebSocket. */
  origin: string;
  /** Issued and expiry times, ms since the epoch. */
  iat: number;
  exp: number;
  /** 16 random bytes, base64url; the bridge refuses a nonce it has seen before expiry. */
  nonce: string;
}

export interface TicketKeys {
  privateKeyPem: string;
  publicKeyPem: string;
  /** Raw 32-byte Ed25519 public key, base64. */
  publicKeyRaw: string;
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
    v: 1,
    kid: keys.kid,
    sub: String(input.userId),
    name: input.username,
    origin: input.origin,
    iat: input.now,
    exp: input.now + input.ttlMs,
    nonce: randomBytes(16).toString('base64url'),
  };
  const encoded = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
  const signature = sign(null, Buffer.from(encoded, 'ascii'), createPrivateKey(keys.privateKeyPem));
  return { ticket: `${encoded}.${signature.toString('base64url')}`, payload };
}

/** Reference verifier (the bridge implements the same steps). */
export function verifyTicket(publicKeyPem: string, ticket: string, now: number): TicketPayload | undefined {
  const [encoded, signature, extra] = ticket.split('.');
  if (!encoded || !signature || extra !== undefined) return undefined;
  const ok = verify(
    null,
    Buffer.from(encoded, 'ascii'),
    createPublicKey(publicKeyPem),
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) return undefined;
  const payload = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as TicketPayload;
  return payload.v === 1 && payload.exp > now ? payload : undefined;
}
