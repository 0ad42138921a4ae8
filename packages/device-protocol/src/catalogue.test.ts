import { describe, expect, it } from 'vitest';
import { CLOSE_CODE_CATALOGUE, CLOSE_CODES, CloseCode, isRefusal } from './close-codes.js';
import {
  CAMERA_RESTART_INTERVAL_MS,
  ENROL_PRESSES,
  REFRESH_MAX_ROUNDS,
  REFRESH_ROUND_PAUSE_MS,
  STREAM_ID_WRAP,
  VENDOR_TIMEOUTS_MS,
  VERIFY_PRESSES,
  ZA_POLL_INTERVAL_MS,
  ZK_POLL_INTERVAL_MS,
} from './constants.js';
import {
  BridgeError,
  ERROR_CATALOGUE,
  ERROR_CODES,
  ErrorCode,
  errorPayload,
  errorPayloadSchema,
  errorText,
  RETRYABLE,
} from './errors.js';
import { EVENT_NAMES, events } from './events.js';
import { eventExamples, methodExamples } from './examples.js';
import { METHOD_NAMES, methods } from './methods.js';
import {
  CONNECTION_FAILURE,
  connectionFailureError,
  interpretCameraCode,
  interpretZaCode,
  interpretZkCode,
  ZA_CODES,
  ZK_CODE_ALTERNATIVES,
  ZK_CODES,
} from './vendor-codes.js';

const hasCjk = (s: string) => /[\u4e00-\u9fff]/.test(s);

describe('error catalogue', () => {
  // Characters that only exist in simplified Chinese (their traditional forms differ): an HK text with
  // one of them was copied from the CN text instead of being written in traditional characters.
  const SIMPLIFIED_ONLY =
    /[设备连错误数据读请时败开码这为与务库载议纹图压质显仪脸证识别驱动态网关断软应过调试录联]/;

  it('gives every code a CN, an EN and a traditional-Chinese (HK) message', () => {
    for (const code of ERROR_CODES) {
      const info = ERROR_CATALOGUE[code];
      expect(hasCjk(info.hk), code).toBe(true);
      expect(SIMPLIFIED_ONLY.test(info.hk), `${code}: ${info.hk}`).toBe(false);
      expect(errorText({ code }, 'hk')).toBe(info.hk);
    }
  });

  it('gives every vendor code an HK text and carries it to the UI', () => {
    for (const entry of [...ZA_CODES, ...ZK_CODES]) {
      expect(hasCjk(entry.hk), String(entry.code)).toBe(true);
      expect(SIMPLIFIED_ONLY.test(entry.hk), `${entry.code}: ${entry.hk}`).toBe(false);
    }
    const verdict = interpretZkCode(-2009);
    if (verdict.outcome !== 'error') throw new Error('expected an error');
    expect(errorText(verdict.error, 'hk')).toBe('疑似假手指或按壓過快');
    expect(errorText(verdict.error, 'cn')).toBe('疑似假手指或按压过快');
    // An older bridge sends vendor messages without hk: the catalogue's traditional text is shown.
    const old = {
      code: 'FINGERPRINT_FAKE_FINGER' as const,
      details: { vendor: 'zk', vendorMessage: { cn: '疑似', en: 'x' } },
    };
    expect(errorText(old, 'hk')).toBe(ERROR_CATALOGUE.FINGERPRINT_FAKE_FINGER.hk);
    expect(errorText(connectionFailureError('za'), 'hk')).toBe('連接設備接口服務失敗');
  });

  it('gives every code a Chinese and an English message', () => {
    expect(ERROR_CODES.length).toBeGreaterThanOrEqual(30);
    for (const code of ERROR_CODES) {
      const info = ERROR_CATALOGUE[code];
      expect(hasCjk(info.cn), code).toBe(true);
      expect(info.en.length, code).toBeGreaterThan(5);
      expect(hasCjk(info.en), code).toBe(false);
    }
  });

  it('keys every code by its own name and derives RETRYABLE from the catalogue', () => {
    for (const [key, value] of Object.entries(ErrorCode)) expect(value).toBe(key);
    expect([...RETRYABLE].sort()).toEqual(ERROR_CODES.filter((c) => ERROR_CATALOGUE[c].retryable).sort());
    for (const code of [
      'TIMEOUT',
      'DEVICE_BUSY',
      'VENDOR_UNREACHABLE',
      'CONNECTION_LOST',
      'BRIDGE_UNAVAILABLE',
    ] as const) {
      expect(RETRYABLE.has(code), code).toBe(true);
    }
    for (const code of ['INVALID_PARAMS', 'UNKNOWN_METHOD', 'NOT_AUTHORIZED', 'CANCELLED'] as const) {
      expect(RETRYABLE.has(code), code).toBe(false);
    }
  });

  it('uses the SPEC wording for a camera that could not restart', () => {
    expect(ERROR_CATALOGUE.CAMERA_RESTART_FAILED.en).toBe('The high-speed camera could not restart');
  });

  it('round-trips BridgeError through its payload', () => {
    const error = new BridgeError('DEVICE_BUSY', undefined, { details: { vendor: 'zk' } });
    expect(error.retryable).toBe(true);
    expect(error.message).toBe(ERROR_CATALOGUE.DEVICE_BUSY.en);
    const payload = error.toPayload();
    expect(errorPayloadSchema.parse(payload)).toEqual(payload);
    const back = BridgeError.fromPayload({ ...payload, retryable: false });
    expect(back).toBeInstanceOf(Error);
    expect(back).toMatchObject({
      name: 'BridgeError',
      code: 'DEVICE_BUSY',
      retryable: false,
      details: { vendor: 'zk' },
    });
  });

  it('prefers the vendor message over the generic text when the bridge attached one', () => {
    const verdict = interpretZaCode(-101);
    if (verdict.outcome !== 'error') throw new Error('expected an error');
    expect(errorText(verdict.error, 'cn')).toBe('设备打开失败');
    expect(errorText(verdict.error, 'en')).toBe('device open failed');
    expect(errorText(errorPayload('TIMEOUT'), 'cn')).toBe(ERROR_CATALOGUE.TIMEOUT.cn);
  });
});

describe('close codes', () => {
  it('stay in the application range, unique, each with texts', () => {
    expect(new Set(CLOSE_CODES).size).toBe(CLOSE_CODES.length);
    for (const code of CLOSE_CODES) {
      expect(code).toBeGreaterThanOrEqual(4000);
      expect(code).toBeLessThanOrEqual(4999);
      const info = CLOSE_CODE_CATALOGUE[code];
      expect(CloseCode[info.name]).toBe(code);
      expect(hasCjk(info.cn)).toBe(true);
      expect(info.en.length).toBeGreaterThan(5);
    }
  });

  it('marks origin, host, ticket and version refusals (and nothing else) as refused', () => {
    const refused = CLOSE_CODES.filter(isRefusal).sort();
    expect(refused).toEqual(
      [
        CloseCode.PROTOCOL_VERSION_MISMATCH,
        CloseCode.TICKET_REFUSED,
        CloseCode.ORIGIN_REFUSED,
        CloseCode.HOST_REFUSED,
      ].sort(),
    );
    expect(isRefusal(1006)).toBe(false);
    expect(isRefusal(1000)).toBe(false);
  });
});

describe('ZA codes (SPEC section 8)', () => {
  it('covers exactly the SPEC table', () => {
    expect(ZA_CODES.map((e) => e.code)).toEqual([1, 2, 3, -99, -100, -101, -102, -103, -104]);
    for (const e of ZA_CODES) {
      expect(hasCjk(e.cn), String(e.code)).toBe(true);
      if (e.outcome === 'error') expect(e.errorCode, String(e.code)).toBeDefined();
    }
  });

  it.each([
    [1, 'success', undefined],
    ['1', 'success', undefined],
    [-102, 'pending', undefined],
    [2, 'error', 'FINGERPRINT_POOR_IMAGE'],
    [3, 'error', 'FINGERPRINT_FEATURE_FAILED'],
    [-99, 'error', 'VENDOR_ERROR'],
    [-100, 'error', 'VENDOR_ERROR'],
    [-101, 'error', 'FINGERPRINT_DEVICE_OPEN_FAILED'],
    ['-103', 'error', 'FINGERPRINT_COMMUNICATION_ERROR'],
    [-104, 'error', 'FINGERPRINT_TEMPLATE_FAILED'],
  ])('maps %s to %s %s', (code, outcome, errorCode) => {
    const verdict = interpretZaCode(code);
    expect(verdict.outcome).toBe(outcome);
    if (verdict.outcome === 'error') {
      expect(verdict.error.code).toBe(errorCode);
      expect(verdict.error.details).toMatchObject({ vendor: 'za', vendorCode: Number(code) });
    }
  });

  it('reports other codes as "other error, code N" and malformed answers as a read error', () => {
    expect(interpretZaCode(-7)).toMatchObject({
      outcome: 'error',
      error: {
        code: 'VENDOR_ERROR',
        details: {
          vendorCode: -7,
          vendorMessage: { en: 'other error, code -7', cn: '其他错误，错误码：-7' },
        },
      },
    });
    for (const raw of [undefined, null, 'abc', 1.5, {}, '']) {
      expect(interpretZaCode(raw), String(raw)).toMatchObject({
        outcome: 'error',
        error: {
          code: 'VENDOR_MALFORMED',
          details: { vendorMessage: { en: 'fingerprint read returned error' } },
        },
      });
    }
  });
});

describe('ZK codes (SPEC section 8 and VENDOR-NOTES)', () => {
  it('covers the SPEC table and the codes seen in public clients', () => {
    const codes = ZK_CODES.map((e) => e.code);
    for (const code of [
      0, 4, -1, -2, -3, -5, -6, -7, -10014, -2000, -2001, -2002, -2003, -2004, -2005, -2006, -2009,
    ]) {
      expect(codes).toContain(code);
    }
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('keeps both readings of -7 visible and fails closed on it', () => {
    const entry = ZK_CODES.find((e) => e.code === -7);
    expect(entry).toMatchObject({
      outcome: 'error',
      en: 'comparison error',
      errorCode: 'FINGERPRINT_COMPARE_FAILED',
    });
    expect(entry?.note).toMatch(/SPEC/);
    expect(ZK_CODE_ALTERNATIVES).toContainEqual({
      code: -7,
      source: 'SPEC.md section 8',
      cn: '成功',
      hk: '成功',
      en: 'success',
    });
    expect(interpretZkCode(-7).outcome).toBe('error');
  });

  it('maps every table entry to its declared outcome and protocol code', () => {
    for (const e of ZK_CODES) {
      const verdict = interpretZkCode(e.code);
      expect(verdict.outcome, String(e.code)).toBe(e.outcome);
      if (verdict.outcome === 'error') {
        expect(verdict.error.code).toBe(e.errorCode);
        expect(verdict.error.details).toMatchObject({
          vendor: 'zk',
          vendorCode: e.code,
          vendorMessage: { cn: e.cn, en: e.en },
        });
      }
    }
    expect(interpretZkCode(-2006).outcome).toBe('pending');
    expect(interpretZkCode('0').outcome).toBe('success');
    expect(interpretZkCode(-2005)).toMatchObject({ error: { code: 'FINGERPRINT_CAPTURE_RUNNING' } });
    expect(interpretZkCode(-2009)).toMatchObject({ error: { code: 'FINGERPRINT_FAKE_FINGER' } });
  });

  it('answers "unknown return" for other codes and flags malformed ret values', () => {
    expect(interpretZkCode(-12345)).toMatchObject({
      outcome: 'error',
      error: {
        code: 'VENDOR_ERROR',
        details: { vendorCode: -12345, vendorMessage: { en: 'unknown return', cn: '未知返回' } },
      },
    });
    expect(interpretZkCode('ok')).toMatchObject({ outcome: 'error', error: { code: 'VENDOR_MALFORMED' } });
  });
});

describe('camera service codes and connection failures', () => {
  it('treats "0" and 0 as success and anything else as the operation-specific failure', () => {
    expect(interpretCameraCode('0')).toEqual({ outcome: 'success' });
    expect(interpretCameraCode(0)).toEqual({ outcome: 'success' });
    expect(interpretCameraCode('5', 'CAPTURE_FAILED', 'no paper')).toMatchObject({
      outcome: 'error',
      error: {
        code: 'CAPTURE_FAILED',
        details: { vendor: 'camera', vendorCode: 5, vendorMessage: { en: 'no paper' } },
      },
    });
    expect(interpretCameraCode(undefined)).toMatchObject({ error: { code: 'VENDOR_MALFORMED' } });
  });

  it('reports unreachable services as VENDOR_UNREACHABLE with the legacy code for support', () => {
    expect(CONNECTION_FAILURE.en).toBe('failed to connect to device interface service');
    expect(connectionFailureError('zk')).toMatchObject({
      code: 'VENDOR_UNREACHABLE',
      retryable: true,
      details: { vendor: 'zk', vendorCode: -10014, vendorMessage: { cn: '连接设备接口服务失败' } },
    });
    expect(connectionFailureError('camera').details).toMatchObject({ vendorCode: 8848 });
    expect(connectionFailureError('za').details).toMatchObject({ vendorCode: 8848 });
  });
});

describe('method and event catalogue', () => {
  it('declares every method the issue requires', () => {
    expect([...METHOD_NAMES].sort()).toEqual(
      [
        'bridge.info',
        'bridge.diagnostics',
        'device.status',
        'camera.open',
        'camera.close',
        'camera.getResolution',
        'camera.setResolution',
        'camera.setCutPage',
        'camera.capture',
        'camera.restart',
        'camera.refresh',
        'camera.streamUrl',
        'face.verify',
        'idcard.read',
        'fingerprint.capture',
        'fingerprint.cancel',
        'fingerprint.verifyTemplate',
        'session.subscribe',
        // Issue 28: label printers of the workstation.
        'printer.list',
        'printer.print',
      ].sort(),
    );
    expect([...EVENT_NAMES].sort()).toEqual(
      [
        'device.statusChanged',
        'fingerprint.progress',
        'camera.restarted',
        'camera.captureFailed',
        'bridge.goingAway',
      ].sort(),
    );
  });

  it('flags exactly the methods that carry images, ID data or templates as sensitive', () => {
    const sensitive = METHOD_NAMES.filter((m) => methods[m].sensitive).sort();
    expect(sensitive).toEqual(
      [
        'camera.capture',
        'face.verify',
        'idcard.read',
        'fingerprint.capture',
        'fingerprint.cancel',
        'fingerprint.verifyTemplate',
      ].sort(),
    );
    expect(events['fingerprint.progress'].sensitive).toBe(true);
  });

  it('gives each call a budget above the vendor limit it wraps (SPEC section 9)', () => {
    expect(VENDOR_TIMEOUTS_MS).toEqual({
      cameraClient: 10_000,
      defaultCall: 60_000,
      fingerprintImage: 3_000,
      faceVerify: 20_000,
      fingerprintRead: 20_000,
      idCard: 30_000,
      zkClient: 6_000,
    });
    expect(methods['camera.open'].timeoutMs).toBeGreaterThan(VENDOR_TIMEOUTS_MS.cameraClient);
    expect(methods['camera.capture'].timeoutMs).toBe(VENDOR_TIMEOUTS_MS.defaultCall);
    expect(methods['face.verify'].timeoutMs).toBeGreaterThan(VENDOR_TIMEOUTS_MS.faceVerify);
    expect(methods['idcard.read'].timeoutMs).toBeGreaterThan(VENDOR_TIMEOUTS_MS.idCard);
    expect(methods['fingerprint.verifyTemplate'].timeoutMs).toBeGreaterThan(VENDOR_TIMEOUTS_MS.zkClient);
    expect(methods['fingerprint.capture'].timeoutMs).toBeGreaterThanOrEqual(60_000);
    for (const m of METHOD_NAMES) expect(methods[m].description.length, m).toBeGreaterThan(10);
  });

  it('exports the SPEC constants', () => {
    expect([ZA_POLL_INTERVAL_MS, ZK_POLL_INTERVAL_MS]).toEqual([2111, 333]);
    expect([ENROL_PRESSES, VERIFY_PRESSES]).toEqual([3, 1]);
    expect([REFRESH_MAX_ROUNDS, REFRESH_ROUND_PAUSE_MS]).toEqual([5, 17]);
    expect(CAMERA_RESTART_INTERVAL_MS).toBe(180_000);
    expect(STREAM_ID_WRAP).toBe(100_000_000);
  });

  it('has a valid example for every method and event (the docs are generated from them)', () => {
    for (const m of METHOD_NAMES) {
      expect(methods[m].params.safeParse(methodExamples[m].params).success, `${m} params`).toBe(true);
      expect(methods[m].result.safeParse(methodExamples[m].result).success, `${m} result`).toBe(true);
    }
    for (const e of EVENT_NAMES) {
      expect(events[e].data.safeParse(eventExamples[e]).success, e).toBe(true);
    }
  });
});
