import { ErrorCode } from '@trialab/device-protocol';
import type { RunningSimulators } from '@trialab/sim-devices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor, configFor, simsForTests, startBridge, type TestBridge } from './helpers.js';

let sims: RunningSimulators;
beforeAll(async () => {
  // Like the real service: a call that arrives while another runs on the same device is answered busy.
  sims = await simsForTests({ scenario: 'busy', timings: { autoPresentMs: 30 } });
  sims.control.setScenario('manual');
  sims.control.setBusyOnConcurrent(true);
});
afterAll(() => sims.close());

async function twoClients(bridge: TestBridge) {
  const a = clientFor(bridge);
  const b = clientFor(bridge);
  await Promise.all([a.connected(), b.connected()]);
  return [a.client, b.client] as const;
}

describe('one call at a time per physical device', () => {
  let bridge: TestBridge;
  beforeAll(async () => {
    bridge = await startBridge(configFor(sims, { queue: { maxWaiting: 8, maxWaitMs: 5_000 } }));
  });
  afterAll(() => bridge.close());

  it('queues captures from two connections: every one succeeds, the camera never sees two at once', async () => {
    const [a, b] = await twoClients(bridge);
    await a.call('camera.open', { camera: 0 });
    sims.control.resetConcurrency();
    const shots = await Promise.all([
      ...Array.from({ length: 4 }, () => a.call('camera.capture', { camera: 0 })),
      ...Array.from({ length: 4 }, () => b.call('camera.capture', { camera: 0 })),
    ]);
    expect(shots.every((s) => s.imageCount === 1)).toBe(true);
    expect(sims.control.maxConcurrency('video0')).toBe(1);
    // Other devices are not held up by the camera's queue, and are serialised on their own.
    sims.control.resetConcurrency();
    const image = shots[0]?.images[0]?.base64 ?? '';
    await Promise.all([
      a.call('face.verify', { image0: image, image1: image }),
      b.call('face.verify', { image0: image, image1: image }),
      a.call('camera.getResolution', { camera: 1 }),
      b.call('camera.getResolution', { camera: 1 }),
    ]);
    expect(sims.control.maxConcurrency('face')).toBe(1);
    expect(sims.control.maxConcurrency('video1')).toBe(1);
    expect(sims.control.requests().some((r) => r.fault === 'busy')).toBe(false);
    a.close();
    b.close();
  });

  it('serialises blocking ID-card reads from two connections', async () => {
    const [a, b] = await twoClients(bridge);
    sims.control.resetConcurrency();
    const reads = Promise.all([a.call('idcard.read', {}), b.call('idcard.read', {})]);
    await new Promise((r) => setTimeout(r, 50));
    sims.control.presentCard('B');
    sims.control.presentCard('I');
    const cards = await reads;
    expect(cards.map((c) => c.cardType).sort()).toEqual(['B', 'I']);
    expect(sims.control.maxConcurrency('idcard')).toBe(1);
    a.close();
    b.close();
  });
});

describe('policy for a caller that finds the device busy', () => {
  it('answers DEVICE_BUSY when the queue is full or the wait runs out', async () => {
    const bridge = await startBridge(configFor(sims, { queue: { maxWaiting: 1, maxWaitMs: 150 } }));
    const [a, b] = await twoClients(bridge);
    try {
      const holding = a.call('idcard.read', {});
      await new Promise((r) => setTimeout(r, 30));
      const waiting = b.call('idcard.read', {});
      await expect(b.call('idcard.read', {})).rejects.toMatchObject({
        code: ErrorCode.DEVICE_BUSY,
        details: { device: 'idcard', reason: 'queue full' },
      });
      await expect(waiting).rejects.toMatchObject({
        code: ErrorCode.DEVICE_BUSY,
        details: { reason: 'waited 150 ms' },
      });
      sims.control.presentCard('B');
      expect((await holding).cardType).toBe('B');
    } finally {
      a.close();
      b.close();
      await bridge.close();
    }
  });
});

describe('each connection owns what it opened', () => {
  it('closing a connection closes its cameras (unless another holds them) and stops its capture', async () => {
    const bridge = await startBridge(configFor(sims));
    const [a, b] = await twoClients(bridge);
    try {
      await a.call('camera.open', { camera: 0 });
      await a.call('camera.open', { camera: 1 });
      await b.call('camera.open', { camera: 1 });
      const capture = a.call('fingerprint.capture', { vendor: 'zk', mode: 'enrol' }).catch((e: unknown) => e);
      await expect
        .poll(() => sims.control.requests({ endpoint: 'fingerprint/getImage' }).length)
        .toBeGreaterThan(0);
      a.close();
      expect(await capture).toMatchObject({ code: ErrorCode.CANCELLED });
      await expect.poll(() => sims.control.cameras[0].open).toBe(false);
      await expect
        .poll(() => sims.control.requests({ service: 'zk' }).at(-1)?.endpoint)
        .toBe('fingerprint/cancelcapture');
      expect(sims.control.cameras[1].open).toBe(true);
      await b.call('camera.close', { camera: 1 });
      expect(sims.control.cameras[1].open).toBe(false);
    } finally {
      b.close();
      await bridge.close();
    }
  });

  it('shutdown tells clients bridge.goingAway, closes with 4010 and releases the cameras', async () => {
    const bridge = await startBridge(configFor(sims));
    const { client, connected } = clientFor(bridge);
    await connected();
    const goingAway: unknown[] = [];
    client.on('bridge.goingAway', (data) => goingAway.push(data));
    const closeCodes: Array<number | undefined> = [];
    client.onStateChange((info) => closeCodes.push(info.closeCode));
    await client.call('camera.open', { camera: 0 });
    await bridge.close();
    expect(goingAway).toEqual([{ reason: 'shutdown' }]);
    await expect.poll(() => closeCodes.includes(4010)).toBe(true);
    expect(sims.control.cameras[0].open).toBe(false);
    client.close();
  });
});
