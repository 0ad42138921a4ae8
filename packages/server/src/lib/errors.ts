import { ResultCode, type ResultCodeValue } from '@trialab/api-contract';
import type { MessageKey } from './i18n.js';

/**
 * A business error answered as the envelope `{code, msg, data}`. `commit` keeps the request's
 * transaction (e.g. a failed login still counts); otherwise the transaction rolls back.
 */
export class ApiError extends Error {
  constructor(
    readonly code: ResultCodeValue,
    readonly options: {
      key?: MessageKey;
      params?: Record<string, string | number>;
      data?: unknown;
      /** Already-translated detail (validation messages). */
      detail?: string;
      commit?: boolean;
    } = {},
  ) {
    super(`api error ${code}${options.key ? ` (${options.key})` : ''}`);
  }
}

export const notFound = (key: MessageKey = 'notFound') => new ApiError(ResultCode.NOT_FOUND, { key });
export const forbidden = (key: MessageKey = 'forbidden') => new ApiError(ResultCode.FORBIDDEN, { key });
