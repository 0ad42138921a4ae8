import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/errors.js';
import { assertAllKnown, assertNotOwnParent, assertRoleUnused, grantRows } from './service.js';

const failure = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return { key: error.options.key, params: error.options.params };
    throw error;
  }
  return null;
};

describe('access rules', () => {
  it('refuses unknown references, a role still held and a department under itself', () => {
    expect(failure(() => assertAllKnown('permissionIds', [1, 2], [1]))).toEqual({
      key: 'invalidReference',
      params: { field: 'permissionIds' },
    });
    expect(failure(() => assertAllKnown('projectId', [], []))).toBeNull();
    expect(failure(() => assertRoleUnused(1))?.key).toBe('roleInUse');
    expect(failure(() => assertRoleUnused(0))).toBeNull();
    expect(failure(() => assertNotOwnParent(4, 4))?.key).toBe('invalidReference');
    expect(failure(() => assertNotOwnParent(4, null))).toBeNull();
  });

  it('grants staff whole projects and external users the listed sites of each, once each', () => {
    const sites = new Map([
      [10, 1],
      [11, 1],
      [20, 2],
    ]);
    expect(grantRows(7, 1, [{ projectId: 1, siteIds: [10] }], sites)).toEqual([
      { userId: 7, projectId: 1, siteId: null },
    ]);
    expect(
      grantRows(
        7,
        2,
        [
          { projectId: 1, siteIds: [10, 11, 10] },
          { projectId: 1, siteIds: [11] },
        ],
        sites,
      ),
    ).toEqual([
      { userId: 7, projectId: 1, siteId: 10 },
      { userId: 7, projectId: 1, siteId: 11 },
    ]);
    expect(failure(() => grantRows(7, 2, [{ projectId: 1, siteIds: [] }], sites))?.key).toBe(
      'externalNeedsSites',
    );
    expect(failure(() => grantRows(7, 2, [{ projectId: 1, siteIds: [20] }], sites))?.key).toBe(
      'siteNotInProject',
    );
  });
});
