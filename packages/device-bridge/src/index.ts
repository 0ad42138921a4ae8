export { type BridgeOptions, buildBridge } from './app.js';
export {
  type BridgeConfig,
  type BridgeConfigInput,
  ConfigError,
  configSchema,
  loadConfig,
  parseConfig,
} from './config.js';
export { BRIDGE_VERSION, BridgeRuntime } from './runtime.js';
