import type { ParseKeys } from 'i18next';
import { APP_SHORT_NAME, TITLE_SEPARATOR } from '../config';
import type { AppRoute } from './buildRoutes';
import { ALL_LAYOUT_ROUTES, LOGIN_PATH, PUBLIC_PATHS } from './routeTable';

export type GuardDecision =
  | { kind: 'allow'; route?: AppRoute }
  | { kind: 'redirect'; to: string; messageKey?: ParseKeys }
  | { kind: 'load' }
  | { kind: 'forbidden' }
  | { kind: 'notFound' };

export interface GuardInput {
  /** Path name (no query). */
  path: string;
  loggedIn: boolean;
  /** Menus and permissions were fetched since this page loaded. */
  loaded: boolean;
  routes: readonly AppRoute[];
  firstPath: string | null;
  /** admin.lastRoute (session storage), a full path with query. */
  lastRoute: string | null;
}

const KNOWN_PATHS = new Set(ALL_LAYOUT_ROUTES.map((route) => route.fullPath));

function pathOnly(fullPath: string): string {
  const cut = fullPath.search(/[?#]/);
  return cut === -1 ? fullPath : fullPath.slice(0, cut);
}

/** The access rules of SPEC section 2, as a pure function of where the user goes and who they are. */
export function decide(input: GuardInput): GuardDecision {
  const { path } = input;
  if (path === LOGIN_PATH) return input.loggedIn ? { kind: 'redirect', to: '/' } : { kind: 'allow' };
  if ((PUBLIC_PATHS as readonly string[]).includes(path)) return { kind: 'allow' };
  if (!input.loggedIn) {
    return path === '/'
      ? { kind: 'redirect', to: LOGIN_PATH }
      : { kind: 'redirect', to: LOGIN_PATH, messageKey: 'guard.invalid' };
  }
  if (!input.loaded) return { kind: 'load' };
  const route = input.routes.find((r) => r.fullPath === path);
  if (path === '/') {
    const last = input.lastRoute;
    if (last && pathOnly(last) !== '/' && input.routes.some((r) => r.fullPath === pathOnly(last))) {
      return { kind: 'redirect', to: last };
    }
    return input.firstPath ? { kind: 'redirect', to: input.firstPath } : { kind: 'forbidden' };
  }
  if (route) return { kind: 'allow', route };
  return KNOWN_PATHS.has(path) ? { kind: 'forbidden' } : { kind: 'notFound' };
}

/** SPEC section 2: product short name, separator, page title. */
export function pageTitle(title: string | undefined): string {
  return title ? `${APP_SHORT_NAME}${TITLE_SEPARATOR}${title}` : APP_SHORT_NAME;
}
