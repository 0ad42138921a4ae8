// The API benches run the server in a child process of their own (so the load generator does not
// share its event loop): started here, it sends its `Ready` message once listening and answers
// 'cpu' with its own CPU time, asked for around each run (CPU per request, whatever the machine's load).
import { type ChildProcess, fork } from 'node:child_process';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../src/app.js';
import type { Config } from '../src/config.js';
import { loadConfig } from '../src/config.js';
import { type DatabaseHandle, openDatabase } from '../src/db/client.js';
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
 * In the child: the bench's database (BENCH_DATABASE_URL, which `withBenchServer` creates) with a
 * pool of 20, and the server on it, not yet listening (the bench seeds first).
 */
export async function benchServer(
  consoleDir = '/nonexistent',
): Promise<{ database: DatabaseHandle; app: FastifyInstance }> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) throw new Error('the server child needs BENCH_DATABASE_URL');
  const database = await openDatabase({ databaseUrl: url, dataDir: 'memory://', poolSize: 20 });
  return { database, app: await buildServer({ database, consoleDir, config: benchConfig() }) };
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

/** A positive whole number from the environment (a bench's size), or its default. */
export function benchNumber(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
}
