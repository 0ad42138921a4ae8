import type { CurrentUser, MenuItem } from '@trialab/api-contract';
import { USER_TYPE } from '@trialab/api-contract';
import { afterEach, describe, expect, it } from 'vitest';
import { decide } from '../router/guard';
import { usePermission } from './permission';

const user = (type: number): CurrentUser =>
  ({ type, isSuper: false, permissions: [], externalPermissions: [], roles: [] }) as unknown as CurrentUser;
const opening = (path: string) => {
  const { routes, firstPath, loaded } = usePermission.getState();
  return decide({ path, loggedIn: true, loaded, routes, firstPath, lastRoute: null });
};

describe('the home to-do for a user without permissions', () => {
  afterEach(() => usePermission.getState().reset());

  it('opens /home/todo (the SPEC hint) for staff, and / lands there, instead of the forbidden page', () => {
    usePermission.getState().apply(user(USER_TYPE.internal), [] as MenuItem[]);
    expect(opening('/home/todo')).toMatchObject({ kind: 'allow', route: { fullPath: '/home/todo' } });
    expect(opening('/')).toEqual({ kind: 'redirect', to: '/home/todo' });
    // Everything else stays refused, and nothing is added to the menu.
    expect(opening('/platform/account')).toEqual({ kind: 'forbidden' });
    expect(usePermission.getState().menus).toEqual([]);
  });

  it('leaves an external user without permissions on the forbidden page', () => {
    usePermission.getState().apply(user(USER_TYPE.external), [] as MenuItem[]);
    expect(opening('/home/todo')).toEqual({ kind: 'forbidden' });
  });
});
