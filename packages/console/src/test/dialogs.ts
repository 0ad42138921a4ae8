import { fireEvent, waitFor, within } from '@testing-library/react';

/**
 * Answers the confirm dialog just opened (components/ConfirmDialog: antd renders it outside the
 * test's container) with OK or Cancel, and returns its text. A dialog answered here is marked, so
 * the next call waits for a new one rather than the one still closing.
 */
export async function answerConfirm(ok: boolean): Promise<string> {
  const dialog = await waitFor(() => {
    const open = document.body.querySelector<HTMLElement>('.ant-modal-confirm:not([data-answered])');
    if (!open) throw new Error('no confirm dialog is open');
    return open;
  });
  dialog.dataset.answered = 'true';
  const text = dialog.querySelector('.ant-modal-confirm-content')?.textContent ?? '';
  fireEvent.click(within(dialog).getByRole('button', { name: ok ? /确\s*定/ : /取\s*消/ }));
  return text;
}
