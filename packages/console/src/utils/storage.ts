/**
 * Browser storage keys of SPEC section 3, in one place. Local storage unless marked session.
 * Values are JSON except `lockWindowState` ('1' or '0') and `lang` (plain string).
 */
export const STORAGE_KEYS = {
  routes: 'admin.routes',
  permissions: 'admin.permissions',
  externalPermissions: 'admin.externalPermissions',
  roles: 'admin.roles',
  user: 'admin.user',
  setting: 'admin.setting',
  /** session storage */
  tabs: 'admin.tabs',
  selectAgreement: 'admin.selectAgreement',
  /** session storage */
  lastRoute: 'admin.lastRoute',
  lockWindowState: 'lockWindowState',
  /** Not in SPEC: the per-session HMAC key of the signing scheme (docs/api.md), cleared at logout. */
  signingKey: 'admin.signingKey',
  lang: 'lang',
  deviceHost: 'kmct-env-hsc-ip',
} as const;

type Area = 'local' | 'session';

function area(which: Area): Storage | undefined {
  try {
    return which === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
  } catch {
    // Storage can throw when disabled by the browser; the console then runs without persistence.
    return undefined;
  }
}

export function readJson<T>(key: string, fallback: T, which: Area = 'local'): T {
  const raw = area(which)?.getItem(key);
  if (raw === null || raw === undefined) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

export function writeJson(key: string, value: unknown, which: Area = 'local'): void {
  area(which)?.setItem(key, JSON.stringify(value));
}

export function readText(key: string, which: Area = 'local'): string | null {
  return area(which)?.getItem(key) ?? null;
}

export function writeText(key: string, value: string, which: Area = 'local'): void {
  area(which)?.setItem(key, value);
}

export function remove(key: string, which: Area = 'local'): void {
  area(which)?.removeItem(key);
}
