import type { CurrentUser, MenuItem } from '@trialab/api-contract';
import { create } from 'zustand';
import type { AccessSubject, Grant } from '../access/access';
import { type AppRoute, type BuiltAccess, buildAccess, type MenuNode } from '../router/buildRoutes';
import { HOME_PATH, LAYOUT_ROUTES } from '../router/routeTable';
import { readJson, STORAGE_KEYS, writeJson } from '../utils/storage';

type Role = CurrentUser['roles'][number];
type ExternalPermission = CurrentUser['externalPermissions'][number];

interface PermissionState {
  /** Server menu (admin.routes); null until loaded in this session. */
  menu: MenuItem[] | null;
  permissions: string[];
  externalPermissions: ExternalPermission[];
  roles: Role[];
  routes: AppRoute[];
  menus: MenuNode[];
  firstPath: string | null;
  /** Whether menus were fetched from the server since this page loaded. */
  loaded: boolean;
  apply(user: CurrentUser, menu: MenuItem[]): void;
  reset(): void;
}

export function subjectOf(
  permissions: readonly string[],
  roles: readonly Role[],
  isSuper = false,
): AccessSubject {
  const grants: Grant[] = [...permissions];
  if (isSuper && !grants.includes('*:*:*')) grants.push('*:*:*');
  return { permissions: grants, roles: roles.flatMap((role) => [role.code, String(role.id)]) };
}

/**
 * The home to-do opens for every signed-in staff user, in the menu or not: one without any permission
 * lands there and sees the SPEC's hint instead of the forbidden page (its endpoint answers only the
 * caller's own items, so it needs no permission of its own).
 */
function withHome(access: BuiltAccess, staff: boolean): BuiltAccess {
  if (!staff || access.routes.some((route) => route.fullPath === HOME_PATH)) return access;
  const home: AppRoute = {
    fullPath: HOME_PATH,
    parents: ['/home'],
    hidden: true,
    noCache: false,
    unclosable: false,
    authority: '*',
  };
  return { ...access, routes: [...access.routes, home], firstPath: access.firstPath ?? HOME_PATH };
}

function built(menu: MenuItem[] | null, permissions: string[], roles: Role[], staff = false): BuiltAccess {
  if (!menu) return { routes: [], menus: [], firstPath: null };
  return withHome(buildAccess(menu, LAYOUT_ROUTES, subjectOf(permissions, roles)), staff);
}

const initialMenu = readJson<MenuItem[] | null>(STORAGE_KEYS.routes, null);
const initialPermissions = readJson<string[]>(STORAGE_KEYS.permissions, []);
const initialRoles = readJson<Role[]>(STORAGE_KEYS.roles, []);

export const usePermission = create<PermissionState>((set) => ({
  menu: initialMenu,
  permissions: initialPermissions,
  externalPermissions: readJson<ExternalPermission[]>(STORAGE_KEYS.externalPermissions, []),
  roles: initialRoles,
  ...built(initialMenu, initialPermissions, initialRoles),
  loaded: false,
  apply(user, menu) {
    const permissions =
      user.isSuper && !user.permissions.includes('*:*:*') ? [...user.permissions, '*:*:*'] : user.permissions;
    writeJson(STORAGE_KEYS.routes, menu);
    writeJson(STORAGE_KEYS.permissions, permissions);
    writeJson(STORAGE_KEYS.externalPermissions, user.externalPermissions);
    writeJson(STORAGE_KEYS.roles, user.roles);
    set({
      menu,
      permissions,
      externalPermissions: user.externalPermissions,
      roles: user.roles,
      // Staff: USER_TYPE.internal, written out: a value import of the contract would join /login's chunk.
      ...built(menu, permissions, user.roles, user.type === 1),
      loaded: true,
    });
  },
  reset() {
    set({
      menu: null,
      permissions: [],
      externalPermissions: [],
      roles: [],
      routes: [],
      menus: [],
      firstPath: null,
      loaded: false,
    });
  },
}));

export function currentSubject(): AccessSubject {
  const { permissions, roles } = usePermission.getState();
  return subjectOf(permissions, roles);
}
