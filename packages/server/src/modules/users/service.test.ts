import { describe, expect, it } from 'vitest';
import { refusal } from '../../../test/refusal.js';
import {
  assertGrantsEditable,
  assertMayGrantProjects,
  assertReasonForChange,
  differ,
} from '../../services/identity/grants.js';
import {
  assertMayChangeStatus,
  assertMayGrantRoles,
  assertMayResetPassword,
  assertNoRecords,
  assertRolesFitType,
  isInternalRole,
} from './service.js';

const lab = { id: 1, name: '实验员', authorities: ['laboratory:root:view', 'laboratory:receipt:page'] };
const site = { id: 2, name: '中心用户', authorities: ['web:root:view', 'personal:account:view'] };
const empty = { id: 3, name: '空角色', authorities: [] };
const wildcard = { id: 4, name: '全部', authorities: ['*:*:*'] };

describe('account rules', () => {
  it('grants only roles whose every permission the granter holds', () => {
    const admin = { isSuper: false, permissions: new Set(['web:root:view', 'personal:account:view']) };
    expect(refusal(() => assertMayGrantRoles(admin, [site, empty]))).toBeNull();
    expect(refusal(() => assertMayGrantRoles(admin, [site, lab]))).toEqual({
      key: 'grantBeyondOwn',
      params: { permission: 'laboratory:root:view' },
    });
    expect(refusal(() => assertMayGrantRoles(admin, [wildcard]))?.key).toBe('grantBeyondOwn');
    expect(
      refusal(() => assertMayGrantRoles({ isSuper: true, permissions: new Set() }, [wildcard])),
    ).toBeNull();
    expect(
      refusal(() => assertMayGrantRoles({ isSuper: false, permissions: new Set(['*:*:*']) }, [lab])),
    ).toBeNull();
  });

  it('an external user holds only portal roles', () => {
    expect(isInternalRole(lab)).toBe(true);
    expect(isInternalRole(site)).toBe(false);
    expect(isInternalRole(empty)).toBe(false);
    expect(isInternalRole(wildcard)).toBe(true);
    expect(refusal(() => assertRolesFitType(2, [site, lab]))).toEqual({
      key: 'internalRoleForExternal',
      params: { role: '实验员' },
    });
    expect(refusal(() => assertRolesFitType(2, [site, empty]))).toBeNull();
    expect(refusal(() => assertRolesFitType(1, [lab, site]))).toBeNull();
  });

  it('grants only projects of the granter, and never edits the super account', () => {
    expect(refusal(() => assertMayGrantProjects({ all: true, projectIds: new Set() }, [1, 2]))).toBeNull();
    expect(refusal(() => assertMayGrantProjects({ all: false, projectIds: new Set([1]) }, [1]))).toBeNull();
    expect(refusal(() => assertMayGrantProjects({ all: false, projectIds: new Set([1]) }, [1, 2]))).toEqual({
      key: 'grantBeyondScope',
      params: { projectId: 2 },
    });
    expect(refusal(() => assertGrantsEditable({ isSuper: true }))?.key).toBe('superGrantsFixed');
    expect(refusal(() => assertGrantsEditable({ isSuper: false }))).toBeNull();
  });

  it('nobody disables their own account, a super account unless super, or the last super account', () => {
    const admin = { id: 7, isSuper: false };
    const root = { id: 1, isSuper: true };
    const staff = { id: 9, isSuper: false };
    expect(refusal(() => assertMayChangeStatus(admin, staff, 0, 1))).toBeNull();
    expect(refusal(() => assertMayChangeStatus(admin, admin, 0, 1))?.key).toBe('cannotDisableSelf');
    expect(refusal(() => assertMayChangeStatus(admin, root, 0, 2))?.key).toBe('superProtected');
    expect(refusal(() => assertMayChangeStatus(root, root, 0, 1))?.key).toBe('cannotDisableSelf');
    const other = { id: 2, isSuper: true };
    expect(refusal(() => assertMayChangeStatus(root, other, 0, 1))?.key).toBe('lastSuperAccount');
    expect(refusal(() => assertMayChangeStatus(root, other, 0, 2))).toBeNull();
    expect(refusal(() => assertMayChangeStatus(root, other, 1, 1))).toBeNull();
  });

  it('resets passwords of others only, a super account only by a super account, mail needs an address', () => {
    const admin = { id: 7, isSuper: false };
    const staff = { id: 9, isSuper: false, email: null };
    expect(refusal(() => assertMayResetPassword(admin, staff, false))).toBeNull();
    expect(refusal(() => assertMayResetPassword(admin, staff, true))?.key).toBe('userHasNoEmail');
    expect(refusal(() => assertMayResetPassword(admin, { ...admin, email: 'a@b.c' }, false))?.key).toBe(
      'cannotResetOwnPassword',
    );
    expect(
      refusal(() => assertMayResetPassword(admin, { id: 1, isSuper: true, email: 'a@b.c' }, true))?.key,
    ).toBe('superProtected');
  });

  it('deletes only accounts without records', () => {
    expect(refusal(() => assertNoRecords({ audit: 0, authored: 0 }))).toBeNull();
    expect(refusal(() => assertNoRecords({ audit: 2, authored: 0 }))).toEqual({
      key: 'userHasRecords',
      params: { audit: 2, authored: 0 },
    });
    expect(refusal(() => assertNoRecords({ audit: 0, authored: 1 }))?.key).toBe('userHasRecords');
  });

  it('asks a reason only when roles or grants change', () => {
    expect(differ([1, 2], [2, 1, 1])).toBe(false);
    expect(differ([1, 2], [1])).toBe(true);
    expect(differ([], [3])).toBe(true);
    expect(refusal(() => assertReasonForChange(true, undefined))?.key).toBe('reasonRequired');
    expect(refusal(() => assertReasonForChange(true, ''))?.key).toBe('reasonRequired');
    expect(refusal(() => assertReasonForChange(true, '调岗'))).toBeNull();
    expect(refusal(() => assertReasonForChange(false, undefined))).toBeNull();
  });
});
