import { describe, expect, it } from 'vitest';
import { endpointUrl, fullPath } from './endpoint.js';
import { ALL_ENDPOINTS, endpoints } from './index.js';
import { isPasswordValid } from './password.js';

describe('endpoint declarations', () => {
  it('have unique ids and unique method + path', () => {
    const ids = ALL_ENDPOINTS.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    const routes = ALL_ENDPOINTS.map((e) => `${e.method} ${fullPath(e)}`);
    expect(new Set(routes).size).toBe(routes.length);
  });
  it('declare access on every endpoint and sign every non-public one', () => {
    for (const e of ALL_ENDPOINTS) {
      expect(e.access, e.id).toBeDefined();
      if (e.access !== 'public') expect(e.signed, e.id).toBe(true);
      if (typeof e.access === 'object')
        expect(e.access.permission, e.id).toMatch(/^[a-z-]+:[a-z-]+:[a-z-]+$/);
    }
  });
  it('fills and encodes path parameters', () => {
    expect(endpointUrl(endpoints.user.get, { id: 12 })).toBe('/api/kmct-user/sys/user/12');
    expect(endpointUrl(endpoints.userProject.setPermission, { userId: 3 })).toBe(
      '/api/kmct-user/sys/userproject/3/permission',
    );
    expect(() => endpointUrl(endpoints.user.get)).toThrow(/missing path parameter id/);
  });
});

describe('password policy (SPEC section 5)', () => {
  it.each([
    ['Abcdef12', true],
    ['abcdef1!', true],
    ['ABCDEF1!', true],
    ['abcdefgh', false],
    ['abcdef12', false],
    ['Ab1!', false],
    ['Abcdefgh12345678X', false],
    ['Abcdef12 ', false],
    ['Abcdef12-', false],
  ])('%s -> %s', (password, ok) => {
    expect(isPasswordValid(password)).toBe(ok);
  });
});
