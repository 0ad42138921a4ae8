export { type BridgeOptions, buildBridge } from './app.js';
