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

/** Runs scripts/stack.ts exactly as `npm start` does, but on ephemeral ports and a fresh database. */
export async function startStack(): Promise<RunningStack> {
  const missing = BUILT.filter((file) => !existsSync(join(root, file)));
  if (missing.length > 0) {
    throw new Error(`the stack is not built (missing ${missing.join(', ')}); run \`pnpm run build\` first`);
  }
  const child: ChildProcess = spawn(
    process.execPath,
    ['--conditions=@trialab/source', '--import', 'tsx', join(root, 'scripts/stack.ts'), '--ephemeral'],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });

  const info = await new Promise<StackInfo>((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`stack not ready within 90 s:\n${output}`)), 90_000);
    child.on('message', (message: { type?: string } & StackInfo) => {
      if (message.type === 'ready') {
        clearTimeout(timer);
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
