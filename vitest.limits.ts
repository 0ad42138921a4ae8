// A set-up file of every project that uses `scaledLimits` (vitest.shared.ts): before each test
// file, the project's quiet-machine limits are multiplied by the machine's load of that moment.
import { inject, vi } from 'vitest';
import { machineFactor } from './vitest.machine.ts';

const limits = inject('quietLimits');
const factor = machineFactor();
vi.setConfig({
  testTimeout: Math.round(limits.test * factor),
  hookTimeout: Math.round(limits.hook * factor),
  ...(limits.poll === undefined ? {} : { expect: { poll: { timeout: Math.round(limits.poll * factor) } } }),
});
// What the console's set-up scales testing-library's waits by (packages/console/src/test/setup.ts).
process.env.TRIALAB_LOAD_FACTOR = String(factor);
