import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

export interface StackInfo {
  consoleUrl: string;
  bridgeUrl: string;
  ports: Record<string, number>;
}

export interface RunningStack {
  info: StackInfo;
  output: () => string;
  stop: () => Promise<void>;
}

const BUILT = [
  'packages/console/dist/index.html',
  'packages/server/dist/main.js',
  'packages/device-bridge/dist/cli.js',
  'packages/sim-devices/dist/cli.js',
];

/** How long the launcher may report nothing before the start counts as hung. */
const SILENCE_MS = 300_000;

/**
 * Runs scripts/stack.ts exactly as `npm start` does, but on ephemeral ports and a fresh database:
 * PGlite in a throw-away directory, or the PostgreSQL database `env.DATABASE_URL` names.
 */
export async function startStack(env: { DATABASE_URL?: string } = {}): Promise<RunningStack> {
  const missing = BUILT.filter((file) => !existsSync(join(root, file)));
  if (missing.length > 0) {
    throw new Error(`the stack is not built (missing ${missing.join(', ')}); run \`pnpm run build\` first`);
  }
  const child: ChildProcess = spawn(
    process.execPath,
    ['--conditions=@trialab/source', '--import', 'tsx', join(root, 'scripts/stack.ts'), '--ephemeral'],
    { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });

  const info = await new Promise<StackInfo>((resolvePromise, reject) => {
    // Not a clock on the whole start (a loaded machine migrates and seeds for minutes): the launcher
    // reports each service's steps ('progress') and exits on a real error; only silence fails here.
    let timer: NodeJS.Timeout | undefined;
    const waitForProgress = () => {
      clearTimeout(timer);
      timer = setTimeout(
        () => reject(new Error(`stack reported no progress for ${SILENCE_MS / 1000} s:\n${output}`)),
        SILENCE_MS,
      );
    };
    waitForProgress();
    child.on('message', (message: { type?: string } & StackInfo) => {
      if (message.type === 'progress' && child.connected && timer) waitForProgress();
      if (message.type === 'ready') {
        clearTimeout(timer);
        timer = undefined;
        resolvePromise({
          consoleUrl: message.consoleUrl,
          bridgeUrl: message.bridgeUrl,
          ports: message.ports,
        });
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`stack exited with ${code} before it was ready:\n${output}`));
    });
  });

  const stop = () =>
    new Promise<void>((resolvePromise) => {
      if (child.exitCode !== null) return resolvePromise();
      child.once('exit', () => resolvePromise());
      child.kill('SIGINT');
    });
  return { info, output: () => output, stop };
}
