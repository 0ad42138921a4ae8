import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../locales';
import { type EndpointPick, endpointName } from '../../../services/query';
import { usePermission } from '../../../stores/permission';
import { callEndpoint, fakeEndpoints } from '../../../test/fakes';
import { areaRows, cellState, toggleCell } from './grants';
import CreateRolePage from './index';

fakeEndpoints();

afterEach(() => {
  usePermission.setState({ permissions: [], roles: [] });
  vi.mocked(callEndpoint).mockClear();
});

const row = (id: number, parentId: number | null, type: number, authority: string, name: string) => ({
  id,
  parentId,
  type,
  authority,
  i18nKey: `perm.${authority}`,
  name,
  enName: name,
  hkName: name,
});
const TREE = [
  row(1, null, 1, 'laboratory:root:view', '实验室'),
  row(2, 1, 2, 'laboratory:test-project:view', '检测项目'),
  row(3, 2, 3, 'laboratory:test-project:page', '检测项目-查询'),
  row(4, 2, 3, 'laboratory:test-project:create', '检测项目-新增'),
  row(5, 1, 2, 'laboratory:after-analysis-report-list:view', '报告列表'),
  row(6, 5, 3, 'laboratory:after-analysis-report-list:release', '报告列表-发布'),
  row(7, 5, 3, 'laboratory:after-analysis-report-list:review', '报告列表-审核'),
  row(8, null, 1, 'express:root:view', '物流管理'),
  row(9, 8, 2, 'express:mail:view', '寄送管理'),
  row(10, 9, 3, 'express:mail:page', '寄送管理-查询'),
  row(11, 9, 3, 'express:mail:pickup', '寄送管理-揽收'),
  row(12, null, 1, 'system:root:view', '系统管理'),
  row(13, 12, 3, 'system:user:list', '用户-列表'),
];
const ROLE = {
  id: 3,
  name: '物流',
  code: 'courier',
  status: 1,
  remark: null,
  version: 4,
  permissionIds: [8, 9],
};

function renderPage(permissions: string[], path = '/platform/create-role') {
  vi.mocked(callEndpoint).mockImplementation((async (pick: EndpointPick) => {
    const name = endpointName(pick);
    if (name === 'role.permissionTree') return { code: 200, data: TREE };
    if (name === 'role.get') return { code: 200, data: ROLE };
    return { code: 200, data: { id: 9, version: 5 } };
  }) as unknown as typeof callEndpoint);
  usePermission.setState({ permissions, roles: [] });
  render(
    <MemoryRouter initialEntries={[path]}>
      <App>
        <CreateRolePage />
      </App>
    </MemoryRouter>,
  );
}

const calls = (name: string) =>
  vi.mocked(callEndpoint).mock.calls.filter(([pick]) => endpointName(pick as EndpointPick) === name);
const box = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;

async function saveWithReason(reason: string) {
  fireEvent.click(screen.getByTestId('role-save'));
  fireEvent.change(await screen.findByTestId('role-reason'), { target: { value: reason } });
  const dialog = screen.getByTestId('role-reason').closest('.ant-modal') as HTMLElement;
  fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|确\s*认/ }));
}

describe('/platform/create-role', () => {
  it('grants by area and action: an action brings the area view, only the actions that exist are offered', async () => {
    renderPage(['*:*:*']);
    await screen.findByTestId('grant-laboratory-create');
    // Logistics has no review, sign or release here; the laboratory's signed review is `sign`.
    expect(screen.queryByTestId('grant-express-review')).toBeNull();
    expect(screen.getByTestId('grant-laboratory-sign')).toBeTruthy();
    fireEvent.click(box('grant-laboratory-create'));
    expect(box('grant-laboratory-create').checked).toBe(true);
    expect(box('grant-laboratory-view').checked).toBe(true);
    expect(box('grant-laboratory-release').checked).toBe(false);
    fireEvent.change(screen.getByLabelText('角色名称'), { target: { value: '检测员' } });
    fireEvent.change(screen.getByLabelText('角色编码'), { target: { value: 'tester' } });
    await saveWithReason('新设检测岗位');
    await waitFor(() => expect(calls('role.create')).toHaveLength(1));
    const [, sent] = calls('role.create')[0] ?? [];
    const { body } = sent as { body: { permissionIds: number[]; reason: string } };
    expect(body.reason).toBe('新设检测岗位');
    // The laboratory's pages and reads, the people picker, and the create button.
    expect([...body.permissionIds].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 13]);
  });

  it('shows a role set up page by page as half-ticked and saves it unchanged; unticking view takes the rest', async () => {
    renderPage(['*:*:*'], '/platform/create-role?id=3');
    await screen.findByTestId('grant-express-view');
    await waitFor(() =>
      expect(box('grant-express-view').closest('.ant-checkbox')?.className).toContain('indeterminate'),
    );
    await saveWithReason('整理备注');
    await waitFor(() => expect(calls('role.update')).toHaveLength(1));
    expect(calls('role.update')[0]?.[1]).toMatchObject({
      body: { id: 3, version: 4, permissionIds: [8, 9], reason: '整理备注' },
    });
    // Pure: ticking pick-up adds the view; unticking the view then drops both.
    const areas = areaRows(TREE);
    const withPickup = toggleCell(areas, 'express', 'create', new Set([8, 9]));
    expect([...withPickup].sort((a, b) => a - b)).toEqual([8, 9, 10, 11, 13]);
    expect([...toggleCell(areas, 'express', 'view', withPickup)]).toEqual([]);
    // The shared people picker alone does not make an area's view half held.
    const lab = areas.find((a) => a.area === 'laboratory');
    if (!lab) throw new Error('no laboratory row');
    expect(cellState(lab, 'view', new Set([13]))).toBe('none');
    expect(cellState(lab, 'view', new Set([13, 3]))).toBe('some');
  });

  it('never offers what the administrator does not hold, and the search narrows areas and the tree', async () => {
    renderPage(['laboratory:root:view', 'laboratory:test-project:view', 'laboratory:test-project:page']);
    await screen.findByTestId('grant-laboratory-release');
    expect(box('grant-laboratory-release').disabled).toBe(true);
    expect(box('grant-laboratory-create').disabled).toBe(true);
    fireEvent.change(screen.getByTestId('role-grant-search'), { target: { value: '发布' } });
    await waitFor(() => expect(screen.queryByTestId('grant-express-view')).toBeNull());
    expect(screen.getByTestId('grant-matches-laboratory').textContent).toContain('报告列表-发布');
    fireEvent.change(screen.getByTestId('role-grant-search'), { target: { value: 'express:mail' } });
    await screen.findByTestId('grant-express-view');
    expect(screen.queryByTestId('grant-laboratory-view')).toBeNull();
  });
});
