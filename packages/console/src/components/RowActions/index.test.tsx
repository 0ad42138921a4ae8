import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../locales';
import { RequestError } from '../../services/request/types';
import { usePermission } from '../../stores/permission';
import { type RowAction, RowActions } from './index';

type Row = { id: number; name: string; enabled: boolean };
const ROW: Row = { id: 7, name: 'Ann', enabled: true };

function show(actions: RowAction<Row>[], row: Row = ROW) {
  return render(
    <App>
      <MemoryRouter>
        <RowActions row={row} actions={actions} />
      </MemoryRouter>
    </App>,
  );
}
const testIds = () =>
  Array.from(document.querySelectorAll('[data-testid]')).map((e) => e.getAttribute('data-testid'));
const ok = () => {
  const button = screen.getAllByRole('button', { name: /确\s*定/ }).at(-1);
  if (!button) throw new Error('no OK button');
  return button;
};

beforeEach(() => {
  usePermission.setState({ permissions: ['x:edit'], roles: [] });
});

describe('RowActions', () => {
  it('shows the actions the user may use and the row allows, with labels of the row', () => {
    show([
      { label: 'Edit', permission: 'x:edit', testId: (r) => `edit-${r.id}`, onClick: vi.fn() },
      { label: 'Delete', permission: 'x:delete', testId: (r) => `delete-${r.id}`, onClick: vi.fn() },
      { label: 'Mine', hidden: (r) => r.id === 7, testId: () => 'mine', onClick: vi.fn() },
      { label: (r) => (r.enabled ? 'Disable' : 'Enable'), testId: () => 'toggle', onClick: vi.fn() },
    ]);
    expect(testIds()).toEqual(['edit-7', 'toggle']);
    expect(screen.getByTestId('toggle').textContent).toBe('Disable');
  });

  it('runs a call only after the confirmation, busy meanwhile, and says when it worked', async () => {
    let settle: (() => void) | undefined;
    const run = vi.fn(() => new Promise<void>((resolve) => (settle = resolve)));
    show([
      {
        label: 'Disable',
        testId: () => 'toggle',
        confirm: (r) => `Disable ${r.name}?`,
        run,
        done: 'Disabled ok',
      },
      { label: 'Other', testId: () => 'other', run: vi.fn(async () => undefined) },
    ]);
    await userEvent.click(screen.getByTestId('toggle'));
    expect((await screen.findAllByText('Disable Ann?')).length).toBeGreaterThan(0);
    expect(run).not.toHaveBeenCalled();
    await userEvent.click(ok());
    await waitFor(() => expect(run).toHaveBeenCalledWith(ROW, undefined));
    // The row's other calls wait for this one.
    expect(screen.getByTestId('other').hasAttribute('disabled')).toBe(true);
    settle?.();
    expect(await screen.findByText('Disabled ok')).not.toBeNull();
    await waitFor(() => expect(screen.getByTestId('other').hasAttribute('disabled')).toBe(false));
  });

  it('asks for the reason, passes it on, and keeps the dialog with the reason when the call fails', async () => {
    const run = vi
      .fn<(row: Row, reason: string | undefined) => Promise<unknown>>()
      .mockRejectedValueOnce(new RequestError('refused', 'business'))
      .mockResolvedValueOnce(undefined);
    show([
      {
        label: 'Delete',
        testId: () => 'delete',
        reason: {
          title: (r) => `Delete ${r.name}`,
          placeholder: 'why',
          max: 20,
          required: true,
          testId: 'why',
        },
        run,
      },
    ]);
    await userEvent.click(screen.getByTestId('delete'));
    expect(await screen.findByText('Delete Ann')).not.toBeNull();
    // Required: OK stays disabled until a reason is typed.
    expect(ok().hasAttribute('disabled')).toBe(true);
    await userEvent.type(screen.getByTestId('why'), ' duplicate ');
    await userEvent.click(ok());
    await waitFor(() => expect(run).toHaveBeenCalledWith(ROW, 'duplicate'));
    expect((screen.getByTestId('why') as HTMLTextAreaElement).value).toBe(' duplicate ');
    await userEvent.click(ok());
    await waitFor(() => expect(run).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.queryByTestId('why')).toBeNull());
  });
});
