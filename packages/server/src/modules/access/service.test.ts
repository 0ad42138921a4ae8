import { describe, expect, it } from 'vitest';
import { refusal } from '../../../test/refusal.js';
import { assertAllKnown, assertRoleUnused, grantRows } from './service.js';

describe('access rules', () => {
  it('refuses unknown references and a role still held', () => {
    expect(refusal(() => assertAllKnown('permissionIds', [1, 2], [1]))).toEqual({
      key: 'invalidReference',
      params: { field: 'permissionIds' },
    });
    expect(refusal(() => assertAllKnown('projectId', [], []))).toBeNull();
    expect(refusal(() => assertRoleUnused(1))?.key).toBe('roleInUse');
    expect(refusal(() => assertRoleUnused(0))).toBeNull();
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
    expect(refusal(() => grantRows(7, 2, [{ projectId: 1, siteIds: [] }], sites))?.key).toBe(
      'externalNeedsSites',
    );
    expect(refusal(() => grantRows(7, 2, [{ projectId: 1, siteIds: [20] }], sites))?.key).toBe(
      'siteNotInProject',
    );
  });
});
