import { createHash, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { fetchServerKey, PairingError, storeServerKey } from './pair.js';

const pair = generateKeyPairSync('ed25519');
const publicKeyPem = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
const raw = pair.publicKey.export({ type: 'spki', format: 'der' }).subarray(12);
const keyId = createHash('sha256').update(raw).digest('hex').slice(0, 16);

let answer: { status: number; body: string } = { status: 200, body: '' };
const paths: string[] = [];
let server: Server;
let url = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    paths.push(`${req.method} ${req.url}`);
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const envelope = (data: Record<string, unknown>) =>
  JSON.stringify({
    code: 200,
    msg: 'ok',
    data: { algorithm: 'Ed25519', keyId, publicKeyPem, publicKeyRaw: raw.toString('base64'), ...data },
  });

describe('pair', () => {
  it('fetches the key from the shared endpoint and stores it, keeping the rest of the configuration', async () => {
    answer = { status: 200, body: envelope({}) };
    const key = await fetchServerKey(`${url}/`);
    expect(paths.at(-1)).toBe('GET /api/kmct-user/sys/device/public-key');
    expect(key).toEqual({ keyId, publicKeyPem });
    const dir = mkdtempSync(join(tmpdir(), 'bridge-pair-'));
    const file = join(dir, 'nested', 'config.json');
    storeServerKey(file, `${url}/`, key);
    writeFileSync(
      file,
      JSON.stringify({
        ...JSON.parse(readFileSync(file, 'utf8')),
        allowedOrigins: ['https://lab.example.com'],
      }),
    );
    storeServerKey(file, url, key);
    const { config } = loadConfig({ file, env: {} });
    expect(config.ticket).toMatchObject({ publicKeyPem, serverUrl: url });
    expect(config.allowedOrigins).toEqual(['https://lab.example.com']);
  });

  it.each([
    [
      'a key id that does not match the key',
      () => ({ status: 200, body: envelope({ keyId: '0000000000000000' }) }),
      /Key id mismatch/,
    ],
    [
      'a key that is not Ed25519',
      () => ({ status: 200, body: envelope({ publicKeyPem: 'garbage' }) }),
      /not usable/,
    ],
    [
      'an error envelope',
      () => ({ status: 500, body: JSON.stringify({ code: 500, msg: 'x', data: null }) }),
      /did not answer a public key/,
    ],
    ['HTML', () => ({ status: 502, body: '<html>bad gateway</html>' }), /without JSON/],
  ])('refuses %s', async (_name, make, message) => {
    answer = make();
    const error = await fetchServerKey(url).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PairingError);
    expect((error as PairingError).message).toMatch(message);
    expect((error as PairingError).messageZh.length).toBeGreaterThan(0);
  });

  it('refuses an unreachable server', async () => {
    await expect(fetchServerKey('http://127.0.0.1:9', 2_000)).rejects.toThrow(/Cannot reach/);
  });
});
