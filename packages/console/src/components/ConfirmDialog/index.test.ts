import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '../../locales';
import { confirmDialog } from './index';

describe('confirmDialog', () => {
  it('shows the SPEC defaults and resolves on OK', async () => {
    const result = confirmDialog();
    // antd renders the confirm title twice (visible and for assistive technology).
    expect((await screen.findAllByText('温馨提示')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('确定删除该条数据吗？').length).toBeGreaterThan(0);
    const ok = screen.getAllByRole('button', { name: /确\s*定/ }).at(-1);
    if (!ok) throw new Error('no OK button');
    await userEvent.click(ok);
    await expect(result).resolves.toBeUndefined();
  });

  it('rejects on cancel', async () => {
    const result = confirmDialog({ title: 'Remove?' }).catch((error: unknown) => error);
    await screen.findAllByText('Remove?');
    const buttons = screen.getAllByRole('button', { name: /取\s*消/ });
    const last = buttons.at(-1);
    if (!last) throw new Error('no cancel button');
    await userEvent.click(last);
    await expect(result).resolves.toMatchObject({ message: 'cancelled' });
  });

  it('closes by itself after autoClose', async () => {
    const result = confirmDialog({ title: 'Auto', autoClose: 50 });
    await expect(result).rejects.toThrow('closed');
  });
});
