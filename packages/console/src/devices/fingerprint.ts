import {
  ENROL_PRESSES,
  type FingerprintVendor,
  type MethodResult,
  VERIFY_PRESSES,
} from '@trialab/device-protocol';
import type { DeviceClient } from './cameraStore';

export interface PressProgress {
  press: number;
  presses: number;
  /** Image of the press (base64), when the reader sent one. */
  image?: string;
}

export type FingerprintResult = MethodResult<'fingerprint.capture'>;

/**
 * Runs one fingerprint capture through the bridge (ZK: 3 presses polled every 333 ms; ZA: polled
 * every 2111 ms until a finger is there) and reports each press. The bridge does the vendor polling;
 * this connection has one capture at a time, so progress events of this vendor belong to it.
 */
export async function captureFingerprint(
  client: Pick<DeviceClient, 'call' | 'on'>,
  vendor: FingerprintVendor,
  mode: 'enrol' | 'verify',
  onProgress: (progress: PressProgress) => void,
  signal?: AbortSignal,
): Promise<FingerprintResult> {
  const off = client.on('fingerprint.progress', (data) => {
    if (data.vendor !== vendor || data.mode !== mode) return;
    onProgress({ press: data.press, presses: data.presses, ...(data.image ? { image: data.image } : {}) });
  });
  try {
    return await client.call('fingerprint.capture', { vendor, mode }, signal ? { signal } : {});
  } finally {
    off();
  }
}

export function pressesFor(mode: 'enrol' | 'verify'): number {
  return mode === 'enrol' ? ENROL_PRESSES : VERIFY_PRESSES;
}

/** The reader to offer first: the one the bridge reports ready (ZK before ZA). */
export function preferredVendor(states: { za: string; zk: string } | undefined): FingerprintVendor {
  if (states?.zk === 'ready') return 'zk';
  if (states?.za === 'ready') return 'za';
  return 'zk';
}
