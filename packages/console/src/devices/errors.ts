import {
  BridgeError,
  ERROR_CATALOGUE,
  type ErrorCode,
  type ErrorPayload,
  errorText,
} from '@trialab/device-protocol';
import type { Language } from '../locales/lang';

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CATALOGUE, value);
}

/** Any failure of a device call as a protocol error payload (unknown failures become INTERNAL). */
export function deviceError(error: unknown): ErrorPayload {
  if (error instanceof BridgeError) return error.toPayload();
  if (typeof error === 'object' && error !== null) {
    const candidate = error as Partial<ErrorPayload>;
    if (isErrorCode(candidate.code)) {
      return {
        code: candidate.code,
        message:
          typeof candidate.message === 'string' ? candidate.message : ERROR_CATALOGUE[candidate.code].en,
        retryable: candidate.retryable ?? ERROR_CATALOGUE[candidate.code].retryable,
        ...(candidate.details ? { details: candidate.details } : {}),
      };
    }
  }
  return { code: 'INTERNAL', message: String(error), retryable: false };
}

const CATALOGUE_LANGUAGE = { 'zh-CN': 'cn', 'en-US': 'en', 'zh-HK': 'hk' } as const;

/**
 * The catalogue's (or the vendor's) message in the user's language: simplified Chinese, English or
 * traditional Chinese for HK (the device-protocol catalogue declares all three).
 */
export function deviceErrorText(error: unknown, language: Language | string): string {
  const lang = Object.hasOwn(CATALOGUE_LANGUAGE, language) ? CATALOGUE_LANGUAGE[language as Language] : 'cn';
  return errorText(deviceError(error), lang);
}

/** The call was cancelled by the user or by leaving the page: nothing to report. */
export function isCancellation(error: unknown): boolean {
  const { code } = deviceError(error);
  return code === 'CANCELLED' || code === 'FINGERPRINT_CANCELLED';
}
