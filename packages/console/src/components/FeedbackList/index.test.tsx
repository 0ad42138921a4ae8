import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FEEDBACK_PERMISSIONS } from '@trialab/api-contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../locales';
import { usePermission } from '../../stores/permission';
import { useSession } from '../../stores/session';
import { callEndpoint, fakeEndpoints } from '../../test/fakes';
import { FeedbackList, type FeedbackRow } from '.';

const ME = 7;
const row = (id: number, status: FeedbackRow['status'], createdBy: number): FeedbackRow => ({
  id,
  feedbackNo: `FB2026112200${id}`,
  projectId: 1,
  projectNo: 'KM-2026-001',
  siteId: 1,
  siteNo: '01',
  siteName: '北京协和医院',
  queryId: null,
  queryNo: null,
  barcode: `BC-${id}`,
  subjectNo: 'S-1',
  content: `反馈${id}`,
  status,
  createdBy,
  createdByName: createdBy === ME ? '我' : '他人',
  createdAt: '2026-11-22T01:00:00.000Z',
  respondedByName: null,
  respondedAt: null,
  response: null,
  closedAt: null,
  version: 1,
});
const ROWS = [row(1, 'open', 99), row(2, 'answered', ME), row(3, 'answered', 99), row(4, 'closed', ME)];

// The feedback list endpoints (lab and project side) answer these rows.
fakeEndpoints(async () => ({ code: 200, msg: 'ok', data: ROWS, total: ROWS.length }));

function renderList(side: 'lab' | 'project', permissions: string[]) {
  usePermission.setState({ permissions, roles: [] });
  useSession.setState({ user: { id: ME } as never });
  render(
    <MemoryRouter>
      <App>
        <FeedbackList side={side} />
      </App>
    </MemoryRouter>,
  );
}

const rowOf = async (barcode: string) => {
  const cell = await screen.findByText(new RegExp(barcode));
  const tr = cell.closest('tr');
  if (!tr) throw new Error('no row');
  return within(tr);
};

afterEach(() => {
  usePermission.setState({ permissions: [], roles: [] });
});

describe('feedback list buttons come from the labFeedback workflow', () => {
  it('lets the project manager answer open and answered feedback, never closed ones', async () => {
    renderList('project', [FEEDBACK_PERMISSIONS.projectPage, FEEDBACK_PERMISSIONS.respond]);
    await waitFor(async () => expect((await rowOf('BC-1')).getByText('答复')).toBeTruthy());
    expect((await rowOf('BC-3')).queryByText('答复')).toBeTruthy();
    expect((await rowOf('BC-4')).queryByText('答复')).toBeNull();
    // The project side never closes, and has no "new feedback".
    expect(screen.queryByText('关闭')).toBeNull();
    expect(screen.queryByTestId('feedback-new')).toBeNull();
  });

  it('lets the bench close only its own answered feedback', async () => {
    renderList('lab', [
      FEEDBACK_PERMISSIONS.labPage,
      FEEDBACK_PERMISSIONS.create,
      FEEDBACK_PERMISSIONS.close,
    ]);
    await waitFor(async () => expect((await rowOf('BC-2')).getByText('关闭')).toBeTruthy());
    expect((await rowOf('BC-3')).queryByText('关闭')).toBeNull();
    expect((await rowOf('BC-1')).queryByText('关闭')).toBeNull();
    expect(screen.queryByText('答复')).toBeNull();
    expect(screen.getByTestId('feedback-new')).toBeTruthy();
  });

  it('answers with the typed response and keeps the dialog open while the server refuses it', async () => {
    renderList('project', [FEEDBACK_PERMISSIONS.projectPage, FEEDBACK_PERMISSIONS.respond]);
    await waitFor(async () => expect((await rowOf('BC-1')).getByText('答复')).toBeTruthy());
    await userEvent.click((await rowOf('BC-1')).getByText('答复'));
    await userEvent.type(await screen.findByTestId('feedback-response'), '已复核，样本合格');
    const respond = vi.mocked(callEndpoint);
    respond.mockRejectedValueOnce(new Error('stale'));
    const dialog = screen.getByTestId('feedback-response').closest('.ant-modal') as HTMLElement;
    const ok = () => within(dialog).getByRole('button', { name: /确\s*认|确\s*定/ });
    await userEvent.click(ok());
    await waitFor(() =>
      expect(respond).toHaveBeenLastCalledWith(expect.any(Function), {
        params: { id: 1 },
        body: { version: 1, response: '已复核，样本合格' },
      }),
    );
    expect((screen.getByTestId('feedback-response') as HTMLTextAreaElement).value).toBe('已复核，样本合格');
    await userEvent.click(ok());
    await waitFor(() => expect(screen.queryByTestId('feedback-response')).toBeNull());
  });
});
