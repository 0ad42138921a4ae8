import { type RunningSimulators, startSimulators } from '@trialab/sim-devices';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildBridge } from '../src/index.js';

let sims: RunningSimulators;
beforeAll(async () => {
  sims = await startSimulators();
});
afterAll(() => sims.close());

it('reports the camera vendor up while the simulator runs, down when it stops', async () => {
  const bridge = buildBridge({ cameraServiceUrl: `http://127.0.0.1:${sims.ports.camera}` });
  const up = await bridge.inject({ method: 'GET', url: '/health' });
  expect(up.json()).toMatchObject({ status: 'ok', vendors: { camera: 'up' } });
  const down = buildBridge({ cameraServiceUrl: 'http://127.0.0.1:9' });
  expect((await down.inject({ method: 'GET', url: '/health' })).json()).toMatchObject({
    vendors: { camera: 'down' },
  });
  await Promise.all([bridge.close(), down.close()]);
});
