import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { PROJECT_REPORT_PERMISSIONS } from '@trialab/api-contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../locales';
import { callEndpoint } from '../../../services/endpoint';
import { type EndpointPick, endpointName } from '../../../services/query';
import { usePermission } from '../../../stores/permission';
import ManualReportPage from './index';

vi.mock('../../../services/endpoint', () => ({ callEndpoint: vi.fn(), downloadEndpoint: vi.fn() }));

afterEach(() => {
  usePermission.setState({ permissions: [], roles: [] });
  vi.mocked(callEndpoint).mockClear();
});

const base = {
  kind: 'manual',
  labReportId: null,
  revision: 0,
  projectId: 3,
  projectNo: 'KM-2026-003',
  siteId: 5,
  siteNo: '01',
  siteName: '华西医院',
  subjectNo: 'S-003-0001',
  visit: '基线 V1',
  reportDate: '2026-11-10',
  reason: null,
  hasPdf: true,
  createdBy: 3,
  createdByName: '张项目',
  createdAt: '2026-11-11T08:00:00.000Z',
  version: 1,
};
const rows = [
  {
    ...base,
    id: 1,
    reportNo: 'MR-DEMO-0001',
    title: '外送病理报告',
    status: 'approved',
    reviewedByName: '超级管理员',
    reviewedAt: '2026-11-12T08:00:00.000Z',
  },
  {
    ...base,
    id: 2,
    reportNo: 'MR-DEMO-0002',
    title: '外送影像学报告',
    status: 'pending',
    reviewedByName: null,
    reviewedAt: null,
  },
];

function renderPage(permissions: string[]) {
  vi.mocked(callEndpoint).mockImplementation((async (pick: EndpointPick) => {
    const name = endpointName(pick);
    if (name === 'manualReports.paging') return { code: 200, data: rows, total: 2 };
    if (name === 'project.ownAll') return { code: 200, data: [], total: 0 };
    return { code: 200, data: null };
  }) as unknown as typeof callEndpoint);
  usePermission.setState({ permissions, roles: [] });
  render(
    <MemoryRouter>
      <App>
        <ManualReportPage />
      </App>
    </MemoryRouter>,
  );
}

const calls = (name: string) =>
  vi.mocked(callEndpoint).mock.calls.filter(([pick]) => endpointName(pick as EndpointPick) === name);

describe('/project/manual-report', () => {
  it('lists manual reports and deletes one not yet approved after confirmation', async () => {
    renderPage(Object.values(PROJECT_REPORT_PERMISSIONS));
    expect(await screen.findByText('外送影像学报告')).toBeTruthy();
    expect(screen.getByTestId('manual-report-create')).toBeTruthy();
    // The approved one stays; the pending one may go.
    expect(screen.queryByTestId('manual-report-remove-1')).toBeNull();
    fireEvent.click(screen.getByTestId('manual-report-remove-2'));
    expect(await screen.findByText('确定删除手工报告 MR-DEMO-0002 吗？')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls('manualReports.remove')).toHaveLength(1));
    expect(calls('manualReports.remove')[0]?.[1]).toEqual({ params: { id: 2 } });
    await waitFor(() => expect(calls('manualReports.paging')).toHaveLength(2));
  });

  it('offers neither upload nor delete to those who may only look', async () => {
    renderPage([PROJECT_REPORT_PERMISSIONS.manualView]);
    expect(await screen.findByText('外送病理报告')).toBeTruthy();
    expect(screen.queryByTestId('manual-report-create')).toBeNull();
    expect(screen.queryByTestId('manual-report-remove-2')).toBeNull();
  });
});
