import { render, screen } from '@testing-library/react';
import { PLAN_PERMISSIONS } from '@trialab/api-contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../locales';
import { type EndpointPick, endpointName } from '../../../services/query';
import { usePermission } from '../../../stores/permission';
import { callEndpoint, fakeEndpoints } from '../../../test/fakes';
import { planRow } from './fixtures';
import PlanListPage from './index';

fakeEndpoints();

afterEach(() => {
  usePermission.setState({ permissions: [], roles: [] });
  vi.mocked(callEndpoint).mockReset();
});

const calls = (name: string) =>
  vi.mocked(callEndpoint).mock.calls.filter(([pick]) => endpointName(pick as EndpointPick) === name);

describe('/project/plan', () => {
  it('starts the status filter from the link and offers each version the buttons its state allows', async () => {
    vi.mocked(callEndpoint).mockImplementation((async (pick: EndpointPick) => {
      if (endpointName(pick) === 'plan.paging')
        return {
          code: 200,
          data: [
            planRow(),
            planRow({ id: 6, status: 'online', revision: 1 }),
            planRow({ id: 7, status: 'reviewed' }),
          ],
          total: 3,
        };
      return { code: 200, data: [], total: 0 };
    }) as unknown as typeof callEndpoint);
    usePermission.setState({ permissions: Object.values(PLAN_PERMISSIONS), roles: [] });
    render(
      <MemoryRouter initialEntries={['/project/plan?status=draft']}>
        <App>
          <PlanListPage />
        </App>
      </MemoryRouter>,
    );
    expect(await screen.findByTestId('plan-submit-5')).toBeTruthy();
    expect(calls('plan.paging')[0]?.[1]).toMatchObject({ body: { status: 'draft' } });
    // A draft is edited and submitted, an online version revised, an approved one put online.
    expect(screen.getByTestId('plan-edit-5')).toBeTruthy();
    expect(screen.queryByTestId('plan-revise-5')).toBeNull();
    expect(screen.getByTestId('plan-revise-6')).toBeTruthy();
    expect(screen.queryByTestId('plan-edit-6')).toBeNull();
    expect(screen.getByTestId('plan-online-7')).toBeTruthy();
    expect(screen.queryByTestId('plan-submit-7')).toBeNull();
    expect(screen.getByTestId('plan-create')).toBeTruthy();
  });

  it("names each plan in the user's language, falling back to the Chinese name", async () => {
    vi.mocked(callEndpoint).mockImplementation((async (pick: EndpointPick) =>
      endpointName(pick) === 'plan.paging'
        ? { code: 200, data: [planRow(), planRow({ id: 6, enName: null, name: '仅中文方案' })], total: 2 }
        : { code: 200, data: [], total: 0 }) as unknown as typeof callEndpoint);
    await changeLanguage('en-US');
    try {
      render(
        <MemoryRouter initialEntries={['/project/plan']}>
          <App>
            <PlanListPage />
          </App>
        </MemoryRouter>,
      );
      expect(await screen.findByText('Main plan')).toBeTruthy();
      expect(screen.getByText('仅中文方案')).toBeTruthy();
      expect(screen.queryByText('主方案')).toBeNull();
    } finally {
      await changeLanguage('zh-CN');
    }
  });

  it('shows no edit, revise or create buttons without the edit permission', async () => {
    vi.mocked(callEndpoint).mockImplementation((async () => ({
      code: 200,
      data: [planRow(), planRow({ id: 6, status: 'online' })],
      total: 2,
    })) as unknown as typeof callEndpoint);
    usePermission.setState({ permissions: [PLAN_PERMISSIONS.view], roles: [] });
    render(
      <MemoryRouter>
        <App>
          <PlanListPage />
        </App>
      </MemoryRouter>,
    );
    expect(await screen.findByTestId('plan-view-5')).toBeTruthy();
    expect(screen.queryByTestId('plan-edit-5')).toBeNull();
    expect(screen.queryByTestId('plan-revise-6')).toBeNull();
    expect(screen.queryByTestId('plan-submit-5')).toBeNull();
    expect(screen.queryByTestId('plan-create')).toBeNull();
  });
});
