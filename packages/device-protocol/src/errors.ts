import { z } from 'zod';

/** Stable error codes carried in `error` frames and in `BridgeError.code`. Never renumber or rename. */
export const ErrorCode = {
  BRIDGE_UNAVAILABLE: 'BRIDGE_UNAVAILABLE',
  CONNECTION_LOST: 'CONNECTION_LOST',
  NOT_AUTHORIZED: 'NOT_AUTHORIZED',
  HANDSHAKE_REQUIRED: 'HANDSHAKE_REQUIRED',
  PROTOCOL_ERROR: 'PROTOCOL_ERROR',
  FRAME_TOO_LARGE: 'FRAME_TOO_LARGE',
  UNKNOWN_METHOD: 'UNKNOWN_METHOD',
  INVALID_PARAMS: 'INVALID_PARAMS',
  TIMEOUT: 'TIMEOUT',
  CANCELLED: 'CANCELLED',
  INTERNAL: 'INTERNAL',
  DEVICE_BUSY: 'DEVICE_BUSY',
  DEVICE_NOT_CONNECTED: 'DEVICE_NOT_CONNECTED',
  VENDOR_UNREACHABLE: 'VENDOR_UNREACHABLE',
  VENDOR_ERROR: 'VENDOR_ERROR',
  VENDOR_MALFORMED: 'VENDOR_MALFORMED',
  CAMERA_NOT_OPEN: 'CAMERA_NOT_OPEN',
  CAPTURE_FAILED: 'CAPTURE_FAILED',
  CAMERA_RESTART_FAILED: 'CAMERA_RESTART_FAILED',
  IDCARD_READ_FAILED: 'IDCARD_READ_FAILED',
  FACE_VERIFY_FAILED: 'FACE_VERIFY_FAILED',
  FINGERPRINT_POOR_IMAGE: 'FINGERPRINT_POOR_IMAGE',
  FINGERPRINT_FEATURE_FAILED: 'FINGERPRINT_FEATURE_FAILED',
  FINGERPRINT_TEMPLATE_FAILED: 'FINGERPRINT_TEMPLATE_FAILED',
  FINGERPRINT_DEVICE_OPEN_FAILED: 'FINGERPRINT_DEVICE_OPEN_FAILED',
  FINGERPRINT_COMMUNICATION_ERROR: 'FINGERPRINT_COMMUNICATION_ERROR',
  FINGERPRINT_IMAGE_FAILED: 'FINGERPRINT_IMAGE_FAILED',
  FINGERPRINT_FAKE_FINGER: 'FINGERPRINT_FAKE_FINGER',
  FINGERPRINT_CAPTURE_RUNNING: 'FINGERPRINT_CAPTURE_RUNNING',
  FINGERPRINT_INVALID_TEMPLATE: 'FINGERPRINT_INVALID_TEMPLATE',
  FINGERPRINT_COMPARE_FAILED: 'FINGERPRINT_COMPARE_FAILED',
  FINGERPRINT_CANCELLED: 'FINGERPRINT_CANCELLED',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export interface ErrorInfo {
  /** Whether the same call may succeed if simply tried again later (transient). */
  readonly retryable: boolean;
  readonly cn: string;
  /** Traditional Chinese for the HK console language. */
  readonly hk: string;
  readonly en: string;
}

/** One entry per code: the texts a UI shows and whether retrying can help. */
export const ERROR_CATALOGUE: { readonly [C in ErrorCode]: ErrorInfo } = {
  BRIDGE_UNAVAILABLE: {
    retryable: true,
    cn: '无法连接本机设备服务，请确认设备桥已安装并正在运行',
    hk: '無法連接本機設備服務，請確認設備橋已安裝並正在運行',
    en: 'Cannot reach the device bridge on this computer; make sure it is installed and running',
  },
  CONNECTION_LOST: {
    retryable: true,
    cn: '与设备服务的连接已断开，请重试',
    hk: '與設備服務的連接已斷開，請重試',
    en: 'The connection to the device bridge was lost; please try again',
  },
  NOT_AUTHORIZED: {
    retryable: false,
    cn: '设备服务拒绝了本次连接，请重新登录或联系管理员',
    hk: '設備服務拒絕了本次連接，請重新登入或聯絡管理員',
    en: 'The device bridge refused this connection; log in again or contact your administrator',
  },
  HANDSHAKE_REQUIRED: {
    retryable: false,
    cn: '连接尚未完成握手',
    hk: '連接尚未完成握手',
    en: 'The connection has not completed its hello handshake',
  },
  PROTOCOL_ERROR: {
    retryable: false,
    cn: '收到不符合协议的消息',
    hk: '收到不符合協議的訊息',
    en: 'Received a message that does not follow the device protocol',
  },
  FRAME_TOO_LARGE: {
    retryable: false,
    cn: '消息过大',
    hk: '訊息過大',
    en: 'The message is too large',
  },
  UNKNOWN_METHOD: {
    retryable: false,
    cn: '未知的设备操作',
    hk: '未知的設備操作',
    en: 'Unknown device operation',
  },
  INVALID_PARAMS: {
    retryable: false,
    cn: '设备操作参数无效',
    hk: '設備操作參數無效',
    en: 'Invalid parameters for the device operation',
  },
  TIMEOUT: {
    retryable: true,
    cn: '设备响应超时，请重试',
    hk: '設備回應逾時，請重試',
    en: 'The device did not answer in time; please try again',
  },
  CANCELLED: {
    retryable: false,
    cn: '操作已取消',
    hk: '操作已取消',
    en: 'The operation was cancelled',
  },
  INTERNAL: {
    retryable: false,
    cn: '设备服务内部错误',
    hk: '設備服務內部錯誤',
    en: 'Internal error in the device bridge',
  },
  DEVICE_BUSY: {
    retryable: true,
    cn: '设备正忙，请稍后再试',
    hk: '設備正忙，請稍後再試',
    en: 'The device is busy; please try again shortly',
  },
  DEVICE_NOT_CONNECTED: {
    retryable: true,
    cn: '设备未连接或未打开，请检查设备连接',
    hk: '設備未連接或未開啟，請檢查設備連接',
    en: 'The device is not connected or not open; check its cable',
  },
  VENDOR_UNREACHABLE: {
    retryable: true,
    cn: '连接设备接口服务失败',
    hk: '連接設備接口服務失敗',
    en: 'Failed to connect to the device interface service',
  },
  VENDOR_ERROR: {
    retryable: false,
    cn: '设备返回错误',
    hk: '設備返回錯誤',
    en: 'The device service reported an error',
  },
  VENDOR_MALFORMED: {
    retryable: true,
    cn: '设备返回了无法识别的数据',
    hk: '設備返回了無法識別的數據',
    en: 'The device service returned data that could not be understood',
  },
  CAMERA_NOT_OPEN: {
    retryable: false,
    cn: '高拍仪未打开，请先打开摄像头',
    hk: '高拍儀未開啟，請先開啟攝像頭',
    en: 'The camera is not open; open it first',
  },
  CAPTURE_FAILED: {
    retryable: true,
    cn: '拍照失败，请重试',
    hk: '拍照失敗，請重試',
    en: 'Capturing the image failed; please try again',
  },
  CAMERA_RESTART_FAILED: {
    retryable: true,
    cn: '高拍仪重启失败',
    hk: '高拍儀重啟失敗',
    en: 'The high-speed camera could not restart',
  },
  IDCARD_READ_FAILED: {
    retryable: true,
    cn: '读取身份证失败，请重新放置证件',
    hk: '讀取身份證失敗，請重新放置證件',
    en: 'Reading the ID card failed; place the card again',
  },
  FACE_VERIFY_FAILED: {
    retryable: true,
    cn: '人脸比对失败',
    hk: '人臉比對失敗',
    en: 'Face comparison failed',
  },
  FINGERPRINT_POOR_IMAGE: {
    retryable: true,
    cn: '指纹图像质量太差，请重新按压',
    hk: '指紋圖像質素太差，請重新按壓',
    en: 'The fingerprint image is too poor; press again',
  },
  FINGERPRINT_FEATURE_FAILED: {
    retryable: true,
    cn: '指纹特征提取失败',
    hk: '指紋特徵提取失敗',
    en: 'Fingerprint feature extraction failed',
  },
  FINGERPRINT_TEMPLATE_FAILED: {
    retryable: true,
    cn: '指纹模板合成失败',
    hk: '指紋模板合成失敗',
    en: 'Fingerprint template synthesis failed',
  },
  FINGERPRINT_DEVICE_OPEN_FAILED: {
    retryable: true,
    cn: '指纹设备打开失败',
    hk: '指紋設備開啟失敗',
    en: 'The fingerprint device could not be opened',
  },
  FINGERPRINT_COMMUNICATION_ERROR: {
    retryable: true,
    cn: '指纹设备通讯错误',
    hk: '指紋設備通訊錯誤',
    en: 'Communication with the fingerprint device failed',
  },
  FINGERPRINT_IMAGE_FAILED: {
    retryable: true,
    cn: '指纹图像采集失败',
    hk: '指紋圖像採集失敗',
    en: 'Capturing the fingerprint image failed',
  },
  FINGERPRINT_FAKE_FINGER: {
    retryable: true,
    cn: '疑似假手指或按压过快，请重新按压',
    hk: '疑似假手指或按壓過快，請重新按壓',
    en: 'Suspected fake finger or pressed too fast; press again',
  },
  FINGERPRINT_CAPTURE_RUNNING: {
    retryable: true,
    cn: '指纹正在采集中，请按压手指或先取消',
    hk: '指紋正在採集中，請按壓手指或先取消',
    en: 'A fingerprint capture is already running; press the finger or cancel it first',
  },
  FINGERPRINT_INVALID_TEMPLATE: {
    retryable: false,
    cn: '指纹模板无效',
    hk: '指紋模板無效',
    en: 'The fingerprint template is invalid',
  },
  FINGERPRINT_COMPARE_FAILED: {
    retryable: false,
    cn: '指纹比对出错',
    hk: '指紋比對出錯',
    en: 'Fingerprint comparison failed',
  },
  FINGERPRINT_CANCELLED: {
    retryable: false,
    cn: '指纹采集已取消',
    hk: '指紋採集已取消',
    en: 'The fingerprint capture was cancelled',
  },
};

export const ERROR_CODES = Object.values(ErrorCode) as readonly ErrorCode[];

/** Codes for which an automatic or offered retry makes sense. */
export const RETRYABLE: ReadonlySet<ErrorCode> = new Set(
  ERROR_CODES.filter((c) => ERROR_CATALOGUE[c].retryable),
);

export const errorCodeSchema = z.enum(ErrorCode);

/** Bilingual text, used for vendor-specific messages carried in error details. */
/** `hk` (traditional Chinese) is optional on the wire: bridges built before it was added send cn and en. */
export const localizedTextSchema = z.object({ cn: z.string(), en: z.string(), hk: z.string().optional() });
export type LocalizedText = z.infer<typeof localizedTextSchema>;

/**
 * Details attached to errors that came from a vendor service, so support can see the vendor's own code.
 * Never carries personal data (no images, templates, ID numbers).
 */
export const vendorErrorDetailsSchema = z.object({
  vendor: z.enum(['camera', 'za', 'zk']),
  vendorCode: z.union([z.number(), z.string()]).optional(),
  vendorMessage: localizedTextSchema.optional(),
});
export type VendorErrorDetails = z.infer<typeof vendorErrorDetailsSchema>;

export const errorPayloadSchema = z.object({
  code: errorCodeSchema,
  /** English, for logs and developers; UIs localise with `errorText`. */
  message: z.string(),
  retryable: z.boolean(),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorPayload = z.infer<typeof errorPayloadSchema>;

/** cn simplified Chinese, en English, hk traditional Chinese (the console's zh-HK). */
export type Language = 'cn' | 'en' | 'hk';

/**
 * The text a UI shows for an error: the vendor's own message when the bridge attached one
 * (it is more specific), otherwise the catalogue text for the code.
 */
export function errorText(error: Pick<ErrorPayload, 'code' | 'details'>, lang: Language): string {
  const vendor = vendorErrorDetailsSchema.safeParse(error.details);
  const message = vendor.success ? vendor.data.vendorMessage?.[lang] : undefined;
  // A vendor message without its HK text (an older bridge) falls back to the catalogue's, which is
  // traditional, rather than to simplified text.
  return message ?? ERROR_CATALOGUE[error.code][lang];
}

/** Builds an error payload with the catalogue's English text and retryability unless overridden. */
export function errorPayload(
  code: ErrorCode,
  message?: string,
  details?: Record<string, unknown>,
): ErrorPayload {
  const payload: ErrorPayload = {
    code,
    message: message ?? ERROR_CATALOGUE[code].en,
    retryable: ERROR_CATALOGUE[code].retryable,
  };
  if (details !== undefined) payload.details = details;
  return payload;
}

/** The error every `call` rejects with, and that bridge handlers throw to answer with a typed error. */
export class BridgeError extends Error {
  override readonly name = 'BridgeError';
  readonly code: ErrorCode;
  readonly retryable: boolean;
  readonly details: Record<string, unknown> | undefined;

  constructor(
    code: ErrorCode,
    message?: string,
    options?: { details?: Record<string, unknown>; cause?: unknown; retryable?: boolean },
  ) {
    super(
      message ?? ERROR_CATALOGUE[code].en,
      options?.cause === undefined ? undefined : { cause: options.cause },
    );
    this.code = code;
    this.retryable = options?.retryable ?? ERROR_CATALOGUE[code].retryable;
    this.details = options?.details;
  }

  static fromPayload(payload: ErrorPayload): BridgeError {
    // The sender's retryable judgement wins: it may know a normally transient failure is permanent here.
    return new BridgeError(payload.code, payload.message, {
      retryable: payload.retryable,
      ...(payload.details ? { details: payload.details } : {}),
    });
  }

  toPayload(): ErrorPayload {
    const payload: ErrorPayload = { code: this.code, message: this.message, retryable: this.retryable };
    if (this.details !== undefined) payload.details = this.details;
    return payload;
  }

  text(lang: Language): string {
    return errorText(this, lang);
  }
}
