#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { DEFAULT_BRIDGE_PORT } from '@trialab/device-protocol';
import { buildBridge } from './app.js';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: String(DEFAULT_BRIDGE_PORT) },
    'camera-url': { type: 'string', default: 'http://127.0.0.1:38088' },
  },
});

const app = buildBridge({ cameraServiceUrl: values['camera-url'] });
// Loopback only, never 0.0.0.0: the bridge reaches devices on this workstation.
await app.listen({ host: '127.0.0.1', port: Number(values.port) });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : Number(values.port);
console.log(`device bridge on http://127.0.0.1:${port}`);
process.send?.({ type: 'ready', ports: { bridge: port } });
const stop = () => void app.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
