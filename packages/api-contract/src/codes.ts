// Body codes of the response envelope and the HTTP status each is sent with (docs/api.md).
// Success is only HTTP 200 with body code 200.

export const ResultCode = {
  OK: 200,
  /** Malformed input; `msg` names the fields in the request's language. */
  BAD_REQUEST: 400,
  /** No session, unknown or expired token: the console logs out (SPEC section 8). */
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  /** The connection sent no complete request in time. */
  REQUEST_TIMEOUT: 408,
  /** A unique value (job number, mobile, code...) already exists. */
  DUPLICATE: 409,
  /** The request body is over the JSON limit (2 MB). */
  BODY_TOO_LARGE: 413,
  /** The body's Content-Type is not accepted. */
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  /** Request line (query string) and headers over the server's limit (16 KB). */
  HEADERS_TOO_LARGE: 431,
  SERVER_ERROR: 500,
  /**
   * The database cannot be reached (down, restarting, failing over). Try again later: a write cut
   * off at its commit may have been stored, so a retry sends the same Idempotency-Key.
   */
  SERVICE_UNAVAILABLE: 503,

  /** First login or expired password: only first-update-password and logout are allowed. */
  PASSWORD_CHANGE_REQUIRED: 4031,
  /** The record changed since it was read (optimistic concurrency); reload and retry. */
  STALE_VERSION: 4091,
  /** Editing or deleting a regulated record needs a reason. */
  REASON_REQUIRED: 4092,
  /** The workflow does not allow this action in the record's current state (or for this user). */
  INVALID_STATE: 4093,
  /** The Idempotency-Key was already used for another request (other body or endpoint). */
  IDEMPOTENCY_KEY_REUSED: 4094,

  /** Signing headers missing or malformed. */
  SIGNATURE_MISSING: 4101,
  /** HMAC does not match the canonical string. */
  SIGNATURE_INVALID: 4102,
  /** timestamp outside +-300 s; `data.serverTime` carries the server clock (ms). */
  TIMESTAMP_OUT_OF_WINDOW: 4103,
  /** nonce already used within 600 s. */
  NONCE_REPLAYED: 4104,
  /** Content-MD5 differs from the body received. */
  CONTENT_MD5_MISMATCH: 4105,

  /** Account or password wrong (same answer whether or not the account exists). */
  LOGIN_FAILED: 4201,
  /** Slide puzzle missing, failed, expired or already used. */
  CAPTCHA_INVALID: 4202,
  /** The agreement must be ticked. */
  AGREEMENT_REQUIRED: 4203,
  /** Verification code wrong, expired or used. */
  CODE_INVALID: 4204,
  /** Too many codes requested; `data.retryAfterMs`. */
  SEND_LIMITED: 4205,
  /** The SMS or e-mail provider did not take the message (nothing was kept); try again. */
  SEND_FAILED: 4207,
  /** Too many failed logins or codes for this account (or unknown name); `data.retryAfterMs`. */
  LOGIN_THROTTLED: 4206,
  /** WeChat account not bound to a user; bind it after an ordinary login. */
  WX_NOT_BOUND: 4208,
  /** Old password wrong (password change). */
  OLD_PASSWORD_WRONG: 4209,
  /** New password violates the policy or equals the old one. */
  PASSWORD_POLICY: 4210,

  /** Lock screen: wrong password; `data.remaining` tries left. */
  LOCK_PASSWORD_WRONG: 4301,

  FILE_TOO_LARGE: 4501,
  FILE_TYPE_NOT_ALLOWED: 4502,
  /** The user's total uploads would exceed the per-user quota. */
  UPLOAD_QUOTA_EXCEEDED: 4503,
} as const;

export type ResultCodeValue = (typeof ResultCode)[keyof typeof ResultCode];

/** HTTP status for every non-success code; codes not listed use 400. */
export const HTTP_STATUS_OF: Partial<Record<ResultCodeValue, number>> = {
  [ResultCode.OK]: 200,
  [ResultCode.UNAUTHORIZED]: 401,
  [ResultCode.FORBIDDEN]: 403,
  [ResultCode.PASSWORD_CHANGE_REQUIRED]: 403,
  [ResultCode.NOT_FOUND]: 404,
  [ResultCode.REQUEST_TIMEOUT]: 408,
  [ResultCode.BODY_TOO_LARGE]: 413,
  [ResultCode.UNSUPPORTED_MEDIA_TYPE]: 415,
  [ResultCode.HEADERS_TOO_LARGE]: 431,
  [ResultCode.DUPLICATE]: 409,
  [ResultCode.STALE_VERSION]: 409,
  [ResultCode.INVALID_STATE]: 409,
  [ResultCode.IDEMPOTENCY_KEY_REUSED]: 409,
  [ResultCode.TOO_MANY_REQUESTS]: 429,
  [ResultCode.SEND_LIMITED]: 429,
  [ResultCode.SEND_FAILED]: 502,
  [ResultCode.LOGIN_THROTTLED]: 429,
  [ResultCode.SERVER_ERROR]: 500,
  [ResultCode.SERVICE_UNAVAILABLE]: 503,
  [ResultCode.SIGNATURE_MISSING]: 403,
  [ResultCode.SIGNATURE_INVALID]: 403,
  [ResultCode.TIMESTAMP_OUT_OF_WINDOW]: 403,
  [ResultCode.NONCE_REPLAYED]: 403,
  [ResultCode.CONTENT_MD5_MISMATCH]: 403,
  [ResultCode.FILE_TOO_LARGE]: 413,
  [ResultCode.FILE_TYPE_NOT_ALLOWED]: 415,
  [ResultCode.UPLOAD_QUOTA_EXCEEDED]: 413,
};

export function httpStatusOf(code: number): number {
  return HTTP_STATUS_OF[code as ResultCodeValue] ?? 400;
}

/** A message in the server's languages: every table carries all three (messages.test checks it). */
export type MessageTexts = { zh_CN: string; en_US: string; zh_HK: string };

/**
 * Languages of the server's texts; zh_CN is the default. zh_HK is Traditional Chinese as written in
 * Hong Kong (the console's zh-HK).
 */
export const LANGS = ['zh_CN', 'en_US', 'zh_HK'] as const;
export type Lang = (typeof LANGS)[number];

/**
 * A request's language from its `lang` header and, for Chinese, its `Accept-Language`. The `lang`
 * header is zh_CN or en_US (SPEC section 7; zh_HK is taken too); a console in zh-HK sends zh_CN
 * with `Accept-Language: zh-HK`, and a first Accept-Language of zh-HK, zh-TW, zh-MO or zh-Hant
 * reads Traditional Chinese. English is never overridden by Accept-Language.
 */
export function parseLang(value: unknown, acceptLanguage?: unknown): Lang {
  if (value === 'en_US' || value === 'zh_HK') return value;
  const first =
    typeof acceptLanguage === 'string'
      ? (acceptLanguage.split(',')[0]?.split(';')[0]?.trim().toLowerCase() ?? '')
      : '';
  return /^zh-(hk|tw|mo|hant)\b/.test(first) ? 'zh_HK' : 'zh_CN';
}
