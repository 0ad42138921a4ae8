import { createHash, createPublicKey, type KeyObject, verify } from 'node:crypto';
import { parseTicket, type TicketPayload } from '@trialab/device-protocol';
import type { Clock } from '../clock.js';

/** Key id as the API server computes it: first 16 hex of SHA-256 over the raw 32-byte key. */
export function keyIdOf(key: KeyObject): string {
  const der = key.export({ type: 'spki', format: 'der' });
  // SPKI DER of an Ed25519 key: a 12-byte header, then the 32-byte key.
  return createHash('sha256').update(der.subarray(12)).digest('hex').slice(0, 16);
}

/** Reads an Ed25519 public key (PEM); throws with a plain message for anything else. */
export function loadPublicKey(pem: string): { key: KeyObject; kid: string } {
  const key = createPublicKey(pem);
  if (key.asymmetricKeyType !== 'ed25519')
    throw new Error(`expected an Ed25519 key, got ${key.asymmetricKeyType}`);
  return { key, kid: keyIdOf(key) };
}

export type TicketVerdict = { ok: true; payload: TicketPayload } | { ok: false; reason: string };

export interface TicketVerifierOptions {
  publicKeyPem: string | undefined;
  maxLifetimeMs: number;
  clockSkewMs: number;
  clock: Clock;
  /** Bound on remembered nonces; past it new tickets are refused until old ones expire (fail closed). */
  maxNonces?: number;
}

/**
 * Verifies `hello` tickets: Ed25519 signature with the paired key, version, key id, expiry in the
 * future but not too far, origin equal to the WebSocket's Origin, and a nonce never seen before
 * (remembered until the ticket's expiry).
 */
export class TicketVerifier {
  readonly #key: { key: KeyObject; kid: string } | undefined;
  readonly #options: TicketVerifierOptions;
  readonly #seen = new Map<string, number>();

  constructor(options: TicketVerifierOptions) {
    this.#options = options;
    this.#key = options.publicKeyPem ? loadPublicKey(options.publicKeyPem) : undefined;
  }

  get paired(): boolean {
    return this.#key !== undefined;
  }

  get keyId(): string | undefined {
    return this.#key?.kid;
  }

  #forget(now: number): void {
    for (const [nonce, exp] of this.#seen) if (exp <= now) this.#seen.delete(nonce);
  }

  verify(ticket: unknown, origin: string): TicketVerdict {
    if (!this.#key) return { ok: false, reason: 'bridge is not paired with a server (no public key)' };
    const parsed = parseTicket(ticket);
    if (!parsed.ok) return { ok: false, reason: parsed.reason };
    const { payload, signedPart, signature } = parsed.ticket;
    if (payload.kid !== this.#key.kid) return { ok: false, reason: 'signed with another key' };
    let valid = false;
    try {
      valid = verify(null, Buffer.from(signedPart, 'ascii'), this.#key.key, signature);
    } catch {
      valid = false;
    }
    if (!valid) return { ok: false, reason: 'bad signature' };
    const now = this.#options.clock.now();
    const { clockSkewMs, maxLifetimeMs } = this.#options;
    if (payload.exp <= now) return { ok: false, reason: 'expired' };
    if (payload.iat > now + clockSkewMs) return { ok: false, reason: 'issued in the future' };
    if (payload.exp - payload.iat > maxLifetimeMs || payload.exp - now > maxLifetimeMs + clockSkewMs) {
      return { ok: false, reason: 'lifetime too long' };
    }
    if (payload.origin !== origin) return { ok: false, reason: 'issued for another origin' };
    this.#forget(now);
    if (this.#seen.has(payload.nonce)) return { ok: false, reason: 'already used' };
    if (this.#seen.size >= (this.#options.maxNonces ?? 100_000))
      return { ok: false, reason: 'too many tickets in use' };
    this.#seen.set(payload.nonce, payload.exp);
    return { ok: true, payload };
  }
}
