import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { PROJECT_CONFIG_PERMISSIONS } from '@trialab/api-contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../locales';
import { formatTime } from '../../../components/format';
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
  oldValue: { projectId: 1, testItemId: 7, high: 104, updatedAt: '2026-11-19T16:30:00.000Z' },
  newValue: { projectId: 1, testItemId: 7, high: 100, updatedAt: '2026-11-20T08:00:00.000Z' },
  reason: null,
  refs: { 'project:1': 'KM-2026-001 肿瘤研究', 'testItem:7': '肌酐' },
};

describe('/project/item-log', () => {
  it('shows configuration changes old beside new, and exports the applied filter', async () => {
    vi.mocked(callEndpoint).mockImplementation((async (pick: EndpointPick) => {
      const name = endpointName(pick);
      if (name === 'projectItemLog.paging') return { code: 200, data: [entry], total: 1 };
      if (name === 'projectItemLog.options') {
        return { code: 200, data: { usernames: ['张项目'], actions: [entry.action], entities: [] } };
      }
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
    // In words: the action, each field, a time in the user's zone, not the ISO instant.
    expect(screen.getAllByText('项目参考范围 · 编辑').length).toBeGreaterThan(0);
    expect(screen.getAllByTestId('audit-before').map((e) => e.textContent)).toEqual([
      '104',
      formatTime('2026-11-19T16:30:00.000Z'),
    ]);
    expect(screen.getByText('上限:')).toBeTruthy();
    // The range named by its project and analyte, not its id.
    expect(screen.getByText('KM-2026-001 肿瘤研究 · 肌酐')).toBeTruthy();
    fireEvent.click(screen.getByTestId('item-log-view-90'));
    const table = await screen.findByTestId('audit-change-table');
    expect(table.textContent).not.toContain('2026-11-20T08:00');
    fireEvent.click(screen.getByTestId('item-log-export'));
    await waitFor(() => expect(downloadEndpoint).toHaveBeenCalledTimes(1));
    expect(vi.mocked(downloadEndpoint).mock.calls[0]?.[1]).toEqual({ body: {} });
  });
});
