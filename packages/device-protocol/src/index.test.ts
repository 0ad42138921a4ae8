import { expect, it } from 'vitest';
import { DEFAULT_BRIDGE_PORT, PROTOCOL_VERSION } from './index.js';

it('exposes the protocol version and the default loopback port', () => {
  expect(PROTOCOL_VERSION).toBeGreaterThanOrEqual(1);
  expect(DEFAULT_BRIDGE_PORT).toBe(18088);
});
