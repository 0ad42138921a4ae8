import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { TEST_ITEM_PERMISSIONS } from '@trialab/api-contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../locales';
import { type EndpointPick, endpointName } from '../../../services/query';
import { usePermission } from '../../../stores/permission';
import { callEndpoint, fakeEndpoints } from '../../../test/fakes';
import TestProjectPage from './index';

fakeEndpoints();

afterEach(() => {
  usePermission.setState({ permissions: [], roles: [] });
});

describe('/laboratory/test-project', () => {
  it('disabling an item refreshes the list through the mutation, with one list request', async () => {
    let enabled = true;
    const item = () => ({
      id: 1,
      code: 'CBC',
      name: '血常规',
      enName: 'CBC',
      enabled,
      sampleTypeName: null,
      methodology: null,
      unit: null,
    });
    vi.mocked(callEndpoint).mockImplementation((async (pick: EndpointPick) => {
      const name = endpointName(pick);
      if (name === 'testItems.disable') {
        enabled = false;
        return { code: 200, data: true };
      }
      if (name === 'testItems.paging') return { code: 200, data: [item()], total: 1 };
      return { code: 200, data: [] };
    }) as unknown as typeof callEndpoint);
    usePermission.setState({
      permissions: [TEST_ITEM_PERMISSIONS.page, TEST_ITEM_PERMISSIONS.status],
      roles: [],
    });
    render(
      <MemoryRouter>
        <App>
          <TestProjectPage />
        </App>
      </MemoryRouter>,
    );
    const status = await screen.findByTestId('test-item-status-CBC');
    expect(status.getAttribute('aria-checked')).toBe('true');
    const lists = () =>
      vi
        .mocked(callEndpoint)
        .mock.calls.filter(([pick]) => endpointName(pick as EndpointPick) === 'testItems.paging');
    expect(lists()).toHaveLength(1);
    fireEvent.click(status);
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() =>
      expect(screen.getByTestId('test-item-status-CBC').getAttribute('aria-checked')).toBe('false'),
    );
    expect(lists()).toHaveLength(2);
  });
});
