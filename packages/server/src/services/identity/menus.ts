import type { MenuItem } from '@trialab/api-contract';
import { asc, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { permissions } from '../../db/schema.js';
import { hasPermission, type Principal } from './permissions.js';

/**
 * Directories and menus the principal may open, as a tree. A node needs its own authority and a
 * visible parent (SPEC section 6: parents' authorities count). Invisible routes are included,
 * flagged, so the console's guard keeps them.
 */
export async function menuTree(db: Executor, principal: Principal): Promise<MenuItem[]> {
  const rows = await db
    .select()
    .from(permissions)
    .where(inArray(permissions.type, [1, 2]))
    .orderBy(asc(permissions.sort), asc(permissions.id));
  const byParent = new Map<number | null, typeof rows>();
  for (const row of rows) {
    const list = byParent.get(row.parentId) ?? [];
    list.push(row);
    byParent.set(row.parentId, list);
  }
  const build = (parentId: number | null): MenuItem[] =>
    (byParent.get(parentId) ?? [])
      .filter((row) => !row.authority || hasPermission(principal, row.authority))
      .map((row) => ({
        id: row.id,
        parentId: row.parentId,
        type: row.type,
        name: row.name,
        enName: row.enName,
        hkName: row.hkName,
        i18nKey: row.i18nKey,
        path: row.path ?? '',
        fullPath: row.fullPath ?? '',
        meta: {
          icon: row.icon,
          invisible: row.invisible,
          notCache: row.notCache,
          link: row.link,
          highlight: row.highlight,
          authority: { permission: row.authority ?? '*' },
        },
        children: build(row.id),
      }))
      // A directory left without any child the user may open is not shown.
      .filter((item) => item.type !== 1 || item.children.length > 0);
  return build(null);
}
