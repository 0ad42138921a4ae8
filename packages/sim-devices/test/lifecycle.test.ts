import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PortInUseError, SimOptionsError, startSimulators } from '../src/index.js';
import { eventually, postJson, startForTests } from './helpers.js';

let dir: string;
let blocker: Server;
let blockedPort: number;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sim-devices-test-'));
  blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  const address = blocker.address();
  blockedPort = typeof address === 'object' && address ? address.port : 0;
});
afterAll(async () => {
  await new Promise((resolve) => blocker.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

describe('startSimulators', () => {
  it('writes the CA where asked and removes its own temporary CA file on close', async () => {
    const caFile = join(dir, 'nested', 'ca.pem');
    const withFile = await startForTests({ caFile });
    expect(withFile.caFile).toBe(caFile);
    expect(await readFile(caFile, 'utf8')).toContain('BEGIN CERTIFICATE');
    await withFile.close();
    expect(existsSync(caFile)).toBe(true);

    const withTemp = await startForTests();
    expect(existsSync(withTemp.caFile)).toBe(true);
    await withTemp.close();
    expect(existsSync(withTemp.caFile)).toBe(false);
  });

  it('closes promptly while a call hangs and a stream runs', async () => {
    const sims = await startForTests();
    const base = `http://127.0.0.1:${sims.ports.camera}`;
    sims.control.addFault({ kind: 'hang', endpoint: 'video=status' });
    const hung = fetch(`${base}/video=status`).catch(() => 'closed');
    await postJson(`${base}/video=open&camidx=0`);
    const stream = await fetch(`${base}/video=stream&camidx=0`);
    const body = stream.arrayBuffer().catch(() => 'closed');
    await eventually(
      () => sims.control.cameras[0].viewers === 1 && sims.control.concurrency().camera?.current === 2,
    );
    // A hung call is never answered by itself: close() returning at all (within the test's limit)
    // is the proof that it destroys the sockets rather than waiting for them.
    await sims.close();
    expect(await hung).toBe('closed');
    await body;
  });

  it('names the port that is already in use, and leaves nothing listening', async () => {
    const attempt = startSimulators({ zaPort: blockedPort });
    await expect(attempt).rejects.toBeInstanceOf(PortInUseError);
    await expect(attempt).rejects.toMatchObject({
      port: blockedPort,
      service: 'za',
      message: expect.stringContaining(String(blockedPort)),
    });
  });

  it.each([
    [{ resolution: '640by480' }, /WIDTHxHEIGHT/],
    [{ fps: 0 }, /fps/],
    [{ dialect: 'ancient' as 'spec' }, /spec, legacy, legacy-cn/],
    [{ scenario: 'apocalypse' }, /Unknown scenario/],
    [{ cameraPort: 70000 }, /65535/],
    [{ timings: { cardWaitMs: -1 } }, /cardWaitMs/],
  ])('rejects bad options %j in English and Chinese', async (options, message) => {
    const attempt = startSimulators(options);
    await expect(attempt).rejects.toBeInstanceOf(SimOptionsError);
    await expect(attempt).rejects.toMatchObject({
      message: expect.stringMatching(message),
      messageZh: expect.stringMatching(/[\u4e00-\u9fff]/),
    });
  });
});
