import { ResultCode } from '@trialab/api-contract';
import { ApiError } from '../../lib/errors.js';

/** The reference given names an existing record (`field` names the input in the refusal). */
export function assertKnown(field: string, known: boolean): void {
  if (!known) throw new ApiError(ResultCode.BAD_REQUEST, { key: 'invalidReference', params: { field } });
}

/** Every id given names an existing record. */
export function assertAllKnown(field: string, wanted: number[], known: number[]): void {
  assertKnown(field, known.length === wanted.length);
}

/** A role that users still hold is not deleted. */
export function assertRoleUnused(holders: number): void {
  if (holders > 0) throw new ApiError(ResultCode.BAD_REQUEST, { key: 'roleInUse' });
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
