import type { CurrentUser, LoginResult } from '@trialab/api-contract';
import { create } from 'zustand';
import { clearAuthorization, getAuthorization, setAuthorization } from '../utils/cookie';
import { readJson, remove, STORAGE_KEYS, writeJson, writeText } from '../utils/storage';

/** The login answer's password-change part, for the notification dialog (SPEC section 4). */
export interface PasswordChange {
  reason: 'first-login' | 'expired';
  expireDays: number;
}

interface SessionState {
  user: CurrentUser | null;
  passwordChange: PasswordChange | null;
  /** Stores token (cookie), signing key and user after any successful login. */
  signIn(result: LoginResult): void;
  setUser(user: CurrentUser): void;
  clearPasswordChange(): void;
  /** Clears what SPEC section 4 lists; navigation and broadcast are the caller's (see logout.ts). */
  clear(): void;
}

/** Kept in session storage so that a reload during a pending change shows the dialog again. */
const PASSWORD_CHANGE_KEY = 'admin.passwordChange';

export const useSession = create<SessionState>((set) => ({
  user: readJson<CurrentUser | null>(STORAGE_KEYS.user, null),
  passwordChange: readJson<PasswordChange | null>(PASSWORD_CHANGE_KEY, null, 'session'),
  signIn(result) {
    setAuthorization(result.token);
    writeText(STORAGE_KEYS.signingKey, result.signingKey);
    writeJson(STORAGE_KEYS.user, result.user);
    const passwordChange: PasswordChange | null =
      result.isNeedUpdatePassword || result.user.isNeedUpdatePassword
        ? { reason: result.passwordChangeReason ?? 'first-login', expireDays: result.expireDays }
        : null;
    if (passwordChange) writeJson(PASSWORD_CHANGE_KEY, passwordChange, 'session');
    else remove(PASSWORD_CHANGE_KEY, 'session');
    set({ user: result.user, passwordChange });
  },
  setUser(user) {
    writeJson(STORAGE_KEYS.user, user);
    set({ user });
  },
  clearPasswordChange() {
    remove(PASSWORD_CHANGE_KEY, 'session');
    set({ passwordChange: null });
  },
  clear() {
    clearAuthorization();
    for (const key of [
      STORAGE_KEYS.user,
      STORAGE_KEYS.signingKey,
      STORAGE_KEYS.routes,
      STORAGE_KEYS.permissions,
      STORAGE_KEYS.externalPermissions,
      STORAGE_KEYS.roles,
      STORAGE_KEYS.lockWindowState,
    ]) {
      remove(key);
    }
    sessionStorage.clear();
    set({ user: null, passwordChange: null });
  },
}));

export function isLoggedIn(): boolean {
  return getAuthorization() !== null;
}
