#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { startSimulators } from './simulators.js';

const { values } = parseArgs({
  options: {
    host: { type: 'string', default: '127.0.0.1' },
    'camera-port': { type: 'string', default: '38088' },
  },
});

const sims = await startSimulators({ host: values.host, cameraPort: Number(values['camera-port']) });
console.log(`sim-devices: camera service on http://${values.host}:${sims.ports.camera}`);
// Under the stack launcher, report the ports we actually got.
process.send?.({ type: 'ready', ports: sims.ports });
const stop = () => void sims.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
