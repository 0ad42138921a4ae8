import { describe, expect, it } from 'vitest';
import { refusal } from '../../../test/refusal.js';
import { assertAllKnown, grantRows } from '../../services/identity/grants.js';
import { assertGrantable, assertReason, assertRoleUnused } from './service.js';

describe('access rules', () => {
  it('refuses unknown references and a role still held', () => {
    expect(refusal(() => assertAllKnown('permissionIds', [1, 2], [1]))).toEqual({
      key: 'invalidReference',
      params: { field: 'permissionIds' },
    });
    expect(refusal(() => assertAllKnown('projectId', [], []))).toBeNull();
    expect(refusal(() => assertRoleUnused(2))).toEqual({ key: 'roleInUse', params: { count: 2 } });
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

  it('asks a reason for role changes and grants only permissions the caller holds', () => {
    expect(refusal(() => assertReason(undefined))?.key).toBe('reasonRequired');
    expect(refusal(() => assertReason(''))?.key).toBe('reasonRequired');
    expect(refusal(() => assertReason('岗位调整'))).toBeNull();
    const caller = { isSuper: false, permissions: new Set(['a:b:page', 'a:b:view']) };
    const rows = [
      { id: 1, authority: 'a:b:page' },
      { id: 2, authority: 'x:y:release' },
      { id: 3, authority: null },
    ];
    expect(refusal(() => assertGrantable(caller, new Set(), rows))).toEqual({
      key: 'grantNotHeld',
      params: { permission: 'x:y:release' },
    });
    // What the role already had may stay; the super account and *:*:* hold everything.
    expect(refusal(() => assertGrantable(caller, new Set([2]), rows))).toBeNull();
    expect(refusal(() => assertGrantable({ ...caller, isSuper: true }, new Set(), rows))).toBeNull();
    expect(
      refusal(() => assertGrantable({ isSuper: false, permissions: new Set(['*:*:*']) }, new Set(), rows)),
    ).toBeNull();
  });
});
