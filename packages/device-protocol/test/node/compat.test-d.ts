/*
 * Checked by tsconfig.node.json (DOM and Node types): the structural interfaces of the runtime-neutral
 * client accept the real browser and Node objects, so the console passes them without adapters.
 */
import type { AbortSignalLike, BridgeClientOptions, Timers, WebSocketLike } from '../../src/client.js';

export const browserSocket = (url: string): WebSocketLike => new WebSocket(url);
export const createSocket: BridgeClientOptions['createSocket'] = (url) => new WebSocket(url);
export const browserSignal: AbortSignalLike = new AbortController().signal;
export const timers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as number),
};
