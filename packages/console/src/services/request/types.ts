import type { AxiosRequestConfig } from 'axios';

/** Per-request options of the request helper (SPEC sections 7 and 8). */
export interface RequestFlags {
  /** Leave string parameters untrimmed. */
  skipTrim?: boolean;
  /** Do not show the HTTP 400+ message. */
  ignoreErrorMessage?: boolean;
  /** A body code other than 200 rejects silently with the code instead of showing msg. */
  ignoreCode?: boolean;
  /** HTTP statuses treated as answers rather than failures (test-item enable accepts 400). */
  acceptStatus?: number[] | 'any';
  /** Pre-login call: no session needed. */
  public?: boolean;
  /** Resolve with the axios response itself (file downloads). */
  raw?: boolean;
  /** Multipart upload: base64 MD5 of the file's bytes, signed as Content-MD5 (docs/api.md, Files). */
  fileMd5?: string;
  /** Internal: the request was already retried after a clock correction. */
  skewRetried?: boolean;
  /** Internal: the query parameters as given, kept for signing a retried request. */
  queryParams?: Record<string, unknown> | undefined;
  /** Internal: the Idempotency-Key of a state-changing call, the same on each of its retries. */
  idempotencyKey?: string;
  /** Internal: how often the call was sent again after getting no answer. */
  networkRetries?: number;
}

declare module 'axios' {
  interface AxiosRequestConfig extends RequestFlags {}
}

/** The response envelope: success is HTTP 200 with code 200. */
export interface Envelope<T = unknown> {
  code: number | string;
  msg?: string;
  data: T;
  total?: number;
  ignoreCode?: boolean;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions extends Omit<AxiosRequestConfig, 'method'>, RequestFlags {
  url: string;
  /** Any other method falls back to GET. */
  method?: string;
  /** Query for GET and DELETE, body for POST and PUT. */
  data?: unknown;
}

/** Why a call failed; `silent` when the user was not shown a message (ignoreCode, cancel). */
export class RequestError extends Error {
  constructor(
    message: string,
    readonly kind: 'business' | 'http' | 'network' | 'unauthorized' | 'setup' | 'cancelled',
    readonly code?: number | string,
    readonly status?: number,
    readonly silent = false,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

/** What the interceptors need from the rest of the app; injected so each is tested alone. */
export interface RequestDeps {
  getAuthorization(): string | null;
  getSigningKey(): string | null;
  /** UI language (zh-CN, en-US, zh-HK). */
  getLanguage(): string;
  /** The browser's IANA time zone, sent as `tz` so exported files use the screen's local time. */
  getTimeZone(): string | undefined;
  notifyError(message: string): void;
  notifyWarning(message: string): void;
  /** Any 401, or a protected call without a session. */
  onUnauthorized(): void;
  translate(key: string): string;
  clock: { now(): number; correct(serverTime: number): void };
  /** Waits before the retries of a state-changing call that got no answer (default 0.5 s, then 2 s). */
  networkRetryDelaysMs?: readonly number[];
}
