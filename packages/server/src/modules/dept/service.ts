import { ResultCode } from '@trialab/api-contract';
import { ApiError } from '../../lib/errors.js';

/** The parent chain as the tree stands: department id -> parent id (null at the top). */
export type ParentMap = ReadonlyMap<number, number | null>;

/**
 * A department moved under `parentId` must not end up under itself: walking up from the new parent
 * never meets the department (which also refuses it as its own parent). The parent must exist.
 */
export function assertNoCycle(id: number | null, parentId: number | null, parents: ParentMap): void {
  const seen = new Set<number>();
  for (let at = parentId; at !== null; at = parents.get(at) ?? null) {
    if (!parents.has(at))
      throw new ApiError(ResultCode.BAD_REQUEST, { key: 'invalidReference', params: { field: 'parentId' } });
    if (at === id || seen.has(at)) throw new ApiError(ResultCode.BAD_REQUEST, { key: 'deptCycle' });
    seen.add(at);
  }
}

/** A name is used once among the departments of one parent (compared trimmed, case-insensitively). */
export function assertSiblingNameFree(name: string, siblingNames: readonly string[]): void {
  const wanted = name.trim().toLowerCase();
  if (siblingNames.some((n) => n.trim().toLowerCase() === wanted))
    throw new ApiError(ResultCode.DUPLICATE, { key: 'deptNameTaken', params: { name } });
}

/** What a department holds that is still enabled (its own members, its direct sub-departments). */
export interface DeptContents {
  enabledMembers: number;
  enabledChildren: number;
}

/**
 * Disabling is refused while the department still has enabled members or enabled sub-departments
 * (move or disable them first), so no active account or branch hangs under a disabled department.
 */
export function assertMayDisable(contents: DeptContents): void {
  if (contents.enabledChildren > 0)
    throw new ApiError(ResultCode.BAD_REQUEST, {
      key: 'deptHasChildren',
      params: { count: contents.enabledChildren },
    });
  if (contents.enabledMembers > 0)
    throw new ApiError(ResultCode.BAD_REQUEST, {
      key: 'deptHasMembers',
      params: { count: contents.enabledMembers },
    });
}

/** An enabled department sits under an enabled parent (or at the top). */
export function assertParentEnabled(status: number, parentStatus: number | null): void {
  if (status === 1 && parentStatus === 0)
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'deptParentDisabled' });
}
