import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { PROJECT_REPORT_PERMISSIONS } from '@trialab/api-contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../locales';
import { type EndpointPick, endpointName } from '../../../services/query';
import { usePermission } from '../../../stores/permission';
import { answerConfirm } from '../../../test/dialogs';
import { callEndpoint, fakeEndpoints } from '../../../test/fakes';
import ManualReportPage from './index';

fakeEndpoints();

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
    if (name === 'project.ownAll')
      return { code: 200, data: [{ id: 3, projectNo: 'KM-2026-003', name: '糖尿病研究' }], total: 1 };
    if (name === 'project.sitesByProject')
      return { code: 200, data: [{ id: 5, centerNo: '01', name: '华西医院' }], total: 1 };
    if (name === 'manualReports.choices')
      return {
        code: 200,
        data: { subjects: ['S-003-0001', 'S-003-0009'], visits: ['筛选期 V0', '基线 V1'] },
      };
    if (name === 'system.fileUpload') return { code: 200, data: { id: 77 } };
    if (name === 'manualReports.create') return { code: 200, data: { id: 9, reportNo: 'MR1', version: 1 } };
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
    expect(await answerConfirm(true)).toBe('确定删除手工报告 MR-DEMO-0002 吗？');
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

  it('uploads a PDF for a subject and visit, and refuses a file that is not a PDF', async () => {
    renderPage(Object.values(PROJECT_REPORT_PERMISSIONS));
    fireEvent.click(await screen.findByTestId('manual-report-create'));
    const option = (title: string) =>
      waitFor(() => {
        const found = document.querySelector(`.ant-select-item-option[title="${title}"]`);
        if (!found) throw new Error(`no option ${title}`);
        return found;
      });
    fireEvent.mouseDown(await screen.findByLabelText('项目', { selector: '#manualReport_projectId' }));
    fireEvent.click(await option('KM-2026-003 糖尿病研究'));
    fireEvent.mouseDown(screen.getByLabelText('中心', { selector: '#manualReport_siteId' }));
    fireEvent.click(await option('01 华西医院'));
    // Subject and visit are picked from the site's subjects and the plan's visits, not typed.
    await waitFor(() =>
      expect(calls('manualReports.choices').at(-1)?.[1]).toEqual({ body: { projectId: 3, siteId: 5 } }),
    );
    const choose = async (label: string, id: string, title: string) => {
      const input = screen.getByLabelText(label, { selector: `#manualReport_${id}` });
      await waitFor(() => expect(input.closest('.ant-select-disabled')).toBeNull());
      fireEvent.mouseDown(input);
      fireEvent.click(await option(title));
    };
    await choose('受试者编号', 'subjectNo', 'S-003-0009');
    await choose('访视', 'visit', '基线 V1');
    const type = (id: string, value: string) =>
      fireEvent.change(document.querySelector(`#manualReport_${id}`) as Element, { target: { value } });
    type('title', '外送基因检测报告');
    const date = document.querySelector('#manualReport_reportDate') as Element;
    fireEvent.mouseDown(date);
    fireEvent.change(date, { target: { value: '2026-11-10' } });
    fireEvent.keyDown(date, { key: 'Enter', code: 'Enter' });
    const pick = async (content: string, name: string) => {
      const input = document.querySelector('input[type=file]') as HTMLInputElement;
      fireEvent.change(input, {
        target: { files: [new File([content], name, { type: 'application/pdf' })] },
      });
      // The file's first bytes are read before the form may be saved.
      await new Promise((resolve) => setTimeout(resolve, 100));
    };
    await pick('hello', 'notes.pdf');
    fireEvent.click(screen.getByTestId('manual-report-form-ok'));
    expect(await screen.findByText('请选择PDF文件')).toBeTruthy();
    expect(calls('system.fileUpload')).toHaveLength(0);

    await pick('%PDF-1.7', 'gene.pdf');
    fireEvent.click(screen.getByTestId('manual-report-form-ok'));
    await waitFor(() => expect(calls('manualReports.create')).toHaveLength(1));
    expect(calls('manualReports.create')[0]?.[1]).toEqual({
      body: {
        projectId: 3,
        siteId: 5,
        subjectNo: 'S-003-0009',
        visit: '基线 V1',
        title: '外送基因检测报告',
        reportDate: '2026-11-10',
        fileId: 77,
      },
    });
  });
});
