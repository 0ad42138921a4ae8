// What a role grants, as an administrator thinks of it: per area of the product, what a person does
// there (view, create, review, sign, release, export). The one declaration of how those map to the
// permission strings the server checks (page permissions `area:page:view` and the endpoint and
// workflow permissions behind them). Roles still store permission strings (by their rows' ids): an
// area×action is held when the role has every string of it, partly when some. The role editor and
// the server's rules (external users, the declaration test) both read it.
import { allWorkflows } from './workflows/machine.js';

export const GRANT_ACTIONS = ['view', 'create', 'review', 'sign', 'release', 'export'] as const;
export type GrantAction = (typeof GRANT_ACTIONS)[number];

export interface GrantArea {
  key: string;
  /** Permission strings starting with one of these belong here (the longest matching prefix wins). */
  prefix: string;
  /** The path of its menu: the console names the area as that menu (`menu.<path>`). */
  path: string;
  /** Site users (external accounts) may hold it; a role with anything else is a staff role. */
  external?: true;
}

const area = (segment: string, external?: true): GrantArea => ({
  key: segment,
  prefix: `${segment}:`,
  path: `/${segment}`,
  ...(external ? { external } : {}),
});

/**
 * The areas: the top-level menus, in the menu's order, plus the portal's inventory unblinding results,
 * granted on their own (never with the ordinary site role: it breaks the blind).
 */
export const GRANT_AREAS: readonly GrantArea[] = [
  area('home'),
  area('marketing'),
  area('project'),
  area('laboratory'),
  area('specimen'),
  area('supply'),
  area('express'),
  area('financial'),
  area('web', true),
  {
    key: 'web-unblinding',
    prefix: 'web:personal-report:',
    path: '/web/personal-report',
    external: true,
  },
  area('electronic-record'),
  area('report-manage'),
  area('platform'),
  area('system'),
  area('personal', true),
];

/** The last part of a permission string (its verb) → what a person does with it. */
const VERB_ACTIONS: Record<string, GrantAction> = {
  view: 'view',
  page: 'view',
  query: 'view',
  list: 'view',
  // Entering and changing records, and recording the work done (receipts, replies, states).
  create: 'create',
  add: 'create',
  update: 'create',
  edit: 'create',
  delete: 'create',
  status: 'create',
  toggle: 'create',
  import: 'create',
  submit: 'create',
  withdraw: 'create',
  revoke: 'create',
  cancel: 'create',
  respond: 'create',
  reply: 'create',
  close: 'create',
  reopen: 'create',
  in: 'create',
  out: 'create',
  disable: 'create',
  capture: 'create',
  device: 'create',
  setting: 'create',
  'reset-password': 'create',
  pickup: 'create',
  receive: 'create',
  sign: 'create',
  chargeback: 'create',
  notice: 'create',
  // The specimen library: moving specimens and boxes, blocking cells, restricting what a level takes.
  move: 'create',
  block: 'create',
  restrict: 'create',
  maintain: 'create',
  extend: 'create',
  // Keeping a project's authorised recipients of specimens (identity-verified custody).
  recipient: 'create',
  // Quality assurance's authorisation of a destruction (one of its two authorisers holds it).
  qa: 'sign',
  // Legal holds and consent withdrawals: set and lifted with an e-signature.
  hold: 'sign',
  lift: 'sign',
  // Marketing: seeing every customer (not only one's own) is a wider view.
  all: 'view',
  // A batch correction of specimen records, e-signed (batch-edit-sample).
  correct: 'sign',
  // A second person's check without an e-signature.
  review: 'review',
  audit: 'review',
  approve: 'review',
  return: 'review',
  confirm: 'review',
  verify: 'review',
  release: 'release',
  publish: 'release',
  dispatch: 'release',
  export: 'export',
  download: 'export',
};

/**
 * The user pickers (`system:user:list`) every staff page that names people uses: deliberately in no
 * one area×action (a role holding it would seem to hold a little of every area), granted with the
 * view of every staff area.
 */
const PEOPLE_PICKER = 'system:user:list';
/** Permission strings deliberately outside the areas×actions: granted only along with them. */
export const SHARED_PERMISSIONS: readonly string[] = [PEOPLE_PICKER];

/**
 * Permission strings of another area that an area's pages call: the bench raises and follows queries
 * at /laboratory/before-analysis/question with the project area's query permissions.
 */
const BORROWED: Record<string, Partial<Record<GrantAction, readonly string[]>>> = {
  laboratory: {
    view: ['project:question:page', 'project:question:query'],
    create: ['project:question:create', 'project:question:close', 'project:question:reopen'],
  },
};

/**
 * Whether a transition with an e-signature needs this permission (approving with it is `sign`). Read
 * each time: the workflows are declared as their modules load (the package index loads them all).
 */
function isSigned(permission: string): boolean {
  return allWorkflows().some((workflow) =>
    Object.values(workflow.transitions).some((t) => t.signature && t.permission === permission),
  );
}

export function areaOf(permission: string): GrantArea | undefined {
  let best: GrantArea | undefined;
  for (const candidate of GRANT_AREAS)
    if (permission.startsWith(candidate.prefix) && (!best || candidate.prefix.length > best.prefix.length))
      best = candidate;
  return best;
}

/**
 * The one area×action a permission string belongs to (its home), or undefined for one the
 * declaration does not know (a test lists every permission the server declares). A signed approval
 * is `sign`, except a release, which stays `release` (it is signed too).
 */
export function grantOf(permission: string): { area: string; action: GrantAction } | undefined {
  const home = SHARED_PERMISSIONS.includes(permission) ? undefined : areaOf(permission);
  const verb = permission.slice(permission.lastIndexOf(':') + 1);
  const byVerb = VERB_ACTIONS[verb];
  if (!home || !byVerb) return undefined;
  const action = byVerb !== 'release' && isSigned(permission) ? 'sign' : byVerb;
  return { area: home.key, action };
}

/** Strings an area×action grants besides those whose home it is (other areas', the shared ones). */
export function borrowedBy(areaKey: string, action: GrantAction): readonly string[] {
  const own = BORROWED[areaKey]?.[action] ?? [];
  const staff = GRANT_AREAS.find((a) => a.key === areaKey && !a.external);
  return action === 'view' && staff ? [...own, ...SHARED_PERMISSIONS] : own;
}

/** `area/action` → the permission strings (of those given) it grants, for the actions that exist. */
export function grantMatrix(permissions: Iterable<string>): Map<string, Map<GrantAction, string[]>> {
  const all = new Set(permissions);
  const matrix = new Map<string, Map<GrantAction, string[]>>();
  const add = (areaKey: string, action: GrantAction, permission: string) => {
    const row = matrix.get(areaKey) ?? new Map<GrantAction, string[]>();
    matrix.set(areaKey, row);
    const list = row.get(action) ?? [];
    if (!list.includes(permission)) list.push(permission);
    row.set(action, list);
  };
  for (const permission of all) {
    const home = grantOf(permission);
    if (home) add(home.area, home.action, permission);
  }
  for (const a of GRANT_AREAS)
    for (const action of GRANT_ACTIONS) {
      if (!matrix.get(a.key)?.has(action)) continue;
      for (const permission of borrowedBy(a.key, action))
        if (all.has(permission)) add(a.key, action, permission);
    }
  // In the areas' and the actions' order.
  return new Map(
    GRANT_AREAS.flatMap((a) => {
      const row = matrix.get(a.key);
      return row
        ? [[a.key, new Map(GRANT_ACTIONS.flatMap((x) => (row.has(x) ? [[x, row.get(x) ?? []]] : [])))]]
        : [];
    }),
  );
}

/** Whether a site user (external account) may hold this permission. */
export function isExternalPermission(permission: string): boolean {
  return areaOf(permission)?.external === true;
}
