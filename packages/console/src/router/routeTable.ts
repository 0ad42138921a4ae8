import type { Authority } from '../access/access';

/**
 * The console's route table (SPEC section 2), as data. Paths are relative to the parent; titles
 * are i18n keys `menu.<fullPath>` in every locale. `hidden` (H) routes never show in the menu and
 * are kept even when the server menu does not list them; `noCache` (NC) pages drop their cached
 * content when their tab closes.
 */
export interface RouteNode {
  path: string;
  hidden?: boolean;
  noCache?: boolean;
  /** Tab cannot be closed. */
  unclosable?: boolean;
  authority?: Authority;
  /** Menu item to highlight when this (hidden) route is open. */
  highlight?: string;
  children?: RouteNode[];
}

const leaf = (path: string, flags = ''): RouteNode => {
  const node: RouteNode = { path };
  if (flags.includes('H')) node.hidden = true;
  if (flags.includes('N')) node.noCache = true;
  return node;
};
const group = (path: string, children: RouteNode[]): RouteNode => ({ path, children });

/** Sections inside the tabbed layout. H = hidden, N = not cached. */
export const LAYOUT_ROUTES: RouteNode[] = [
  group('home', [leaf('todo'), leaf('todo-task')]),
  group('marketing', [
    leaf('customer'),
    leaf('rate-card'),
    leaf('create-quotation', 'H'),
    leaf('quotation'),
    leaf('quotation-review', 'N'),
    leaf('contract'),
  ]),
  group('project', [
    leaf('file'),
    leaf('create-file', 'H'),
    { ...leaf('overview', 'H'), highlight: '/project/file' },
    leaf('create-plan', 'H'),
    leaf('plan'),
    leaf('plan-detail', 'H'),
    leaf('plan-review'),
    leaf('reconciliation'),
    group('progress', [
      leaf('project-plan'),
      leaf('project-plan-form', 'H'),
      leaf('edit-project-plan-form', 'H'),
      leaf('project-plan-form-detail', 'H'),
      leaf('plan-approve'),
      leaf('plan-approve-form', 'H'),
      leaf('task-doing'),
    ]),
    leaf('report-review'),
    leaf('manual-report'),
    leaf('question'),
    leaf('feedback', 'HN'),
    leaf('test-project-config', 'H'),
    leaf('barcode-disabled'),
    leaf('item-log'),
    leaf('user-apply-audit'),
    leaf('user-apply'),
    leaf('apply-account', 'HN'),
  ]),
  group('laboratory', [
    leaf('test-project'),
    leaf('test-create', 'H'),
    group('before-analysis', [
      leaf('specimen-staging'),
      leaf('specimen-inside', 'HN'),
      leaf('specimen-outside', 'HN'),
      leaf('specimen-sign'),
      leaf('register-sample-code', 'N'),
      leaf('input-test-project'),
      leaf('batch-enter-test-items'),
      leaf('test-project-review'),
      leaf('manage-sub-barcode', 'N'),
      leaf('input-subject', 'N'),
      leaf('subject-review', 'N'),
      leaf('question'),
      leaf('day-todo'),
      leaf('feedback', 'HN'),
    ]),
    group('after-analysis', [
      leaf('report-monitor'),
      leaf('report-list'),
      leaf('report-modify'),
      leaf('new-report-modify', 'H'),
      leaf('edit-report-modify', 'H'),
      leaf('report-modify-review'),
      leaf('exception-report'),
    ]),
    leaf('specimen-logger'),
    leaf('tech-library'),
  ]),
  group('specimen', [
    leaf('specimen-history'),
    leaf('specimen-expired'),
    group('manage', [
      leaf('sample-list'),
      leaf('batch-edit-sample', 'HN'),
      leaf('out-warehouse-bill'),
      leaf('create-out', 'HN'),
      leaf('create-batch-out', 'HN'),
      leaf('out-warehouse-bill-review'),
      leaf('out-warehouse-bill-confirm'),
      leaf('create-pre', 'H'),
      leaf('create-post', 'H'),
      leaf('create-backup', 'H'),
      leaf('destroy-bill'),
      leaf('create-destroy', 'H'),
      leaf('batch-create-destroy', 'H'),
      leaf('destroy-bill-review'),
      leaf('destroy-bill-confirm'),
      leaf('specimen-move'),
    ]),
    leaf('specimen-log-manage'),
    group('container-manage', [
      leaf('specimen-library-map'),
      leaf('room-manage'),
      leaf('device-manage'),
      leaf('frozen-type-manage'),
      leaf('frozen-manage'),
      leaf('frozen-box-type-manage'),
      leaf('frozen-box-manage'),
      leaf('frozen-box-move'),
    ]),
  ]),
  group('supply', [
    leaf('supplier'),
    leaf('consum-material'),
    leaf('consum-material-apply'),
    leaf('consum-cost-manage'),
    leaf('consum-barcode-list'),
    leaf('label-template'),
    leaf('label-print-job'),
  ]),
  group('express', [leaf('mail'), leaf('sign'), leaf('unconventional'), leaf('edit-check', 'HN')]),
  group('financial', [
    leaf('bills'),
    leaf('final-statement-detail', 'H'),
    leaf('review-final-statement'),
    leaf('confirm-final-statement'),
    leaf('adjustment-final-statement'),
    leaf('review-adjustment'),
    leaf('receivables'),
  ]),
  group('web', [
    leaf('quick'),
    leaf('consum-material-apply', 'N'),
    leaf('create-apply', 'H'),
    leaf('reserve-check', 'N'),
    leaf('create-check', 'H'),
    leaf('report-search'),
    leaf('reconciliation'),
    leaf('question'),
    leaf('question-details', 'H'),
    leaf('consumables-audit'),
    leaf('receipt-check'),
    leaf('inspection-form'),
    leaf('sample-transport-report'),
    leaf('consumables-apply-report'),
    leaf('result-report'),
    leaf('personal-report'),
    leaf('user-apply'),
    leaf('apply-account', 'H'),
    group('shared-doc', [leaf('original-log'), leaf('public-log')]),
  ]),
  group('electronic-record', [leaf('original-record'), leaf('public-record')]),
  group('report-manage', [
    group('lab', [leaf('query-barcode'), leaf('barcode-stat'), leaf('result-report')]),
    group('project', [leaf('project-overview'), leaf('testitem-overview')]),
    group('sample', [leaf('sample-out-detail'), leaf('sample-in-detail')]),
  ]),
  group('platform', [
    leaf('research-center'),
    leaf('sample-type'),
    leaf('temperature'),
    leaf('out-warehouse'),
    leaf('role'),
    leaf('create-role', 'H'),
    leaf('dept'),
    leaf('account'),
    leaf('internal-permission'),
    leaf('external-permission'),
    leaf('dict'),
    leaf('mapping-table'),
    leaf('project-plan-template'),
    leaf('plan-temp-form'),
    leaf('edit-plan-temp-form'),
    leaf('plan-temp-form-detail', 'H'),
  ]),
  group('system', [leaf('log'), group('operation', [leaf('log')]), leaf('system-info')]),
  group('personal', [leaf('account'), leaf('address')]),
];

/** Routes outside the layout that need no login (SPEC section 2). */
export const PUBLIC_PATHS = ['/login', '/frontend-test', '/create-pdf', '/404', '/403'] as const;
/** The only path the guard exempts from login checks; a logged-in user opening it goes to /. */
export const LOGIN_PATH = '/login';
export const HOME_PATH = '/home/todo';

export interface FlatRoute {
  fullPath: string;
  /** Full paths of the ancestors, outermost first. */
  parents: string[];
  node: RouteNode;
  /** Authority after inheritance from the ancestors (default '*'). */
  authority: Authority;
  isLeaf: boolean;
}

export function joinPath(parent: string, path: string): string {
  if (path.startsWith('/')) return path;
  return `${parent.replace(/\/$/, '')}/${path}`;
}

/** Depth-first list of every route with its full path and inherited authority. */
export function flattenRoutes(
  nodes: RouteNode[],
  parent = '',
  parents: string[] = [],
  inherited: Authority = '*',
): FlatRoute[] {
  const out: FlatRoute[] = [];
  for (const node of nodes) {
    const fullPath = joinPath(parent, node.path);
    const authority = node.authority ?? inherited;
    const isLeaf = !node.children || node.children.length === 0;
    out.push({ fullPath, parents, node, authority, isLeaf });
    if (node.children) out.push(...flattenRoutes(node.children, fullPath, [...parents, fullPath], authority));
  }
  return out;
}

export const ALL_LAYOUT_ROUTES: FlatRoute[] = flattenRoutes(LAYOUT_ROUTES, '/');
