import { ErrorCode } from '@trialab/device-protocol';
import type { RunningSimulators } from '@trialab/sim-devices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor, configFor, simsForTests, startBridge, type TestBridge } from './helpers.js';

let sims: RunningSimulators;
beforeAll(async () => {
  sims = await simsForTests();
});
afterAll(() => sims.close());

describe('MJPEG proxy', () => {
  let bridge: TestBridge;
  beforeAll(async () => {
    bridge = await startBridge(configFor(sims));
  });
  afterAll(() => bridge.close());

  it('shares one upstream per camera between viewers and aborts it when the last viewer leaves', async () => {
    const { client, connected } = clientFor(bridge);
    await connected();
    const { streamPath } = await client.call('camera.open', { camera: 0 });
    const hub = bridge.app.bridge.hubs[0];
    const before = hub.upstreamRequests;
    const viewers = [new AbortController(), new AbortController()];
    const readers = await Promise.all(
      viewers.map(async (controller) => {
        const res = await fetch(`${bridge.url}${streamPath}`, { signal: controller.signal });
        const reader = res.body?.getReader();
        await reader?.read();
        return reader;
      }),
    );
    expect(readers.every(Boolean)).toBe(true);
    expect(hub.upstreamRequests - before).toBe(1);
    expect(sims.control.cameras[0].viewers).toBe(1);
    viewers[0]?.abort();
    await readers[1]?.read();
    expect(sims.control.cameras[0].viewers).toBe(1);
    viewers[1]?.abort();
    await expect.poll(() => sims.control.cameras[0].viewers).toBe(0);
    expect(hub.viewers).toBe(0);
    client.close();
  });

  it('answers a stream request for a closed camera with a typed error, and ends streams when the connection closes', async () => {
    const { client, connected } = clientFor(bridge);
    await connected();
    const { streamPath } = await client.call('camera.streamUrl', { camera: 1 });
    const res = await fetch(`${bridge.url}${streamPath}`);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: { code: ErrorCode.CAMERA_NOT_OPEN } });

    const opened = await client.call('camera.open', { camera: 1 });
    const live = await fetch(`${bridge.url}${opened.streamPath}`);
    const reader = live.body?.getReader();
    await reader?.read();
    client.close();
    // The viewer's response ends (the camera it held is closed too).
    for (;;) {
      const chunk = await reader?.read();
      if (!chunk || chunk.done) break;
    }
    await expect.poll(() => sims.control.cameras[1].open).toBe(false);
    expect((await fetch(`${bridge.url}${opened.streamPath}`)).status).toBe(403);
  });
});

describe('ZK over HTTP and HTTPS', () => {
  async function zkState(zk: { url: string; caFile?: string; insecure?: boolean }) {
    const bridge = await startBridge(configFor(sims, { vendors: { zk } }));
    const { client, connected } = clientFor(bridge);
    try {
      await connected();
      const [, , service] = (await client.call('bridge.diagnostics', {})).services;
      return service;
    } finally {
      client.close();
      await bridge.close();
    }
  }

  it('speaks HTTP on 22001 and HTTPS on 22002 with the configured CA', async () => {
    expect(await zkState({ url: `http://127.0.0.1:${sims.ports.zkHttp}` })).toMatchObject({ state: 'ready' });
    expect(
      await zkState({ url: `https://127.0.0.1:${sims.ports.zkHttps}`, caFile: sims.caFile }),
    ).toMatchObject({
      state: 'ready',
    });
  });

  it('refuses an untrusted certificate unless insecure is explicitly set (loopback only)', async () => {
    const untrusted = await zkState({ url: `https://127.0.0.1:${sims.ports.zkHttps}` });
    expect(untrusted).toMatchObject({
      state: 'unreachable',
      lastError: { code: ErrorCode.VENDOR_UNREACHABLE },
    });
    expect(await zkState({ url: `https://localhost:${sims.ports.zkHttps}`, insecure: true })).toMatchObject({
      state: 'ready',
    });
  });
});
