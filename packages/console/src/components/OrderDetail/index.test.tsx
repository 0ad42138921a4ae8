import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONSUMABLE_PERMISSIONS, type ConsumableOrderState } from '@trialab/api-contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../locales';
import { type EndpointPick, endpointName } from '../../services/query';
import { usePermission } from '../../stores/permission';
import { downloadEndpoint, fakeEndpoints } from '../../test/fakes';
import { DispatchNoteButton } from '.';

fakeEndpoints();

const order = (status: ConsumableOrderState) => ({ id: 7, orderNo: 'CO2026112600007', status });
const show = (status: ConsumableOrderState, staff = false) =>
  render(
    <App>
      <MemoryRouter>
        <DispatchNoteButton order={order(status)} staff={staff} />
      </MemoryRouter>
    </App>,
  );

beforeEach(() => {
  vi.mocked(downloadEndpoint).mockClear();
  usePermission.setState({
    permissions: [CONSUMABLE_PERMISSIONS.query, CONSUMABLE_PERMISSIONS.staffPage],
    roles: [],
  });
});

describe('DispatchNoteButton', () => {
  it('shows only once the application has been dispatched', () => {
    for (const status of ['submitted', 'approved', 'cancelled'] as const) {
      const { unmount } = show(status);
      expect(screen.queryByTestId('dispatch-note-CO2026112600007')).toBeNull();
      unmount();
    }
    for (const status of ['dispatched', 'received'] as const) {
      const { unmount } = show(status);
      expect(screen.getByTestId('dispatch-note-CO2026112600007').textContent).toContain('下载发货单');
      unmount();
    }
  });

  it('downloads through the portal endpoint for site users and the staff endpoint for the supply staff', async () => {
    const { unmount } = show('dispatched');
    await userEvent.click(screen.getByTestId('dispatch-note-CO2026112600007'));
    await waitFor(() => expect(downloadEndpoint).toHaveBeenCalledTimes(1));
    const [pick, input, name] = vi.mocked(downloadEndpoint).mock.calls[0] ?? [];
    expect(endpointName(pick as EndpointPick)).toBe('consumable.dispatchNote');
    expect(input).toEqual({ params: { id: 7 } });
    expect(name).toBe('CO2026112600007-dispatch-note.pdf');
    unmount();

    show('received', true);
    await userEvent.click(screen.getByTestId('dispatch-note-CO2026112600007'));
    await waitFor(() => expect(downloadEndpoint).toHaveBeenCalledTimes(2));
    expect(endpointName(vi.mocked(downloadEndpoint).mock.calls[1]?.[0] as EndpointPick)).toBe(
      'consumable.staffDispatchNote',
    );
  });

  it('is hidden without the permission of its side', () => {
    usePermission.setState({ permissions: [CONSUMABLE_PERMISSIONS.query], roles: [] });
    show('dispatched', true);
    expect(screen.queryByTestId('dispatch-note-CO2026112600007')).toBeNull();
  });
});
