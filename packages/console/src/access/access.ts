/**
 * Access as pure functions of the session (SPEC section 6). A route or element carries an
 * authority: '*' (everyone), a permission string, or an object naming permission(s) and/or
 * role(s). The user passes if any listed permission or any listed role is held.
 */
export type Authority = string | { permission?: string | string[]; role?: string | string[] };

/** A permission or role held by the user: a plain code, or an id with its allowed operations. */
export type Grant = string | { id: string | number; operation?: string[] };

export interface AccessSubject {
  permissions: readonly Grant[];
  roles: readonly Grant[];
}

export const EVERYONE = '*';
export const SUPER_PERMISSION = '*:*:*';

function grantId(grant: Grant): string {
  return typeof grant === 'string' ? grant : String(grant.id);
}

function toList(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

export function isSuper(subject: AccessSubject): boolean {
  return subject.permissions.some((grant) => grantId(grant) === SUPER_PERMISSION);
}

export function holdsPermission(subject: AccessSubject, code: string): boolean {
  if (code === EVERYONE || isSuper(subject)) return true;
  return subject.permissions.some((grant) => grantId(grant) === code);
}

export function holdsRole(subject: AccessSubject, code: string): boolean {
  return subject.roles.some((grant) => grantId(grant) === code);
}

export function canAccess(authority: Authority | undefined, subject: AccessSubject): boolean {
  if (authority === undefined || authority === EVERYONE) return true;
  if (typeof authority === 'string') return holdsPermission(subject, authority);
  const permissions = toList(authority.permission);
  const roles = toList(authority.role);
  if (permissions.length === 0 && roles.length === 0) return true;
  return (
    permissions.some((code) => holdsPermission(subject, code)) ||
    roles.some((code) => holdsRole(subject, code))
  );
}

/** The nearest authority of a chain (outermost first); unset entries inherit, default '*'. */
export function inheritAuthority(chain: readonly (Authority | undefined)[]): Authority {
  let current: Authority = EVERYONE;
  for (const authority of chain) if (authority !== undefined) current = authority;
  return current;
}

/** Permission directive: true when the user holds at least one of the listed permissions. */
export function hasAnyPermission(subject: AccessSubject, codes: readonly string[]): boolean {
  if (codes.length === 0) throw new Error('permission gate needs a non-empty list of permission codes');
  return codes.some((code) => holdsPermission(subject, code));
}

/**
 * Auth directive: an operation is allowed when it is in the operation list that the user's grant
 * for the route's permission (or one of its roles) carries.
 */
export function canOperate(
  authority: Authority | undefined,
  operation: string,
  subject: AccessSubject,
): boolean {
  if (isSuper(subject)) return true;
  const codes =
    authority === undefined || authority === EVERYONE
      ? { permissions: [], roles: [] }
      : typeof authority === 'string'
        ? { permissions: [authority], roles: [] }
        : { permissions: toList(authority.permission), roles: toList(authority.role) };
  const allows = (grants: readonly Grant[], wanted: string[]) =>
    grants.some(
      (grant) =>
        typeof grant !== 'string' &&
        wanted.includes(String(grant.id)) &&
        (grant.operation ?? []).includes(operation),
    );
  return allows(subject.permissions, codes.permissions) || allows(subject.roles, codes.roles);
}

/** Allow directive: the user's field (id by default) is among the values. Reject is the opposite. */
export function isAllowed(
  user: Record<string, unknown> | null,
  values: readonly unknown[],
  field = 'id',
): boolean {
  if (!user) return false;
  const value = user[field];
  return values.some((candidate) => String(candidate) === String(value));
}
