import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI } from 'antd/es/modal/useModal';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { endpointName } from '../services/query';
import { RequestError } from '../services/request/types';
import { useLock } from '../stores/lock';
import { callEndpoint, fakeEndpoints } from '../test/fakes';
import { registerFeedback } from '../utils/feedback';
import { LockDialog } from './LockDialog';

fakeEndpoints();

/** The messages the dialog says (utils/feedback), in order. */
const said: string[] = [];
const unregister = registerFeedback({
  message: { error: (content: string) => said.push(content) } as unknown as MessageInstance,
  modal: {} as HookAPI,
});
afterEach(unregister);

const WRONG = '密码错误，请重新填写，连续输错3次将自动退出登录';
const TOO_MANY = '密码错误大于3次，自动退出登录';

async function unlockWith(password: string, answered: number): Promise<void> {
  const dialog = screen.getByTestId('lock-dialog').closest<HTMLElement>('.ant-modal') as HTMLElement;
  fireEvent.change(within(dialog).getByPlaceholderText('登录密码'), { target: { value: password } });
  fireEvent.click(within(dialog).getByRole('button', { name: /解\s*锁/ }));
  await waitFor(() => expect(callEndpoint).toHaveBeenCalledTimes(answered));
}

describe('LockDialog', () => {
  // The server counts the wrong answers and ends the session on the 4th (packages/server/test/
  // sessions.test.ts, "lock screen: wrong passwords are counted…"); its 401 logs out
  // (src/services/request/interceptors.test.ts, "logs out on HTTP 401").
  it('says a wrong password three times, then that more than 3 log out', async () => {
    // The server's answers: wrong (a business code, ignored by the call), then the 401 of the 4th.
    vi.mocked(callEndpoint).mockImplementation(async (pick) => {
      expect(endpointName(pick as Parameters<typeof endpointName>[0])).toBe('user.checkPwd');
      const answered = vi.mocked(callEndpoint).mock.calls.length;
      if (answered <= 3) throw new RequestError('3 wrong attempts', 'business', 4001, 200, true);
      throw new RequestError('More than 3', 'unauthorized', 401, 401, true);
    });
    act(() => useLock.getState().setLocked(true));
    render(<LockDialog />);
    expect(document.querySelector('.ant-modal-title')?.textContent).toBe('屏幕锁定');
    for (let i = 1; i <= 3; i++) {
      await unlockWith(`Wrong#Pass${i}`, i);
      await waitFor(() => expect(said).toEqual(Array(i).fill(WRONG)));
    }
    await unlockWith('Wrong#Pass9', 4);
    await waitFor(() => expect(said).toEqual([WRONG, WRONG, WRONG, TOO_MANY]));
  });
});
