import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { PROJECT_CONFIG_PERMISSIONS } from '@trialab/api-contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../locales';
import { type EndpointPick, endpointName } from '../../../services/query';
import { usePermission } from '../../../stores/permission';
import { callEndpoint, downloadEndpoint, fakeEndpoints } from '../../../test/fakes';
import ItemLogPage from './index';

fakeEndpoints();

afterEach(() => {
  usePermission.setState({ permissions: [], roles: [] });
  vi.mocked(callEndpoint).mockClear();
  vi.mocked(downloadEndpoint).mockClear();
});

const entry = {
  id: 90,
  at: '2026-11-20T08:00:00.000Z',
  username: '张项目',
  action: 'projectTestItems.update',
  entity: 'projectTestItem',
  entityId: '4',
  oldValue: { projectId: 1, high: 104 },
  newValue: { projectId: 1, high: 100 },
  reason: null,
};

describe('/project/item-log', () => {
  it('shows configuration changes old beside new, and exports the applied filter', async () => {
    vi.mocked(callEndpoint).mockImplementation((async (pick: EndpointPick) => {
      const name = endpointName(pick);
      if (name === 'projectItemLog.paging') return { code: 200, data: [entry], total: 1 };
      return { code: 200, data: [{ id: 1, projectNo: 'KM-2026-001', name: '肿瘤研究' }], total: 1 };
    }) as unknown as typeof callEndpoint);
    usePermission.setState({ permissions: [PROJECT_CONFIG_PERMISSIONS.logView], roles: [] });
    render(
      <MemoryRouter>
        <App>
          <ItemLogPage />
        </App>
      </MemoryRouter>,
    );
    expect(await screen.findByText('张项目')).toBeTruthy();
    expect(screen.getByTestId('audit-before').textContent).toBe('104');
    expect(screen.getByTestId('audit-after').textContent).toBe('100');
    fireEvent.click(screen.getByTestId('item-log-export'));
    await waitFor(() => expect(downloadEndpoint).toHaveBeenCalledTimes(1));
    expect(vi.mocked(downloadEndpoint).mock.calls[0]?.[1]).toEqual({ body: {} });
  });
});
