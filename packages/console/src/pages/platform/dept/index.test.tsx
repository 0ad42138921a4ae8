import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../locales';
import { type EndpointPick, endpointName } from '../../../services/query';
import { usePermission } from '../../../stores/permission';
import { callEndpoint, fakeEndpoints } from '../../../test/fakes';
import DeptPage from './index';

fakeEndpoints();

afterEach(() => {
  usePermission.setState({ permissions: [], roles: [] });
});

const dept = (id: number, parentId: number | null, name: string, status = 1) => ({
  id,
  parentId,
  name,
  code: `D${id}`,
  leader: null,
  phone: null,
  sort: id,
  status,
  memberCount: 0,
  version: 1,
});

describe('/platform/dept', () => {
  it('shows the tree and disables a department through updateStatus, then shows the tree again', async () => {
    let molecular = 1;
    vi.mocked(callEndpoint).mockImplementation((async (pick: EndpointPick, input?: { body?: unknown }) => {
      const name = endpointName(pick);
      if (name === 'dept.updateStatus') {
        expect(input?.body).toEqual({ id: 3, version: 1, status: 0 });
        molecular = 0;
        return { code: 200, data: { version: 2 } };
      }
      if (name === 'dept.tree')
        return {
          code: 200,
          data: [dept(1, null, '中心实验室'), dept(2, 1, '检测部'), dept(3, 2, '分子诊断组', molecular)],
        };
      return { code: 200, data: null };
    }) as unknown as typeof callEndpoint);
    usePermission.setState({ permissions: ['platform:dept:page', 'platform:dept:update'], roles: [] });
    render(
      <MemoryRouter>
        <App>
          <DeptPage />
        </App>
      </MemoryRouter>,
    );
    // Nested and open: the grandchild shows.
    const table = await screen.findByTestId('dept-table');
    await within(table).findByText('分子诊断组');
    expect(screen.queryByTestId('dept-create')).toBeNull();
    fireEvent.click(screen.getByTestId('dept-status-3'));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() =>
      expect(screen.getByTestId('dept-status-3').getAttribute('aria-checked')).toBe('false'),
    );
    const trees = vi
      .mocked(callEndpoint)
      .mock.calls.filter(([pick]) => endpointName(pick as EndpointPick) === 'dept.tree');
    expect(trees).toHaveLength(2);
  });
});
