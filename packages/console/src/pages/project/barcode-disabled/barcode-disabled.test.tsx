import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { PROJECT_CONFIG_PERMISSIONS } from '@trialab/api-contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../locales';
import { type EndpointPick, endpointName } from '../../../services/query';
import { usePermission } from '../../../stores/permission';
import { callEndpoint, fakeEndpoints } from '../../../test/fakes';
import BarcodeDisabledPage from './index';

fakeEndpoints();

afterEach(() => {
  usePermission.setState({ permissions: [], roles: [] });
  vi.mocked(callEndpoint).mockClear();
});

const row = {
  id: 3,
  projectId: 1,
  projectNo: 'KM-2026-001',
  code: 'KM001-V0093',
  reasonCode: 'withdrawn',
  reason: '受试者退出研究',
  voidedBy: '张项目',
  voidedAt: '2026-11-20T08:00:00.000Z',
};

function renderPage(permissions: string[]) {
  vi.mocked(callEndpoint).mockImplementation((async (pick: EndpointPick) => {
    const name = endpointName(pick);
    if (name === 'voidedBarcodes.paging') return { code: 200, data: [row], total: 1 };
    if (name === 'project.ownAll')
      return { code: 200, data: [{ id: 1, projectNo: 'KM-2026-001', name: '肿瘤研究' }], total: 1 };
    return { code: 200, data: { count: 1 } };
  }) as unknown as typeof callEndpoint);
  usePermission.setState({ permissions, roles: [] });
  render(
    <MemoryRouter>
      <App>
        <BarcodeDisabledPage />
      </App>
    </MemoryRouter>,
  );
}

const calls = (name: string) =>
  vi.mocked(callEndpoint).mock.calls.filter(([pick]) => endpointName(pick as EndpointPick) === name);

describe('/project/barcode-disabled', () => {
  it('lists voided barcodes with who and why, and restores one with a reason', async () => {
    renderPage(Object.values(PROJECT_CONFIG_PERMISSIONS));
    expect(await screen.findByText('KM001-V0093')).toBeTruthy();
    expect(screen.getByText('受试者退出研究')).toBeTruthy();
    fireEvent.click(screen.getByTestId('voided-restore-3'));
    fireEvent.change(await screen.findByPlaceholderText('请输入恢复原因'), { target: { value: '误作废' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls('voidedBarcodes.restore')).toHaveLength(1));
    expect(calls('voidedBarcodes.restore')[0]?.[1]).toEqual({ body: { ids: [3], reason: '误作废' } });
    await waitFor(() => expect(calls('voidedBarcodes.paging')).toHaveLength(2));
  });

  it('shows no void or restore button to those who may only look', async () => {
    renderPage([PROJECT_CONFIG_PERMISSIONS.barcodeView]);
    expect(await screen.findByText('KM001-V0093')).toBeTruthy();
    expect(screen.queryByTestId('voided-create')).toBeNull();
    expect(screen.queryByTestId('voided-restore-3')).toBeNull();
  });
});
