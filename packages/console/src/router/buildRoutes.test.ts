import type { MenuItem } from '@trialab/api-contract';
import { describe, expect, it } from 'vitest';
import type { AccessSubject } from '../access/access';
import { buildAccess, buildMenus, buildRoutes, firstLeaf, firstLeafUnder } from './buildRoutes';
import { unresolvedRoutes } from './pageMap';
import { ALL_LAYOUT_ROUTES, LAYOUT_ROUTES, type RouteNode } from './routeTable';

let nextId = 1;
function item(
  fullPath: string,
  permission = '',
  children: MenuItem[] = [],
  meta: Partial<MenuItem['meta']> = {},
): MenuItem {
  return {
    id: nextId++,
    parentId: null,
    type: children.length ? 1 : 2,
    name: fullPath,
    enName: fullPath,
    hkName: fullPath,
    i18nKey: '',
    path: fullPath.split('/').pop() ?? '',
    fullPath,
    meta: {
      icon: null,
      invisible: false,
      notCache: false,
      link: null,
      highlight: null,
      authority: { permission },
      ...meta,
    },
    children,
  };
}

const table: RouteNode[] = [
  {
    path: 'marketing',
    children: [
      { path: 'customer' },
      { path: 'create-quotation', hidden: true },
      { path: 'quotation', noCache: true },
    ],
  },
  { path: 'finance', children: [{ path: 'bills' }, { path: 'bill-detail', hidden: true }] },
  { path: 'system', children: [{ path: 'log' }] },
];
const staff: AccessSubject = {
  permissions: ['marketing', 'marketing:customer', 'marketing:quotation'],
  roles: [],
};

const menu = [
  item('/marketing', 'marketing', [
    item('/marketing/customer', 'marketing:customer'),
    item('/marketing/quotation', 'marketing:quotation'),
  ]),
  item('/finance', 'finance', [item('/finance/bills', 'finance:bills')]),
  item('/help', '', [], { link: 'https://example.invalid/help' }),
];

describe('buildRoutes', () => {
  it('keeps routes in the menu, and invisible ones under kept parents', () => {
    const paths = buildRoutes(menu, table, staff).map((r) => r.fullPath);
    expect(paths).toEqual(['/marketing/customer', '/marketing/create-quotation', '/marketing/quotation']);
  });
  it('drops the subtree of a parent the user may not open', () => {
    const paths = buildRoutes(menu, table, staff).map((r) => r.fullPath);
    expect(paths.some((p) => p.startsWith('/finance'))).toBe(false);
  });
  it('drops routes absent from the server menu', () => {
    expect(buildRoutes([], table, staff)).toEqual([]);
  });
  it('inherits the parent authority and carries flags', () => {
    const routes = buildRoutes(menu, table, staff);
    const hidden = routes.find((r) => r.fullPath === '/marketing/create-quotation');
    expect(hidden).toMatchObject({ hidden: true, authority: 'marketing', parents: ['/marketing'] });
    expect(routes.find((r) => r.fullPath === '/marketing/quotation')?.noCache).toBe(true);
  });
  it('gives the super account every menu route', () => {
    const paths = buildRoutes(menu, table, { permissions: ['*:*:*'], roles: [] }).map((r) => r.fullPath);
    expect(paths).toContain('/finance/bills');
    expect(paths).toContain('/finance/bill-detail');
  });
});

describe('buildMenus', () => {
  it('filters by authority, skips invisible items and empty directories, keeps links', () => {
    const withHidden = [
      ...menu,
      item('/system', 'system', [item('/system/log', 'system:log', [], { invisible: true })]),
    ];
    const menus = buildMenus(withHidden, staff);
    expect(menus.map((m) => m.fullPath)).toEqual(['/marketing', '/help']);
    expect(menus[0]?.children.map((m) => m.fullPath)).toEqual([
      '/marketing/customer',
      '/marketing/quotation',
    ]);
  });
});

describe('buildAccess', () => {
  it('redirects the root to the first menu leaf', () => {
    const built = buildAccess(menu, table, staff);
    expect(built.firstPath).toBe('/marketing/customer');
  });
  it('finds the first leaf of a first-level menu (mixed layout)', () => {
    const built = buildAccess(menu, table, staff);
    expect(firstLeafUnder(built.menus, '/marketing')).toBe('/marketing/customer');
    expect(firstLeafUnder(built.menus, '/nowhere')).toBeNull();
    expect(firstLeaf([])).toBeNull();
  });
});

describe('route table and page map', () => {
  it('resolves every route of SPEC section 2 to a page', () => {
    expect(unresolvedRoutes()).toEqual([]);
    expect(ALL_LAYOUT_ROUTES.length).toBeGreaterThan(150);
  });
  it('has the hidden and not-cached flags of the SPEC table', () => {
    const find = (path: string) => ALL_LAYOUT_ROUTES.find((r) => r.fullPath === path)?.node;
    expect(find('/marketing/create-quotation')).toMatchObject({ hidden: true });
    expect(find('/marketing/quotation-review')).toMatchObject({ noCache: true });
    expect(find('/project/feedback')).toMatchObject({ hidden: true, noCache: true });
    expect(find('/system/operation/log')).toBeDefined();
    expect(LAYOUT_ROUTES.map((r) => r.path)).toEqual([
      'home',
      'marketing',
      'project',
      'laboratory',
      'specimen',
      'supply',
      'express',
      'financial',
      'web',
      'electronic-record',
      'report-manage',
      'platform',
      'system',
      'personal',
    ]);
  });
});
