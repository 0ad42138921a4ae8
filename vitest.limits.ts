// A set-up file of every project that uses `scaledLimits` (vitest.shared.ts): before each test
// file, the project's quiet-machine limits are multiplied by the machine's load of that moment.
import { inject, vi } from 'vitest';
import { machineFactor } from './vitest.machine.ts';

const limits = inject('quietLimits');
const factor = machineFactor();
vi.setConfig({
  testTimeout: Math.round(limits.test * factor),
  hookTimeout: Math.round(limits.hook * factor),
  ...(limits.poll === undefined ? {} : { expect: { poll: { timeout: Math.round(limits.poll * factor) } } }),
});
// What the console's set-up scales testing-library's waits by (packages/console/src/test/setup.ts).
process.env.TRIALAB_LOAD_FACTOR = String(factor);

// TRIALAB_TEST_CPU_LOG=<file>: each test file appends one line of JSON to it, with the CPU its worker
// spent from the file's start to its end (process.cpuUsage: the worker's own threads, PGlite and
// argon2 included; child processes and PostgreSQL's server processes not) and its wall time. On a
// shared machine wall times follow the load; CPU s are what to compare (docs/performance.md).
const cpuLog = process.env.TRIALAB_TEST_CPU_LOG;
if (cpuLog) {
  const { appendFileSync } = await import('node:fs');
  const { afterAll, expect } = await import('vitest');
  const file = expect.getState().testPath;
  const cpu = process.cpuUsage();
  const started = performance.now();
  // The server's startEnv adds each environment's start here (packages/server/test/helpers.ts).
  const holder = globalThis as { trialabEnvStarts?: unknown[] };
  holder.trialabEnvStarts = [];
  afterAll(() => {
    const used = process.cpuUsage(cpu);
    const envs = holder.trialabEnvStarts ?? [];
    appendFileSync(
      cpuLog,
      `${JSON.stringify({
        file,
        cpu: Math.round((used.user + used.system) / 1e3) / 1e3,
        wall: Math.round(performance.now() - started) / 1e3,
        load: factor,
        ...(envs.length ? { envs } : {}),
      })}\n`,
    );
  });
}
