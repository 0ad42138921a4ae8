import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MARKETING_PERMISSIONS } from '@trialab/api-contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../locales';
import { type EndpointPick, endpointName } from '../../../services/query';
import { usePermission } from '../../../stores/permission';
import { callEndpoint, fakeEndpoints } from '../../../test/fakes';
import ContractPage from './index';

fakeEndpoints();

afterEach(() => {
  usePermission.setState({ permissions: [], roles: [] });
  vi.mocked(callEndpoint).mockClear();
});

const row = {
  id: 4,
  number: 'DEMO-HT-2026-004',
  status: 'active',
  customerId: 1,
  customerName: '华康制药有限公司',
  quotationId: 8,
  quotationNumber: 'DEMO-QT-008',
  quotationRevision: 1,
  partyA: '华康制药有限公司',
  partyB: '上海启航中心实验室有限公司',
  currency: 'CNY',
  taxInclusive: true,
  amount: '15000.00',
  paymentTerms: '对账确认后45日内付款',
  paymentDays: 45,
  validFrom: '2026-07-01',
  validTo: '2027-07-01',
  signedFileId: 3,
  projects: [{ id: 1, projectNo: 'KM-2026-001', name: '华康 II 期' }],
  versions: 1,
  createdBy: 6,
  creatorName: 'sales',
  createdAt: '2026-07-01T00:00:00.000Z',
  version: 2,
};

function renderPage() {
  vi.mocked(callEndpoint).mockImplementation((async (pick: EndpointPick) => {
    const name = endpointName(pick);
    if (name === 'contract.paging') return { code: 200, data: [row], total: 1 };
    if (name === 'contract.get')
      return { code: 200, data: { ...row, versionList: [], signatures: [], events: [] } };
    return { code: 200, data: [], total: 0 };
  }) as unknown as typeof callEndpoint);
  usePermission.setState({ permissions: Object.values(MARKETING_PERMISSIONS), roles: [] });
  render(
    <MemoryRouter initialEntries={['/marketing/contract']}>
      <App>
        <ContractPage />
      </App>
    </MemoryRouter>,
  );
}

describe('/marketing/contract payment days', () => {
  it('asks for whole days from 0 to 365 (30 unless changed) and shows them on the detail', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('contract-create'));
    const days = (await screen.findByTestId('contract-payment-days')) as HTMLInputElement;
    expect(days.value).toBe('30');
    fireEvent.change(days, { target: { value: '366' } });
    expect(await screen.findByText('付款天数须为0至365的整数天')).toBeTruthy();
    fireEvent.change(days, { target: { value: '12.5' } });
    expect(await screen.findByText('付款天数须为0至365的整数天')).toBeTruthy();
    fireEvent.change(days, { target: { value: '45' } });
    // Valid again: the field leaves its error state at once (the message itself fades out first).
    await waitFor(() =>
      expect(days.closest('.ant-form-item')?.classList.contains('ant-form-item-has-error')).toBe(false),
    );

    fireEvent.click(screen.getByTestId('contract-view-DEMO-HT-2026-004'));
    expect(await screen.findByText('结算单确认后 45 天内')).toBeTruthy();
  });
});
