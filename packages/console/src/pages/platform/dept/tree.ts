/** A department as the tree endpoint answers it (only what the tree needs). */
export interface DeptLike {
  id: number;
  parentId: number | null;
  name: string;
  code?: string | null;
}

export type DeptNode<T extends DeptLike> = T & { children?: DeptNode<T>[] };

/**
 * The flat rows (already by sort) nested by parent. With a keyword, only the departments whose name
 * or code contains it are kept, with their ancestors (so each match shows where it sits). A row
 * whose parent is missing is shown at the top rather than lost.
 */
export function buildTree<T extends DeptLike>(rows: readonly T[], keyword = ''): DeptNode<T>[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const wanted = keyword.trim().toLowerCase();
  let kept: Set<number> | null = null;
  if (wanted) {
    kept = new Set();
    for (const row of rows) {
      if (!`${row.name} ${row.code ?? ''}`.toLowerCase().includes(wanted)) continue;
      for (let at: T | undefined = row; at && !kept.has(at.id); at = byId.get(at.parentId ?? -1))
        kept.add(at.id);
    }
  }
  const nodes = new Map<number, DeptNode<T>>();
  for (const row of rows) if (!kept || kept.has(row.id)) nodes.set(row.id, { ...row });
  const roots: DeptNode<T>[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    if (!parent) roots.push(node);
    else if (parent.children) parent.children.push(node);
    else parent.children = [node];
  }
  return roots;
}

/** The department and everything under it: the places it cannot be moved to. */
export function selfAndDescendants(rows: readonly DeptLike[], id: number): Set<number> {
  const found = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const row of rows) {
      if (row.parentId !== null && found.has(row.parentId) && !found.has(row.id)) {
        found.add(row.id);
        grew = true;
      }
    }
  }
  return found;
}
