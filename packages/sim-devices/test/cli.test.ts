import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatorPorts } from '../src/index.js';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');

function runCli(args: string[]): {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<number | null>;
} {
  const child = spawn(
    process.execPath,
    ['--conditions=@trialab/source', '--import', 'tsx', 'src/cli.ts', ...args],
    {
      cwd: packageDir,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    },
  );
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, stdout: () => out, stderr: () => err, exit };
}

const ephemeral = ['--camera-port', '0', '--za-port', '0', '--zk-http-port', '0', '--zk-https-port', '0'];

let blocker: Server;
let blockedPort: number;
beforeAll(async () => {
  blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  const address = blocker.address();
  blockedPort = typeof address === 'object' && address ? address.port : 0;
});
afterAll(() => new Promise((resolve) => blocker.close(resolve)));

describe('sim-devices CLI', () => {
  it('starts on port 0, reports ready over IPC, serves, and exits 0 on SIGTERM', async () => {
    const cli = runCli([
      'start',
      ...ephemeral,
      '--dialect',
      'legacy',
      '--scenario',
      'manual',
      '--fps',
      '10',
      '--resolution',
      '800x600',
    ]);
    const ready = await new Promise<{ type: string; ports: SimulatorPorts; caFile: string }>(
      (resolve, reject) => {
        cli.child.once('message', (message) =>
          resolve(message as { type: string; ports: SimulatorPorts; caFile: string }),
        );
        cli.child.once('exit', (code) => reject(new Error(`exited ${code}: ${cli.stderr()}`)));
      },
    );
    expect(ready.type).toBe('ready');
    for (const port of Object.values(ready.ports)) expect(port).toBeGreaterThan(0);
    expect(existsSync(ready.caFile)).toBe(true);
    expect(cli.stdout()).toContain(`http://127.0.0.1:${ready.ports.camera}`);
    expect(cli.stdout()).toContain(`https://127.0.0.1:${ready.ports.zkHttps}`);
    const base = `http://127.0.0.1:${ready.ports.camera}`;
    const state = (await (await fetch(`${base}/__sim/state`)).json()) as {
      dialect: string;
      scenario: string;
      cameras: Array<{ width: number }>;
    };
    expect(state).toMatchObject({ dialect: 'legacy', scenario: 'manual' });
    expect(state.cameras[0]?.width).toBe(800);
    expect(await (await fetch(`${base}/video=status`)).json()).toEqual({
      code: '0',
      video0: 'ok',
      video1: 'ok',
    });
    cli.child.kill('SIGTERM');
    expect(await cli.exit).toBe(0);
    expect(existsSync(ready.caFile)).toBe(false);
  });

  it('starts with no subcommand as well', async () => {
    const cli = runCli(ephemeral);
    const ready = await new Promise<{ type: string }>((resolve) =>
      cli.child.once('message', (m) => resolve(m as { type: string })),
    );
    expect(ready.type).toBe('ready');
    cli.child.kill('SIGINT');
    expect(await cli.exit).toBe(0);
  });

  it('exits 2 with one clear line naming a port already in use', async () => {
    const cli = runCli([...ephemeral, '--camera-port', String(blockedPort)]);
    expect(await cli.exit).toBe(2);
    const lines = cli.stderr().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`Port ${blockedPort}`);
    expect(lines[0]).toContain('already in use');
    expect(lines[0]).toContain('已被占用');
  });

  it.each([
    [['--camera-port', 'abc'], /--camera-port must be a whole number/],
    [['--resolution', 'big'], /WIDTHxHEIGHT/],
    [['--scenario', 'nope'], /Unknown scenario/],
    [['--colour', 'red'], /Unknown option/],
    [['destroy'], /unknown command/],
  ])('exits 2 on bad input %j', async (args, message) => {
    const cli = runCli([...ephemeral, ...args]);
    expect(await cli.exit).toBe(2);
    expect(cli.stderr()).toMatch(message);
  });
});
