import { render, screen, waitFor } from '@testing-library/react';
import { PROGRESS_PERMISSIONS } from '@trialab/api-contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../locales';
import { callEndpoint } from '../../../services/endpoint';
import { type EndpointPick, endpointName } from '../../../services/query';
import { usePermission } from '../../../stores/permission';
import PlanApprovePage from './plan-approve';
import ProgressPlansPage from './project-plan';
import ProgressPlanDetailPage from './project-plan-form-detail';
import TaskDoingPage from './task-doing';

vi.mock('../../../services/endpoint', () => ({ callEndpoint: vi.fn() }));

afterEach(() => {
  usePermission.setState({ permissions: [], roles: [] });
  vi.mocked(callEndpoint).mockReset();
});

const plan = {
  id: 5,
  projectId: 1,
  projectNo: 'KM-2026-002',
  projectName: '示例项目',
  templateId: 3,
  templateCode: 'STD-TRIAL',
  templateRevision: 1,
  name: '标准临床试验项目计划',
  startDate: '2026-12-10',
  status: 'submitted',
  reason: null,
  taskCount: 9,
  doneCount: 0,
  createdBy: 42,
  createdByName: '张项目',
  updatedAt: '2026-11-25T02:00:00.000Z',
  version: 2,
};
const task = {
  id: 11,
  planId: 5,
  projectId: 1,
  stage: '启动会',
  name: '启动会筹备',
  sort: 0,
  ownerId: 42,
  ownerName: '张项目',
  plannedStart: '2026-11-01',
  plannedDue: '2026-11-07',
  needsApproval: false,
  status: 'doing',
  overdue: true,
  formTemplateId: null,
  values: null,
  completedAt: null,
  completedByName: null,
  version: 2,
};

function renderPage(page: React.ReactNode, url = '/') {
  vi.mocked(callEndpoint).mockImplementation((async (pick: EndpointPick) => {
    const name = endpointName(pick);
    if (name === 'progress.paging') return { code: 200, data: [plan], total: 1 };
    if (name === 'progress.get') return { code: 200, data: { ...plan, tasks: [task], staff: [] } };
    if (name === 'progress.myTasks')
      return {
        code: 200,
        data: [{ ...task, projectNo: 'KM-2026-001', projectName: 'x', fields: null }],
        total: 1,
      };
    return { code: 200, data: [], total: 0 };
  }) as unknown as typeof callEndpoint);
  usePermission.setState({ permissions: Object.values(PROGRESS_PERMISSIONS), roles: [] });
  render(
    <MemoryRouter initialEntries={[url]}>
      <App>{page}</App>
    </MemoryRouter>,
  );
}
const calls = (name: string) =>
  vi.mocked(callEndpoint).mock.calls.filter(([pick]) => endpointName(pick as EndpointPick) === name);

describe('/project/progress', () => {
  it('project-plan lists plans with the approval buttons the workflow allows and a create button', async () => {
    renderPage(<ProgressPlansPage />);
    expect(await screen.findByTestId('progress-approve-5')).toBeTruthy();
    expect(screen.getByTestId('progress-create')).toBeTruthy();
    expect(screen.queryByTestId('progress-submit-5')).toBeNull();
  });

  it('plan-approve asks for submitted plans and reads the state from the link', async () => {
    renderPage(<PlanApprovePage />, '/?status=returned');
    await screen.findByTestId('progress-view-5');
    await waitFor(() =>
      expect(calls('progress.paging').at(-1)?.[1]).toMatchObject({ body: { status: 'returned' } }),
    );
  });

  it('the detail marks overdue tasks', async () => {
    renderPage(<ProgressPlanDetailPage />, '/?id=5');
    expect(await screen.findByTestId('progress-overdue-11')).toBeTruthy();
    expect(calls('progress.get')[0]?.[1]).toMatchObject({ params: { id: 5 } });
  });

  it('task-doing offers the owner to complete a task in progress', async () => {
    renderPage(<TaskDoingPage />);
    expect(await screen.findByTestId('task-complete-11')).toBeTruthy();
    expect(screen.getByTestId('task-overdue-11')).toBeTruthy();
    expect(screen.queryByTestId('task-start-11')).toBeNull();
  });
});
