import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONSUMABLE_PERMISSIONS, consumableOrderWorkflow } from '@trialab/api-contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../locales';
import { usePermission } from '../../stores/permission';
import { type WorkflowActionButton, WorkflowActions } from './index';

type Action = keyof typeof consumableOrderWorkflow.transitions;
type State = (typeof consumableOrderWorkflow.states)[number];

function show(state: State, actions: Partial<Record<Action, WorkflowActionButton>>, isApplicant = true) {
  return render(
    <App>
      <MemoryRouter>
        <WorkflowActions
          workflow={consumableOrderWorkflow}
          state={state}
          isApplicant={isApplicant}
          actions={actions}
          before={<button type="button">view</button>}
        />
      </MemoryRouter>
    </App>,
  );
}

const testIds = () =>
  Array.from(document.querySelectorAll('[data-testid]')).map((e) => e.getAttribute('data-testid'));

beforeEach(() => {
  usePermission.setState({
    permissions: [
      CONSUMABLE_PERMISSIONS.update,
      CONSUMABLE_PERMISSIONS.revoke,
      CONSUMABLE_PERMISSIONS.cancel,
    ],
    roles: [],
  });
});

describe('WorkflowActions', () => {
  it("shows only the actions the workflow allows from the row's state, in the order given", () => {
    const onClick = vi.fn();
    show('submitted', {
      cancel: { label: 'Cancel', testId: 'cancel', onClick },
      withdraw: { label: 'Withdraw', testId: 'withdraw', onClick },
      // Not fireable from submitted, and the user lacks the receive permission.
      receive: { label: 'Receive', testId: 'receive', onClick },
    });
    expect(testIds()).toEqual(['cancel', 'withdraw']);
    expect(screen.getByText('view')).not.toBeNull();
  });

  it('hides what the user lacks the permission or the role for', () => {
    usePermission.setState({ permissions: [CONSUMABLE_PERMISSIONS.revoke], roles: [] });
    const onClick = vi.fn();
    show('submitted', { withdraw: { label: 'Withdraw', testId: 'withdraw', onClick } }, false);
    // Withdraw is the applicant's alone.
    expect(testIds()).toEqual([]);
  });

  it('fires only after the confirmation', async () => {
    const onClick = vi.fn();
    show('submitted', { withdraw: { label: 'Withdraw', testId: 'withdraw', confirm: 'Sure?', onClick } });
    await userEvent.click(screen.getByTestId('withdraw'));
    expect((await screen.findAllByText('Sure?')).length).toBeGreaterThan(0);
    expect(onClick).not.toHaveBeenCalled();
    const ok = screen.getAllByRole('button', { name: /确\s*定/ }).at(-1);
    if (!ok) throw new Error('no OK button');
    await userEvent.click(ok);
    await waitFor(() => expect(onClick).toHaveBeenCalledWith(null));
  });

  it("asks for the reason with the workflow's limits and passes it on", async () => {
    const onClick = vi.fn();
    show('submitted', {
      cancel: {
        label: 'Cancel',
        testId: 'cancel',
        reason: { title: 'Cancel order', placeholder: 'Why', testId: 'cancel-reason' },
        onClick,
      },
    });
    await userEvent.click(screen.getByTestId('cancel'));
    const input = await screen.findByTestId('cancel-reason');
    const ok = () => screen.getAllByRole('button', { name: /确\s*认|确\s*定/ }).at(-1) as HTMLButtonElement;
    // The consumable cancel reason is optional (at most 255 characters).
    expect(ok().disabled).toBe(false);
    // Pasted: typed key by key, 256 characters take seconds on a busy machine.
    await userEvent.click(input);
    await userEvent.paste('x'.repeat(256));
    expect(ok().disabled).toBe(true);
    await userEvent.clear(input);
    await userEvent.type(input, ' no longer needed ');
    await userEvent.click(ok());
    expect(onClick).toHaveBeenCalledWith('no longer needed');
  });

  it('passes an empty optional reason as null', async () => {
    const onClick = vi.fn();
    show('submitted', {
      cancel: {
        label: 'Cancel',
        testId: 'cancel',
        reason: { title: 'Cancel order', placeholder: 'Why', testId: 'cancel-reason' },
        onClick,
      },
    });
    await userEvent.click(screen.getByTestId('cancel'));
    await screen.findByTestId('cancel-reason');
    await userEvent.click(screen.getAllByRole('button', { name: /确\s*认|确\s*定/ }).at(-1) as HTMLElement);
    expect(onClick).toHaveBeenCalledWith(null);
  });

  it('keeps the reason dialog open with the reason when saving fails, and closes it once saved', async () => {
    const onClick = vi.fn().mockRejectedValueOnce(new Error('refused')).mockResolvedValueOnce(undefined);
    show('submitted', {
      cancel: {
        label: 'Cancel',
        testId: 'cancel',
        reason: { title: 'Cancel order', placeholder: 'Why', testId: 'cancel-reason' },
        onClick,
      },
    });
    await userEvent.click(screen.getByTestId('cancel'));
    await userEvent.type(await screen.findByTestId('cancel-reason'), 'late');
    const ok = () => screen.getAllByRole('button', { name: /确\s*认|确\s*定/ }).at(-1) as HTMLElement;
    await userEvent.click(ok());
    await waitFor(() => expect(onClick).toHaveBeenCalledTimes(1));
    expect((screen.getByTestId('cancel-reason') as HTMLTextAreaElement).value).toBe('late');
    await userEvent.click(ok());
    await waitFor(() => expect(screen.queryByTestId('cancel-reason')).toBeNull());
    expect(onClick).toHaveBeenLastCalledWith('late');
  });
});
