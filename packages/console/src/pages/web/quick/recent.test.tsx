import { render, screen, within } from '@testing-library/react';
import { PORTAL_REPORT_PERMISSIONS, QUERY_PERMISSIONS, SHIPMENT_PERMISSIONS } from '@trialab/api-contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../locales';
import { type EndpointPick, endpointName } from '../../../services/query';
import { usePermission } from '../../../stores/permission';
import { callEndpoint, fakeEndpoints } from '../../../test/fakes';
import { Recent } from './Recent';

fakeEndpoints();

afterEach(() => {
  usePermission.setState({ permissions: [], roles: [] });
  vi.mocked(callEndpoint).mockClear();
});

const answers: Record<string, unknown[]> = {
  'portalReport.paging': [
    {
      id: 1,
      reportNo: 'R-2026-0001',
      subjectNo: 'S-001',
      visit: 'V1',
      siteName: '北京协和医院',
      releasedAt: null,
    },
  ],
  'sampleTransport.paging': [
    {
      id: 2,
      orderNo: 'YD-2026-0002',
      status: 'picked_up',
      siteNo: '01',
      siteName: '北京协和医院',
      sampleCount: 6,
      estimatedShipDate: '2026-11-20',
    },
  ],
  'clarification.paging': [
    { id: 3, queryNo: 'Q-0003', subjectNo: 'S-002', status: 'open', content: '采样时间缺失' },
  ],
};

function renderRecent(permissions: string[]) {
  vi.mocked(callEndpoint).mockImplementation((async (pick: EndpointPick) => {
    const rows = answers[endpointName(pick)] ?? [];
    return { code: 200, data: rows, total: rows.length };
  }) as unknown as typeof callEndpoint);
  usePermission.setState({ permissions, roles: [] });
  render(
    <MemoryRouter>
      <App>
        <Recent />
      </App>
    </MemoryRouter>,
  );
}

describe('/web/quick latest work', () => {
  it('shows the site’s latest reports, shipments and the queries awaiting its answer', async () => {
    renderRecent([PORTAL_REPORT_PERMISSIONS.reportPage, SHIPMENT_PERMISSIONS.page, QUERY_PERMISSIONS.page]);
    expect(
      await within(await screen.findByTestId('quick-recent-reports')).findByText('R-2026-0001'),
    ).toBeTruthy();
    const shipments = screen.getByTestId('quick-recent-shipments');
    expect(await within(shipments).findByText('YD-2026-0002')).toBeTruthy();
    expect(within(shipments).getByText('运输中')).toBeTruthy();
    const queries = screen.getByTestId('quick-open-queries');
    expect(await within(queries).findByText('采样时间缺失')).toBeTruthy();
    const bodies = Object.fromEntries(
      vi.mocked(callEndpoint).mock.calls.map(([pick, input]) => [endpointName(pick as EndpointPick), input]),
    );
    expect(bodies['clarification.paging']).toEqual({ body: { page: 1, size: 5, status: ['open'] } });
    expect(bodies['portalReport.paging']).toEqual({ body: { page: 1, size: 5 } });
  });

  it('asks only for the lists the user may open', async () => {
    renderRecent([SHIPMENT_PERMISSIONS.page]);
    await screen.findByText('YD-2026-0002');
    expect(screen.queryByTestId('quick-recent-reports')).toBeNull();
    expect(screen.queryByTestId('quick-open-queries')).toBeNull();
    expect(vi.mocked(callEndpoint).mock.calls.map(([pick]) => endpointName(pick as EndpointPick))).toEqual([
      'sampleTransport.paging',
    ]);
  });
});
