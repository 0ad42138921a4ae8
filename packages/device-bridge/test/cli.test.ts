import { type ChildProcess, fork } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ExitCode } from '../src/exit-codes.js';

const cli = join(import.meta.dirname, '..', 'src', 'cli.ts');
const children: ChildProcess[] = [];

function start(args: string[]) {
  const child = fork(cli, args, {
    execArgv: ['--conditions=@trialab/source', '--import', 'tsx'],
    env: {
      ...process.env,
      TRIALAB_BRIDGE_CONFIG: join(import.meta.dirname, 'no-such-config.json'),
      TRIALAB_BRIDGE_LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const ready = new Promise<number>((resolve, reject) => {
    child.on('message', (m: { type?: string; ports?: { bridge?: number } }) => {
      if (m.type === 'ready' && m.ports?.bridge) resolve(m.ports.bridge);
    });
    child.on('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
  });
  // Tests that expect an early exit never await `ready`.
  ready.catch(() => undefined);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, ready, exited, output: () => output };
}

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

describe('trialab-bridge run', () => {
  it('reports ready over IPC, refuses a second instance (4) and a port held by another program (3), stops on SIGTERM', async () => {
    const first = start(['--port=0', '--camera-url=http://127.0.0.1:9']);
    const port = await first.ready;
    const second = start([`--port=${port}`]);
    expect(await second.exited).toBe(ExitCode.ALREADY_RUNNING);
    expect(second.output()).toContain(`another trialab-bridge is already running on 127.0.0.1:${port}`);

    const server: Server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const taken = typeof address === 'object' && address ? address.port : 0;
    const third = start([`--port=${taken}`]);
    expect(await third.exited).toBe(ExitCode.PORT_IN_USE);
    expect(third.output()).toContain('is used by another program');
    expect(third.output()).toContain('已被其他程序占用');
    server.close();

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(ExitCode.OK);
  });

  it('exits when its launcher goes away (IPC disconnect)', async () => {
    const bridge = start(['--port=0']);
    await bridge.ready;
    bridge.child.disconnect();
    expect(await bridge.exited).toBe(ExitCode.OK);
  });

  it('exits with 2 and a bilingual message on a bad configuration', async () => {
    const bridge = start(['--allowed-origin=not-an-origin']);
    expect(await bridge.exited).toBe(ExitCode.CONFIG_INVALID);
    expect(bridge.output()).toContain('allowedOrigins.0');
    expect(bridge.output()).toContain('配置无效');
  });
});
