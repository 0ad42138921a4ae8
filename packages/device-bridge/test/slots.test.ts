import { connect } from 'node:net';
import { CloseCode, HELLO_WINDOW_MS, PROTOCOL_VERSION } from '@trialab/device-protocol';
import type { RunningSimulators } from '@trialab/sim-devices';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { configSchema } from '../src/config.js';
import type { BridgeConfigInput } from '../src/index.js';
import { configFor, ORIGIN, rawSocket, simsForTests, startBridge, type TestBridge } from './helpers.js';

/*
 * Issue 13 point 6: sockets that never send `hello` used to share the one connection cap with
 * authenticated consoles, so a local program holding silent sockets locked a valid console out.
 */

let sims: RunningSimulators;
beforeAll(async () => {
  sims = await simsForTests();
});
afterAll(async () => {
  await sims.close();
});

let bridge: TestBridge | undefined;
const sockets: Array<ReturnType<typeof rawSocket>> = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.socket.terminate();
  await bridge?.close();
  bridge = undefined;
});

async function start(limits: NonNullable<BridgeConfigInput['limits']>): Promise<TestBridge> {
  bridge = await startBridge(configFor(sims, { limits }));
  return bridge;
}

/** A socket that passes the door and then says nothing. */
async function silentSocket(target: TestBridge) {
  const s = rawSocket(target.wsUrl, ORIGIN);
  sockets.push(s);
  await s.opened;
  return s;
}

/** A console: hello with a valid ticket; resolves with the socket once `welcome` arrived. */
async function consoleSocket(target: TestBridge) {
  const s = rawSocket(target.wsUrl, ORIGIN);
  sockets.push(s);
  await s.opened;
  s.socket.send(
    JSON.stringify({
      type: 'hello',
      protocolVersion: PROTOCOL_VERSION,
      client: { name: 'slot-tests', version: '1' },
      ticket: target.issuer.ticket(),
    }),
  );
  expect(await s.next(1)).toMatchObject({ type: 'welcome' });
  return s;
}

/** One call on an open console connection, to prove it works. */
async function deviceStatus(s: ReturnType<typeof rawSocket>) {
  const count = s.frames.length + 1;
  s.socket.send(JSON.stringify({ type: 'request', id: `r${count}`, method: 'device.status', params: {} }));
  return s.next(count);
}

describe('connection slots', () => {
  it('defaults: a 3 s hello window, 8 pending slots, 64 authenticated ones', () => {
    const { limits } = configSchema.parse({});
    expect(limits).toMatchObject({
      helloTimeoutMs: HELLO_WINDOW_MS,
      maxPendingConnections: 8,
      maxConnections: 64,
    });
    expect(HELLO_WINDOW_MS).toBe(3_000);
  });

  it('silent sockets as many as the connection cap do not lock a valid console out', async () => {
    const target = await start({ maxConnections: 3, helloTimeoutMs: 60_000 });
    const silent = [await silentSocket(target), await silentSocket(target), await silentSocket(target)];
    const valid = await consoleSocket(target);
    expect(await deviceStatus(valid)).toMatchObject({ type: 'result', result: { cameraService: 'ready' } });
    // The silent ones are still there: nothing was refused to make room.
    expect(silent.every((s) => s.socket.readyState === s.socket.OPEN)).toBe(true);
  });

  it('a full pending cap closes the oldest silent socket (4002) to admit a new one; a console still connects', async () => {
    const target = await start({ maxPendingConnections: 2, helloTimeoutMs: 60_000 });
    const silent = [];
    for (let i = 0; i < 5; i++) silent.push(await silentSocket(target));
    for (const s of silent.slice(0, 3)) {
      expect(await s.closed).toEqual({
        code: CloseCode.HELLO_TIMEOUT,
        reason: 'no hello: handshake slots full',
      });
    }
    const valid = await consoleSocket(target);
    expect(await deviceStatus(valid)).toMatchObject({ type: 'result' });
    // The console's own pending turn evicted one more silent socket; one is still waiting.
    expect((await silent[3]?.closed)?.code).toBe(CloseCode.HELLO_TIMEOUT);
    expect(silent[4]?.socket.readyState).toBe(silent[4]?.socket.OPEN);
    expect(target.logs.text).toContain('closed sockets that sent no hello');
  });

  it('closes silent sockets after the hello window while a console connected meanwhile keeps working', async () => {
    const target = await start({ helloTimeoutMs: 300 });
    const silent = [await silentSocket(target), await silentSocket(target)];
    const valid = await consoleSocket(target);
    for (const s of silent) expect((await s.closed).code).toBe(CloseCode.HELLO_TIMEOUT);
    expect(await deviceStatus(valid)).toMatchObject({ type: 'result' });
  });

  it('still caps authenticated connections (1013) without refusing new pending sockets', async () => {
    const target = await start({ maxConnections: 1, helloTimeoutMs: 60_000 });
    const first = await consoleSocket(target);
    const second = rawSocket(target.wsUrl, ORIGIN);
    sockets.push(second);
    await second.opened;
    second.socket.send(
      JSON.stringify({
        type: 'hello',
        protocolVersion: PROTOCOL_VERSION,
        client: { name: 'slot-tests', version: '1' },
        ticket: target.issuer.ticket(),
      }),
    );
    expect(await second.closed).toEqual({ code: 1013, reason: 'too many connections' });
    const silent = await silentSocket(target);
    expect(silent.socket.readyState).toBe(silent.socket.OPEN);
    expect(await deviceStatus(first)).toMatchObject({ type: 'result' });
  });

  it('cuts a silent socket that ignores the close handshake instead of holding it for 30 s', async () => {
    const target = await start({ helloTimeoutMs: 50 });
    // A raw TCP client: it upgrades, then never answers anything (not even the close frame).
    const tcp = connect(target.port, '127.0.0.1');
    let received = '';
    tcp.on('data', (chunk) => {
      received += chunk.toString('latin1');
    });
    tcp.write(
      [
        'GET /ws HTTP/1.1',
        `Host: 127.0.0.1:${target.port}`,
        'Upgrade: websocket',
        'Connection: Upgrade',
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
        'Sec-WebSocket-Version: 13',
        `Origin: ${ORIGIN}`,
        '',
        '',
      ].join('\r\n'),
    );
    await new Promise<void>((resolve) => tcp.once('close', () => resolve()));
    expect(received).toMatch(/^HTTP\/1\.1 101/);
    // The close frame with 4002 (0x0fa2) was sent before the connection was cut.
    expect(received).toContain('\x88');
    expect(received).toContain('\x0f\xa2');
  });
});
