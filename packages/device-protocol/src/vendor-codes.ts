import {
  ErrorCode,
  type ErrorPayload,
  errorPayload,
  type LocalizedText,
  type VendorErrorDetails,
} from './errors.js';

/**
 * Vendor return codes of SPEC section 8 (plus the ZK codes seen in public clients, VENDOR-NOTES.md) and how
 * each maps into the protocol. The bridge's adapters call `interpretZaCode` / `interpretZkCode` /
 * `interpretCameraCode` in exactly one place per vendor.
 */

export type Vendor = VendorErrorDetails['vendor'];

export interface VendorCodeEntry {
  readonly code: number;
  /** `pending`: keep polling (no finger yet). */
  readonly outcome: 'success' | 'pending' | 'error';
  /** Protocol code for `error` outcomes. */
  readonly errorCode?: ErrorCode;
  readonly cn: string;
  readonly hk: string;
  readonly en: string;
  /** Where the reading comes from, when the sources disagree. */
  readonly note?: string;
}

const entry = (
  code: number,
  outcome: VendorCodeEntry['outcome'],
  cn: string,
  hk: string,
  en: string,
  errorCode?: ErrorCode,
  note?: string,
): VendorCodeEntry => ({
  code,
  outcome,
  cn,
  hk,
  en,
  ...(errorCode ? { errorCode } : {}),
  ...(note ? { note } : {}),
});

/** ZA fingerprint module (port 8867), SPEC section 8. */
export const ZA_CODES: readonly VendorCodeEntry[] = [
  entry(1, 'success', '成功', '成功', 'success'),
  entry(2, 'error', '图像质量太差', '圖像質素太差', 'image too poor', ErrorCode.FINGERPRINT_POOR_IMAGE),
  entry(
    3,
    'error',
    '设备特征生成错误',
    '設備特徵生成錯誤',
    'device feature generation error',
    ErrorCode.FINGERPRINT_FEATURE_FAILED,
  ),
  entry(-99, 'error', '未知异常', '未知異常', 'unknown exception', ErrorCode.VENDOR_ERROR),
  entry(-100, 'error', '参数错误', '參數錯誤', 'parameter error', ErrorCode.VENDOR_ERROR),
  entry(
    -101,
    'error',
    '设备打开失败',
    '設備開啟失敗',
    'device open failed',
    ErrorCode.FINGERPRINT_DEVICE_OPEN_FAILED,
  ),
  entry(-102, 'pending', '无手指，请按手指', '無手指，請按手指', 'no finger, press finger'),
  entry(
    -103,
    'error',
    '设备通讯错误',
    '設備通訊錯誤',
    'device communication error',
    ErrorCode.FINGERPRINT_COMMUNICATION_ERROR,
  ),
  entry(
    -104,
    'error',
    '模板合成失败',
    '模板合成失敗',
    'template synthesis failed',
    ErrorCode.FINGERPRINT_TEMPLATE_FAILED,
  ),
];

/** Text for a ZA code outside the table (SPEC: "other error, code N"). */
export const zaOtherText = (code: number | string): LocalizedText => ({
  cn: `其他错误，错误码：${code}`,
  hk: `其他錯誤，錯誤碼：${code}`,
  en: `other error, code ${code}`,
});

/** ZA answer that cannot be parsed (SPEC: "fingerprint read returned error"). */
export const ZA_MALFORMED_TEXT: LocalizedText = {
  cn: '指纹读取返回错误',
  hk: '指紋讀取返回錯誤',
  en: 'fingerprint read returned error',
};

/**
 * ZKBioOnline fingerprint service. SPEC section 8 lists -7 as "success"; the public clients in
 * VENDOR-NOTES.md read it as "comparison error". We follow VENDOR-NOTES and fail closed: a code that a
 * caller treated as success could let an unmatched fingerprint through, while treating a real success
 * as an error only costs a retry. The SPEC reading stays visible in `ZK_CODE_ALTERNATIVES`.
 */
export const ZK_CODES: readonly VendorCodeEntry[] = [
  entry(0, 'success', '成功', '成功', 'success'),
  entry(4, 'error', '操作进行中', '操作進行中', 'operation in progress', ErrorCode.DEVICE_BUSY),
  entry(-1, 'error', '失败', '失敗', 'failed', ErrorCode.VENDOR_ERROR),
  entry(
    -2,
    'error',
    '不支持，请检查URL',
    '不支援，請檢查URL',
    'unsupported, check URL',
    ErrorCode.VENDOR_ERROR,
  ),
  entry(
    -3,
    'error',
    '参数错误',
    '參數錯誤',
    'parameter error',
    ErrorCode.VENDOR_ERROR,
    'from VENDOR-NOTES, not in SPEC',
  ),
  entry(-5, 'error', '数据格式无效', '數據格式無效', 'invalid data format', ErrorCode.VENDOR_ERROR),
  entry(
    -6,
    'error',
    '无效模板',
    '無效模板',
    'invalid template',
    ErrorCode.FINGERPRINT_INVALID_TEMPLATE,
    'from VENDOR-NOTES, not in SPEC',
  ),
  entry(
    -7,
    'error',
    '比对错误',
    '比對錯誤',
    'comparison error',
    ErrorCode.FINGERPRINT_COMPARE_FAILED,
    'VENDOR-NOTES reading; SPEC section 8 says "success"',
  ),
  entry(-10014, 'error', '设备未打开', '設備未開啟', 'device not opened', ErrorCode.DEVICE_NOT_CONNECTED),
  entry(-2000, 'error', '仅支持GET请求', '僅支援GET請求', 'only GET supported', ErrorCode.VENDOR_ERROR),
  entry(
    -2001,
    'error',
    '连接采集器失败',
    '連接採集器失敗',
    'failed to connect to collector',
    ErrorCode.DEVICE_NOT_CONNECTED,
  ),
  entry(
    -2002,
    'error',
    '加载算法库失败',
    '載入演算法庫失敗',
    'failed to load algorithm library',
    ErrorCode.VENDOR_ERROR,
  ),
  entry(
    -2003,
    'error',
    '提取模板失败',
    '提取模板失敗',
    'template extraction failed',
    ErrorCode.FINGERPRINT_FEATURE_FAILED,
  ),
  entry(
    -2004,
    'error',
    '采集图像失败',
    '採集圖像失敗',
    'image capture failed',
    ErrorCode.FINGERPRINT_IMAGE_FAILED,
  ),
  entry(
    -2005,
    'error',
    '正在采集，请按手指或取消采集',
    '正在採集，請按手指或取消採集',
    'capturing, press finger or cancel',
    ErrorCode.FINGERPRINT_CAPTURE_RUNNING,
  ),
  entry(-2006, 'pending', '请再次按压手指', '請再次按壓手指', 'press finger again'),
  entry(
    -2009,
    'error',
    '疑似假手指或按压过快',
    '疑似假手指或按壓過快',
    'suspected fake finger or pressed too fast',
    ErrorCode.FINGERPRINT_FAKE_FINGER,
  ),
];

/** Readings of ZK codes that SPEC gives differently from the table above (kept for the record and the docs). */
export const ZK_CODE_ALTERNATIVES: readonly (LocalizedText & { code: number; source: string })[] = [
  { code: -7, source: 'SPEC.md section 8', cn: '成功', hk: '成功', en: 'success' },
];

/** Text for a ZK code outside the table (SPEC: "unknown return"). */
export const ZK_UNKNOWN_TEXT: LocalizedText = { cn: '未知返回', hk: '未知返回', en: 'unknown return' };
export const ZK_MALFORMED_TEXT: LocalizedText = {
  cn: '指纹服务返回格式错误',
  hk: '指紋服務返回格式錯誤',
  en: 'fingerprint service returned malformed data',
};

/**
 * Codes the original console reported when the HTTP call to a vendor service itself failed (SPEC section
 * 8): -10014 for ZK, 1 or 8848 elsewhere. They are not vendor answers; in this protocol a connection
 * failure is always VENDOR_UNREACHABLE, with the legacy code in the details for support staff.
 */
export const CONNECTION_FAILURE = {
  cn: '连接设备接口服务失败',
  hk: '連接設備接口服務失敗',
  en: 'failed to connect to device interface service',
  legacyCodes: { zk: [-10014], other: [1, 8848] },
} as const;

export type VendorVerdict =
  | { outcome: 'success' }
  | { outcome: 'pending'; text: LocalizedText }
  | { outcome: 'error'; error: ErrorPayload };

function toCode(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) ? value : undefined;
  // Vendors send codes as strings too ("code":"1").
  if (typeof value === 'string' && /^\s*[-+]?\d+\s*$/.test(value)) return Number.parseInt(value, 10);
  return undefined;
}

function vendorError(
  code: ErrorCode,
  vendor: Vendor,
  vendorCode: number | string | undefined,
  text: LocalizedText,
) {
  const details: VendorErrorDetails = { vendor, vendorMessage: text };
  if (vendorCode !== undefined) details.vendorCode = vendorCode;
  return errorPayload(code, `${vendor}: ${text.en}`, details);
}

function interpret(
  table: readonly VendorCodeEntry[],
  vendor: Vendor,
  raw: unknown,
  unknownText: (code: number) => LocalizedText,
  malformedText: LocalizedText,
): VendorVerdict {
  const code = toCode(raw);
  if (code === undefined) {
    const shown = typeof raw === 'string' || typeof raw === 'number' ? raw : undefined;
    return { outcome: 'error', error: vendorError(ErrorCode.VENDOR_MALFORMED, vendor, shown, malformedText) };
  }
  const known = table.find((e) => e.code === code);
  if (!known)
    return { outcome: 'error', error: vendorError(ErrorCode.VENDOR_ERROR, vendor, code, unknownText(code)) };
  const text = { cn: known.cn, hk: known.hk, en: known.en };
  if (known.outcome === 'success') return { outcome: 'success' };
  if (known.outcome === 'pending') return { outcome: 'pending', text };
  return {
    outcome: 'error',
    error: vendorError(known.errorCode ?? ErrorCode.VENDOR_ERROR, vendor, code, text),
  };
}

/** Maps a ZA module code (number or numeric string; anything else is a malformed answer). */
export function interpretZaCode(raw: unknown): VendorVerdict {
  return interpret(ZA_CODES, 'za', raw, zaOtherText, ZA_MALFORMED_TEXT);
}

/** Maps a ZKBioOnline `ret` (number or numeric string; anything else is a malformed answer). */
export function interpretZkCode(raw: unknown): VendorVerdict {
  return interpret(ZK_CODES, 'zk', raw, () => ZK_UNKNOWN_TEXT, ZK_MALFORMED_TEXT);
}

/**
 * Maps a camera-service `code`: "0" (or 0) succeeds; any other code fails with `failure` (the
 * operation-specific protocol code, e.g. CAPTURE_FAILED) and the vendor's `message` when it sent one.
 */
export function interpretCameraCode(
  raw: unknown,
  failure: ErrorCode = ErrorCode.VENDOR_ERROR,
  vendorMessage?: string,
): VendorVerdict {
  const code = toCode(raw);
  if (code === undefined) {
    const text = {
      cn: '设备服务返回格式错误',
      hk: '設備服務返回格式錯誤',
      en: 'camera service returned malformed data',
    };
    return { outcome: 'error', error: vendorError(ErrorCode.VENDOR_MALFORMED, 'camera', undefined, text) };
  }
  if (code === 0) return { outcome: 'success' };
  const text = vendorMessage
    ? { cn: vendorMessage, hk: vendorMessage, en: vendorMessage }
    : {
        cn: `设备返回错误，错误码：${code}`,
        hk: `設備返回錯誤，錯誤碼：${code}`,
        en: `device returned error code ${code}`,
      };
  return { outcome: 'error', error: vendorError(failure, 'camera', code, text) };
}

/** The error for a vendor service that could not be reached at all (refused, reset, DNS, TLS). */
export function connectionFailureError(vendor: Vendor): ErrorPayload {
  const legacyCode =
    vendor === 'zk' ? CONNECTION_FAILURE.legacyCodes.zk[0] : CONNECTION_FAILURE.legacyCodes.other[1];
  return vendorError(ErrorCode.VENDOR_UNREACHABLE, vendor, legacyCode, {
    cn: CONNECTION_FAILURE.cn,
    hk: CONNECTION_FAILURE.hk,
    en: CONNECTION_FAILURE.en,
  });
}
