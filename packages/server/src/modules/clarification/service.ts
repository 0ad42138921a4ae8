import { type QueryState, ResultCode } from '@trialab/api-contract';
import { ApiError } from '../../lib/errors.js';

/** Clarification query rules that need no database. */

/**
 * Raising, closing and re-opening queries is staff work: a site user (type 2) is refused even if
 * a role granted the permission by mistake.
 */
export function requireStaff<P extends { type: number }>(principal: P): P {
  if (principal.type === 2) throw new ApiError(ResultCode.FORBIDDEN, { key: 'staffOnly' });
  return principal;
}

/** SPEC section 4: a query needing no clarification is resolved once a site user views it. */
export function resolvesOnView(
  viewer: { type: number },
  query: { status: QueryState; needsClarification: boolean },
): boolean {
  return viewer.type === 2 && query.status === 'open' && !query.needsClarification;
}

/** The shipment a query is about must exist and belong to the query's project and site. */
export function assertShipmentOf(
  shipment: { projectId: number; siteId: number } | undefined,
  query: { projectId: number; siteId: number },
): void {
  if (!shipment || shipment.projectId !== query.projectId || shipment.siteId !== query.siteId)
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'queryShipmentInvalid' });
}
