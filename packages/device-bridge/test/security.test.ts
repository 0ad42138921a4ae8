import { generateKeyPairSync } from 'node:crypto';
import { CloseCode, PROTOCOL_VERSION } from '@trialab/device-protocol';
import type { RunningSimulators } from '@trialab/sim-devices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBridge } from '../src/index.js';
import {
  configFor,
  LogSink,
  ORIGIN,
  rawSocket,
  simsForTests,
  startBridge,
  type TestBridge,
} from './helpers.js';

let sims: RunningSimulators;
let bridge: TestBridge;
beforeAll(async () => {
  sims = await simsForTests();
  bridge = await startBridge(configFor(sims));
});
afterAll(async () => {
  await bridge.close();
  await sims.close();
});

const hello = (ticket: string, protocolVersion = PROTOCOL_VERSION) =>
  JSON.stringify({
    type: 'hello',
    protocolVersion,
    client: { name: 'security-tests', version: '1' },
    ticket,
  });

/** No vendor may be called before the door has let a connection in. */
function vendorCalls(): number {
  return sims.control.requests().length;
}

describe('Origin allow-list (exact match)', () => {
  it.each([
    ['missing', undefined],
    ['null', 'null'],
    ['look-alike suffix', 'http://localhost:8080.evil.com'],
    ['longer port', 'http://localhost:80800'],
    ['other scheme', 'https://localhost:8080'],
    ['other host', 'http://127.0.0.1:8080'],
    ['trailing slash', 'http://localhost:8080/'],
    ['upper case', 'HTTP://LOCALHOST:8080'],
    ['userinfo', 'http://evil@localhost:8080'],
    ['evil', 'https://evil.example'],
  ])('closes %s origins with 4004 before reading anything', async (_name, origin) => {
    sims.control.clearRequests();
    const socket = rawSocket(bridge.wsUrl, origin);
    const closed = await socket.closed;
    expect(closed.code).toBe(CloseCode.ORIGIN_REFUSED);
    expect(vendorCalls()).toBe(0);
  });
});

describe('Host check against DNS rebinding', () => {
  it.each([
    ['rebound name', (port: number) => `evil.example:${port}`],
    ['wrong port', () => '127.0.0.1:1'],
    ['no port', () => 'localhost'],
    ['look-alike', (port: number) => `localhost.evil.example:${port}`],
    ['private address', (port: number) => `192.168.1.10:${port}`],
  ])('closes a %s Host with 4005', async (_name, host) => {
    sims.control.clearRequests();
    const socket = rawSocket(bridge.wsUrl, ORIGIN, { host: host(bridge.port) });
    expect((await socket.closed).code).toBe(CloseCode.HOST_REFUSED);
    expect(vendorCalls()).toBe(0);
  });

  it.each(['127.0.0.1', 'localhost', 'LOCALHOST'])('accepts %s with the right port', async (name) => {
    const socket = rawSocket(bridge.wsUrl, ORIGIN, { host: `${name}:${bridge.port}` });
    await socket.opened;
    socket.socket.send(hello(bridge.issuer.ticket()));
    expect(await socket.next()).toMatchObject({ type: 'welcome' });
    socket.socket.close();
  });
});

describe('hello ticket', () => {
  const otherKey = generateKeyPairSync('ed25519').privateKey;
  const cases: Array<[string, () => string, number]> = [
    [
      'missing',
      () => JSON.stringify({ type: 'hello', protocolVersion: 1, client: { name: 'x', version: '1' } }),
      CloseCode.HELLO_INVALID,
    ],
    ['empty', () => hello(''), CloseCode.HELLO_INVALID],
    ['garbage', () => hello('not-a-ticket'), CloseCode.TICKET_REFUSED],
    [
      'forged (other key, same kid)',
      () => bridge.issuer.sign(bridge.issuer.payload(), otherKey),
      CloseCode.TICKET_REFUSED,
    ],
    [
      'tampered payload',
      () => {
        const [, signature] = bridge.issuer.ticket().split('.');
        const other = bridge.issuer.ticket({ sub: '1' }).split('.')[0];
        return `${other}.${signature}`;
      },
      CloseCode.TICKET_REFUSED,
    ],
    [
      'expired',
      () => bridge.issuer.ticket({ iat: Date.now() - 200_000, exp: Date.now() - 1_000 }),
      CloseCode.TICKET_REFUSED,
    ],
    [
      'lifetime too long',
      () => bridge.issuer.ticket({ exp: Date.now() + 30 * 86_400_000 }),
      CloseCode.TICKET_REFUSED,
    ],
    [
      'issued in the future',
      () => bridge.issuer.ticket({ iat: Date.now() + 600_000, exp: Date.now() + 700_000 }),
      CloseCode.TICKET_REFUSED,
    ],
    [
      'wrong origin',
      () => bridge.issuer.ticket({ origin: 'https://evil.example' }),
      CloseCode.TICKET_REFUSED,
    ],
    ['other key id', () => bridge.issuer.ticket({ kid: '0000000000000000' }), CloseCode.TICKET_REFUSED],
    ['other protocol version', () => hello(bridge.issuer.ticket(), 99), CloseCode.PROTOCOL_VERSION_MISMATCH],
  ];
  it.each(cases)('refuses a %s ticket', async (_name, make, code) => {
    sims.control.clearRequests();
    const socket = rawSocket(bridge.wsUrl, ORIGIN);
    await socket.opened;
    const frame = make();
    socket.socket.send(frame.startsWith('{') ? frame : hello(frame));
    expect((await socket.closed).code).toBe(code);
    expect(vendorCalls()).toBe(0);
  });

  it('refuses a replayed ticket', async () => {
    const ticket = bridge.issuer.ticket();
    const first = rawSocket(bridge.wsUrl, ORIGIN);
    await first.opened;
    first.socket.send(hello(ticket));
    expect(await first.next()).toMatchObject({ type: 'welcome' });
    const second = rawSocket(bridge.wsUrl, ORIGIN);
    await second.opened;
    second.socket.send(hello(ticket));
    expect((await second.closed).code).toBe(CloseCode.TICKET_REFUSED);
    first.socket.close();
  });

  it('refuses everything when the bridge is not paired', async () => {
    const app = buildBridge({ config: configFor(sims), logDestination: new LogSink() });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const socket = rawSocket(`ws://127.0.0.1:${port}/ws`, ORIGIN);
    await socket.opened;
    socket.socket.send(hello(bridge.issuer.ticket()));
    expect((await socket.closed).code).toBe(CloseCode.TICKET_REFUSED);
    await app.close();
  });

  it('closes a connection that sends no hello in time (4002)', async () => {
    const quick = await startBridge(configFor(sims, { limits: { helloTimeoutMs: 50 } }), bridge.issuer);
    try {
      const silent = rawSocket(quick.wsUrl, ORIGIN);
      expect((await silent.closed).code).toBe(CloseCode.HELLO_TIMEOUT);
    } finally {
      await quick.close();
    }
  });

  it('closes a connection whose first frame is a request (4000)', async () => {
    // On the bridge with the default hello limit: a 50 ms one can pass before a loaded machine
    // sends the frame, and the close would then be the timeout's.
    const early = rawSocket(bridge.wsUrl, ORIGIN);
    await early.opened;
    early.socket.send(JSON.stringify({ type: 'request', id: '1', method: 'device.status', params: {} }));
    expect((await early.closed).code).toBe(CloseCode.HELLO_INVALID);
  });
});

describe('frames after welcome', () => {
  it('answers malformed frames with errors and keeps the connection and the process up', async () => {
    const small = await startBridge(configFor(sims, { limits: { maxFrameBytes: 4096 } }), bridge.issuer);
    try {
      const socket = rawSocket(small.wsUrl, ORIGIN);
      await socket.opened;
      socket.socket.send(hello(small.issuer.ticket()));
      await socket.next(1);
      const bad: Array<[string | Buffer, Record<string, unknown>]> = [
        ['{not json', { id: null, error: { code: 'PROTOCOL_ERROR' } }],
        ['[1,2]', { id: null, error: { code: 'PROTOCOL_ERROR' } }],
        [
          '{"type":"request","id":"a","method":"no.such","params":{}}',
          { id: 'a', error: { code: 'UNKNOWN_METHOD' } },
        ],
        [
          '{"type":"request","id":"b","method":"camera.open","params":{"camera":7}}',
          { id: 'b', error: { code: 'INVALID_PARAMS' } },
        ],
        [
          '{"type":"request","id":"c","method":"__proto__","params":{}}',
          { id: 'c', error: { code: 'UNKNOWN_METHOD' } },
        ],
        ['{"type":"surprise"}', { id: null, error: { code: 'PROTOCOL_ERROR' } }],
        [Buffer.from([1, 2, 3]), { id: null, error: { code: 'PROTOCOL_ERROR' } }],
      ];
      for (const [i, [frame, expected]] of bad.entries()) {
        socket.socket.send(frame);
        expect(await socket.next(i + 2)).toMatchObject({ type: 'error', ...expected });
      }
      socket.socket.send(JSON.stringify({ type: 'request', id: 'ok', method: 'bridge.info', params: {} }));
      expect(await socket.next(bad.length + 2)).toMatchObject({ type: 'result', id: 'ok' });
      socket.socket.send(
        JSON.stringify({
          type: 'request',
          id: 'big',
          method: 'bridge.info',
          params: { pad: 'x'.repeat(5000) },
        }),
      );
      expect((await socket.closed).code).toBe(CloseCode.FRAME_TOO_LARGE);
      expect((await fetch(`${small.url}/health`)).status).toBe(200);
    } finally {
      await small.close();
    }
  });
});

describe('between hello and welcome', () => {
  it('answers requests with HANDSHAKE_REQUIRED while the welcome is being prepared', async () => {
    // A hung camera status holds the welcome for the status probe's timeout.
    sims.control.addFault({ kind: 'hang', endpoint: 'video=status', times: 1 });
    const socket = rawSocket(bridge.wsUrl, ORIGIN);
    await socket.opened;
    socket.socket.send(hello(bridge.issuer.ticket()));
    socket.socket.send(JSON.stringify({ type: 'request', id: 'early', method: 'bridge.info', params: {} }));
    expect(await socket.next(1)).toMatchObject({
      type: 'error',
      id: 'early',
      error: { code: 'HANDSHAKE_REQUIRED' },
    });
    expect(await socket.next(2)).toMatchObject({
      type: 'welcome',
      devices: { cameraService: 'unreachable' },
    });
    socket.socket.close();
    sims.control.clearFaults();
  });
});

describe('stream proxy', () => {
  it('refuses stream requests without a live connection token', async () => {
    for (const path of ['/stream/0?sid=1', '/stream/0?sid=1&token=forged', '/stream/3?sid=1&token=x']) {
      const res = await fetch(`${bridge.url}${path}`);
      expect([403, 404], path).toContain(res.status);
    }
  });
});
