import { type Key, useState } from 'react';

/**
 * A list's multiple selection, kept across pages: the keys, the chosen rows of every page (an
 * action on "the selected" takes them all, not the current page's), `clear` (after a new search or
 * an action), and `selection` for ListPage/DataTable.
 */
export function useRowSelection<T>() {
  const [state, setState] = useState<{ keys: Key[]; rows: T[] }>({ keys: [], rows: [] });
  return {
    keys: state.keys,
    rows: state.rows,
    clear: () => setState({ keys: [], rows: [] }),
    selection: {
      mode: 'multiple' as const,
      keys: state.keys,
      onChange: (keys: Key[], rows: T[]) => setState({ keys, rows }),
    },
  };
}
