import { describe, expect, it } from 'vitest';
import type { AppRoute } from './buildRoutes';
import { decide, type GuardInput, pageTitle } from './guard';

const route = (fullPath: string): AppRoute => ({
  fullPath,
  parents: [],
  hidden: false,
  noCache: false,
  unclosable: false,
  authority: '*',
});
const base: GuardInput = {
  path: '/',
  loggedIn: true,
  loaded: true,
  routes: [route('/home/todo'), route('/marketing/customer')],
  firstPath: '/home/todo',
  lastRoute: null,
};

describe('decide (SPEC section 2 access rules)', () => {
  it('sends a logged-in user away from /login to /', () => {
    expect(decide({ ...base, path: '/login' })).toEqual({ kind: 'redirect', to: '/' });
    expect(decide({ ...base, path: '/login', loggedIn: false })).toEqual({ kind: 'allow' });
  });
  it('opens the login-free routes without a session', () => {
    for (const path of ['/frontend-test', '/create-pdf', '/404', '/403']) {
      expect(decide({ ...base, path, loggedIn: false })).toEqual({ kind: 'allow' });
    }
  });
  it('sends a route without authorization to /login with the SPEC message', () => {
    expect(decide({ ...base, path: '/marketing/customer', loggedIn: false })).toEqual({
      kind: 'redirect',
      to: '/login',
      messageKey: 'guard.invalid',
    });
    expect(decide({ ...base, loggedIn: false })).toEqual({ kind: 'redirect', to: '/login' });
  });
  it('loads menus once per page load before deciding', () => {
    expect(decide({ ...base, path: '/home/todo', loaded: false })).toEqual({ kind: 'load' });
  });
  it('redirects the root to the last route, or else the first menu item', () => {
    expect(decide(base)).toEqual({ kind: 'redirect', to: '/home/todo' });
    expect(decide({ ...base, lastRoute: '/marketing/customer?id=3' })).toEqual({
      kind: 'redirect',
      to: '/marketing/customer?id=3',
    });
    expect(decide({ ...base, lastRoute: '/platform/role' })).toEqual({ kind: 'redirect', to: '/home/todo' });
    expect(decide({ ...base, routes: [], firstPath: null })).toEqual({ kind: 'forbidden' });
  });
  it('allows routes the user holds, forbids known ones, and 404s the rest', () => {
    expect(decide({ ...base, path: '/marketing/customer' })).toMatchObject({ kind: 'allow' });
    expect(decide({ ...base, path: '/platform/role' })).toEqual({ kind: 'forbidden' });
    expect(decide({ ...base, path: '/no/such/page' })).toEqual({ kind: 'notFound' });
  });
});

describe('pageTitle', () => {
  it('joins the short name and the page title', () => {
    expect(pageTitle('客户管理')).toBe('Trialab - 客户管理');
    expect(pageTitle(undefined)).toBe('Trialab');
  });
});
