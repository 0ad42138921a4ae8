import { fireEvent, render, screen, within } from '@testing-library/react';
import { PROJECT_FILE_PERMISSIONS } from '@trialab/api-contract';
import { App } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../locales';
import { type EndpointPick, endpointName } from '../../../services/query';
import { usePermission } from '../../../stores/permission';
import { callEndpoint, fakeEndpoints } from '../../../test/fakes';
import ProjectOverviewPage from './index';

fakeEndpoints();

afterEach(() => {
  usePermission.setState({ permissions: [], roles: [] });
  vi.mocked(callEndpoint).mockClear();
});

const overview = {
  project: {
    id: 7,
    projectNo: 'KM-2026-001',
    name: '肿瘤生物标志物研究',
    protocolNo: 'ONC-BM-2026',
    sponsor: '康明医药',
    status: 'ongoing',
    managerName: '张项目',
    startDate: '2026-01-01',
    endDate: '2027-12-31',
  },
  sites: [
    {
      siteId: 1,
      centerNo: '01',
      name: '北京协和医院',
      subjects: 4,
      subjectsPending: 1,
      samples: 12,
      inTransit: 1,
      lastReceivedAt: '2026-11-20T02:00:00.000Z',
    },
    {
      siteId: 2,
      centerNo: '02',
      name: '复旦大学附属中山医院',
      subjects: 2,
      subjectsPending: 0,
      samples: 3,
      inTransit: 0,
      lastReceivedAt: null,
    },
  ],
  plans: [{ id: 3, planNo: 'PL-001', revision: 2, name: '采样方案', status: 'online' }],
  progress: {
    planId: 5,
    name: 'KM-2026-001 进度计划',
    status: 'approved',
    stages: [{ stage: '启动', total: 3, done: 2, overdue: 1 }],
    overdue: [{ id: 9, stage: '启动', name: '中心启动会', ownerName: '张项目', plannedDue: '2026-11-01' }],
  },
  openQueries: 3,
  openFeedback: 1,
  pendingReports: 2,
};

function Where() {
  const location = useLocation();
  return <div data-testid="where">{`${location.pathname}${location.search}`}</div>;
}

function renderPage(permissions: string[]) {
  vi.mocked(callEndpoint).mockImplementation((async (pick: EndpointPick) => {
    if (endpointName(pick) === 'project.overview') return { code: 200, data: overview };
    return { code: 200, data: [] };
  }) as unknown as typeof callEndpoint);
  usePermission.setState({ permissions, roles: [] });
  render(
    <MemoryRouter initialEntries={['/project/overview?id=7']}>
      <App>
        <Routes>
          <Route path="/project/overview" element={<ProjectOverviewPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </App>
    </MemoryRouter>,
  );
}

describe('/project/overview', () => {
  it('shows the project in its workflow’s words, totals by site, plans, stages and overdue tasks', async () => {
    renderPage([]);
    const page = await screen.findByTestId('project-overview');
    expect(within(page).getByText('进行中')).toBeTruthy();
    expect(within(screen.getByTestId('project-overview-subjects')).getByText('6')).toBeTruthy();
    expect(within(screen.getByTestId('project-overview-samples')).getByText('15')).toBeTruthy();
    expect(within(screen.getByTestId('project-overview-sites')).getByText('01 北京协和医院')).toBeTruthy();
    expect(within(screen.getByTestId('project-overview-plans')).getByText('PL-001 V2')).toBeTruthy();
    expect(within(screen.getByTestId('project-overview-overdue')).getByText('中心启动会')).toBeTruthy();
    expect(vi.mocked(callEndpoint).mock.calls.map(([pick]) => endpointName(pick as EndpointPick))).toEqual([
      'project.overview',
    ]);
    // Editing needs the edit permission.
    expect(screen.queryByTestId('project-overview-edit')).toBeNull();
  });

  it('opens each list filtered to what its figure counted', async () => {
    renderPage([]);
    fireEvent.click(within(await screen.findByTestId('project-overview-openQueries')).getByText('3'));
    expect((await screen.findByTestId('where')).textContent).toBe(
      '/project/question?projectId=7&status=open&status=answered',
    );
  });

  it('edits the record as an action', async () => {
    renderPage([PROJECT_FILE_PERMISSIONS.edit]);
    fireEvent.click(await screen.findByTestId('project-overview-edit'));
    expect((await screen.findByTestId('where')).textContent).toBe('/project/create-file?id=7');
  });
});
