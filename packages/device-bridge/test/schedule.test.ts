import { CAMERA_RESTART_INTERVAL_MS, type EventData } from '@trialab/device-protocol';
import type { RunningSimulators } from '@trialab/sim-devices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../src/clock.js';
import { buildBridge } from '../src/index.js';
import { clientFor, configFor, LogSink, simsForTests, type TestBridge, TicketIssuer } from './helpers.js';

/** Time that moves only when the test says so: the bridge's timers run against the real simulators. */
class ManualClock implements Clock {
  #now = Date.now();
  #next = 1;
  readonly #timers = new Map<number, { at: number; callback: () => void }>();
  now(): number {
    return this.#now;
  }
  setTimeout(callback: () => void, ms: number): unknown {
    const id = this.#next++;
    this.#timers.set(id, { at: this.#now + ms, callback });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.#timers.delete(handle as number);
  }
  /** Timers waiting to fire: a loop whose async step is still running has not re-armed yet. */
  pending(): number {
    return this.#timers.size;
  }
  advance(ms: number): void {
    const end = this.#now + ms;
    for (;;) {
      const due = [...this.#timers.entries()]
        .filter(([, t]) => t.at <= end)
        .sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.#timers.delete(due[0]);
      this.#now = due[1].at;
      due[1].callback();
    }
    this.#now = end;
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 80));

describe('background supervisors with the real simulators (manual clock)', () => {
  let sims: RunningSimulators;
  let bridge: TestBridge;
  const clock = new ManualClock();
  const restarted: EventData<'camera.restarted'>[] = [];
  const changes: EventData<'device.statusChanged'>[] = [];

  beforeAll(async () => {
    sims = await simsForTests();
    const issuer = new TicketIssuer();
    const logs = new LogSink();
    const app = buildBridge({
      config: configFor(sims, { polling: { statusMs: 3_000, cameraRestartMs: CAMERA_RESTART_INTERVAL_MS } }),
      logDestination: logs,
      publicKeyPem: issuer.publicKeyPem,
      clock,
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    bridge = {
      app,
      port,
      url: `http://127.0.0.1:${port}`,
      wsUrl: `ws://127.0.0.1:${port}/ws`,
      logs,
      issuer,
      close: () => app.close(),
    };
  });
  afterAll(async () => {
    await bridge.close();
    await sims.close();
  });

  it('restarts the attached document camera every 180000 ms unless its view is shown, only while a camera page is open', async () => {
    const { client, connected } = clientFor(bridge);
    await connected();
    client.on('camera.restarted', (data) => restarted.push(data));
    client.on('device.statusChanged', (data) => changes.push(data));
    await client.call('camera.open', { camera: 0 });

    // No camera page open: nothing runs.
    clock.advance(CAMERA_RESTART_INTERVAL_MS);
    await settle();
    expect(restarted).toHaveLength(0);

    await client.call('session.subscribe', { cameraPages: ['/specimen/camera'], cameraViewShown: false });
    sims.control.clearRequests();
    clock.advance(CAMERA_RESTART_INTERVAL_MS - 1);
    await settle();
    expect(sims.control.requests({ endpoint: 'video=open' })).toHaveLength(0);
    clock.advance(1);
    await expect.poll(() => restarted.length, { timeout: 10_000 }).toBe(1);
    expect(restarted[0]).toMatchObject({ camera: 0, reason: 'scheduled' });
    expect(restarted[0]?.streamPath).toMatch(/^\/stream\/0\?sid=\d+&token=/);
    expect(sims.control.requests({ endpoint: 'video=open' })).toHaveLength(1);

    // The view is on screen: skipped.
    await client.call('session.subscribe', { cameraPages: ['/specimen/camera'], cameraViewShown: true });
    clock.advance(CAMERA_RESTART_INTERVAL_MS);
    await settle();
    expect(restarted).toHaveLength(1);

    // Status polling reports a change while active. The poll the last advance started re-arms its
    // timer only once its answer is in: wait for both loops to be armed, or the advance fires nothing.
    await expect.poll(() => clock.pending(), { timeout: 10_000 }).toBe(2);
    sims.control.unplug('video1');
    clock.advance(3_000);
    await expect.poll(() => changes.at(-1)?.video1, { timeout: 10_000 }).toBe('no');
    await expect.poll(() => clock.pending(), { timeout: 10_000 }).toBe(2);
    sims.control.plug('video1');

    // Last camera page closed: polling and restarts stop.
    await client.call('session.subscribe', { cameraPages: [], cameraViewShown: false });
    sims.control.clearRequests();
    clock.advance(10 * CAMERA_RESTART_INTERVAL_MS);
    await settle();
    expect(sims.control.requests()).toHaveLength(0);
    expect(restarted).toHaveLength(1);
    client.close();
  });
});
