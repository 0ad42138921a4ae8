import { isExternalPermission, ResultCode } from '@trialab/api-contract';
import { ApiError } from '../../lib/errors.js';
import { hasPermission, type Principal } from '../../services/identity/permissions.js';

/** A role that users still hold is not deleted (the refusal says how many hold it). */
export function assertRoleUnused(holders: number): void {
  if (holders > 0)
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'roleInUse', params: { count: holders } });
}

/** Role and permission changes carry a reason (Part 11); it goes into the audit record. */
export function assertReason(reason: string | null | undefined): asserts reason is string {
  if (!reason) throw new ApiError(ResultCode.REASON_REQUIRED, { key: 'reasonRequired' });
}

/**
 * Nobody grants a right they do not hold: every permission newly given to the role (not those it
 * already had) must be held by the caller; the super account and `*:*:*` hold all.
 */
export function assertGrantable(
  principal: Principal,
  before: ReadonlySet<number>,
  after: ReadonlyArray<{ id: number; authority: string | null }>,
): void {
  const unheld = after.find(
    (p) => !before.has(p.id) && p.authority !== null && !hasPermission(principal, p.authority),
  );
  if (unheld)
    throw new ApiError(ResultCode.FORBIDDEN, {
      key: 'grantNotHeld',
      params: { permission: unheld.authority ?? '' },
    });
}

/**
 * External users never hold an internal role: a role site users hold keeps to the areas they may
 * hold (the portal, the personal centre), whatever screen edits it.
 */
export function assertFitsExternalHolders(
  externalHolders: number,
  after: ReadonlyArray<{ authority: string | null }>,
): void {
  if (externalHolders === 0) return;
  const internal = after.find((p) => p.authority !== null && !isExternalPermission(p.authority));
  if (internal)
    throw new ApiError(ResultCode.BAD_REQUEST, {
      key: 'roleHeldByExternal',
      params: { count: externalHolders, permission: internal.authority ?? '' },
    });
}
