import type { EndpointDef } from '@trialab/api-contract';
import { ResultCode } from '@trialab/api-contract';
import { ApiError } from './errors.js';
import type { Ctx, Principal } from './route.js';

/** The session's principal; the route pipeline guarantees one on non-public endpoints. */
export function requirePrincipal<E extends EndpointDef>(ctx: Ctx<E>): Principal {
  if (!ctx.principal) throw new ApiError(ResultCode.UNAUTHORIZED, { key: 'unauthorized' });
  return ctx.principal;
}
