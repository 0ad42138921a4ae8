import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { PROJECT_FILE_PERMISSIONS } from '@trialab/api-contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../locales';
import { type EndpointPick, endpointName } from '../../../services/query';
import { usePermission } from '../../../stores/permission';
import { callEndpoint, downloadEndpoint, fakeEndpoints } from '../../../test/fakes';
import { RecordUsers } from './RecordUsers';

fakeEndpoints();

afterEach(() => {
  usePermission.setState({ permissions: [], roles: [] });
  vi.mocked(callEndpoint).mockClear();
});

describe('project people on the record', () => {
  it('shows receivers, research users and external users of the project, and exports the users', async () => {
    const bodies: Array<[string, unknown]> = [];
    vi.mocked(callEndpoint).mockImplementation((async (pick: EndpointPick, input?: { body?: unknown }) => {
      const name = endpointName(pick);
      bodies.push([name, input?.body]);
      if (name === 'project.pageReceiver')
        return {
          code: 200,
          total: 1,
          data: [
            {
              siteId: 4,
              centerNo: '01',
              siteName: '北京协和医院',
              name: '陈中心',
              phone: '13900000001',
              email: null,
              company: '示例医院',
              area: '北京市/东城区',
              detail: '示例路1号',
              orders: 10,
              lastOrderAt: '2026-11-20T02:00:00.000Z',
            },
          ],
        };
      if (name === 'project.pageResearchUser')
        return {
          code: 200,
          total: 1,
          data: [
            {
              userId: 3,
              username: '张项目',
              jobNumber: 'KM0003',
              mobile: '13800000003',
              email: null,
              deptName: '项目部',
              status: 1,
              grantedAt: '2026-01-01T00:00:00.000Z',
            },
          ],
        };
      return {
        code: 200,
        total: 1,
        data: [
          {
            userId: 9,
            username: '林中心',
            mobile: '13900000002',
            email: null,
            status: 0,
            siteId: null,
            centerNo: null,
            siteName: null,
            grantedAt: '2026-01-01T00:00:00.000Z',
          },
        ],
      };
    }) as unknown as typeof callEndpoint);
    usePermission.setState({ permissions: [PROJECT_FILE_PERMISSIONS.export], roles: [] });
    render(
      <MemoryRouter>
        <App>
          <RecordUsers projectId={7} projectNo="KM-7" />
        </App>
      </MemoryRouter>,
    );
    expect(await screen.findByText('陈中心')).toBeTruthy();
    expect(screen.getByText('01 北京协和医院')).toBeTruthy();
    expect(screen.getByText('北京市/东城区 示例路1号')).toBeTruthy();
    expect(bodies[0]).toEqual(['project.pageReceiver', expect.objectContaining({ projectId: 7 })]);

    fireEvent.click(screen.getByText('研究用户'));
    expect(await screen.findByText('张项目')).toBeTruthy();
    fireEvent.click(screen.getByTestId('project-research-users-export'));
    await waitFor(() => expect(downloadEndpoint).toHaveBeenCalledTimes(1));
    expect(vi.mocked(downloadEndpoint).mock.calls[0]?.slice(1)).toEqual([
      { params: { projectId: 7 } },
      'KM-7-research-users.xlsx',
    ]);

    fireEvent.click(screen.getByText('外部用户'));
    expect(await screen.findByText('林中心')).toBeTruthy();
    expect(screen.getByText('全部中心')).toBeTruthy();
    expect(screen.getByText('停用')).toBeTruthy();
  });
});
