import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PROGRESS_PERMISSIONS } from '@trialab/api-contract';
import { App } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../locales';
import { type EndpointPick, endpointName } from '../../../services/query';
import { usePermission } from '../../../stores/permission';
import { callEndpoint, fakeEndpoints } from '../../../test/fakes';
import EditProgressPlanFormPage from './edit-project-plan-form';
import PlanApprovePage from './plan-approve';
import PlanApproveFormPage from './plan-approve-form';
import ProgressPlansPage from './project-plan';
import ProgressPlanFormPage from './project-plan-form';
import ProgressPlanDetailPage from './project-plan-form-detail';
import TaskDoingPage from './task-doing';

fakeEndpoints();

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
  fields: null,
  completedAt: null,
  completedByName: null,
  version: 2,
};

const staff = [
  { id: 42, name: '张项目' },
  { id: 43, name: '李监查' },
];
// A task whose form asks for the kick-off minutes.
const minutes = [
  {
    key: 'summary',
    type: 'text',
    label: { 'zh-CN': '会议纪要', 'en-US': 'Minutes', 'zh-HK': '會議紀要' },
    required: true,
    sort: 0,
    maxLength: 200,
  },
];
const formTask = { ...task, id: 12, sort: 1, name: '启动会纪要', formTemplateId: 7, fields: minutes };

function renderPage(page: React.ReactNode, url = '/', answers: Record<string, unknown> = {}) {
  vi.mocked(callEndpoint).mockImplementation((async (pick: EndpointPick) => {
    const name = endpointName(pick);
    if (name in answers) return { code: 200, data: answers[name] };
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

/** The page at `/`, and where its links lead (shown as the path and query). */
function Landing() {
  const { pathname, search } = useLocation();
  return <div data-testid="landed">{pathname + search}</div>;
}
const withLinks = (page: React.ReactNode) => (
  <Routes>
    <Route path="/" element={page} />
    <Route path="*" element={<Landing />} />
  </Routes>
);

/** Opens the antd select under `testId` and picks the option showing `label`. */
async function choose(testId: string, label: string) {
  fireEvent.mouseDown(within(await screen.findByTestId(testId)).getByRole('combobox'));
  const options = await screen.findAllByTitle(label);
  await userEvent.click(options.at(-1) as HTMLElement);
}

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

  it('the detail marks overdue tasks and adjusts a returned plan on the edit form', async () => {
    renderPage(withLinks(<ProgressPlanDetailPage />), '/?id=5', {
      'progress.get': { ...plan, status: 'returned', tasks: [task], staff },
    });
    expect(await screen.findByTestId('progress-overdue-11')).toBeTruthy();
    expect(calls('progress.get')[0]?.[1]).toMatchObject({ params: { id: 5 } });
    await userEvent.click(screen.getByTestId('progress-edit'));
    expect(screen.getByTestId('landed').textContent).toBe('/project/progress/edit-project-plan-form?id=5');
  });

  it('task-doing offers the owner to complete a task in progress', async () => {
    renderPage(<TaskDoingPage />);
    expect(await screen.findByTestId('task-complete-11')).toBeTruthy();
    expect(screen.getByTestId('task-overdue-11')).toBeTruthy();
    expect(screen.queryByTestId('task-start-11')).toBeNull();
  });

  it('project-plan-form previews the template for the project and saves the owners chosen as a draft', async () => {
    renderPage(<ProgressPlanFormPage />, '/', {
      'project.ownAll': [{ id: 1, projectNo: 'KM-2026-001', name: '肿瘤生物标志物研究' }],
      'progress.templates': [{ id: 3, code: 'STD-TRIAL', name: '标准临床试验项目计划', revision: 1 }],
      'progress.preview': {
        templateCode: 'STD-TRIAL',
        templateRevision: 1,
        name: '标准临床试验项目计划',
        staff,
        tasks: [
          { ...task, sort: 0, plannedStart: '2027-04-01', plannedDue: '2027-04-07' },
          { ...formTask, plannedStart: '2027-04-08', plannedDue: '2027-04-08' },
        ],
      },
      'progress.create': { id: 9, version: 1 },
    });
    await choose('progress-create-project', 'KM-2026-001 肿瘤生物标志物研究');
    await choose('progress-create-template', 'STD-TRIAL V1 标准临床试验项目计划');
    // The picker's test id sits on its input.
    const start = screen.getByTestId('progress-create-start');
    fireEvent.mouseDown(start);
    fireEvent.change(start, { target: { value: '2027-04-01' } });
    fireEvent.keyDown(start, { key: 'Enter', code: 'Enter' });
    await screen.findByTestId('progress-owner-1');
    await waitFor(() =>
      expect(calls('progress.preview').at(-1)?.[1]).toEqual({
        body: { projectId: 1, templateId: 3, startDate: '2027-04-01' },
      }),
    );
    await choose('progress-owner-1', '李监查');
    await userEvent.click(screen.getByTestId('progress-form-save'));
    await waitFor(() => expect(calls('progress.create')).toHaveLength(1));
    expect(calls('progress.create')[0]?.[1]).toEqual({
      body: {
        projectId: 1,
        templateId: 3,
        startDate: '2027-04-01',
        tasks: [
          { sort: 0, ownerId: 42, plannedStart: '2027-04-01', plannedDue: '2027-04-07' },
          { sort: 1, ownerId: 43, plannedStart: '2027-04-08', plannedDue: '2027-04-08' },
        ],
      },
    });
  });

  it('edit-project-plan-form sends only the tasks changed at the version read', async () => {
    renderPage(<EditProgressPlanFormPage />, '/?id=5', {
      'progress.get': { ...plan, status: 'returned', reason: '日期需调整', tasks: [task, formTask], staff },
      'progress.update': { version: 3 },
    });
    await choose('progress-owner-12', '李监查');
    await userEvent.click(screen.getByTestId('progress-save'));
    await waitFor(() => expect(calls('progress.update')).toHaveLength(1));
    expect(calls('progress.update')[0]?.[1]).toEqual({
      params: { id: 5 },
      body: {
        version: 2,
        tasks: [{ id: 12, ownerId: 43, plannedStart: '2026-11-01', plannedDue: '2026-11-07' }],
      },
    });
  });

  it('plan-approve-form shows the tasks with their forms and approves the plan at its version', async () => {
    renderPage(withLinks(<PlanApproveFormPage />), '/?id=5', {
      'progress.get': {
        ...plan,
        tasks: [task, { ...formTask, values: { summary: '启动会已召开' } }],
        staff,
      },
      'progress.approve': { version: 3 },
    });
    await userEvent.click(await screen.findByRole('button', { name: /expand|展开/i }));
    expect(await screen.findByDisplayValue('启动会已召开')).toBeTruthy();
    await userEvent.click(screen.getByTestId('progress-approve-5'));
    const confirm = await waitFor(() => {
      const open = document.body.querySelector<HTMLElement>('.ant-modal-confirm');
      if (!open) throw new Error('no confirm dialog is open');
      return open;
    });
    await userEvent.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls('progress.approve')).toHaveLength(1));
    expect(calls('progress.approve')[0]?.[1]).toEqual({ params: { id: 5 }, body: { version: 2 } });
    // Back to the list of plans awaiting approval.
    expect((await screen.findByTestId('landed')).textContent).toBe('/project/progress/plan-approve');
  });

  it('plan-approve rows open the approval form, project-plan rows the detail and its button the new plan form', async () => {
    renderPage(withLinks(<PlanApprovePage />));
    await userEvent.click(await screen.findByTestId('progress-view-5'));
    expect(screen.getByTestId('landed').textContent).toBe('/project/progress/plan-approve-form?id=5');
    cleanup();
    renderPage(withLinks(<ProgressPlansPage />));
    await userEvent.click(await screen.findByTestId('progress-view-5'));
    expect(screen.getByTestId('landed').textContent).toBe('/project/progress/project-plan-form-detail?id=5');
    cleanup();
    renderPage(withLinks(<ProgressPlansPage />));
    await userEvent.click(await screen.findByTestId('progress-create'));
    expect(screen.getByTestId('landed').textContent).toBe('/project/progress/project-plan-form');
  });
});
