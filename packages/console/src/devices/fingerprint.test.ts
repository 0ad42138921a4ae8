import { describe, expect, it } from 'vitest';
import { captureFingerprint, type PressProgress, preferredVendor, pressesFor } from './fingerprint';
import { FakeDeviceClient } from './testClient';

describe('fingerprint capture', () => {
  it('reports each of the 3 ZK enrolment presses and returns the template', async () => {
    const client = new FakeDeviceClient();
    client.answer('fingerprint.capture', async (p) => {
      for (let press = 1; press <= 3; press++) {
        client.emit('fingerprint.progress', {
          requestId: '1',
          vendor: 'zk',
          mode: 'enrol',
          press,
          presses: 3,
          image: 'aW1n',
        });
        // A progress event of the other reader is not this capture's.
        client.emit('fingerprint.progress', {
          requestId: '9',
          vendor: 'za',
          mode: 'enrol',
          press: 1,
          presses: 1,
        });
      }
      return { vendor: p.vendor, mode: p.mode, presses: 3, template: 'dGVtcGxhdGU=' };
    });
    const seen: PressProgress[] = [];
    const result = await captureFingerprint(client, 'zk', 'enrol', (p) => seen.push(p));
    expect(seen.map((p) => p.press)).toEqual([1, 2, 3]);
    expect(seen[0]).toEqual({ press: 1, presses: 3, image: 'aW1n' });
    expect(result.template).toBe('dGVtcGxhdGU=');
    expect(client.listenerCount('fingerprint.progress')).toBe(0);
  });

  it('stops listening when the capture fails', async () => {
    const client = new FakeDeviceClient().fail('fingerprint.capture', 'FINGERPRINT_FAKE_FINGER');
    await expect(captureFingerprint(client, 'za', 'enrol', () => undefined)).rejects.toMatchObject({
      code: 'FINGERPRINT_FAKE_FINGER',
    });
    expect(client.listenerCount('fingerprint.progress')).toBe(0);
  });

  it('offers the reader the bridge reports ready', () => {
    expect(preferredVendor({ za: 'ready', zk: 'unreachable' })).toBe('za');
    expect(preferredVendor({ za: 'ready', zk: 'ready' })).toBe('zk');
    expect(preferredVendor(undefined)).toBe('zk');
    expect(pressesFor('enrol')).toBe(3);
    expect(pressesFor('verify')).toBe(1);
  });
});
