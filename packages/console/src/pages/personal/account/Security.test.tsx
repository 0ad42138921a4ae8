import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../locales';
import { type EndpointPick, endpointName } from '../../../services/query';
import { answerConfirm } from '../../../test/dialogs';
import { callEndpoint, fakeEndpoints } from '../../../test/fakes';
import { AccountSecurity } from './Security';

fakeEndpoints();

let wxBound = false;
const calls = (name: string) =>
  vi.mocked(callEndpoint).mock.calls.filter(([pick]) => endpointName(pick as EndpointPick) === name);

beforeEach(() => {
  vi.mocked(callEndpoint).mockReset();
  vi.mocked(callEndpoint).mockImplementation((async (pick: EndpointPick) => {
    const name = endpointName(pick);
    if (name === 'user.getCurrentUser') return { code: 200, data: { id: 7, wxBound } };
    if (name === 'user.wxUnBind') wxBound = false;
    if (name === 'user.wxBind') wxBound = true;
    return { code: 200, data: true };
  }) as unknown as typeof callEndpoint);
});

const show = (path = '/personal/account') =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <App>
        <AccountSecurity />
      </App>
    </MemoryRouter>,
  );

const type = (id: string, value: string) =>
  fireEvent.change(document.getElementById(`password-change_${id}`) as HTMLElement, { target: { value } });

describe('/personal/account security', () => {
  it('changes the password only with the policy met and the confirmation equal, sending the current one', async () => {
    wxBound = false;
    show();
    fireEvent.click(await screen.findByTestId('password-change'));
    await screen.findByTestId('password-change-form');
    type('oldPassword', 'Trialab@2026');
    type('password', 'weakpass');
    type('confirm', 'weakpass');
    fireEvent.click(screen.getByTestId('password-change-form-ok'));
    expect(await screen.findByText(/至少三种/)).toBeTruthy();
    expect(calls('user.updatePassword')).toHaveLength(0);

    type('password', 'Keeper#2027');
    type('confirm', 'Keeper#2028');
    fireEvent.click(screen.getByTestId('password-change-form-ok'));
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy();
    expect(calls('user.updatePassword')).toHaveLength(0);

    type('confirm', 'Keeper#2027');
    fireEvent.click(screen.getByTestId('password-change-form-ok'));
    await waitFor(() => expect(calls('user.updatePassword')).toHaveLength(1));
    expect(calls('user.updatePassword')[0]?.[1]).toEqual({
      body: { oldPassword: 'Trialab@2026', password: 'Keeper#2027' },
    });
  });

  it('binds the WeChat code it is sent back with, once', async () => {
    wxBound = false;
    show('/personal/account?code=sim_demo-wechat-user&state=s.1.x');
    await waitFor(() => expect(calls('user.wxBind')).toHaveLength(1));
    expect(calls('user.wxBind')[0]?.[1]).toMatchObject({
      body: { code: 'sim_demo-wechat-user', state: 's.1.x' },
    });
    expect((await screen.findByTestId('wechat-state')).textContent).toBe('已绑定');
    expect(calls('user.wxBind')).toHaveLength(1);
  });

  it('unbinds WeChat only after the confirmation', async () => {
    wxBound = true;
    show();
    fireEvent.click(await screen.findByTestId('wechat-unbind'));
    expect(await answerConfirm(false)).toMatch(/确定解除吗/);
    expect(calls('user.wxUnBind')).toHaveLength(0);

    fireEvent.click(screen.getByTestId('wechat-unbind'));
    await answerConfirm(true);
    await waitFor(() => expect(calls('user.wxUnBind')).toHaveLength(1));
    expect((await screen.findByTestId('wechat-state')).textContent).toBe('未绑定');
  });
});
