import { render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import '../../../locales';
import { type EndpointPick, endpointName } from '../../../services/query';
import { callEndpoint, fakeEndpoints } from '../../../test/fakes';
import DictPage from './index';

fakeEndpoints();

const type = (dictNo: number, name: string) => ({
  dictNo,
  name,
  enName: name,
  itemCount: 1,
  enabledCount: 1,
});

describe('/platform/dict', () => {
  it('opens on the first type and its items, not on an empty pane', async () => {
    vi.mocked(callEndpoint).mockImplementation((async (pick: EndpointPick, input?: { body?: unknown }) => {
      const name = endpointName(pick);
      if (name === 'dict.typeList') return { code: 200, data: [type(1001, '性别'), type(1002, '民族')] };
      if (name === 'dict.page') {
        const { dictNo } = (input as { body: { dictNo: number } }).body;
        return {
          code: 200,
          data: [
            {
              dictNo,
              dictDataRespList: [
                {
                  id: 1,
                  dictNo,
                  value: '1',
                  label: `item of ${dictNo}`,
                  enLabel: 'x',
                  sort: 0,
                  status: 1,
                  version: 1,
                },
              ],
            },
          ],
          total: 1,
        };
      }
      return { code: 200, data: null };
    }) as unknown as typeof callEndpoint);
    render(
      <App>
        <MemoryRouter>
          <DictPage />
        </MemoryRouter>
      </App>,
    );
    await waitFor(() => expect(screen.getByText('item of 1001')).toBeTruthy());
    const asked = vi
      .mocked(callEndpoint)
      .mock.calls.filter(([pick]) => endpointName(pick as EndpointPick) === 'dict.page');
    expect(asked.map(([, input]) => (input as { body: { dictNo: number } }).body.dictNo)).toEqual([1001]);
  });
});
