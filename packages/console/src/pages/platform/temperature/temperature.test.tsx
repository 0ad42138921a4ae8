import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { TEMPERATURE_PERMISSIONS } from '@trialab/api-contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../locales';
import { type EndpointPick, endpointName } from '../../../services/query';
import { usePermission } from '../../../stores/permission';
import { callEndpoint, fakeEndpoints } from '../../../test/fakes';
import TemperaturePage from './index';

fakeEndpoints();

afterEach(() => {
  usePermission.setState({ permissions: [], roles: [] });
  vi.mocked(callEndpoint).mockClear();
});

const fridge = {
  id: 2,
  code: '2-8C',
  name: '冷藏',
  enName: 'Refrigerated',
  minCelsius: 2,
  maxCelsius: 8,
  range: '2~8℃',
  forTransport: true,
  forStorage: true,
  sort: 1,
  enabled: true,
  version: 3,
};

function renderPage(permissions: string[]) {
  vi.mocked(callEndpoint).mockImplementation((async (pick: EndpointPick) => {
    if (endpointName(pick) === 'temperatures.paging') return { code: 200, data: [fridge], total: 1 };
    return { code: 200, data: { id: 9, version: 1 } };
  }) as unknown as typeof callEndpoint);
  usePermission.setState({ permissions, roles: [] });
  render(
    <MemoryRouter>
      <App>
        <TemperaturePage />
      </App>
    </MemoryRouter>,
  );
}

const calls = (name: string) =>
  vi.mocked(callEndpoint).mock.calls.filter(([pick]) => endpointName(pick as EndpointPick) === name);

describe('/platform/temperature', () => {
  it('creates a condition with one bound: the range reads as it will print, the bounds go as numbers', async () => {
    renderPage(Object.values(TEMPERATURE_PERMISSIONS));
    await screen.findByText('2~8℃');
    fireEvent.click(await screen.findByTestId('temperature-create'));
    fireEvent.change(await screen.findByLabelText('编码'), { target: { value: 'DI' } });
    fireEvent.change(screen.getByLabelText('名称'), { target: { value: '干冰' } });
    fireEvent.change(screen.getByLabelText('英文名称'), { target: { value: 'Dry ice' } });
    fireEvent.change(screen.getByLabelText('最高温度（℃）'), { target: { value: '-70' } });
    expect((await screen.findByTestId('temperature-range-preview')).textContent).toBe('范围显示为：≤-70℃');
    fireEvent.click(screen.getByTestId('temperature-form-ok'));
    await waitFor(() => expect(calls('temperatures.create')).toHaveLength(1));
    expect(calls('temperatures.create')[0]?.[1]).toEqual({
      body: {
        code: 'DI',
        name: '干冰',
        enName: 'Dry ice',
        minCelsius: null,
        maxCelsius: -70,
        forTransport: true,
        forStorage: true,
        sort: 0,
      },
    });
    // The list is loaded again (the write invalidates it) before the test ends.
    await waitFor(() => expect(calls('temperatures.paging')).toHaveLength(2));
  });

  it('edits at the version read, and shows the state as a tag to those who may not switch it', async () => {
    renderPage([TEMPERATURE_PERMISSIONS.page, TEMPERATURE_PERMISSIONS.update]);
    fireEvent.click(await screen.findByTestId('temperature-edit-2-8C'));
    fireEvent.change(await screen.findByLabelText('最低温度（℃）'), { target: { value: '2.5' } });
    fireEvent.click(screen.getByTestId('temperature-form-ok'));
    await waitFor(() => expect(calls('temperatures.update')).toHaveLength(1));
    expect(calls('temperatures.update')[0]?.[1]).toMatchObject({
      params: { id: 2 },
      body: { version: 3, minCelsius: 2.5, maxCelsius: 8 },
    });
    await waitFor(() => expect(calls('temperatures.paging')).toHaveLength(2));
    expect(screen.queryByTestId('temperature-status-2-8C')).toBeNull();
    expect(screen.getAllByText('启用').length).toBeGreaterThan(0);
  });
});
