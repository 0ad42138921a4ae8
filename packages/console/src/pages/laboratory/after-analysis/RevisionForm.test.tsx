import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { REPORT_PERMISSIONS, type ReportState } from '@trialab/api-contract';
import { App } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../locales';
import { type EndpointPick, endpointName } from '../../../services/query';
import { usePermission } from '../../../stores/permission';
import { useSession } from '../../../stores/session';
import { callEndpoint, fakeEndpoints } from '../../../test/fakes';
import EditReportModifyPage from './edit-report-modify';
import NewReportModifyPage from './new-report-modify';
import { ReportDrawer } from './ReportDrawer';
import { detail } from './reportFixture';

fakeEndpoints();

afterEach(() => {
  usePermission.setState({ permissions: [], roles: [] });
  vi.mocked(callEndpoint).mockReset();
});

const calls = (name: string) =>
  vi.mocked(callEndpoint).mock.calls.filter(([pick]) => endpointName(pick as EndpointPick) === name);

function Where() {
  const location = useLocation();
  return <div data-testid="where">{`${location.pathname}${location.search}`}</div>;
}

/** `path` opened by user 1 holding every report permission, on a report in `status` made by `createdBy`. */
function renderAt(path: string, status: ReportState, createdBy = 99) {
  vi.mocked(callEndpoint).mockImplementation((async (pick: EndpointPick) => {
    const name = endpointName(pick);
    if (name === 'report.get') return { code: 200, data: detail(status, createdBy) };
    if (name === 'testItems.paging')
      return {
        code: 200,
        data: [{ id: 5, code: 'LFT', name: '肝功能', enName: 'Liver function', unit: 'U/L' }],
      };
    return { code: 200, data: { id: 8, revision: 1, version: 3 } };
  }) as unknown as typeof callEndpoint);
  usePermission.setState({ permissions: Object.values(REPORT_PERMISSIONS), roles: [] });
  useSession.setState({ user: { id: 1 } as never });
  render(
    <MemoryRouter initialEntries={[path]}>
      <App>
        <Routes>
          <Route path="/laboratory/after-analysis/new-report-modify" element={<NewReportModifyPage />} />
          <Route path="/laboratory/after-analysis/edit-report-modify" element={<EditReportModifyPage />} />
          <Route path="/list" element={<ReportDrawer id={7} onClose={() => {}} />} />
          <Route path="*" element={null} />
        </Routes>
        <Where />
      </App>
    </MemoryRouter>,
  );
}

describe('report revision pages', () => {
  it('opens from the drawer of a released report and asks for the revision with reason and results', async () => {
    renderAt('/list', 'released');
    fireEvent.click(await screen.findByTestId('report-action-revise'));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe(
        '/laboratory/after-analysis/new-report-modify?id=7',
      ),
    );
    const value = (await screen.findAllByTestId('result-value'))[0] as HTMLInputElement;
    expect(value.value).toBe('52');
    // No reason: the form's rule stops the save.
    fireEvent.click(screen.getByTestId('revision-save'));
    expect(await screen.findByText('请填写修改原因')).toBeTruthy();
    expect(calls('report.revise')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('revise-reason'), { target: { value: '录入错误更正' } });
    fireEvent.change(value, { target: { value: '35' } });
    fireEvent.click(screen.getByTestId('revision-save'));
    await waitFor(() => expect(calls('report.revise')).toHaveLength(1));
    expect(calls('report.revise')[0]?.[1]).toEqual({
      params: { id: 7 },
      body: { version: 2, reason: '录入错误更正', results: [{ testItemId: 5, value: '35' }] },
    });
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/laboratory/after-analysis/report-modify'),
    );
  });

  it("edits its requester's revision awaiting review, from the drawer", async () => {
    renderAt('/list', 'revision_pending', 1);
    fireEvent.click(await screen.findByTestId('report-action-editRevision'));
    const reason = (await screen.findByTestId('revise-reason')) as HTMLTextAreaElement;
    expect(reason.value).toBe('单位错误');
    fireEvent.change(reason, { target: { value: '单位与数值错误' } });
    fireEvent.click(screen.getByTestId('revision-save'));
    await waitFor(() => expect(calls('report.editRevision')).toHaveLength(1));
    expect(calls('report.editRevision')[0]?.[1]).toEqual({
      params: { id: 7 },
      body: { version: 2, reason: '单位与数值错误', results: [{ testItemId: 5, value: '52' }] },
    });
  });

  it("shows someone else's revision, or a reviewed one, read-only with why", async () => {
    renderAt('/laboratory/after-analysis/edit-report-modify?id=7', 'revision_pending', 99);
    expect(await screen.findByTestId('revision-locked')).toBeTruthy();
    expect(screen.queryByTestId('revision-save')).toBeNull();
  });

  it('does not ask for a revision of a version that is not released', async () => {
    renderAt('/laboratory/after-analysis/new-report-modify?id=7', 'superseded');
    expect(await screen.findByTestId('revision-locked')).toBeTruthy();
    expect(screen.queryByTestId('revision-save')).toBeNull();
  });
});
