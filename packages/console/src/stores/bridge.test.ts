import type { DeviceStatus } from '@trialab/device-protocol';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../utils/storage';
import { bridgeStatus, bridgeUrl } from './bridge';

const devices = (patch: Partial<DeviceStatus> = {}): DeviceStatus => ({
  cameraService: 'ready',
  video0: 'ok',
  video1: 'no',
  fingerprint: { za: { state: 'ready' }, zk: { state: 'disabled' } },
  checkedAt: '2026-01-01T00:00:00.000Z',
  ...patch,
});

describe('bridgeStatus', () => {
  it('tells a bridge that does not answer from one that refuses', () => {
    expect(bridgeStatus({ state: 'connecting', retryInMs: 2000 }, undefined)).toBe('notRunning');
    expect(bridgeStatus({ state: 'closed', closeCode: 1006 }, undefined)).toBe('notRunning');
    expect(bridgeStatus({ state: 'refused', closeCode: 4004 }, undefined)).toBe('refused');
    expect(bridgeStatus({ state: 'connecting' }, undefined)).toBe('connecting');
  });
  it('stays "not running" through each new attempt until something answers', () => {
    expect(bridgeStatus({ state: 'connecting' }, undefined, 'notRunning')).toBe('notRunning');
    expect(bridgeStatus({ state: 'connecting' }, undefined, 'idle')).toBe('connecting');
    expect(bridgeStatus({ state: 'open' }, devices(), 'notRunning')).toBe('connected');
  });
  it('reads device busy and device missing from the report', () => {
    expect(bridgeStatus({ state: 'open' }, devices())).toBe('connected');
    expect(bridgeStatus({ state: 'open' }, devices({ video0: 'run' }))).toBe('busy');
    expect(
      bridgeStatus(
        { state: 'open' },
        devices({ fingerprint: { za: { state: 'busy' }, zk: { state: 'disabled' } } }),
      ),
    ).toBe('busy');
    expect(
      bridgeStatus(
        { state: 'open' },
        devices({
          cameraService: 'unreachable',
          video0: 'no',
          fingerprint: { za: { state: 'unreachable' }, zk: { state: 'disabled' } },
        }),
      ),
    ).toBe('missing');
  });
});

describe('bridgeUrl', () => {
  it('uses loopback by default and the kmct-env-hsc-ip override (host or host:port)', () => {
    expect(bridgeUrl(18088, '/ws')).toBe('ws://127.0.0.1:18088/ws');
    localStorage.setItem(STORAGE_KEYS.deviceHost, '192.168.1.20');
    expect(bridgeUrl(18088, '/ws')).toBe('ws://192.168.1.20:18088/ws');
    localStorage.setItem(STORAGE_KEYS.deviceHost, '127.0.0.1:40001');
    expect(bridgeUrl(18088, '/ws')).toBe('ws://127.0.0.1:40001/ws');
  });
});
