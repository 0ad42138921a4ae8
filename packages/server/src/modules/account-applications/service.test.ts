import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/errors.js';
import { addMessages } from '../../lib/i18n.js';
import { renderMessage } from '../../services/notifications/message-kinds.js';
import { PORTAL_ADMIN_MESSAGES } from './messages.js';
import {
  assertGrantsOwned,
  assertStaffScope,
  coversGrants,
  firstPasswordSms,
  holdsRole,
  portalRolesOf,
} from './service.js';

const failure = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return { code: error.code, key: error.options.key };
    throw error;
  }
  return null;
};

describe('account application rules', () => {
  it('offers only roles made entirely of portal and personal-centre permissions', () => {
    const roles = portalRolesOf([
      { id: 1, name: 'site', authority: 'web:transport:list' },
      { id: 1, name: 'site', authority: 'personal:center' },
      { id: 2, name: 'mixed', authority: 'web:transport:list' },
      { id: 2, name: 'mixed', authority: 'system:user:list' },
      { id: 3, name: 'empty', authority: null },
    ]);
    expect(roles).toEqual([{ id: 1, name: 'site', permissions: ['web:transport:list', 'personal:center'] }]);
  });

  it('lets an applicant ask only for rights they hold', () => {
    const role = { permissions: ['web:a', 'web:b'] };
    expect(holdsRole({ isSuper: false, permissions: new Set(['web:a', 'web:b']) }, role)).toBe(true);
    expect(holdsRole({ isSuper: false, permissions: new Set(['web:a']) }, role)).toBe(false);
  });

  it('takes grants of existing sites of their project that the applicant holds', () => {
    const sites = [{ id: 5, projectId: 1 }];
    expect(
      failure(() => assertGrantsOwned([{ projectId: 1, siteId: 5 }], sites, new Set(['1:5']))),
    ).toBeNull();
    expect(failure(() => assertGrantsOwned([{ projectId: 1, siteId: 5 }], sites, null))).toBeNull();
    expect(failure(() => assertGrantsOwned([{ projectId: 1, siteId: 6 }], sites, null))?.key).toBe(
      'invalidReference',
    );
    expect(failure(() => assertGrantsOwned([{ projectId: 2, siteId: 5 }], sites, null))?.key).toBe(
      'siteNotInProject',
    );
    expect(failure(() => assertGrantsOwned([{ projectId: 1, siteId: 5 }], sites, new Set()))?.key).toBe(
      'grantNotOwned',
    );
  });

  it('counts a whole-project grant as covering its sites', () => {
    const grants = [{ projectId: 1, siteId: 5 }];
    expect(coversGrants([{ projectId: 1, siteId: null }], grants)).toBe(true);
    expect(coversGrants([{ projectId: 1, siteId: 5 }], grants)).toBe(true);
    expect(coversGrants([{ projectId: 1, siteId: 6 }], grants)).toBe(false);
  });

  it('shows staff applications touching their projects and lets them act only on wholly theirs', () => {
    const scope = { all: false, projectIds: new Set([1]), siteIds: null, sitesByProject: new Map() };
    const grants = [
      { projectId: 1, siteId: 5 },
      { projectId: 2, siteId: 7 },
    ];
    expect(failure(() => assertStaffScope(scope, grants, false))).toBeNull();
    expect(failure(() => assertStaffScope(scope, grants, true))?.key).toBe('forbiddenScope');
    expect(failure(() => assertStaffScope(scope, [{ projectId: 2, siteId: 7 }], false))).not.toBeNull();
    expect(failure(() => assertStaffScope({ ...scope, all: true }, grants, true))).toBeNull();
  });

  it('sends the first-login password by text message to the new user', () => {
    addMessages(PORTAL_ADMIN_MESSAGES); // as app.ts does
    const sms = firstPasswordSms({ name: 'Li Lei', mobile: '13800000000' }, 'Pw-123456');
    expect(sms).toMatchObject({ channel: 'sms', recipient: '13800000000' });
    expect(renderMessage(sms).body).toContain('Pw-123456');
  });
});
