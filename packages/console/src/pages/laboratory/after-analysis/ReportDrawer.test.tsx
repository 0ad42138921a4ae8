import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { REPORT_PERMISSIONS, type ReportState } from '@trialab/api-contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../locales';
import { type EndpointPick, endpointName } from '../../../services/query';
import { RequestError } from '../../../services/request/types';
import { usePermission } from '../../../stores/permission';
import { useSession } from '../../../stores/session';
import { callEndpoint, fakeEndpoints } from '../../../test/fakes';
import { ReportDrawer } from './ReportDrawer';
import { detail } from './reportFixture';

fakeEndpoints();

afterEach(() => {
  usePermission.setState({ permissions: [], roles: [] });
  vi.mocked(callEndpoint).mockReset();
});

const calls = (name: string) =>
  vi.mocked(callEndpoint).mock.calls.filter(([pick]) => endpointName(pick as EndpointPick) === name);

/** The drawer of a report in `status`, seen by user 1 holding every report permission. */
function renderDrawer(status: ReportState, refuseFirst = false) {
  let refused = !refuseFirst;
  vi.mocked(callEndpoint).mockImplementation((async (pick: EndpointPick) => {
    const name = endpointName(pick);
    if (name === 'report.get') return { code: 200, data: detail(status) };
    if (!refused) {
      refused = true;
      throw new RequestError('密码错误', 'business');
    }
    return { code: 200, data: { version: 3 } };
  }) as unknown as typeof callEndpoint);
  usePermission.setState({ permissions: Object.values(REPORT_PERMISSIONS), roles: [] });
  useSession.setState({ user: { id: 1 } as never });
  render(
    <MemoryRouter>
      <App>
        <ReportDrawer id={7} onClose={() => {}} />
      </App>
    </MemoryRouter>,
  );
}

describe('ReportDrawer', () => {
  it("signs a review in the kit's dialog: a refused password keeps it open, a good one reviews", async () => {
    renderDrawer('entered', true);
    fireEvent.click(await screen.findByTestId('report-action-review'));
    expect(await screen.findByText('签名含义：本人已复核上述结果，确认无误')).toBeTruthy();
    fireEvent.change(screen.getByTestId('signature-password'), { target: { value: 'Wrong#1' } });
    fireEvent.click(screen.getByTestId('signature-ok'));
    await waitFor(() => expect(calls('report.review')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('signature-ok').className).not.toContain('loading'));
    expect((screen.getByTestId('signature-password') as HTMLInputElement).value).toBe('Wrong#1');
    fireEvent.change(screen.getByTestId('signature-password'), { target: { value: 'Secret#1' } });
    fireEvent.click(screen.getByTestId('signature-ok'));
    await waitFor(() => expect(calls('report.review')).toHaveLength(2));
    expect(calls('report.review')[1]?.[1]).toEqual({
      params: { id: 7 },
      body: { version: 2, signature: { password: 'Secret#1' } },
    });
    expect(await screen.findByText('操作成功')).toBeTruthy();
    // Only the report's own workflow has buttons in this state, and edit is the enterer's alone.
    expect(screen.queryByTestId('report-action-approveRevision')).toBeNull();
    expect(screen.queryByTestId('report-action-edit')).toBeNull();
    expect(screen.getByTestId('report-action-return')).toBeTruthy();
  });

  it("shows a revision's buttons only, and rejects it with the reason the workflow requires", async () => {
    renderDrawer('revision_pending');
    fireEvent.click(await screen.findByTestId('report-action-rejectRevision'));
    expect(screen.queryByTestId('report-action-review')).toBeNull();
    expect(screen.getByTestId('report-action-approveRevision')).toBeTruthy();
    const reason = await screen.findByTestId('report-reason');
    fireEvent.change(reason, { target: { value: '数值无误' } });
    fireEvent.click(screen.getAllByRole('button', { name: /确\s*定/ }).at(-1) as HTMLElement);
    await waitFor(() => expect(calls('report.reviewRevision')).toHaveLength(1));
    expect(calls('report.reviewRevision')[0]?.[1]).toEqual({
      params: { id: 7 },
      body: { version: 2, action: 'rejectRevision', reason: '数值无误', signature: undefined },
    });
  });
});
