/**
 * The one-command demo stack: simulated devices, the API server (serving the console) and the
 * device bridge pointed at both. Each runs as its own process from the built packages; this
 * launcher starts them in dependency order, waits until each reports `ready` over IPC, prints
 * where everything is, and stops them all (reverse order) on Ctrl-C or when any of them fails.
 * A service that reports its steps (`progress`: the server migrating, seeding, listening) is
 * waited for as long as steps come: a first start on a loaded machine may take minutes; only an
 * exit, or no step for NO_PROGRESS_MS, is a failure.
 *
 *   --ephemeral        every service on a free port and a throw-away database (used by tests)
 *   --data-dir <path>  where the embedded database lives (default .data/pglite)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { awaitReady, type ReadyMessage } from './lib/await-ready.ts';
import { assertPortsFree, type PortClaim, PortInUseError } from './lib/ports.ts';

const root = resolve(import.meta.dirname, '..');

const { values: flags } = parseArgs({
  options: {
    ephemeral: { type: 'boolean', default: false },
    'data-dir': { type: 'string' },
  },
});

/** Fixed ports of the demo stack (SPEC: bridge 18088, vendor services 38088, 8867, 22001, 22002). */
const PORTS = flags.ephemeral
  ? { server: 0, bridge: 0, camera: 0, za: 0, zkHttp: 0, zkHttps: 0, printer: 0 }
  : { server: 8080, bridge: 18088, camera: 38088, za: 8867, zkHttp: 22001, zkHttps: 22002, printer: 9100 };

const dataDir = flags.ephemeral
  ? mkdtempSync(join(tmpdir(), 'trialab-stack-'))
  : resolve(root, flags['data-dir'] ?? '.data/pglite');

/** A service that reports nothing new for this long is taken as hung. */
const NO_PROGRESS_MS = 10 * 60_000;
/** While waiting, how often to say what the service is still doing. */
const STILL_EVERY_MS = 15_000;

interface Service {
  name: string;
  colour: number;
  child: ChildProcess;
}

const running: Service[] = [];
let stopping = false;

function log(message: string): void {
  console.log(`\x1b[1m[stack]\x1b[0m ${message}`);
}

/** Prefixes every line a service prints with its coloured name. */
function pipeOutput(name: string, colour: number, stream: NodeJS.ReadableStream | null): void {
  if (!stream) return;
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) process.stdout.write(`\x1b[${colour}m${name.padEnd(8)}|\x1b[0m ${line}\n`);
  });
}

function startService(
  name: string,
  colour: number,
  script: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<ReadyMessage> {
  const child = spawn(process.execPath, ['--enable-source-maps', join(root, script), ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    // Own process group: Ctrl-C reaches only the launcher, which stops services in order.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const service: Service = { name, colour, child };
  running.push(service);
  pipeOutput(name, colour, child.stdout);
  pipeOutput(name, colour, child.stderr);

  child.on('exit', (code, signal) => {
    running.splice(running.indexOf(service), 1);
    if (stopping) return;
    const how = signal ? `signal ${signal}` : `exit code ${code}`;
    void shutdown(1, `${name} stopped unexpectedly (${how}); stopping the others`);
  });
  return awaitReady(child, {
    name,
    log,
    // A launcher above this one (a test) hears the steps too.
    onProgress: (phase) => process.send?.({ type: 'progress', phase: `${name}: ${phase}` }),
    noProgressMs: NO_PROGRESS_MS,
    stillEveryMs: STILL_EVERY_MS,
  });
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolvePromise) => {
    const timer = setTimeout(() => resolvePromise(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolvePromise(true);
    });
  });
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal); // the whole group, so grandchildren go too
  } catch {
    // already gone
  }
}

/** Stops services in reverse start order: TERM, then KILL after 5 s. */
async function shutdown(exitCode: number, reason?: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  if (reason) log(reason);
  for (const service of [...running].reverse()) {
    signalGroup(service.child, 'SIGTERM');
    if (!(await waitForExit(service.child, 5000))) {
      log(`${service.name} did not stop within 5 s; killing it`);
      signalGroup(service.child, 'SIGKILL');
      await waitForExit(service.child, 2000);
    }
  }
  if (flags.ephemeral) rmSync(dataDir, { recursive: true, force: true });
  if (process.channel) process.disconnect();
  process.exit(exitCode);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => void shutdown(0, `received ${signal}; stopping every service`));
}
// Started by a test over IPC: when that parent goes, so does the stack.
process.on('disconnect', () => void shutdown(0));

async function main(): Promise<void> {
  const claims: PortClaim[] = [
    { port: PORTS.server, host: '127.0.0.1', owner: 'API server' },
    { port: PORTS.bridge, host: '127.0.0.1', owner: 'device bridge' },
    { port: PORTS.camera, host: '127.0.0.1', owner: 'simulated camera service' },
    { port: PORTS.za, host: '127.0.0.1', owner: 'simulated ZA fingerprint service' },
    { port: PORTS.zkHttp, host: '127.0.0.1', owner: 'simulated ZK fingerprint service (HTTP)' },
    { port: PORTS.zkHttps, host: '127.0.0.1', owner: 'simulated ZK fingerprint service (HTTPS)' },
    { port: PORTS.printer, host: '127.0.0.1', owner: 'simulated ZPL label printer' },
  ];
  await assertPortsFree(claims.filter((claim) => claim.port !== 0));

  const sims = await startService('devices', 35, 'packages/sim-devices/dist/cli.js', [
    'start',
    `--camera-port=${PORTS.camera}`,
    `--za-port=${PORTS.za}`,
    `--zk-http-port=${PORTS.zkHttp}`,
    `--zk-https-port=${PORTS.zkHttps}`,
    `--printer-port=${PORTS.printer}`,
  ]);

  const server = await startService('server', 32, 'packages/server/dist/main.js', [], {
    PORT: String(PORTS.server),
    DATA_DIR: dataDir,
    // End-to-end suites log in far more often than a person; keep the per-minute limit out of their way.
    ...(flags.ephemeral ? { AUTH_RATE_LIMIT: '10000' } : {}),
  });
  const consoleUrl = `http://localhost:${server.ports.server}`;

  // The bridge trusts the console's origin, speaks to every simulated vendor (ZK over HTTPS with the
  // simulators' CA) and fetches the server's ticket key at start instead of a one-time `pair`.
  const bridge = await startService(
    'bridge',
    33,
    'packages/device-bridge/dist/cli.js',
    [
      `--port=${PORTS.bridge}`,
      `--camera-url=http://127.0.0.1:${sims.ports.camera}`,
      `--za-url=http://127.0.0.1:${sims.ports.za}`,
      `--zk-url=https://127.0.0.1:${sims.ports.zkHttps}`,
      `--zk-ca-file=${String(sims.caFile)}`,
      `--allowed-origin=${consoleUrl}`,
      // The simulated label printer, as a workstation's network printer (docs/labels.md).
      `--printer=label-sim=127.0.0.1:${sims.ports.printer}`,
      `--server-url=${consoleUrl}`,
      '--fetch-key',
    ],
    // A configuration file of a bridge installed on this machine must not leak into the demo.
    { TRIALAB_BRIDGE_CONFIG: join(dataDir, 'bridge-config.json') },
  );
  const bridgeUrl = `http://127.0.0.1:${bridge.ports.bridge}`;

  const accounts = Array.isArray(server.demoAccounts) ? (server.demoAccounts as string[]) : [];
  log('');
  log(`console        ${consoleUrl}`);
  log(`device bridge  ${bridgeUrl}  (health: ${bridgeUrl}/health)`);
  log(
    `devices        camera ${sims.ports.camera}, ZA ${sims.ports.za}, ZK ${sims.ports.zkHttp}/${sims.ports.zkHttps}, printer ${sims.ports.printer}`,
  );
  // The URL would print its password.
  log(`database       ${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : dataDir}`);
  for (const account of accounts) log(`demo account   ${account}`);
  log('press Ctrl-C to stop every service');
  process.send?.({
    type: 'ready',
    consoleUrl,
    bridgeUrl,
    ports: { ...sims.ports, server: server.ports.server, bridge: bridge.ports.bridge },
  });
}

main().catch((error: unknown) => {
  if (error instanceof PortInUseError) {
    console.error(`\x1b[31m[stack]\x1b[0m ${error.message}`);
    void shutdown(2);
    return;
  }
  const message = error instanceof Error ? error.message : String(error);
  void shutdown(1, `\x1b[31mfailed:\x1b[0m ${message}`);
});
