import { generateKeyPairSync } from 'node:crypto';
// The API server's own issuer (docs/api.md): the bridge must accept exactly what it issues.
import { issueTicket, ticketKeys } from '@trialab/server/device-ticket';
import { expect, it } from 'vitest';
import { TicketVerifier } from '../src/security/ticket.js';

it('verifies tickets issued by the API server, once, for their origin only', () => {
  const privateKeyPem = generateKeyPairSync('ed25519')
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString();
  const keys = ticketKeys(privateKeyPem);
  const now = Date.now();
  const verifier = new TicketVerifier({
    publicKeyPem: keys.publicKeyPem,
    maxLifetimeMs: 3_600_000,
    clockSkewMs: 30_000,
    clock: { now: () => now, setTimeout: () => 0, clearTimeout: () => {} },
  });
  expect(verifier.keyId).toBe(keys.kid);
  const { ticket, payload } = issueTicket(keys, {
    userId: 7,
    username: 'lab',
    origin: 'https://lab.example.com',
    now,
    ttlMs: 120_000,
  });
  expect(verifier.verify(ticket, 'https://lab.example.com.evil')).toEqual({
    ok: false,
    reason: 'issued for another origin',
  });
  expect(verifier.verify(ticket, 'https://lab.example.com')).toEqual({ ok: true, payload });
  expect(verifier.verify(ticket, 'https://lab.example.com')).toEqual({ ok: false, reason: 'already used' });
});
