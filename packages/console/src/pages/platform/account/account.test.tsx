import { fireEvent, render, screen } from '@testing-library/react';
import { ACCOUNT_PERMISSIONS, type CurrentUser } from '@trialab/api-contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../locales';
import { type EndpointPick, endpointName } from '../../../services/query';
import { usePermission } from '../../../stores/permission';
import { useSession } from '../../../stores/session';
import { callEndpoint, fakeEndpoints } from '../../../test/fakes';
import AccountPage from './index';

fakeEndpoints();

afterEach(() => {
  usePermission.setState({ permissions: [], roles: [] });
  vi.mocked(callEndpoint).mockReset();
});

const row = (id: number, mobile: string, type: number) => ({
  id,
  username: `user${id}`,
  mobile,
  email: null,
  jobNumber: null,
  type,
  status: 1,
  gender: null,
  deptId: null,
  deptName: null,
  roleIds: [],
  roleNames: [],
  loginDate: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  version: 1,
  isSuper: false,
});

describe('/platform/account', () => {
  it('lists staff and site users by tab; nobody is offered to disable or delete their own account', async () => {
    vi.mocked(callEndpoint).mockImplementation((async (
      pick: EndpointPick,
      input?: { body?: { type?: number } },
    ) => {
      if (endpointName(pick) !== 'user.page') return { code: 200, data: [] };
      const rows =
        input?.body?.type === 2
          ? [row(3, '13900000001', 2)]
          : [row(1, '13800000007', 1), row(2, '13800000001', 1)];
      return { code: 200, data: rows, total: rows.length };
    }) as unknown as typeof callEndpoint);
    usePermission.setState({ permissions: Object.values(ACCOUNT_PERMISSIONS), roles: [] });
    useSession.setState({ user: { id: 1, isSuper: false } as CurrentUser });
    render(
      <MemoryRouter>
        <App>
          <AccountPage />
        </App>
      </MemoryRouter>,
    );
    await screen.findByTestId('account-status-13800000001');
    expect(screen.queryByTestId('account-status-13800000007')).toBeNull();
    expect(screen.queryByTestId('account-delete-13800000007')).toBeNull();
    expect(screen.getByTestId('account-edit-13800000007')).toBeTruthy();
    fireEvent.click(screen.getByTestId('account-tab-external'));
    await screen.findByTestId('account-status-13900000001');
    const types = () =>
      vi
        .mocked(callEndpoint)
        .mock.calls.filter(([pick]) => endpointName(pick as EndpointPick) === 'user.page')
        .map(([, input]) => (input as { body: { type: number } }).body.type);
    expect(types()).toEqual([1, 2]);
  });
});
