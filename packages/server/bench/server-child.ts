// The API benches run the server in a child process of their own (so the load generator does not
// share its event loop): started here, it sends its `Ready` message once listening and answers
// 'cpu' with its own CPU time, asked for around each run (CPU per request, whatever the machine's load).
import { type ChildProcess, execFileSync, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../src/config.js';
import { loadConfig } from '../src/config.js';
import type { DatabaseHandle } from '../src/db/client.js';
import { newTestKeys } from '../test/test-config.js';

/**
 * The bench server's configuration: production, the demo seed without its report PDFs, keys given
 * as variables (no key files, as the tests give them), no rate limit on logins, no response checks.
 */
export function benchConfig(): Partial<Config> {
  return {
    mode: 'production',
    secrets: loadConfig({ DATA_DIR: 'memory://', ...newTestKeys() }).secrets,
    seedDemo: true,
    seedReportPdfs: false,
    authRateLimit: 1_000_000,
    validateResponses: false,
  };
}

/**
 * In the child: listens on an ephemeral port of 127.0.0.1 and answers it; exits normally on SIGTERM,
 * so a CPU profile (BENCH_CPU_PROFILE) gets written.
 */
export async function listenChild(app: FastifyInstance, database: DatabaseHandle): Promise<number> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  process.once('SIGTERM', () => {
    void app
      .close()
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

/** In the child: answers the parent's 'cpu' questions. */
export function answerCpu(): void {
  process.on('message', (message) => {
    if (message === 'cpu') process.send?.({ cpu: process.cpuUsage() });
  });
}

/**
 * Forks `file --serve` and waits for its first message. BENCH_CPU_PROFILE=<dir>: the server writes a
 * V8 CPU profile there when it stops.
 */
export async function forkServer<Ready>(
  file: string,
  env: NodeJS.ProcessEnv,
): Promise<{ child: ChildProcess; ready: Ready; serverCpu: () => Promise<number> }> {
  const profile = process.env.BENCH_CPU_PROFILE;
  const child = fork(file, ['--serve'], {
    stdio: 'inherit',
    env,
    execArgv: [...process.execArgv, ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [])],
  });
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Ready));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const serverCpu = () =>
    new Promise<number>((resolve) => {
      const answer = (message: unknown) => {
        const cpu = (message as { cpu?: NodeJS.CpuUsage }).cpu;
        if (!cpu) return;
        child.off('message', answer);
        resolve(cpu.user + cpu.system);
      };
      child.on('message', answer);
      child.send('cpu');
    });
  return { child, ready, serverCpu };
}

/** An empty database: BENCH_DATABASE_URL, else a role and database of their own in the local cluster. */
export function provideDatabase(): { url: string; drop: () => void } {
  if (process.env.BENCH_DATABASE_URL) return { url: process.env.BENCH_DATABASE_URL, drop: () => undefined };
  // Debian's cluster tools, as test/global-setup.ts uses them.
  const sh = (command: string, args: string[]) => execFileSync(command, args, { encoding: 'utf8' });
  const listing = sh('pg_lsclusters', ['--no-header']);
  const [version, cluster, port, status] =
    listing
      .split('\n')
      .find((l) => l.trim())
      ?.trim()
      .split(/\s+/) ?? [];
  if (!version || !cluster || !port) throw new Error(`no PostgreSQL cluster:\n${listing}`);
  if (status !== 'online') sh('pg_ctlcluster', [version, cluster, 'start']);
  const psql = (statement: string) =>
    sh('runuser', ['-u', 'postgres', '--', 'psql', '-qAt', '-p', port, '-c', statement]);
  const name = `trialab_bench_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const password = randomBytes(18).toString('hex');
  psql(`CREATE ROLE ${name} LOGIN PASSWORD '${password}'`);
  psql(`CREATE DATABASE ${name} OWNER ${name}`);
  return {
    url: `postgres://${name}:${password}@127.0.0.1:${port}/${name}`,
    drop: () => {
      psql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      psql(`DROP ROLE IF EXISTS ${name}`);
    },
  };
}

/** A positive whole number from the environment (a bench's size), or its default. */
export function benchNumber(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
}
