import { describe, expect, it } from 'vitest';
// The package index: it declares every workflow (their signatures make `sign`).
import { borrowedBy, grantMatrix, grantOf, isExternalPermission, SHARED_PERMISSIONS } from './index.js';

describe('grants by area and action', () => {
  it('places a permission by its prefix and verb; signed approvals are sign, a signed release stays release', () => {
    expect(grantOf('express:mail:pickup')).toEqual({ area: 'express', action: 'create' });
    expect(grantOf('laboratory:before-analysis-subject-review:review')).toEqual({
      area: 'laboratory',
      action: 'review',
    });
    expect(grantOf('project:plan:review')).toEqual({ area: 'project', action: 'sign' });
    expect(grantOf('laboratory:after-analysis-report-list:release')).toEqual({
      area: 'laboratory',
      action: 'release',
    });
    expect(grantOf('web:personal-report:page')).toEqual({ area: 'web-unblinding', action: 'view' });
    expect(grantOf('web:report-search:download')).toEqual({ area: 'web', action: 'export' });
    // Unknown verbs and areas, and the shared people picker, have no home.
    expect(grantOf('project:plan:teleport')).toBeUndefined();
    expect(grantOf('nowhere:x:view')).toBeUndefined();
    expect(SHARED_PERMISSIONS.map(grantOf)).toEqual([undefined]);
  });

  it('lends strings where pages call them, and tells the areas site users may hold', () => {
    expect(borrowedBy('laboratory', 'create')).toContain('project:question:create');
    expect(borrowedBy('platform', 'view')).toEqual(SHARED_PERMISSIONS);
    expect(borrowedBy('web', 'view')).toEqual([]);
    const matrix = grantMatrix(['laboratory:root:view', 'project:question:page', 'system:user:list']);
    expect(matrix.get('laboratory')?.get('view')).toEqual([
      'laboratory:root:view',
      'project:question:page',
      'system:user:list',
    ]);
    expect(isExternalPermission('web:question:reply')).toBe(true);
    expect(isExternalPermission('personal:account:update')).toBe(true);
    expect(isExternalPermission('laboratory:test-project:page')).toBe(false);
    expect(isExternalPermission('*:*:*')).toBe(false);
  });
});
