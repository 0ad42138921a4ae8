import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SYSTEM_PERMISSIONS } from '@trialab/api-contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, loadAllNamespaces } from '../../../../locales';
import { type EndpointPick, endpointName } from '../../../../services/query';
import { usePermission } from '../../../../stores/permission';
import { callEndpoint, fakeEndpoints } from '../../../../test/fakes';
import OperationLogPage from './index';

fakeEndpoints();

afterEach(async () => {
  usePermission.setState({ permissions: [], roles: [] });
  vi.mocked(callEndpoint).mockClear();
  await changeLanguage('zh-CN');
});

const row = {
  id: 7,
  at: '2026-11-20T08:00:00.000Z',
  userId: 1,
  username: '王管理',
  action: 'sampleShipment.cancel',
  entity: 'sampleShipment',
  entityId: '12',
  oldValue: { status: 'booked', projectId: 3 },
  newValue: { status: 'cancelled', projectId: 3 },
  reason: '客户取消',
  requestId: 'r-1',
  workstation: null,
  ip: '127.0.0.1',
  refs: { 'project:3': 'KM-2026-003 心血管' },
};

describe('/system/operation/log', () => {
  it('reads in words: action, object, states; sign-in events behind their switch; pickers in words', async () => {
    await loadAllNamespaces();
    await changeLanguage('en-US');
    const bodies: unknown[] = [];
    vi.mocked(callEndpoint).mockImplementation((async (pick: EndpointPick, input?: { body?: unknown }) => {
      const name = endpointName(pick);
      if (name === 'user.operateLogPaging') {
        bodies.push(input?.body);
        return { code: 200, data: [row], total: 1 };
      }
      if (name === 'user.operateLogOptions') {
        return {
          code: 200,
          data: { usernames: ['王管理'], actions: ['sampleShipment.cancel'], entities: ['sampleShipment'] },
        };
      }
      return { code: 200, data: null };
    }) as unknown as typeof callEndpoint);
    usePermission.setState({ permissions: [SYSTEM_PERMISSIONS.operationLog], roles: [] });
    render(
      <MemoryRouter>
        <App>
          <OperationLogPage />
        </App>
      </MemoryRouter>,
    );
    expect(await screen.findByText('Sample shipment · cancel')).toBeTruthy();
    expect(screen.queryByText('sampleShipment.cancel')).toBeNull();
    // The shipment's states in its workflow's words, not its codes.
    expect(screen.getByTestId('audit-before').textContent).toBe('Booked');
    expect(screen.getByTestId('audit-after').textContent).toBe('Cancelled');
    expect(screen.getByText('Status:')).toBeTruthy();

    // The action picker offers words.
    fireEvent.mouseDown(screen.getByLabelText('Action'));
    expect((await screen.findAllByText('Sample shipment · cancel')).length).toBeGreaterThan(1);

    fireEvent.click(screen.getByTestId('audit-sign-in'));
    fireEvent.submit(screen.getByTestId('audit-keyword').closest('form') as HTMLFormElement);
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ signIn: true }));
    expect(bodies[0]).not.toHaveProperty('signIn', true);
  });
});
