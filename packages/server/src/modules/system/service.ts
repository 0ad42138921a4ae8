import { ResultCode } from '@trialab/api-contract';
import { ApiError } from '../../lib/errors.js';

/** A device ticket is for a web origin exactly as given (http or https, no path). */
export function webOrigin(origin: string): string {
  const url = new URL(origin);
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== origin) {
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'originNotAllowed' });
  }
  return url.origin;
}
