import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../test/fake-socket.js';
import {
  type AbortSignalLike,
  BridgeClient,
  type BridgeClientOptions,
  backoffDelay,
  type ConnectionState,
} from './client.js';
import { CloseCode } from './close-codes.js';
import { PROTOCOL_VERSION, RECONNECT_BASE_MS, RECONNECT_MAX_MS } from './constants.js';
import { BridgeError } from './errors.js';
import { eventExamples, exampleWelcome, methodExamples } from './examples.js';

const URL = 'ws://127.0.0.1:18088/ws';
const flush = () => vi.advanceTimersByTimeAsync(0);

function setup(options: Partial<BridgeClientOptions> = {}) {
  const sockets: FakeSocket[] = [];
  const states: ConnectionState[] = [];
  const errors: unknown[] = [];
  let tickets = 0;
  const client = new BridgeClient({
    url: URL,
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    client: { name: 'console-test', version: '0.0.1' },
    getTicket: async () => `ticket-${++tickets}`,
    random: () => 0.5,
    onError: (error) => errors.push(error),
    ...options,
  });
  client.onStateChange((info) => states.push(info.state));
  const socket = (): FakeSocket => {
    const last = sockets.at(-1);
    if (!last) throw new Error('no socket created yet');
    return last;
  };
  /** Connects (first time) or completes the pending reconnect, through welcome. */
  const handshake = async () => {
    await flush();
    socket().open();
    socket().welcome();
  };
  const open = async () => {
    client.connect();
    await handshake();
  };
  return { client, sockets, socket, states, errors, open, handshake };
}

/** Settles a promise into a value or error so assertions can run without unhandled rejections. */
function outcome<T>(promise: Promise<T>) {
  const box: { value?: T; error?: unknown; settled: boolean } = { settled: false };
  promise.then(
    (value) => Object.assign(box, { value, settled: true }),
    (error: unknown) => Object.assign(box, { error, settled: true }),
  );
  return box;
}

function codeOf(error: unknown): string {
  if (!(error instanceof BridgeError)) throw new Error(`expected a BridgeError, got ${String(error)}`);
  return error.code;
}

class FakeSignal implements AbortSignalLike {
  aborted = false;
  readonly listeners = new Set<() => void>();
  addEventListener(_type: 'abort', listener: () => void) {
    this.listeners.add(listener);
  }
  removeEventListener(_type: 'abort', listener: () => void) {
    this.listeners.delete(listener);
  }
  abort() {
    this.aborted = true;
    for (const l of [...this.listeners]) l();
  }
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('handshake', () => {
  it('fetches a ticket, sends hello first, and is open only after welcome', async () => {
    const t = setup();
    expect(t.client.state).toBe('closed');
    t.client.connect();
    expect(t.client.state).toBe('connecting');
    await flush();
    expect(t.sockets).toHaveLength(1);
    expect(t.socket().url).toBe(URL);
    expect(t.socket().sent).toEqual([]);
    t.socket().open();
    expect(t.socket().frames()).toEqual([
      {
        type: 'hello',
        protocolVersion: PROTOCOL_VERSION,
        client: { name: 'console-test', version: '0.0.1' },
        ticket: 'ticket-1',
      },
    ]);
    expect(t.client.state).toBe('connecting');
    expect(t.client.welcome).toBeUndefined();
    t.socket().welcome();
    expect(t.client.state).toBe('open');
    expect(t.client.welcome).toEqual(exampleWelcome);
    expect(t.states).toEqual(['connecting', 'open']);
  });

  it('gives up on a bridge that never says welcome and tries again', async () => {
    const t = setup({ helloTimeoutMs: 1000 });
    t.client.connect();
    await flush();
    t.socket().open();
    await vi.advanceTimersByTimeAsync(999);
    expect(t.client.state).toBe('connecting');
    await vi.advanceTimersByTimeAsync(1);
    expect(t.socket().closedWith?.code).toBe(CloseCode.HELLO_TIMEOUT);
    expect(t.client.state).toBe('closed');
    expect(t.client.connection.closeCode).toBe(CloseCode.HELLO_TIMEOUT);
    await vi.advanceTimersByTimeAsync(t.client.connection.retryInMs ?? 0);
    expect(t.sockets).toHaveLength(2);
  });

  it('treats a welcome with another protocol version as a refusal', async () => {
    const t = setup();
    t.client.connect();
    await flush();
    t.socket().open();
    t.socket().welcome({ protocolVersion: PROTOCOL_VERSION + 1 });
    expect(t.socket().closedWith?.code).toBe(CloseCode.PROTOCOL_VERSION_MISMATCH);
    expect(t.client.state).toBe('refused');
  });

  it('closes on a malformed welcome instead of opening', async () => {
    const t = setup();
    t.client.connect();
    await flush();
    t.socket().open();
    t.socket().receive({ type: 'welcome', protocolVersion: PROTOCOL_VERSION });
    expect(t.client.state).toBe('closed');
    expect(t.socket().closedWith?.code).toBe(CloseCode.HELLO_INVALID);
    expect(codeOf(t.errors[0])).toBe('PROTOCOL_ERROR');
  });

  it('does not wait forever for a ticket', async () => {
    const t = setup({ getTicket: () => new Promise<string>(() => {}), helloTimeoutMs: 2000 });
    t.client.connect();
    await vi.advanceTimersByTimeAsync(1999);
    expect(t.client.state).toBe('connecting');
    await vi.advanceTimersByTimeAsync(1);
    expect(t.client.state).toBe('closed');
    expect(t.client.connection.error?.code).toBe('NOT_AUTHORIZED');
    expect(t.sockets).toHaveLength(0);
  });

  it('reports a failed ticket fetch and retries with backoff', async () => {
    let fail = true;
    const t = setup({
      getTicket: async () => {
        if (fail) throw new Error('API down');
        return 'ticket';
      },
    });
    t.client.connect();
    await flush();
    expect(t.sockets).toHaveLength(0);
    expect(t.client.state).toBe('closed');
    expect(t.client.connection.error?.code).toBe('NOT_AUTHORIZED');
    fail = false;
    await vi.advanceTimersByTimeAsync(t.client.connection.retryInMs ?? 0);
    await t.handshake();
    expect(t.client.state).toBe('open');
  });
});

describe('calls', () => {
  it('rejects calls before connect() without sending', async () => {
    const t = setup();
    const before = outcome(t.client.call('device.status', {}));
    await flush();
    expect(codeOf(before.error)).toBe('BRIDGE_UNAVAILABLE');
  });

  it('rejects method names from untyped callers, including Object.prototype members', async () => {
    const t = setup();
    await t.open();
    const untyped = t.client as unknown as { call(method: string, params: unknown): Promise<unknown> };
    for (const name of ['constructor', 'toString', 'camera.explode']) {
      const result = outcome(untyped.call(name, {}));
      await flush();
      expect(codeOf(result.error), name).toBe('UNKNOWN_METHOD');
    }
    expect(t.socket().requests()).toEqual([]);
  });

  it('sends a typed request and resolves with the validated result', async () => {
    const t = setup();
    await t.open();
    const result = outcome(t.client.call('camera.getResolution', { camera: 1 }));
    const request = t.socket().lastRequest();
    expect(request).toEqual({
      type: 'request',
      id: request.id,
      method: 'camera.getResolution',
      params: { camera: 1 },
    });
    t.socket().receive({ type: 'result', id: request.id, result: { camera: 1, resolution: '1280x720' } });
    await flush();
    expect(result.value).toEqual({ camera: 1, resolution: '1280x720' });
  });

  it('sends params with the catalogue defaults applied', async () => {
    const t = setup();
    await t.open();
    void t.client.call('camera.capture', { camera: 0 }).catch(() => {});
    expect(t.socket().lastRequest().params).toEqual({
      camera: 0,
      rotate: 0,
      cutType: 0,
      multiObject: false,
      makeUuid: true,
      xdpi: 200,
      ydpi: 200,
      jpgQuality: 60,
      reduceShadow: false,
    });
  });

  it('queues calls made while connecting and sends them after welcome', async () => {
    const t = setup();
    t.client.connect();
    const result = outcome(t.client.call('device.status', {}));
    await flush();
    t.socket().open();
    expect(t.socket().requests()).toEqual([]);
    t.socket().welcome();
    const request = t.socket().lastRequest();
    expect(request.method).toBe('device.status');
    t.socket().receive({ type: 'result', id: request.id, result: methodExamples['device.status'].result });
    await flush();
    expect(result.value).toEqual(methodExamples['device.status'].result);
  });

  it('fails calls queued during an attempt that does not reach welcome', async () => {
    const t = setup();
    t.client.connect();
    const queued = outcome(t.client.call('device.status', {}));
    await flush();
    t.socket().serverClose(1006);
    await flush();
    expect(codeOf(queued.error)).toBe('BRIDGE_UNAVAILABLE');
    const refusedQueue = outcome(t.client.call('device.status', {}));
    await flush();
    expect(codeOf(refusedQueue.error)).toBe('BRIDGE_UNAVAILABLE');
  });

  it('rejects with the typed error the bridge sent', async () => {
    const t = setup();
    await t.open();
    const result = outcome(t.client.call('camera.restart', { camera: 0 }));
    t.socket().receive({
      type: 'error',
      id: t.socket().lastRequest().id,
      error: {
        code: 'CAMERA_RESTART_FAILED',
        message: 'The high-speed camera could not restart',
        retryable: false,
        details: { vendor: 'camera', vendorCode: 3 },
      },
    });
    await flush();
    expect(result.error).toBeInstanceOf(BridgeError);
    const error = result.error as BridgeError;
    expect(error.code).toBe('CAMERA_RESTART_FAILED');
    expect(error.retryable).toBe(false);
    expect(error.details).toEqual({ vendor: 'camera', vendorCode: 3 });
    expect(error.text('cn')).toBe('高拍仪重启失败');
  });

  it('rejects invalid params locally without sending anything', async () => {
    const t = setup();
    await t.open();
    const bad = outcome(t.client.call('camera.setResolution', { camera: 0, resolution: '1920*1080' }));
    await flush();
    expect(codeOf(bad.error)).toBe('INVALID_PARAMS');
    expect((bad.error as BridgeError).details).toMatchObject({ issues: [{ path: 'resolution' }] });
    expect(t.socket().requests()).toEqual([]);
  });

  it('times out with the catalogue timeout and ignores the late answer', async () => {
    const t = setup();
    await t.open();
    const result = outcome(t.client.call('camera.open', { camera: 0 }));
    const { id } = t.socket().lastRequest();
    await vi.advanceTimersByTimeAsync(11_999);
    expect(result.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(codeOf(result.error)).toBe('TIMEOUT');
    expect((result.error as BridgeError).retryable).toBe(true);
    t.socket().receive({ type: 'result', id, result: { camera: 0, streamPath: '/stream/0?sid=1' } });
    await flush();
    expect(t.errors).toEqual([]);
    expect(t.client.state).toBe('open');
  });

  it('uses a per-call timeout override and the long human wait for fingerprint capture', async () => {
    const t = setup();
    await t.open();
    const quick = outcome(t.client.call('device.status', {}, { timeoutMs: 100 }));
    const capture = outcome(t.client.call('fingerprint.capture', { vendor: 'za', mode: 'enrol' }));
    await vi.advanceTimersByTimeAsync(100);
    expect(codeOf(quick.error)).toBe('TIMEOUT');
    await vi.advanceTimersByTimeAsync(61_899);
    expect(capture.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(codeOf(capture.error)).toBe('TIMEOUT');
  });

  it('cancels through an abort signal, before or after sending', async () => {
    const t = setup();
    await t.open();
    const already = new FakeSignal();
    already.abort();
    const early = outcome(t.client.call('idcard.read', {}, { signal: already }));
    expect(t.socket().requests()).toEqual([]);
    const signal = new FakeSignal();
    const late = outcome(t.client.call('idcard.read', {}, { signal }));
    expect(t.socket().requests()).toHaveLength(1);
    signal.abort();
    await flush();
    expect(codeOf(early.error)).toBe('CANCELLED');
    expect(codeOf(late.error)).toBe('CANCELLED');
    expect(signal.listeners.size).toBe(0);
  });

  it('fails a call whose result breaks its schema, and keeps the connection', async () => {
    const t = setup();
    await t.open();
    const result = outcome(t.client.call('face.verify', { image0: 'AAAA', image1: 'AAAA' }));
    t.socket().receive({ type: 'result', id: t.socket().lastRequest().id, result: { confidence: 140 } });
    await flush();
    expect(codeOf(result.error)).toBe('PROTOCOL_ERROR');
    expect(t.client.state).toBe('open');
  });

  it('refuses to send a frame larger than the limit', async () => {
    const t = setup();
    await t.open();
    const huge = 'A'.repeat(16 * 1024 * 1024);
    const result = outcome(t.client.call('face.verify', { image0: huge, image1: 'AAAA' }));
    await flush();
    expect(codeOf(result.error)).toBe('FRAME_TOO_LARGE');
    expect(t.socket().sent).toHaveLength(1); // only the hello
  });
});

describe('disconnects and reconnects', () => {
  it('rejects in-flight calls on disconnect and never replays them', async () => {
    const t = setup();
    await t.open();
    const first = outcome(t.client.call('camera.capture', { camera: 0 }));
    const second = outcome(t.client.call('fingerprint.capture', { vendor: 'zk', mode: 'verify' }));
    const old = t.socket();
    old.serverClose(1006);
    await flush();
    expect(codeOf(first.error)).toBe('CONNECTION_LOST');
    expect(codeOf(second.error)).toBe('CONNECTION_LOST');
    expect((first.error as BridgeError).retryable).toBe(true);
    expect(t.client.state).toBe('closed');
    // Between attempts calls fail fast rather than hang.
    const between = outcome(t.client.call('device.status', {}));
    await flush();
    expect(codeOf(between.error)).toBe('BRIDGE_UNAVAILABLE');
    await vi.advanceTimersByTimeAsync(t.client.connection.retryInMs ?? 0);
    await t.handshake();
    expect(t.sockets).toHaveLength(2);
    expect(t.socket().requests()).toEqual([]);
    // A new ticket for every attempt: tickets are single-use.
    expect(t.socket().frames()[0]).toMatchObject({ type: 'hello', ticket: 'ticket-2' });
    // Events from the old socket no longer reach the client.
    old.receive({ type: 'event', seq: 1, event: 'bridge.goingAway', data: { reason: 'shutdown' } });
    expect(t.errors).toEqual([]);
  });

  it('grows the backoff exponentially with full jitter, capped at 30 s', async () => {
    const t = setup({ random: () => 0.999_999 });
    t.client.connect();
    const delays: number[] = [];
    for (let i = 0; i < 9; i++) {
      await flush();
      t.socket().serverClose(1006);
      const delay = t.client.connection.retryInMs ?? -1;
      delays.push(delay);
      const sockets = t.sockets.length;
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(t.sockets).toHaveLength(sockets);
      await vi.advanceTimersByTimeAsync(1);
    }
    expect(delays).toEqual([499, 999, 1999, 3999, 7999, 15_999, 29_999, 29_999, 29_999]);
  });

  it('restarts the backoff from the base after a successful connection', async () => {
    const t = setup({ random: () => 0.999_999 });
    t.client.connect();
    for (let i = 0; i < 3; i++) {
      await flush();
      t.socket().serverClose(1006);
      await vi.advanceTimersByTimeAsync(t.client.connection.retryInMs ?? 0);
    }
    await t.handshake();
    t.socket().serverClose(CloseCode.BRIDGE_SHUTTING_DOWN);
    expect(t.client.state).toBe('closed');
    expect(t.client.connection.retryInMs).toBe(499);
  });

  it('keeps every jittered delay within [0, min(cap, base * 2^n))', () => {
    for (let attempt = 0; attempt < 12; attempt++) {
      const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempt);
      expect(backoffDelay(attempt, () => 0, RECONNECT_BASE_MS, RECONNECT_MAX_MS)).toBe(0);
      const high = backoffDelay(attempt, () => 0.999_999_9, RECONNECT_BASE_MS, RECONNECT_MAX_MS);
      expect(high).toBeLessThan(ceiling);
      expect(high).toBeGreaterThanOrEqual(ceiling - 1);
      expect(backoffDelay(attempt, () => 0.5, RECONNECT_BASE_MS, RECONNECT_MAX_MS)).toBe(
        Math.floor(ceiling / 2),
      );
    }
  });

  it('re-sends only the latest subscription after reconnecting', async () => {
    const t = setup();
    await t.open();
    const first = { cameraPages: ['/express/sign'], cameraViewShown: true };
    const latest = {
      cameraPages: ['/express/sign', '/laboratory/before-analysis/input-subject'],
      cameraViewShown: false,
    };
    void t.client.call('session.subscribe', first).catch(() => {});
    void t.client.call('session.subscribe', latest).catch(() => {});
    void t.client.call('device.status', {}).catch(() => {});
    t.socket().serverClose(1006);
    await vi.advanceTimersByTimeAsync(t.client.connection.retryInMs ?? 0);
    await t.handshake();
    const requests = t.socket().requests();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'session.subscribe', params: latest });
    t.socket().receive({ type: 'result', id: requests[0]?.id, result: { backgroundActive: true } });
    await flush();
    expect(t.errors).toEqual([]);
  });

  it('enters refused on a refusing close code, rejects calls, and waits the cap before retrying', async () => {
    for (const code of [CloseCode.TICKET_REFUSED, CloseCode.ORIGIN_REFUSED, CloseCode.HOST_REFUSED]) {
      const t = setup();
      await t.open();
      const inflight = outcome(t.client.call('device.status', {}));
      t.socket().serverClose(code, 'no');
      await flush();
      expect(codeOf(inflight.error)).toBe('CONNECTION_LOST');
      expect(t.client.state).toBe('refused');
      expect(t.client.connection).toMatchObject({
        closeCode: code,
        closeReason: 'no',
        retryInMs: RECONNECT_MAX_MS,
      });
      const next = outcome(t.client.call('device.status', {}));
      await flush();
      expect(codeOf(next.error)).toBe('NOT_AUTHORIZED');
      await vi.advanceTimersByTimeAsync(RECONNECT_MAX_MS - 1);
      expect(t.sockets).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(t.sockets).toHaveLength(2);
      expect(t.client.state).toBe('connecting');
      // Still refused on the next attempt: the wait stays at the cap level, never back to 0.5 s.
      t.socket().serverClose(1006);
      expect(t.client.connection.retryInMs).toBe(RECONNECT_MAX_MS / 2);
      t.client.close();
    }
  });

  it('reconnects normally after the bridge says it is going away', async () => {
    const t = setup();
    await t.open();
    const seen: unknown[] = [];
    t.client.on('bridge.goingAway', (data) => seen.push(data));
    t.socket().receive({ type: 'event', seq: 1, event: 'bridge.goingAway', data: { reason: 'restart' } });
    t.socket().serverClose(CloseCode.BRIDGE_SHUTTING_DOWN);
    expect(seen).toEqual([{ reason: 'restart' }]);
    expect(t.client.state).toBe('closed');
    expect(t.client.connection.retryInMs).toBe(Math.floor(RECONNECT_BASE_MS / 2));
  });

  it('close() rejects outstanding calls and stops reconnecting for good', async () => {
    const t = setup();
    await t.open();
    const pending = outcome(t.client.call('idcard.read', {}));
    const socket = t.socket();
    t.client.close();
    await flush();
    expect(codeOf(pending.error)).toBe('CANCELLED');
    expect(socket.closedWith).toEqual({ code: 1000, reason: 'client closed' });
    expect(t.client.state).toBe('closed');
    await vi.advanceTimersByTimeAsync(10 * RECONNECT_MAX_MS);
    expect(t.sockets).toHaveLength(1);
    const after = outcome(t.client.call('device.status', {}));
    await flush();
    expect(codeOf(after.error)).toBe('BRIDGE_UNAVAILABLE');
  });

  it('close() during the ticket fetch leaves no socket behind', async () => {
    const t = setup();
    t.client.connect();
    t.client.close();
    await flush();
    await vi.advanceTimersByTimeAsync(RECONNECT_MAX_MS);
    expect(t.sockets).toHaveLength(0);
    expect(t.client.state).toBe('closed');
  });
});

describe('events', () => {
  it('delivers typed event data with its sequence number until unsubscribed', async () => {
    const t = setup();
    await t.open();
    const seen: { press: number; seq: number }[] = [];
    const off = t.client.on('fingerprint.progress', (data, meta) =>
      seen.push({ press: data.press, seq: meta.seq }),
    );
    const data = eventExamples['fingerprint.progress'];
    t.socket().receive({ type: 'event', seq: 1, event: 'fingerprint.progress', data });
    off();
    t.socket().receive({ type: 'event', seq: 2, event: 'fingerprint.progress', data });
    expect(seen).toEqual([{ press: 2, seq: 1 }]);
  });

  it('drops invalid event data and reports it, without closing', async () => {
    const t = setup();
    await t.open();
    const seen: unknown[] = [];
    t.client.on('camera.restarted', (data) => seen.push(data));
    t.socket().receive({ type: 'event', seq: 1, event: 'camera.restarted', data: { camera: 7 } });
    t.socket().receive({ type: 'event', seq: 2, event: 'camera.exploded', data: {} });
    t.socket().receive('not json');
    expect(seen).toEqual([]);
    expect(t.errors.map(codeOf)).toEqual(['PROTOCOL_ERROR', 'PROTOCOL_ERROR', 'PROTOCOL_ERROR']);
    expect(t.client.state).toBe('open');
  });

  it('isolates a throwing handler from the others', async () => {
    const t = setup();
    await t.open();
    const seen: string[] = [];
    t.client.on('device.statusChanged', () => {
      throw new Error('handler bug');
    });
    t.client.on('device.statusChanged', (data) => seen.push(data.video0));
    t.socket().receive({
      type: 'event',
      seq: 1,
      event: 'device.statusChanged',
      data: eventExamples['device.statusChanged'],
    });
    expect(seen).toEqual(['ok']);
    expect(t.errors).toHaveLength(1);
    expect((t.errors[0] as Error).message).toBe('handler bug');
  });

  it('reports unattributed bridge errors', async () => {
    const t = setup();
    await t.open();
    t.socket().receive({
      type: 'error',
      id: null,
      error: { code: 'PROTOCOL_ERROR', message: 'frame is not valid JSON', retryable: false },
    });
    expect(t.errors.map(codeOf)).toEqual(['PROTOCOL_ERROR']);
  });
});
