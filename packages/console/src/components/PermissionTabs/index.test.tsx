import { act, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../locales';
import { usePermission } from '../../stores/permission';
import { allowedTabs, PermissionTabs } from './index';

const items = [
  { label: 'Pending', value: 'pending', permission: 'web:audit:pending' },
  { label: 'Reviewed', value: 'reviewed', permission: 'web:audit:reviewed' },
  { label: 'All', value: 'all' },
];

beforeEach(() => {
  vi.useFakeTimers();
  usePermission.setState({ permissions: ['web:audit:reviewed'], roles: [] });
});
afterEach(() => vi.useRealTimers());

describe('PermissionTabs', () => {
  it('filters titles by permission', () => {
    expect(allowedTabs(items, (p) => p === 'web:audit:reviewed').map((i) => i.value)).toEqual([
      'reviewed',
      'all',
    ]);
  });

  it('hides tabs without permission and activates the first allowed one after 100 ms', () => {
    const onChange = vi.fn<(key: string) => void>();
    render(
      <App>
        <MemoryRouter>
          <PermissionTabs items={items} activeKey="pending" onChange={onChange} />
        </MemoryRouter>
      </App>,
    );
    expect(screen.queryByText('Pending')).toBeNull();
    expect(screen.queryByText('Reviewed')).not.toBeNull();
    act(() => vi.advanceTimersByTime(99));
    expect(onChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onChange).toHaveBeenCalledWith('reviewed');
  });
});
