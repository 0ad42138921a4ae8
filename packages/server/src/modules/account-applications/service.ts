import { ResultCode } from '@trialab/api-contract';
import { ApiError, notFound } from '../../lib/errors.js';
import type { SiteScope } from '../../lib/scope.js';
import { type Principal as AccessPrincipal, hasPermission } from '../../services/identity/permissions.js';
import type { OutgoingMessage } from '../../services/notifications/message-kinds.js';

/** Account application rules that need no database. */

/** Permissions a requestable role may hold: the portal and the personal centre only. */
const PORTAL_AREAS = ['web:', 'personal:'];

export type Grant = { projectId: number; siteId: number };

/**
 * The enabled roles made only of portal permissions (an applicant cannot ask for staff rights),
 * from (role, permission) rows ordered by role; a role with a null permission is not one.
 */
export function portalRolesOf(
  rows: Array<{ id: number; name: string; authority: string | null }>,
): Array<{ id: number; name: string; permissions: string[] }> {
  const byRole = new Map<number, { id: number; name: string; permissions: string[]; ok: boolean }>();
  for (const row of rows) {
    const entry = byRole.get(row.id) ?? { id: row.id, name: row.name, permissions: [], ok: true };
    if (!row.authority || !PORTAL_AREAS.some((a) => row.authority?.startsWith(a))) entry.ok = false;
    else entry.permissions.push(row.authority);
    byRole.set(row.id, entry);
  }
  return [...byRole.values()].filter((r) => r.ok).map(({ ok: _, ...role }) => role);
}

/**
 * Whether the holder has every permission of the role: an account cannot be asked for with
 * rights its applicant lacks (the unblinding report, say, which an administrator grants on purpose).
 */
export const holdsRole = (holder: AccessPrincipal, role: { permissions: string[] }) =>
  role.permissions.every((permission) => hasPermission(holder, permission));

/**
 * Each requested grant must name an existing site of its project that the applicant holds
 * (`held` is null when the applicant sees every site).
 */
export function assertGrantsOwned(
  grants: Grant[],
  sitesOfGrants: Array<{ id: number; projectId: number }>,
  held: ReadonlySet<string> | null,
): void {
  for (const g of grants) {
    const site = sitesOfGrants.find((s) => s.id === g.siteId);
    if (!site)
      throw new ApiError(ResultCode.BAD_REQUEST, { key: 'invalidReference', params: { field: 'siteId' } });
    if (site.projectId !== g.projectId)
      throw new ApiError(ResultCode.BAD_REQUEST, { key: 'siteNotInProject' });
    if (held && !held.has(siteKey(g))) throw new ApiError(ResultCode.FORBIDDEN, { key: 'grantNotOwned' });
  }
}

/** The key of a (project, site) pair in a set of held sites. */
export const siteKey = (g: Grant) => `${g.projectId}:${g.siteId}`;

/** Whether held (project, site) rows, a null site meaning the whole project, cover every grant. */
export const coversGrants = (held: Array<{ projectId: number; siteId: number | null }>, grants: Grant[]) =>
  grants.every((g) =>
    held.some((r) => r.projectId === g.projectId && (r.siteId === g.siteId || r.siteId === null)),
  );

/** A staff member may act on an application only when every requested site is in their projects. */
export function assertStaffScope(scope: SiteScope, grants: Grant[], forAction: boolean): void {
  if (scope.all) return;
  const inside = grants.filter((g) => scope.projectIds.has(g.projectId));
  if (inside.length === 0) throw notFound();
  if (forAction && inside.length < grants.length)
    throw new ApiError(ResultCode.FORBIDDEN, { key: 'forbiddenScope' });
}

/** The text message that gives a new portal user their first-login password (in Chinese: it goes to a phone). */
export function firstPasswordSms(
  account: { name: string; mobile: string },
  password: string,
): OutgoingMessage {
  const { name, mobile } = account;
  return {
    kind: 'firstPassword',
    channel: 'sms',
    recipient: mobile,
    lang: 'zh_CN',
    params: { name, mobile, password },
  };
}
