import { afterAll, beforeAll, expect, it } from 'vitest';
import { type RunningSimulators, startSimulators } from '../src/index.js';

let sims: RunningSimulators;
beforeAll(async () => {
  sims = await startSimulators();
});
afterAll(() => sims.close());

it('answers video=status with both camera states', async () => {
  const res = await fetch(`http://127.0.0.1:${sims.ports.camera}/video=status`, {
    method: 'POST',
    body: '{}',
  });
  expect(await res.json()).toEqual({ code: '0', video0: 'ok', video1: 'ok' });
});
