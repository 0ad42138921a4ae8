import type { LoginResult } from '@trialab/api-contract';
import { t } from '../locales';
import { callEndpoint } from '../services/endpoint';
import { useDict } from '../stores/dict';
import { useLock } from '../stores/lock';
import { usePermission } from '../stores/permission';
import { isLoggedIn, useSession } from '../stores/session';
import { useTabs } from '../stores/tabs';
import { openChannel, type UserMessage } from '../utils/channel';
import { feedback } from '../utils/feedback';
import { navigateTo } from '../utils/navigation';
import { readJson, remove, STORAGE_KEYS, writeJson } from '../utils/storage';

export const userChannel = openChannel<UserMessage>('user');

/** WeChat code waiting to be bound after an ordinary login (not bound yet: WX_NOT_BOUND). */
const PENDING_WX_BIND = 'admin.pendingWxBind';

export function rememberWxBind(code: string, state: string): void {
  writeJson(PENDING_WX_BIND, { code, state }, 'session');
}

/** After any successful login: keep the session, tell other tabs, bind a pending WeChat account. */
export async function completeLogin(result: LoginResult): Promise<void> {
  useSession.getState().signIn(result);
  useLock.getState().setLocked(false);
  userChannel.post({ type: 'login' });
  const pending = readJson<{ code?: string; state?: string } | null>(PENDING_WX_BIND, null, 'session');
  if (pending?.code && pending.state && !result.isNeedUpdatePassword) {
    remove(PENDING_WX_BIND, 'session');
    await callEndpoint((c) => c.user.wxBind, { body: { code: pending.code, state: pending.state } })
      .then(() => feedback.success(t('login.wechatBound')))
      .catch(() => undefined);
  }
}

/** Current user and server menu: the routes the user may open (SPEC section 2). */
export async function loadAccess(): Promise<void> {
  const [userResponse, menuResponse] = await Promise.all([
    callEndpoint((c) => c.user.getCurrentUser),
    callEndpoint((c) => c.user.getMenus),
  ]);
  useSession.getState().setUser(userResponse.data);
  usePermission.getState().apply(userResponse.data, menuResponse.data);
}

interface LogoutOptions {
  /** Tell the server to end the session (not when it already did: 401, or another tab did). */
  callServer?: boolean;
  /** Tell other tabs over the `user` channel. */
  broadcast?: boolean;
  message?: string;
}

let loggingOut = false;

/** SPEC section 4: clear session, routes, permissions, roles, lock state and authorization; go to /login. */
export async function logout(options: LogoutOptions = {}): Promise<void> {
  if (loggingOut) return;
  loggingOut = true;
  try {
    const { callServer = true, broadcast = true } = options;
    if (callServer && isLoggedIn())
      await callEndpoint(
        (c) => c.auth.logout,
        { body: {} },
        { ignoreErrorMessage: true, ignoreCode: true },
      ).catch(() => undefined);
    useSession.getState().clear();
    usePermission.getState().reset();
    useTabs.getState().reset();
    useDict.getState().reset();
    useLock.getState().setLocked(false);
    if (broadcast) userChannel.post({ type: 'logout' });
    if (options.message) feedback.warning(options.message);
    navigateTo('/login', { replace: true });
  } finally {
    loggingOut = false;
  }
}

/** A locked page going away logs out without waiting for the server (the page is leaving). */
export function logoutOnUnload(): void {
  void callEndpoint((c) => c.auth.logout, { body: {} }, { ignoreErrorMessage: true, ignoreCode: true }).catch(
    () => undefined,
  );
  useSession.getState().clear();
  remove(STORAGE_KEYS.lockWindowState);
  userChannel.post({ type: 'logout' });
}
