import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  STATEMENT_PERMISSIONS,
  STATEMENT_SIGNATURE_MEANINGS,
  type StatementState,
  statementWorkflow,
} from '@trialab/api-contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../locales';
import { usePermission } from '../../stores/permission';
import { QueueActions, step } from './QueueActions';

function queue(
  row: { status: StatementState; version: number; createdBy: number },
  calls: {
    review(body: unknown): Promise<unknown>;
    cancel(body: unknown): Promise<unknown>;
    reload(): Promise<unknown>;
  },
) {
  return render(
    <App>
      <MemoryRouter>
        <QueueActions
          workflow={statementWorkflow}
          row={row}
          userId={7}
          done="Done"
          reload={calls.reload}
          before={<button type="button">view</button>}
          steps={{
            review: step.signed({
              label: 'Review',
              testId: 'review',
              signature: STATEMENT_SIGNATURE_MEANINGS.review,
              call: calls.review,
            }),
            cancel: step.reason({
              label: 'Cancel',
              testId: 'cancel',
              reason: { title: 'Cancel it', placeholder: 'Why', testId: 'cancel-reason' },
              call: calls.cancel,
            }),
          }}
        />
      </MemoryRouter>
    </App>,
  );
}

beforeEach(() => {
  usePermission.setState({
    permissions: [STATEMENT_PERMISSIONS.statementReview, STATEMENT_PERMISSIONS.statementCreate],
    roles: [],
  });
});

const fakeCalls = () => ({
  review: vi.fn(async (_body: unknown) => ({})),
  cancel: vi.fn(async (_body: unknown) => ({})),
  reload: vi.fn(async () => {}),
});

describe('QueueActions', () => {
  it("signs a step with the meaning in the user's language, sends the row's version, says done and reloads", async () => {
    const calls = fakeCalls();
    queue({ status: 'draft', version: 3, createdBy: 1 }, calls);
    await userEvent.click(screen.getByTestId('review'));
    expect(await screen.findByText(STATEMENT_SIGNATURE_MEANINGS.review.zh_CN)).toBeTruthy();
    await userEvent.type(screen.getByTestId('signature-password'), 'pw');
    await userEvent.click(screen.getByTestId('signature-ok'));
    await waitFor(() => expect(calls.reload).toHaveBeenCalledTimes(1));
    expect(calls.review).toHaveBeenCalledWith({ version: 3, signature: { password: 'pw' } });
    expect(await screen.findByText('Done')).toBeTruthy();
  });

  it('asks a reason step for its reason and sends it with the version', async () => {
    const calls = fakeCalls();
    queue({ status: 'draft', version: 5, createdBy: 1 }, calls);
    await userEvent.click(screen.getByTestId('cancel'));
    await userEvent.type(await screen.findByTestId('cancel-reason'), 'again');
    await userEvent.click(screen.getAllByRole('button', { name: /确\s*认|确\s*定/ }).at(-1) as HTMLElement);
    await waitFor(() => expect(calls.cancel).toHaveBeenCalledWith({ version: 5, reason: 'again' }));
    await waitFor(() => expect(calls.reload).toHaveBeenCalledTimes(1));
  });

  it("gives the row's creator no review (segregation of duties) and shows only the state's steps", () => {
    const calls = fakeCalls();
    const { unmount } = queue({ status: 'draft', version: 1, createdBy: 7 }, calls);
    expect(screen.queryByTestId('review')).toBeNull();
    expect(screen.getByTestId('cancel')).toBeTruthy();
    unmount();
    queue({ status: 'confirmed', version: 1, createdBy: 1 }, calls);
    expect(screen.queryByTestId('review')).toBeNull();
    expect(screen.queryByTestId('cancel')).toBeNull();
    expect(screen.getByText('view')).toBeTruthy();
  });
});
