/**
 * Shared set-up for the device-bridge benchmarks: simulators on ephemeral ports, a bridge pointed at
 * them, and small statistics helpers. Run a benchmark with
 *   node --conditions=@trialab/source --import tsx bench/bridge-<name>.ts
 */
import { availableParallelism, cpus, totalmem } from 'node:os';
import type { BridgeConfigInput } from '../packages/device-bridge/src/index.ts';
import {
  clientFor,
  configFor,
  simsForTests,
  startBridge,
  type TestBridge,
} from '../packages/device-bridge/test/helpers.ts';
import type { SimulatorOptions } from '../packages/sim-devices/src/index.ts';

export { clientFor };

export async function setUp(simOptions: SimulatorOptions = {}, config: BridgeConfigInput = {}) {
  const sims = await simsForTests({ scenario: 'happy', ...simOptions });
  const bridge: TestBridge = await startBridge(configFor(sims, { logs: { level: 'warn' }, ...config }));
  const { client, connected } = clientFor(bridge);
  await connected();
  return {
    sims,
    bridge,
    client,
    async close() {
      client.close();
      await bridge.close();
      await sims.close();
    },
  };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

export function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { n: sorted.length, median: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

export function machine(): string {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  return `${availableParallelism()} CPU (${cpu}), ${Math.round(totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}, ${process.platform}-${process.arch}`;
}

export const ms = (n: number) => `${n.toFixed(2)} ms`;
