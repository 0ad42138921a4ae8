import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import {
  type CurrentUser,
  PROJECT_REPORT_PERMISSIONS,
  PROJECT_REPORT_SIGNATURE_MEANING,
} from '@trialab/api-contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../locales';
import { type EndpointPick, endpointName } from '../../../services/query';
import { usePermission } from '../../../stores/permission';
import { useSession } from '../../../stores/session';
import { callEndpoint, downloadEndpoint, fakeEndpoints, fileEndpoint } from '../../../test/fakes';
import ReportReviewPage from './index';

fakeEndpoints();

afterEach(() => {
  usePermission.setState({ permissions: [], roles: [] });
  useSession.setState({ user: null });
  vi.mocked(callEndpoint).mockClear();
  vi.mocked(downloadEndpoint).mockClear();
});

const row = {
  id: 7,
  kind: 'lab',
  labReportId: 31,
  reportNo: 'RPT20261101000031',
  revision: 0,
  projectId: 3,
  projectNo: 'KM-2026-003',
  siteId: 5,
  siteNo: '01',
  siteName: '华西医院',
  subjectNo: 'S-003-0001',
  visit: '基线 V1',
  title: null,
  reportDate: null,
  status: 'pending',
  reason: null,
  hasPdf: true,
  createdBy: 1,
  createdByName: '超级管理员',
  // Released by 1, its results entered by 9.
  authorIds: [1, 9],
  createdAt: '2026-11-20T08:00:00.000Z',
  reviewedByName: null,
  reviewedAt: null,
  version: 1,
};

function renderPage(permissions: string[], url = '/project/report-review') {
  vi.mocked(callEndpoint).mockImplementation((async (pick: EndpointPick) => {
    const name = endpointName(pick);
    if (name === 'projectReports.paging') return { code: 200, data: [row], total: 1 };
    if (name === 'project.ownAll') return { code: 200, data: [], total: 0 };
    return { code: 200, data: { version: 2 } };
  }) as unknown as typeof callEndpoint);
  usePermission.setState({ permissions, roles: [] });
  render(
    <MemoryRouter initialEntries={[url]}>
      <App>
        <ReportReviewPage />
      </App>
    </MemoryRouter>,
  );
}

const calls = (name: string) =>
  vi.mocked(callEndpoint).mock.calls.filter(([pick]) => endpointName(pick as EndpointPick) === name);

describe('/project/report-review', () => {
  it('lists the reports awaiting review, opens the PDF and returns one with a reason', async () => {
    renderPage(Object.values(PROJECT_REPORT_PERMISSIONS));
    expect(await screen.findByText('RPT20261101000031')).toBeTruthy();
    expect(calls('projectReports.paging')[0]?.[1]).toMatchObject({ body: { status: 'pending' } });
    // The PDF opens in the page's viewer (not a download); its button saves the file it shows.
    fireEvent.click(screen.getByTestId('project-report-pdf-7'));
    const viewer = await screen.findByTestId('project-report-pdf-view-7');
    expect(viewer.getAttribute('src')).toMatch(/^blob:/);
    expect(vi.mocked(fileEndpoint).mock.calls[0]?.[1]).toEqual({ params: { id: 7 } });
    expect(downloadEndpoint).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('project-report-pdf-view-7-download'));
    expect(downloadEndpoint).not.toHaveBeenCalled(); // saved from the blob shown, no second request

    fireEvent.click(screen.getByTestId('project-report-return-7'));
    const reason = await screen.findByTestId('project-report-return-reason');
    fireEvent.change(reason, { target: { value: '访视名称有误' } });
    fireEvent.click(
      within(reason.closest('.ant-modal') as HTMLElement).getByRole('button', { name: /确\s*定/ }),
    );
    await waitFor(() => expect(calls('projectReports.return')).toHaveLength(1));
    expect(calls('projectReports.return')[0]?.[1]).toEqual({
      params: { id: 7 },
      body: { version: 1, reason: '访视名称有误' },
    });
  });

  it('approves with an electronic signature: the meaning shown, the password sent', async () => {
    useSession.setState({ user: { id: 2 } as CurrentUser });
    renderPage(Object.values(PROJECT_REPORT_PERMISSIONS));
    fireEvent.click(await screen.findByTestId('project-report-approve-7'));
    expect(await screen.findByText(PROJECT_REPORT_SIGNATURE_MEANING.zh_CN)).toBeTruthy();
    fireEvent.change(screen.getByTestId('signature-password'), { target: { value: 'Secret#1' } });
    fireEvent.click(screen.getByTestId('signature-ok'));
    await waitFor(() => expect(calls('projectReports.approve')).toHaveLength(1));
    expect(calls('projectReports.approve')[0]?.[1]).toEqual({
      params: { id: 7 },
      body: { version: 1, signature: { password: 'Secret#1' } },
    });
  });

  it('offers no approve or return button to whoever wrote or submitted the report', async () => {
    useSession.setState({ user: { id: 9 } as CurrentUser });
    renderPage(Object.values(PROJECT_REPORT_PERMISSIONS));
    expect(await screen.findByText('RPT20261101000031')).toBeTruthy();
    expect(screen.getByTestId('project-report-pdf-7')).toBeTruthy();
    expect(screen.queryByTestId('project-report-approve-7')).toBeNull();
    expect(screen.queryByTestId('project-report-return-7')).toBeNull();
  });

  it('opens the tab the address names and offers no review button without the permissions', async () => {
    renderPage([PROJECT_REPORT_PERMISSIONS.view], '/project/report-review?status=returned');
    expect(await screen.findByText('RPT20261101000031')).toBeTruthy();
    expect(calls('projectReports.paging')[0]?.[1]).toMatchObject({ body: { status: 'returned' } });
    expect(screen.queryByTestId('project-report-approve-7')).toBeNull();
    expect(screen.queryByTestId('project-report-setting')).toBeNull();
  });
});
