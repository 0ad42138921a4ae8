import { localName } from '@trialab/api-contract/signing';
import type { MenuProps } from 'antd';
import type { t as textOf } from '../locales';
import type { MenuNode } from '../router/buildRoutes';
import { preloadPage } from '../router/pageMap';
import { menuIcon } from './icons';

type Items = NonNullable<MenuProps['items']>;

/** Title of a menu node: the console's locale first, then the server's key, then its names. */
export function menuTitle(node: MenuNode, t: typeof textOf, language: string): string {
  const own = `menu.${node.fullPath}`;
  if (t(own, { defaultValue: '' })) return t(own);
  if (node.i18nKey && t(node.i18nKey, { defaultValue: '' })) return t(node.i18nKey);
  return localName(node.names, language);
}

export function toMenuItems(
  nodes: readonly MenuNode[],
  t: typeof textOf,
  language: string,
  depth = 0,
): Items {
  return nodes.map((node) => {
    const label = node.link ? (
      <a href={node.link} target="_blank" rel="noopener noreferrer">
        {menuTitle(node, t, language)}
      </a>
    ) : (
      menuTitle(node, t, language)
    );
    const icon = depth === 0 ? menuIcon(node.icon) : undefined;
    return node.children.length > 0
      ? { key: node.fullPath, label, icon, children: toMenuItems(node.children, t, language, depth + 1) }
      : node.link
        ? { key: node.fullPath, label, icon }
        : { key: node.fullPath, label, icon, onMouseEnter: () => preloadPage(node.fullPath) };
  });
}

/** Keys of the submenus that contain a path (to open them). */
export function openKeysFor(path: string, nodes: readonly MenuNode[]): string[] {
  for (const node of nodes) {
    if (node.fullPath === path) return [];
    if (node.children.length > 0) {
      const inner = openKeysFor(path, node.children);
      if (inner.length > 0 || node.children.some((child) => child.fullPath === path))
        return [node.fullPath, ...inner];
    }
  }
  return [];
}
