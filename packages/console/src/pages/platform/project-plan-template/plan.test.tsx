import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { PLAN_TEMPLATE_PERMISSIONS } from '@trialab/api-contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../locales';
import { type EndpointPick, endpointName } from '../../../services/query';
import { usePermission } from '../../../stores/permission';
import { callEndpoint, fakeEndpoints } from '../../../test/fakes';
import PlanTemplatesPage from './index';

fakeEndpoints();

afterEach(() => {
  usePermission.setState({ permissions: [], roles: [] });
  vi.mocked(callEndpoint).mockReset();
});

const published = {
  id: 3,
  code: 'STD-TRIAL',
  name: '标准临床试验项目计划',
  revision: 1,
  status: 'published',
  description: null,
  updatedAt: '2026-11-01T02:00:00.000Z',
  publishedAt: '2026-11-01T02:00:00.000Z',
  updatedBy: '平台管理员',
  version: 2,
  stageCount: 6,
  taskCount: 9,
};

function renderPage(permissions: string[]) {
  vi.mocked(callEndpoint).mockImplementation((async (pick: EndpointPick) => {
    const name = endpointName(pick);
    if (name === 'planTemplates.paging') return { code: 200, data: [published], total: 1 };
    if (name === 'planTemplates.create') return { code: 200, data: { id: 9, version: 1 } };
    return { code: 200, data: [], total: 0 };
  }) as unknown as typeof callEndpoint);
  usePermission.setState({ permissions, roles: [] });
  render(
    <MemoryRouter>
      <App>
        <PlanTemplatesPage />
      </App>
    </MemoryRouter>,
  );
}

const calls = (name: string) =>
  vi.mocked(callEndpoint).mock.calls.filter(([pick]) => endpointName(pick as EndpointPick) === name);

describe('/platform/project-plan-template', () => {
  it('offers a published revision a new version and retirement, not editing', async () => {
    renderPage(Object.values(PLAN_TEMPLATE_PERMISSIONS));
    expect(await screen.findByTestId('plan-template-new-version-STD-TRIAL-1')).toBeTruthy();
    expect(screen.getByTestId('plan-template-retire-STD-TRIAL-1')).toBeTruthy();
    expect(screen.queryByTestId('plan-template-edit-STD-TRIAL-1')).toBeNull();
    expect(screen.queryByTestId('plan-template-publish-STD-TRIAL-1')).toBeNull();
  });

  it('creates a template with a stage and its task as the contract reads them', async () => {
    renderPage(Object.values(PLAN_TEMPLATE_PERMISSIONS));
    fireEvent.click(await screen.findByTestId('plan-template-create'));
    const form = await screen.findByTestId('plan-template-form');
    fireEvent.change(within(form).getByLabelText('编码'), { target: { value: 'P-2' } });
    fireEvent.change(within(form).getByLabelText('名称'), { target: { value: '简化计划' } });
    fireEvent.click(within(form).getByTestId('plan-stage-add'));
    fireEvent.change(await within(form).findByPlaceholderText('阶段名称'), { target: { value: '启动会' } });
    fireEvent.click(within(form).getByTestId('plan-task-add-0'));
    fireEvent.change(await within(form).findByPlaceholderText('任务名称'), {
      target: { value: '召开启动会' },
    });
    fireEvent.change(within(form).getByPlaceholderText('开始（项目第几天）'), { target: { value: '7' } });
    fireEvent.click(screen.getByTestId('plan-template-form-ok'));
    await waitFor(() => expect(calls('planTemplates.create')).toHaveLength(1));
    expect(calls('planTemplates.create')[0]?.[1]).toEqual({
      body: {
        code: 'P-2',
        name: '简化计划',
        description: null,
        stages: [
          {
            name: '启动会',
            tasks: [
              {
                name: '召开启动会',
                ownerRoleId: null,
                offsetDays: 7,
                durationDays: 1,
                needsApproval: false,
                formTemplateId: null,
              },
            ],
          },
        ],
      },
    });
  });
});
