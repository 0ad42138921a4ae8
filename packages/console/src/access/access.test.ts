import { describe, expect, it } from 'vitest';
import {
  type AccessSubject,
  canAccess,
  canOperate,
  hasAnyPermission,
  inheritAuthority,
  isAllowed,
} from './access';

const user: AccessSubject = {
  permissions: [
    'project:file',
    { id: 'lab:test', operation: ['add', 'edit'] },
    { id: 42, operation: ['view'] },
  ],
  roles: ['pm', { id: 'auditor', operation: ['approve'] }],
};
const superUser: AccessSubject = { permissions: ['*:*:*'], roles: [] };
const nobody: AccessSubject = { permissions: [], roles: [] };

describe('canAccess', () => {
  it('lets everyone through "*" and unset authorities', () => {
    expect(canAccess('*', nobody)).toBe(true);
    expect(canAccess(undefined, nobody)).toBe(true);
    expect(canAccess({}, nobody)).toBe(true);
  });
  it('matches permission strings and grant ids', () => {
    expect(canAccess('project:file', user)).toBe(true);
    expect(canAccess('lab:test', user)).toBe(true);
    expect(canAccess('42', user)).toBe(true);
    expect(canAccess('finance:bill', user)).toBe(false);
  });
  it('passes on any listed permission or any listed role', () => {
    expect(canAccess({ permission: ['x', 'project:file'] }, user)).toBe(true);
    expect(canAccess({ permission: 'x', role: 'pm' }, user)).toBe(true);
    expect(canAccess({ role: ['auditor'] }, user)).toBe(true);
    expect(canAccess({ permission: 'x', role: 'admin' }, user)).toBe(false);
  });
  it('grants everything to the *:*:* wildcard', () => {
    expect(canAccess('finance:bill', superUser)).toBe(true);
    expect(canAccess({ permission: 'anything' }, superUser)).toBe(true);
  });
});

describe('inheritAuthority', () => {
  it('takes the nearest set authority and defaults to *', () => {
    expect(inheritAuthority([])).toBe('*');
    expect(inheritAuthority(['a', undefined])).toBe('a');
    expect(inheritAuthority(['a', { role: 'r' }, undefined])).toEqual({ role: 'r' });
  });
});

describe('hasAnyPermission', () => {
  it('needs at least one', () => {
    expect(hasAnyPermission(user, ['x', 'project:file'])).toBe(true);
    expect(hasAnyPermission(user, ['x'])).toBe(false);
  });
  it('refuses an empty list', () => {
    expect(() => hasAnyPermission(user, [])).toThrow(/non-empty/);
  });
});

describe('canOperate', () => {
  it('reads the operation list of the grant for the route permission', () => {
    expect(canOperate('lab:test', 'add', user)).toBe(true);
    expect(canOperate('lab:test', 'delete', user)).toBe(false);
    expect(canOperate({ permission: '42' }, 'view', user)).toBe(true);
  });
  it('reads role operation lists too', () => {
    expect(canOperate({ role: 'auditor' }, 'approve', user)).toBe(true);
    expect(canOperate({ role: 'pm' }, 'approve', user)).toBe(false);
  });
  it('allows every operation to the super account, none on a public route', () => {
    expect(canOperate('lab:test', 'delete', superUser)).toBe(true);
    expect(canOperate('*', 'delete', user)).toBe(false);
  });
});

describe('isAllowed', () => {
  it('compares the chosen user field with the values', () => {
    expect(isAllowed({ id: 7 }, ['7'])).toBe(true);
    expect(isAllowed({ id: 7, type: 2 }, [2], 'type')).toBe(true);
    expect(isAllowed({ id: 7 }, [8])).toBe(false);
    expect(isAllowed(null, [7])).toBe(false);
  });
});
