import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { Writable } from 'node:stream';
import {
  BridgeClient,
  type BridgeClientOptions,
  encodeTicketPayload,
  type TicketPayload,
  type WebSocketLike,
} from '@trialab/device-protocol';
import { type RunningSimulators, type SimulatorOptions, startSimulators } from '@trialab/sim-devices';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { type BridgeConfigInput, buildBridge } from '../src/index.js';

export const ORIGIN = 'http://localhost:8080';

/** The API server's side of tickets, as docs/api.md specifies it, for tests. */
export class TicketIssuer {
  readonly privateKey: KeyObject;
  readonly publicKeyPem: string;
  readonly kid: string;

  constructor() {
    const pair = generateKeyPairSync('ed25519');
    this.privateKey = pair.privateKey;
    this.publicKeyPem = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const raw = pair.publicKey.export({ type: 'spki', format: 'der' }).subarray(12);
    this.kid = createHash('sha256').update(raw).digest('hex').slice(0, 16);
  }

  payload(overrides: Partial<TicketPayload> = {}): TicketPayload {
    const now = Date.now();
    return {
      v: 1,
      kid: this.kid,
      sub: '42',
      name: 'Test User',
      origin: ORIGIN,
      iat: now,
      exp: now + 120_000,
      nonce: randomBytes(16).toString('base64url'),
      ...overrides,
    };
  }

  sign(payload: TicketPayload, key: KeyObject = this.privateKey): string {
    const encoded = encodeTicketPayload(payload);
    return `${encoded}.${sign(null, Buffer.from(encoded, 'ascii'), key).toString('base64url')}`;
  }

  ticket(overrides: Partial<TicketPayload> = {}): string {
    return this.sign(this.payload(overrides));
  }
}

/** Collects everything the bridge logs, to prove what never appears there. */
export class LogSink extends Writable {
  text = '';
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    this.text += chunk.toString('utf8');
    done();
  }
}

export function simsForTests(options: SimulatorOptions = {}): Promise<RunningSimulators> {
  return startSimulators({
    scenario: 'manual',
    fps: 20,
    ...options,
    timings: { cardWaitMs: 400, fpReadWaitMs: 400, autoPresentMs: 60, ...options.timings },
  });
}

export function configFor(sims: RunningSimulators, overrides: BridgeConfigInput = {}): BridgeConfigInput {
  const { ports } = sims;
  return {
    port: 0,
    allowedOrigins: [ORIGIN],
    ...overrides,
    vendors: {
      camera: { url: `http://127.0.0.1:${ports.camera}` },
      za: { url: `http://127.0.0.1:${ports.za}` },
      zk: { url: `https://127.0.0.1:${ports.zkHttps}`, caFile: sims.caFile },
      ...overrides.vendors,
    },
    // Short where the real figures are long; the real ones are tested with fake timers.
    polling: { zaMs: 15, zkMs: 10, statusMs: 50, ...overrides.polling },
    timeouts: { fingerprintWait: 3_000, statusProbe: 1_000, ...overrides.timeouts },
    logs: { level: 'info', ...overrides.logs },
  };
}

export interface TestBridge {
  app: FastifyInstance;
  url: string;
  wsUrl: string;
  port: number;
  logs: LogSink;
  issuer: TicketIssuer;
  close(): Promise<void>;
}

export async function startBridge(
  config: BridgeConfigInput,
  issuer = new TicketIssuer(),
): Promise<TestBridge> {
  const logs = new LogSink();
  const app = buildBridge({ config, logDestination: logs, publicKeyPem: issuer.publicKeyPem });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    port,
    url: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}/ws`,
    logs,
    issuer,
    close: () => app.close(),
  };
}

export function createSocket(origin: string | undefined = ORIGIN, headers: Record<string, string> = {}) {
  return (url: string): WebSocketLike =>
    new WebSocket(url, { ...(origin === undefined ? {} : { origin }), headers }) as unknown as WebSocketLike;
}

/** A BridgeClient with a fresh ticket per attempt; `connected()` resolves once `welcome` arrived. */
export function clientFor(bridge: TestBridge, options: Partial<BridgeClientOptions> = {}) {
  const client = new BridgeClient({
    url: bridge.wsUrl,
    createSocket: createSocket(),
    client: { name: 'bridge-tests', version: '1.0.0' },
    getTicket: async () => bridge.issuer.ticket(),
    backoff: { baseMs: 20, maxMs: 200 },
    ...options,
  });
  const connected = () =>
    new Promise<void>((resolve, reject) => {
      if (client.state === 'open') {
        resolve();
        return;
      }
      const off = client.onStateChange((info) => {
        if (info.state === 'open') {
          off();
          resolve();
        } else if (info.state === 'refused') {
          off();
          reject(new Error(`refused with ${info.closeCode}`));
        }
      });
    });
  client.connect();
  return { client, connected };
}

/** Opens a raw socket and reports how it ended: close code, or the frames it received. */
export function rawSocket(url: string, origin: string | undefined, headers: Record<string, string> = {}) {
  const socket = new WebSocket(url, { ...(origin === undefined ? {} : { origin }), headers });
  const frames: unknown[] = [];
  socket.on('message', (data) => frames.push(JSON.parse(data.toString())));
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  const next = (count = frames.length + 1) =>
    new Promise<unknown>((resolve, reject) => {
      const check = () => {
        if (frames.length >= count) {
          socket.off('message', check);
          resolve(frames[count - 1]);
        }
      };
      socket.on('message', check);
      socket.once('close', () => reject(new Error('closed')));
      check();
    });
  return { socket, frames, opened, closed, next };
}
