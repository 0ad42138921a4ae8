import type { MenuItem } from '@trialab/api-contract';
import { type AccessSubject, type Authority, canAccess } from '../access/access';
import { joinPath, type RouteNode } from './routeTable';

/** A route the user may open, after filtering the route table against the server menu. */
export interface AppRoute {
  fullPath: string;
  /** Ancestors' full paths, outermost first (breadcrumb, mixed-layout first leaf). */
  parents: string[];
  hidden: boolean;
  noCache: boolean;
  unclosable: boolean;
  authority: Authority;
  highlight?: string;
}

/** A menu entry to draw: server order, server names, the console's titles when known. */
export interface MenuNode {
  fullPath: string;
  /** i18n key of the title (`menu.<fullPath>`) or the server's key. */
  i18nKey: string;
  names: { name: string; enName: string; hkName: string };
  icon: string | null;
  /** External link: opens in a new window. */
  link: string | null;
  children: MenuNode[];
}

export interface BuiltAccess {
  routes: AppRoute[];
  menus: MenuNode[];
  /** Where the root redirects: the first menu leaf (not an external link). */
  firstPath: string | null;
}

export function flattenMenu(
  items: readonly MenuItem[],
  into = new Map<string, MenuItem>(),
): Map<string, MenuItem> {
  for (const item of items) {
    into.set(normalisePath(item.fullPath || item.path), item);
    flattenMenu(item.children ?? [], into);
  }
  return into;
}

function normalisePath(path: string): string {
  const withSlash = path.startsWith('/') ? path : `/${path}`;
  return withSlash.length > 1 ? withSlash.replace(/\/+$/, '') : withSlash;
}

function menuAuthority(item: MenuItem | undefined): Authority | undefined {
  const permission = item?.meta.authority?.permission;
  return permission ? permission : undefined;
}

/**
 * SPEC section 2: a route is kept only if its full path is in the server menu list, or it is the
 * root, or it is flagged invisible; children are filtered the same way (a dropped parent drops
 * its subtree), and the (inherited) authority must pass.
 */
export function buildRoutes(
  menu: readonly MenuItem[],
  table: readonly RouteNode[],
  subject: AccessSubject,
): AppRoute[] {
  const byPath = flattenMenu(menu);
  const out: AppRoute[] = [];
  const walk = (nodes: readonly RouteNode[], parent: string, parents: string[], inherited: Authority) => {
    for (const node of nodes) {
      const fullPath = joinPath(parent, node.path);
      const item = byPath.get(fullPath);
      const invisible = Boolean(node.hidden || item?.meta.invisible);
      if (!item && !node.hidden) continue;
      const authority = menuAuthority(item) ?? node.authority ?? inherited;
      if (!canAccess(authority, subject)) continue;
      if (node.children && node.children.length > 0) {
        walk(node.children, fullPath, [...parents, fullPath], authority);
        continue;
      }
      const route: AppRoute = {
        fullPath,
        parents,
        hidden: invisible,
        noCache: Boolean(node.noCache || item?.meta.notCache),
        unclosable: Boolean(node.unclosable),
        authority,
      };
      const highlight = item?.meta.highlight ?? node.highlight;
      if (highlight) route.highlight = highlight;
      out.push(route);
    }
  };
  walk(table, '/', [], '*');
  return out;
}

/** Menu filtering (SPEC section 6): invisible items skipped, authorities (with parents') checked. */
export function buildMenus(
  menu: readonly MenuItem[],
  subject: AccessSubject,
  inherited: Authority = '*',
): MenuNode[] {
  const out: MenuNode[] = [];
  for (const item of menu) {
    if (item.meta.invisible) continue;
    const authority = menuAuthority(item) ?? inherited;
    if (!canAccess(authority, subject)) continue;
    const fullPath = normalisePath(item.fullPath || item.path);
    const children = buildMenus(item.children ?? [], subject, authority);
    const isDirectory = (item.children ?? []).length > 0;
    if (isDirectory && children.length === 0) continue;
    out.push({
      fullPath,
      i18nKey: item.i18nKey || `menu.${fullPath}`,
      names: { name: item.name, enName: item.enName, hkName: item.hkName },
      icon: item.meta.icon,
      link: item.meta.link,
      children,
    });
  }
  return out;
}

/** First leaf of a menu tree that opens inside the console. */
export function firstLeaf(menus: readonly MenuNode[]): string | null {
  for (const node of menus) {
    if (node.children.length > 0) {
      const found = firstLeaf(node.children);
      if (found) return found;
    } else if (!node.link) {
      return node.fullPath;
    }
  }
  return null;
}

export function buildAccess(
  menu: readonly MenuItem[],
  table: readonly RouteNode[],
  subject: AccessSubject,
): BuiltAccess {
  const routes = buildRoutes(menu, table, subject);
  const openable = new Set(routes.map((route) => route.fullPath));
  // A menu leaf with no console route (and no link) cannot be opened: leave it out.
  const prune = (nodes: MenuNode[]): MenuNode[] =>
    nodes
      .map((node) => ({ ...node, children: prune(node.children) }))
      .filter((node) =>
        node.children.length > 0 ? true : Boolean(node.link) || openable.has(node.fullPath),
      );
  const menus = prune(buildMenus(menu, subject));
  return { routes, menus, firstPath: firstLeaf(menus) };
}

/** Mixed layout: opening a first-level menu goes to the first leaf of its submenu. */
export function firstLeafUnder(menus: readonly MenuNode[], topPath: string): string | null {
  const top = menus.find((node) => node.fullPath === topPath);
  if (!top) return null;
  return top.children.length > 0 ? firstLeaf(top.children) : top.link ? null : top.fullPath;
}
