import { ResultCode } from '@trialab/api-contract';
import { ApiError } from '../../lib/errors.js';
import { hasPermission, type Principal } from '../../services/identity/permissions.js';

/** The reference given names an existing record (`field` names the input in the refusal). */
export function assertKnown(field: string, known: boolean): void {
  if (!known) throw new ApiError(ResultCode.BAD_REQUEST, { key: 'invalidReference', params: { field } });
}

/** Every id given names an existing record. */
export function assertAllKnown(field: string, wanted: number[], known: number[]): void {
  assertKnown(field, known.length === wanted.length);
}

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

type Grant = { userId: number; projectId: number; siteId: number | null };

/**
 * The user's grant rows: staff get whole projects; an external user (type 2) gets the listed sites of
 * each project (at least one, each of that project). A repeated project or site is kept once.
 */
export function grantRows(
  userId: number,
  userType: number,
  projects: Array<{ projectId: number; siteIds: number[] }>,
  projectOfSite: ReadonlyMap<number, number>,
): Grant[] {
  const rows: Grant[] = [];
  for (const p of projects) {
    if (userType === 2 && p.siteIds.length === 0)
      throw new ApiError(ResultCode.BAD_REQUEST, { key: 'externalNeedsSites' });
    if (userType !== 2 || p.siteIds.length === 0) {
      rows.push({ userId, projectId: p.projectId, siteId: null });
      continue;
    }
    for (const siteId of new Set(p.siteIds)) {
      if (projectOfSite.get(siteId) !== p.projectId)
        throw new ApiError(ResultCode.BAD_REQUEST, { key: 'siteNotInProject' });
      rows.push({ userId, projectId: p.projectId, siteId });
    }
  }
  return [...new Map(rows.map((r) => [`${r.projectId}/${r.siteId}`, r])).values()];
}
