import { WILDCARD_PERMISSION } from '@trialab/api-contract';

export interface Principal {
  isSuper: boolean;
  permissions: ReadonlySet<string>;
}

/** SPEC section 6: the super account and `*:*:*` grant everything; otherwise exact match. */
export function hasPermission(principal: Principal, permission: string): boolean {
  if (principal.isSuper || principal.permissions.has(WILDCARD_PERMISSION)) return true;
  return principal.permissions.has(permission);
}
