/// <reference lib="dom" />
/**
 * Layout checks beside axe (issue 26): what a person sees broken at 1440x900 that no WCAG rule
 * names. Run in the page, on what is on screen now:
 * - text wrapped one character per line (a label or a cell squeezed narrower than two characters);
 * - a table column hidden behind a pinned one: covered by the fixed action column (or a column
 *   pinned at the start) wherever the table is scrolled to, or in a table that cannot scroll;
 * - an open dialog taller than the window (its buttons out of reach);
 * - an id given to two elements of the page and its open dialogs (a label then names the wrong
 *   input: antd Form ids come from field names, so the kit's forms carry names of their own).
 */
import type { Page } from 'playwright-core';

export interface LayoutProblem {
  kind: 'one-character-lines' | 'column-behind-pinned' | 'dialog-past-window' | 'duplicate-id';
  /** The text wrapped, or the column's title and the pinned column's. */
  text: string;
  /** Where: the nearest element with a test id, a table's label or the element's class. */
  where: string;
}

/**
 * The layout problems on the page as it is now: in the whole document, or only inside the element
 * `within` selects. Elements not rendered (hidden tabs, closed dialogs) are not looked at.
 */
export async function layoutProblems(page: Page, within?: string): Promise<LayoutProblem[]> {
  // Written as one function expression: the page runs it as it is (no helpers from this module).
  return page.evaluate(async (selector) => {
    const root: Element = (selector && document.querySelector(selector)) || document.body;
    const problems: LayoutProblem[] = [];
    const whereOf = (element: Element | null): string => {
      const marked = element?.closest('[data-testid]');
      if (marked) return `[data-testid="${marked.getAttribute('data-testid')}"]`;
      return element
        ? `${element.tagName.toLowerCase()}.${Array.from(element.classList).slice(0, 2).join('.')}`
        : '?';
    };
    const shown = (element: Element) => {
      const box = element.getBoundingClientRect();
      return (
        box.width > 0 && box.height > 0 && element.checkVisibility?.({ visibilityProperty: true }) !== false
      );
    };

    // Text: each text node's line boxes. One character per line is a box narrower than its text.
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? '').replace(/\s+/g, '');
      const parent = node.parentElement;
      if ([...text].length < 2 || !parent || !shown(parent)) continue;
      if (parent.closest('[aria-hidden="true"], .ant-table-measure-row, svg')) continue;
      range.selectNodeContents(node);
      const tops = new Set<number>();
      for (const rect of Array.from(range.getClientRects()))
        if (rect.width > 0) tops.add(Math.round(rect.top));
      const lines = tops.size;
      if (lines >= 2 && [...text].length / lines <= 1.5)
        problems.push({ kind: 'one-character-lines', text: text.slice(0, 40), where: whereOf(parent) });
    }

    // Tables: a column a pinned (fixed) one covers wherever the table is scrolled to. A table wider
    // than its box scrolls sideways under its pinned columns, so what is under the action column at
    // the start must come out at the end (and what is under a start-pinned one at the start).
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    for (const table of Array.from(root.querySelectorAll('.ant-table'))) {
      if (!shown(table)) continue;
      const heads = Array.from(table.querySelectorAll<HTMLElement>('thead > tr:first-child > th')).filter(
        (th) => th.getBoundingClientRect().width > 0 && !th.classList.contains('ant-table-selection-column'),
      );
      const free = heads.filter((th) => !th.classList.contains('ant-table-cell-fix'));
      const ends = heads.filter((th) => th.classList.contains('ant-table-cell-fix-end'));
      const starts = heads.filter((th) => th.classList.contains('ant-table-cell-fix-start'));
      if (free.length === 0 || ends.length + starts.length === 0) continue;
      const scrollers = Array.from(
        table.querySelectorAll<HTMLElement>('.ant-table-body, .ant-table-content'),
      );
      const scroller = scrollers[0];
      const scrollable =
        scroller !== undefined &&
        scroller.scrollWidth > scroller.clientWidth &&
        ['auto', 'scroll'].includes(getComputedStyle(scroller).overflowX);
      const covered = (at: 'start' | 'end') =>
        free.flatMap((th) => {
          const box = th.getBoundingClientRect();
          const pinned = at === 'end' ? ends : starts;
          const hit = pinned.filter((p) => {
            const over = p.getBoundingClientRect();
            return box.right > over.left + 1 && box.left < over.right - 1;
          });
          return hit.length
            ? [
                `${th.textContent?.trim() || '(untitled)'} behind ${hit.map((p) => p.textContent?.trim() || '(pinned)').join(', ')}`,
              ]
            : [];
        });
      const before = scroller?.scrollLeft ?? 0;
      const found = new Set<string>();
      for (const at of ['start', 'end'] as const) {
        if (scrollable && scroller) {
          scroller.scrollLeft = at === 'end' ? scroller.scrollWidth : 0;
          scroller.dispatchEvent(new Event('scroll'));
          await frame();
        }
        for (const text of covered(at)) found.add(text);
      }
      if (scrollable && scroller) {
        scroller.scrollLeft = before;
        scroller.dispatchEvent(new Event('scroll'));
      }
      for (const text of found) problems.push({ kind: 'column-behind-pinned', text, where: whereOf(table) });
    }
    // Dialogs: an open one ends within the window (its body scrolls), its buttons on screen.
    for (const dialog of Array.from(document.querySelectorAll('.ant-modal'))) {
      if (!shown(dialog)) continue;
      if (dialog.getBoundingClientRect().bottom > window.innerHeight + 1)
        problems.push({
          kind: 'dialog-past-window',
          text: dialog.querySelector('.ant-modal-title')?.textContent?.trim() ?? '',
          where: whereOf(dialog),
        });
    }
    // Ids: each once among the page's elements and those of the dialogs open over it (portaled to
    // the body, outside the page's element). Hidden dialogs' forms count too: they are in the DOM.
    const counted = new Map<string, Element[]>();
    const scopes = [root, ...Array.from(document.querySelectorAll('.ant-modal-root'))];
    for (const scope of new Set(scopes))
      for (const element of Array.from(scope.querySelectorAll('[id]'))) {
        const list = counted.get(element.id) ?? [];
        if (!list.includes(element)) list.push(element);
        counted.set(element.id, list);
      }
    for (const [id, elements] of counted)
      if (elements.length > 1)
        problems.push({
          kind: 'duplicate-id',
          text: `#${id} x${elements.length}`,
          where: whereOf(elements[1] ?? null),
        });
    return problems;
  }, within ?? null);
}

/** One line per problem, for a failure message a person can act on. */
export function describeLayout(where: string, problems: readonly LayoutProblem[]): string[] {
  return problems.map((problem) => `${where}: ${problem.kind} "${problem.text}" at ${problem.where}`);
}
