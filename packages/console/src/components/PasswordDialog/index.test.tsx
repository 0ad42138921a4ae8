import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import '../../locales';
import { callEndpoint, fakeEndpoints } from '../../test/fakes';
import { PasswordDialog } from './index';

// No delay between keystrokes: the dialog's rules are what is tested, not typing speed.
const user = userEvent.setup({ delay: null });

fakeEndpoints(async () => ({ code: 200, msg: 'ok', data: true }));

const renderDialog = (props: Partial<Parameters<typeof PasswordDialog>[0]> = {}) =>
  render(
    <App>
      <PasswordDialog open reason="expired" expireDays={90} {...props} />
    </App>,
  );

describe('PasswordDialog', () => {
  it('says the password is valid for N days and must change every N days', async () => {
    renderDialog();
    expect(
      await screen.findByText('您的密码有效期为 90 天，每 90 天需修改一次密码，请修改密码'),
    ).not.toBeNull();
    expect(screen.getAllByText('通知').length).toBeGreaterThan(0);
    expect(screen.getByText(/密码长度为 8-16 位/)).not.toBeNull();
  });

  it('validates, submits the new password and reports success', async () => {
    const onSuccess = vi.fn();
    renderDialog({ reason: 'first-login', onSuccess });
    expect(await screen.findByText('您是首次登录，为了您的账号安全，请修改初始密码')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('请输入密码')).not.toBeNull();
    await user.type(screen.getByLabelText('新密码'), 'Newpass#2026');
    await user.type(screen.getByLabelText('确认密码'), 'Newpass#2025');
    expect(await screen.findByText('两次输入的密码不一致')).not.toBeNull();
    await user.clear(screen.getByLabelText('确认密码'));
    await user.type(screen.getByLabelText('确认密码'), 'Newpass#2026');
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledOnce());
    expect(callEndpoint).toHaveBeenCalledWith(expect.any(Function), { body: { password: 'Newpass#2026' } });
  });

  it('emits failed when the server does not accept it', async () => {
    vi.mocked(callEndpoint).mockResolvedValueOnce({ code: 200, msg: 'ok', data: false });
    const onFailed = vi.fn();
    renderDialog({ onFailed });
    await user.type(await screen.findByLabelText('新密码'), 'Newpass#2026');
    await user.type(screen.getByLabelText('确认密码'), 'Newpass#2026');
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(onFailed).toHaveBeenCalledOnce());
  });
});
