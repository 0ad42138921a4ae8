import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { STOCK_OUT_TYPE_PERMISSIONS } from '@trialab/api-contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../locales';
import { type EndpointPick, endpointName } from '../../../services/query';
import { useDict } from '../../../stores/dict';
import { usePermission } from '../../../stores/permission';
import { callEndpoint, fakeEndpoints } from '../../../test/fakes';
import OutWarehousePage from './index';

fakeEndpoints();

afterEach(() => {
  usePermission.setState({ permissions: [], roles: [] });
  useDict.setState({ items: {} });
  vi.mocked(callEndpoint).mockClear();
});

const reason = (id: number, value: string, label: string, enLabel: string, status = 1) => ({
  id,
  dictNo: 1017,
  value,
  label,
  enLabel,
  sort: id,
  status,
  version: 1,
});

const transfer = {
  id: 2,
  code: 'TRANSFER',
  name: '转运出库',
  enName: 'Transfer',
  returnsSample: false,
  needsReview: true,
  reasons: ['2', '4'],
  sort: 1,
  enabled: true,
  version: 3,
};

function renderPage(permissions: string[]) {
  vi.mocked(callEndpoint).mockImplementation((async (pick: EndpointPick) => {
    if (endpointName(pick) === 'stockOutTypes.paging') return { code: 200, data: [transfer], total: 1 };
    return { code: 200, data: { id: 9, version: 1 } };
  }) as unknown as typeof callEndpoint);
  useDict.setState({
    items: {
      1017: [
        reason(1, '1', '检测', 'Testing'),
        reason(2, '2', '转运', 'Transfer'),
        reason(3, '3', '归还申办方', 'Return to sponsor', 0),
        reason(4, '4', '其他', 'Other'),
      ],
    },
  });
  usePermission.setState({ permissions, roles: [] });
  render(
    <MemoryRouter>
      <App>
        <OutWarehousePage />
      </App>
    </MemoryRouter>,
  );
}

const calls = (name: string) =>
  vi.mocked(callEndpoint).mock.calls.filter(([pick]) => endpointName(pick as EndpointPick) === name);

describe('/platform/out-warehouse', () => {
  it('lists a type with its reasons by name, and creates one with the reasons chosen', async () => {
    renderPage(Object.values(STOCK_OUT_TYPE_PERMISSIONS));
    expect(await screen.findByText('永久出库')).toBeTruthy();
    expect(screen.getByText('需审核')).toBeTruthy();
    expect(screen.getByText('转运')).toBeTruthy();
    expect(screen.getByText('其他')).toBeTruthy();
    fireEvent.click(screen.getByTestId('stock-out-type-create'));
    fireEvent.change(await screen.findByLabelText('编码'), { target: { value: 'LOAN' } });
    fireEvent.change(screen.getByLabelText('名称'), { target: { value: '借出出库' } });
    fireEvent.change(screen.getByLabelText('英文名称'), { target: { value: 'Loan' } });
    fireEvent.click(screen.getByLabelText('临时出库（样本归还）'));
    // Without a reason the form does not save.
    fireEvent.click(screen.getByTestId('stock-out-type-form-ok'));
    expect(await screen.findByText('请选择出库原因')).toBeTruthy();
    expect(calls('stockOutTypes.create')).toHaveLength(0);
    fireEvent.mouseDown(screen.getByLabelText('出库原因'));
    // A disabled reason is not offered for a choice it does not hold.
    expect(screen.queryByTitle('归还申办方')).toBeNull();
    fireEvent.click(await screen.findByTitle('检测'));
    fireEvent.click(screen.getByTestId('stock-out-type-form-ok'));
    await waitFor(() => expect(calls('stockOutTypes.create')).toHaveLength(1));
    expect(calls('stockOutTypes.create')[0]?.[1]).toEqual({
      body: {
        code: 'LOAN',
        name: '借出出库',
        enName: 'Loan',
        returnsSample: true,
        needsReview: false,
        reasons: ['1'],
        sort: 0,
      },
    });
    await waitFor(() => expect(calls('stockOutTypes.paging')).toHaveLength(2));
  });

  it('edits at the version read, and shows the state as a tag to those who may not switch it', async () => {
    renderPage([STOCK_OUT_TYPE_PERMISSIONS.view, STOCK_OUT_TYPE_PERMISSIONS.edit]);
    expect(screen.queryByTestId('stock-out-type-create')).toBeNull();
    fireEvent.click(await screen.findByTestId('stock-out-type-edit-TRANSFER'));
    fireEvent.click(await screen.findByLabelText('确认前审核'));
    fireEvent.click(screen.getByTestId('stock-out-type-form-ok'));
    await waitFor(() => expect(calls('stockOutTypes.update')).toHaveLength(1));
    expect(calls('stockOutTypes.update')[0]?.[1]).toMatchObject({
      params: { id: 2 },
      body: { version: 3, needsReview: false, reasons: ['2', '4'], returnsSample: false },
    });
    await waitFor(() => expect(calls('stockOutTypes.paging')).toHaveLength(2));
    expect(screen.queryByTestId('stock-out-type-status-TRANSFER')).toBeNull();
    expect(screen.getAllByText('启用').length).toBeGreaterThan(0);
  });
});
