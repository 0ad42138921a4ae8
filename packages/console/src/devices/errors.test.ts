import { BridgeError, ERROR_CATALOGUE } from '@trialab/device-protocol';
import { describe, expect, it } from 'vitest';
import { deviceError, deviceErrorText, isCancellation } from './errors';

describe('device error texts', () => {
  it('shows the catalogue text in the user language (HK in traditional Chinese)', () => {
    const error = new BridgeError('VENDOR_UNREACHABLE');
    expect(deviceErrorText(error, 'zh-CN')).toBe('连接设备接口服务失败');
    expect(deviceErrorText(error, 'en-US')).toBe('Failed to connect to the device interface service');
    expect(deviceErrorText(error, 'zh-HK')).toBe('連接設備接口服務失敗');
  });

  it('prefers the vendor message the bridge attached', () => {
    const error = new BridgeError('FINGERPRINT_FAKE_FINGER', 'zk', {
      details: {
        vendor: 'zk',
        vendorCode: -2009,
        vendorMessage: { cn: '疑似假手指或按压过快', en: 'suspected fake finger' },
      },
    });
    expect(deviceErrorText(error, 'en-US')).toBe('suspected fake finger');
    expect(deviceErrorText(error, 'zh-CN')).toBe('疑似假手指或按压过快');
    // A bridge without the HK text: HK users get the catalogue's traditional text, never simplified.
    expect(deviceErrorText(error, 'zh-HK')).toBe(ERROR_CATALOGUE.FINGERPRINT_FAKE_FINGER.hk);
  });

  it('has a text in every console language for every catalogue code', () => {
    for (const code of Object.keys(ERROR_CATALOGUE) as Array<keyof typeof ERROR_CATALOGUE>) {
      const error = new BridgeError(code);
      const texts = (['zh-CN', 'en-US', 'zh-HK'] as const).map((l) => deviceErrorText(error, l));
      expect(new Set(texts).size, code).toBeGreaterThanOrEqual(2);
      expect(texts[2], code).toBe(ERROR_CATALOGUE[code].hk);
    }
  });

  it('reads event payloads and turns anything unknown into INTERNAL', () => {
    expect(deviceError({ code: 'CAMERA_RESTART_FAILED' })).toMatchObject({
      code: 'CAMERA_RESTART_FAILED',
      retryable: true,
    });
    expect(deviceError(new Error('boom')).code).toBe('INTERNAL');
    expect(deviceError({ code: 'toString' }).code).toBe('INTERNAL');
    expect(deviceErrorText('weird', 'en-US')).toBe(ERROR_CATALOGUE.INTERNAL.en);
  });

  it('treats cancellations as nothing to report', () => {
    expect(isCancellation(new BridgeError('CANCELLED'))).toBe(true);
    expect(isCancellation(new BridgeError('FINGERPRINT_CANCELLED'))).toBe(true);
    expect(isCancellation(new BridgeError('TIMEOUT'))).toBe(false);
  });
});
