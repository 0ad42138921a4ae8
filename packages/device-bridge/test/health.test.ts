import type { RunningSimulators } from '@trialab/sim-devices';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { configFor, simsForTests, startBridge, type TestBridge } from './helpers.js';

let sims: RunningSimulators;
let bridge: TestBridge;
beforeAll(async () => {
  sims = await simsForTests();
  bridge = await startBridge(configFor(sims));
});
afterAll(async () => {
  await bridge.close();
  await sims.close();
});

it('reports every vendor up while the simulators run, and no personal data', async () => {
  const res = await fetch(`${bridge.url}/health`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as Record<string, unknown>;
  expect(body).toMatchObject({
    status: 'ok',
    paired: true,
    connections: 0,
    vendors: { camera: 'up', za: 'up', zk: 'up' },
  });
  expect(Object.keys(body).sort()).toEqual([
    'connections',
    'paired',
    'protocolVersion',
    'status',
    'uptimeMs',
    'vendors',
    'version',
  ]);
});

it('reports a vendor down when its service is not there', async () => {
  const down = await startBridge(configFor(sims, { vendors: { camera: { url: 'http://127.0.0.1:9' } } }));
  try {
    const body = await (await fetch(`${down.url}/health`)).json();
    expect(body).toMatchObject({ status: 'ok', vendors: { camera: 'down', za: 'up' } });
  } finally {
    await down.close();
  }
});

it('refuses HTTP requests whose Host is not a loopback name with its port (DNS rebinding)', async () => {
  for (const host of [
    `evil.example:${bridge.port}`,
    '127.0.0.1:1',
    'localhost',
    `127.0.0.1.nip.io:${bridge.port}`,
  ]) {
    const res = await bridge.app.inject({ method: 'GET', url: '/health', headers: { host } });
    expect(res.statusCode, host).toBe(403);
  }
  for (const host of [`127.0.0.1:${bridge.port}`, `localhost:${bridge.port}`, `[::1]:${bridge.port}`]) {
    const res = await bridge.app.inject({ method: 'GET', url: '/health', headers: { host } });
    expect(res.statusCode, host).toBe(200);
  }
});
