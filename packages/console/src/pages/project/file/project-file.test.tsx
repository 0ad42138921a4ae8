import { render, screen, waitFor } from '@testing-library/react';
import { PROJECT_FILE_PERMISSIONS } from '@trialab/api-contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../locales';
import { type EndpointPick, endpointName } from '../../../services/query';
import { usePermission } from '../../../stores/permission';
import { callEndpoint, fakeEndpoints } from '../../../test/fakes';
import ProjectFilePage from './index';

fakeEndpoints();

afterEach(async () => {
  await changeLanguage('zh-CN');
  usePermission.setState({ permissions: [], roles: [] });
  vi.mocked(callEndpoint).mockClear();
});

const row = (id: number, projectNo: string, status: number) => ({
  id,
  projectNo,
  name: `项目 ${id}`,
  enName: `Project ${id}`,
  protocolNo: null,
  sponsor: '华康制药',
  status,
  managerId: 3,
  managerName: '张项目',
  backupManagerId: null,
  backupManagerName: null,
  startDate: '2026-01-01',
  endDate: null,
  version: 1,
});

describe('/project/file', () => {
  it('lists records with their state; a to-do link filters by state; buttons follow state and permissions', async () => {
    const bodies: unknown[] = [];
    vi.mocked(callEndpoint).mockImplementation((async (pick: EndpointPick, input?: { body?: unknown }) => {
      const name = endpointName(pick);
      if (name === 'project.page') {
        bodies.push(input?.body);
        return { code: 200, data: [row(1, 'KM-1', 1), row(2, 'KM-2', 2)], total: 2 };
      }
      return { code: 200, data: [] };
    }) as unknown as typeof callEndpoint);
    const P = PROJECT_FILE_PERMISSIONS;
    usePermission.setState({ permissions: [P.page, P.status, P.edit, P.delete], roles: [] });
    render(
      <MemoryRouter initialEntries={['/project/file?status=prepare']}>
        <App>
          <ProjectFilePage />
        </App>
      </MemoryRouter>,
    );
    expect(await screen.findByText('KM-1')).toBeTruthy();
    await waitFor(() => expect(bodies[0]).toMatchObject({ status: 1 }));
    expect(screen.getAllByTestId('status-prepare').length).toBeGreaterThan(0);
    expect(screen.getByTestId('project-file-start-KM-1')).toBeTruthy();
    expect(screen.getByTestId('project-file-remove-KM-1')).toBeTruthy();
    expect(screen.queryByTestId('project-file-start-KM-2')).toBeNull();
    expect(screen.getByTestId('project-file-pause-KM-2')).toBeTruthy();
    expect(screen.getByTestId('project-file-close-KM-2')).toBeTruthy();
    expect(screen.queryByTestId('project-file-remove-KM-2')).toBeNull();
    expect(screen.queryByTestId('project-file-create')).toBeNull();
  });

  it('names each project in the user’s language: English in en-US, Chinese in zh-CN', async () => {
    vi.mocked(callEndpoint).mockImplementation((async (pick: EndpointPick) =>
      endpointName(pick) === 'project.page'
        ? { code: 200, data: [row(1, 'KM-1', 1)], total: 1 }
        : { code: 200, data: [] }) as unknown as typeof callEndpoint);
    usePermission.setState({ permissions: [PROJECT_FILE_PERMISSIONS.page], roles: [] });
    const page = () => (
      <MemoryRouter initialEntries={['/project/file']}>
        <App>
          <ProjectFilePage />
        </App>
      </MemoryRouter>
    );
    await changeLanguage('en-US');
    const english = render(page());
    expect(await english.findByText('Project 1')).toBeTruthy();
    expect(english.queryByText('项目 1')).toBeNull();
    english.unmount();
    await changeLanguage('zh-CN');
    const chinese = render(page());
    expect(await chinese.findByText('项目 1')).toBeTruthy();
    expect(chinese.queryByText('Project 1')).toBeNull();
  });
});
