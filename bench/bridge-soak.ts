/**
 * Soak: 10,000 mixed calls from several connections with faults injected, watching resident memory
 * after warm-up and the process's handle and listener counts.
 * Target (issue 4): RSS after warm-up grows less than 10 %; no handle or listener count grows.
 * Run with --expose-gc for steadier memory figures.
 */
import { fork } from 'node:child_process';
import { join } from 'node:path';
import { clientFor, configFor, startBridge } from '../packages/device-bridge/test/helpers.ts';
import { ErrorCode } from '../packages/device-protocol/src/index.ts';
import { machine } from './bridge-common.ts';

const TOTAL = Number(process.env.CALLS ?? 10_000);
const WARM_UP = Math.min(1_000, Math.floor(TOTAL / 10));
const CLIENTS = 4;
const gc = (globalThis as { gc?: () => void }).gc;

// The simulators run in their own process, so this process's memory is the bridge's (and its clients').
const root = join(import.meta.dirname, '..');
const simProcess = fork(
  join(root, 'packages/sim-devices/src/cli.ts'),
  ['start', '--camera-port=0', '--za-port=0', '--zk-http-port=0', '--zk-https-port=0', '--scenario=happy'],
  {
    execArgv: ['--conditions=@trialab/source', '--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  },
);
interface SimReady {
  type: 'ready';
  ports: { camera: number; za: number; zkHttp: number; zkHttps: number };
  caFile: string;
}
const ready = await new Promise<SimReady>((resolve) =>
  simProcess.on('message', (m: SimReady) => {
    if (m.type === 'ready') resolve(m);
  }),
);
const control = `http://127.0.0.1:${ready.ports.camera}/__sim`;
const sim = (path: string, body: unknown) =>
  fetch(`${control}/${path}`, { method: 'POST', body: JSON.stringify(body) }).then((r) => r.json());
const sims = { ports: ready.ports, caFile: ready.caFile } as Parameters<typeof configFor>[0];
const bridge = await startBridge(
  configFor(sims, {
    logs: { level: 'warn' },
    // Every call is served: queue room for all workers (the busy policy has its own tests).
    queue: { maxWaiting: 16, maxWaitMs: 30_000 },
    timeouts: { cameraClient: 500, zkClient: 500, faceVerify: 500, idCard: 500, statusProbe: 500 },
  }),
);

const clients: ReturnType<typeof clientFor>['client'][] = [];
for (let i = 0; i < CLIENTS; i++) {
  const made = clientFor(bridge);
  await made.connected();
  clients.push(made.client);
}
const [first] = clients;
if (!first) throw new Error('no client');
await first.call('camera.open', { camera: 0 });
await first.call('camera.open', { camera: 1 });
const shot = await first.call('camera.capture', { camera: 1 });
const face = shot.images[0]?.base64 ?? '';
await sim('finger', { reader: 'zk', presses: [{ kind: 'finger', finger: 'a' }] });
const template = (await first.call('fingerprint.capture', { vendor: 'zk', mode: 'verify' })).template;

const faults = [
  { kind: 'malformed', endpoint: 'param=get' },
  { kind: 'reset', endpoint: 'video=grabimage' },
  { kind: 'vendorError', endpoint: 'face=verifybase64', code: '6', message: 'no face' },
  { kind: 'http500', service: 'zk', endpoint: 'fingerprint/verify' },
  { kind: 'hang', endpoint: 'param=get' },
] as const;

type Call = (client: (typeof clients)[number]) => Promise<unknown>;
const mix: Call[] = [
  (c) => c.call('camera.getResolution', { camera: 0 }),
  (c) => c.call('device.status', {}),
  (c) => c.call('camera.capture', { camera: 0 }),
  (c) => c.call('face.verify', { image0: face, image1: face }),
  (c) => c.call('fingerprint.verifyTemplate', { reg: template, ver: template }),
  (c) => c.call('camera.streamUrl', { camera: 1 }),
  (c) => c.call('bridge.info', {}),
];

const errors = new Map<string, number>();
let done = 0;
let next = 0;
function snapshot() {
  gc?.();
  return {
    rss: process.memoryUsage().rss,
    handles: process.getActiveResourcesInfo().length,
    listeners: bridge.app.server.listenerCount('connection') + bridge.app.server.listenerCount('upgrade'),
    connections: bridge.app.bridge.connections.size,
  };
}
let afterWarmUp: ReturnType<typeof snapshot> | undefined;

async function worker(index: number) {
  const client = clients[index % clients.length];
  if (!client) return;
  for (;;) {
    const n = next++;
    if (n >= TOTAL) return;
    if (n % 97 === 0) await sim('fault', { ...faults[(n / 97) % faults.length], times: 1 });
    try {
      await (mix[n % mix.length] as Call)(client);
    } catch (error) {
      const code = (error as { code?: string }).code ?? 'unknown';
      errors.set(code, (errors.get(code) ?? 0) + 1);
      if (code === ErrorCode.CONNECTION_LOST) throw error;
    }
    done++;
    if (done === WARM_UP) afterWarmUp = snapshot();
  }
}

const started = performance.now();
await Promise.all(Array.from({ length: CLIENTS * 2 }, (_, i) => worker(i)));
const seconds = (performance.now() - started) / 1000;
await fetch(`${control}/fault`, { method: 'DELETE' });
await new Promise((resolve) => setTimeout(resolve, 1_000));
const end = snapshot();
const start = afterWarmUp ?? end;
const growth = ((end.rss - start.rss) / start.rss) * 100;
console.log(`machine: ${machine()}`);
console.log(
  `${TOTAL} calls from ${CLIENTS} connections (${CLIENTS * 2} in flight) in ${seconds.toFixed(1)} s; a fault every 97 calls; gc ${gc ? 'forced' : 'not exposed'}`,
);
console.log(`typed errors: ${[...errors].map(([code, n]) => `${code} ${n}`).join(', ') || 'none'}`);
console.log(
  `RSS after warm-up ${(start.rss / 2 ** 20).toFixed(1)} MiB, at end ${(end.rss / 2 ** 20).toFixed(1)} MiB: ${growth.toFixed(1)} % (target < 10 %: ${growth < 10 ? 'met' : 'NOT met'})`,
);
console.log(
  `active handles ${start.handles} -> ${end.handles}; server listeners ${start.listeners} -> ${end.listeners}; bridge connections ${start.connections} -> ${end.connections}`,
);
for (const client of clients) client.close();
await bridge.close();
simProcess.kill('SIGTERM');
