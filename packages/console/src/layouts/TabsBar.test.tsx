import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useTabs } from '../stores/tabs';
import { registerNavigate } from '../utils/navigation';
import { TabsBar } from './TabsBar';

afterEach(() => {
  useTabs.getState().reset();
  registerNavigate(undefined);
});

const open = (...paths: string[]) =>
  act(() => {
    for (const path of paths) useTabs.getState().open({ path, fullPath: path, title: `menu.${path}` });
  });
const tabPaths = () =>
  [...document.querySelectorAll('[data-testid="tab"]')].map((node) => node.getAttribute('data-path'));

/** Right-clicks a tab and chooses an item of its context menu (as a person does). */
async function tabMenu(path: string, action: string): Promise<void> {
  const tab = document.querySelector(`[data-testid="tab"][data-path="${path}"]`);
  if (!tab) throw new Error(`no tab ${path}`);
  fireEvent.contextMenu(tab);
  const item = await waitFor(() => {
    const items = [
      ...document.querySelectorAll<HTMLElement>('.ant-dropdown:not(.ant-dropdown-hidden) [role="menuitem"]'),
    ].filter((node) => node.textContent === action);
    if (items.length === 0) throw new Error(`no open menu item ${action}`);
    return items.at(-1) as HTMLElement;
  });
  fireEvent.click(item);
}

/** The routes the strip asked for (utils/navigation), instead of the router. */
function recordNavigation(): string[] {
  const visited: string[] = [];
  registerNavigate((to) => visited.push(to));
  return visited;
}

describe('TabsBar', () => {
  it('holds only tabs in its tablist; a tab still closes with Delete', () => {
    act(() => {
      useTabs.getState().open({ path: '/home/todo', fullPath: '/home/todo', title: 'menu.x', unclose: true });
      useTabs.getState().open({ path: '/a', fullPath: '/a', title: 'menu.a' });
      useTabs.getState().open({ path: '/b', fullPath: '/b', title: 'menu.b' });
    });
    render(<TabsBar active="/b" />);

    const tablist = screen.getByRole('tablist');
    expect(tablist.classList).toContain('ant-tabs-nav-list');
    expect(within(tablist).getAllByRole('tab')).toHaveLength(3);
    // Nothing but tabs is exposed or reachable by Tab inside it.
    expect(within(tablist).queryAllByRole('button')).toEqual([]);
    for (const close of tablist.querySelectorAll<HTMLElement>('.ant-tabs-tab-remove')) {
      expect(close.getAttribute('aria-hidden')).toBe('true');
      expect(close.tabIndex).toBe(-1);
    }
    expect(screen.getByTestId('tabs-bar').querySelector('[role="tablist"] .ant-tabs-nav-more')).toBeNull();

    const last = within(tablist).getAllByRole('tab')[2] as HTMLElement;
    act(() => last.focus());
    fireEvent.keyDown(last, { key: 'Delete', code: 'Delete' });
    expect(useTabs.getState().tabs.map((tab) => tab.path)).toEqual(['/home/todo', '/a']);
  });

  it('closing the active tab moves to its neighbour; close others leaves one; the last tab is refused with a message', async () => {
    const visited = recordNavigation();
    open('/home/todo', '/laboratory/test-project', '/laboratory/specimen-logger', '/laboratory/test-project');
    render(<TabsBar />);
    expect(tabPaths()).toEqual(['/home/todo', '/laboratory/test-project', '/laboratory/specimen-logger']);

    const remove = document.querySelector<HTMLElement>('.ant-tabs-tab-active .ant-tabs-tab-remove');
    if (!remove) throw new Error('the active tab has no close button');
    fireEvent.click(remove);
    expect(visited).toEqual(['/laboratory/specimen-logger']);
    expect(tabPaths()).toEqual(['/home/todo', '/laboratory/specimen-logger']);

    await tabMenu('/laboratory/specimen-logger', '关闭其他');
    expect(tabPaths()).toEqual(['/laboratory/specimen-logger']);
    await tabMenu('/laboratory/specimen-logger', '关闭');
    await screen.findByText('这已经是最后一页，不能再关闭了');
    expect(tabPaths()).toEqual(['/laboratory/specimen-logger']);
  });

  it('pins a tab (a lock icon) that then survives closing left and right', async () => {
    recordNavigation();
    open('/home/todo', '/laboratory/test-project', '/laboratory/specimen-logger', '/laboratory/library');
    render(<TabsBar />);
    await tabMenu('/home/todo', '固定');
    await waitFor(() =>
      expect(
        document.querySelector('[data-testid="tab"][data-path="/home/todo"] .anticon-lock'),
      ).not.toBeNull(),
    );
    await tabMenu('/laboratory/specimen-logger', '关闭右侧');
    expect(tabPaths()).toEqual(['/home/todo', '/laboratory/test-project', '/laboratory/specimen-logger']);
    await tabMenu('/laboratory/specimen-logger', '关闭左侧');
    expect(tabPaths()).toEqual(['/home/todo', '/laboratory/specimen-logger']);
  });
});
