import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../locales';
import { type EndpointPick, endpointName } from '../../../services/query';
import { usePermission } from '../../../stores/permission';
import { callEndpoint, fakeEndpoints } from '../../../test/fakes';
import RolePage from './index';

fakeEndpoints();

afterEach(() => {
  usePermission.setState({ permissions: [], roles: [] });
  vi.mocked(callEndpoint).mockClear();
});

const SITE_ROLE = {
  id: 8,
  name: '中心用户',
  code: 'external_site',
  status: 1,
  remark: '研究中心',
  permissionIds: [1, 2],
  version: 2,
};
const HOLDERS = [
  { id: 30, username: '陈中心', jobNumber: null, type: 2, status: 1, deptName: null },
  { id: 31, username: '何研究', jobNumber: null, type: 2, status: 0, deptName: null },
];

function Where() {
  const location = useLocation();
  return <div data-testid="where">{`${location.pathname}${location.search}`}</div>;
}

function renderPage(permissions: string[]) {
  vi.mocked(callEndpoint).mockImplementation((async (pick: EndpointPick) => {
    const name = endpointName(pick);
    if (name === 'role.page') return { code: 200, data: [SITE_ROLE], total: 1 };
    if (name === 'role.holders') return { code: 200, data: HOLDERS };
    return { code: 200, data: { id: 12 } };
  }) as unknown as typeof callEndpoint);
  usePermission.setState({ permissions, roles: [] });
  render(
    <MemoryRouter initialEntries={['/platform/role']}>
      <App>
        <Routes>
          <Route path="/platform/role" element={<RolePage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </App>
    </MemoryRouter>,
  );
}

const calls = (name: string) =>
  vi.mocked(callEndpoint).mock.calls.filter(([pick]) => endpointName(pick as EndpointPick) === name);

describe('/platform/role', () => {
  it('copies a role under a new name and code with a reason', async () => {
    renderPage(['platform:role:page', 'platform:role:create']);
    fireEvent.click(await screen.findByTestId('role-copy-external_site'));
    const form = await screen.findByTestId('role-copy-form');
    // It starts from the source's name and code, which must change (the code is unique).
    expect((within(form).getByLabelText('角色编码') as HTMLInputElement).value).toBe('external_site_2');
    fireEvent.change(within(form).getByLabelText('角色名称'), { target: { value: '中心用户（乙）' } });
    fireEvent.click(screen.getByTestId('role-copy-form-ok'));
    // No reason, no copy.
    await screen.findByText('请填写变更原因');
    expect(calls('role.copy')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('role-copy-reason'), { target: { value: '第二批中心' } });
    fireEvent.click(screen.getByTestId('role-copy-form-ok'));
    await waitFor(() => expect(calls('role.copy')).toHaveLength(1));
    expect(calls('role.copy')[0]?.[1]).toEqual({
      body: {
        id: 8,
        name: '中心用户（乙）',
        code: 'external_site_2',
        remark: '研究中心',
        reason: '第二批中心',
      },
    });
  });

  it('lists who holds a role and opens the accounts filtered to it (site users tab)', async () => {
    renderPage(['platform:role:page']);
    expect(screen.queryByTestId('role-copy-external_site')).toBeNull();
    fireEvent.click(await screen.findByTestId('role-holders-external_site'));
    const table = await screen.findByTestId('role-holders');
    await within(table).findByText('陈中心');
    expect(within(table).getByText('停用')).toBeTruthy();
    fireEvent.click(screen.getByTestId('role-holders-accounts'));
    expect((await screen.findByTestId('where')).textContent).toBe('/platform/account?type=2&roleId=8');
  });
});
