import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useTabs } from '../stores/tabs';
import { TabsBar } from './TabsBar';

afterEach(() => useTabs.getState().reset());

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
});
