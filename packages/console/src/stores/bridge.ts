import type { BridgeClient, ConnectionInfo, DeviceStatus } from '@trialab/device-protocol';
import { create } from 'zustand';
import { readText, STORAGE_KEYS } from '../utils/storage';

/** What the header tells apart (issue 6): not running, refused, connected, device busy or missing. */
export type BridgeStatus =
  | 'idle'
  | 'connecting'
  | 'notRunning'
  | 'refused'
  | 'connected'
  | 'busy'
  | 'missing';

/**
 * Pure mapping from the client's connection and the bridge's device report to one status;
 * `previous` is the status shown so far.
 */
export function bridgeStatus(
  info: ConnectionInfo,
  devices: DeviceStatus | undefined,
  previous?: BridgeStatus,
): BridgeStatus {
  if (info.state === 'refused') return 'refused';
  if (info.state !== 'open') {
    // Reconnecting after a failed attempt: nothing answered on the bridge port.
    if (info.retryInMs !== undefined || info.closeCode !== undefined || info.error) return 'notRunning';
    // The next attempt after one that found nothing: still not running until something answers,
    // rather than flickering to "connecting" on every retry.
    if (info.state === 'connecting' && previous === 'notRunning') return 'notRunning';
    return info.state === 'connecting' ? 'connecting' : 'idle';
  }
  if (!devices) return 'connected';
  const readers = [devices.fingerprint.za.state, devices.fingerprint.zk.state];
  if (readers.includes('busy') || devices.video0 === 'run' || devices.video1 === 'run') return 'busy';
  const camerasMissing =
    devices.cameraService !== 'ready' || (devices.video0 === 'no' && devices.video1 === 'no');
  const readersMissing = readers.every((state) => state !== 'ready');
  return camerasMissing && readersMissing ? 'missing' : 'connected';
}

/** ws://<host>:18088/ws, where the host (optionally host:port) may be overridden by kmct-env-hsc-ip. */
export function bridgeUrl(defaultPort: number, wsPath: string): string {
  const override = readText(STORAGE_KEYS.deviceHost)?.trim();
  const host = override || '127.0.0.1';
  return `ws://${host.includes(':') ? host : `${host}:${defaultPort}`}${wsPath}`;
}

interface BridgeState {
  status: BridgeStatus;
  detail?: string;
  /** The tab's one connection to the bridge (created by the header indicator); device pages use it. */
  client: BridgeClient | null;
  /** Its ws:// URL, from which stream URLs are made absolute. */
  wsUrl: string | null;
  /** Latest device report (welcome or device.statusChanged). */
  devices?: DeviceStatus;
  set(status: BridgeStatus, detail?: string): void;
  attach(client: BridgeClient | null, wsUrl: string | null): void;
  setDevices(devices: DeviceStatus | undefined): void;
}

export const useBridge = create<BridgeState>((set) => ({
  status: 'idle',
  client: null,
  wsUrl: null,
  set: (status, detail) => set({ status, detail }),
  attach: (client, wsUrl) => set({ client, wsUrl }),
  setDevices: (devices) => set({ devices }),
}));
