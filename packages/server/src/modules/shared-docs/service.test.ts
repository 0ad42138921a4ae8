import { describe, expect, it } from 'vitest';
import { refusal } from '../../../test/refusal.js';
import { assertActive, assertOwnUpload, assertUnused, docInScope, logOwner } from './service.js';

describe('shared document rules', () => {
  const siteUser = {
    all: false,
    projectIds: new Set([1]),
    siteIds: new Set([10]),
    sitesByProject: new Map(),
  };
  const staff = { all: false, projectIds: new Set([1]), siteIds: null, sitesByProject: new Map() };

  it('reaches a site record through its site, a project record through its project', () => {
    expect(docInScope(siteUser, { projectId: 1, siteId: 10 })).toBe(true);
    expect(docInScope(siteUser, { projectId: 1, siteId: 11 })).toBe(false);
    expect(docInScope(siteUser, { projectId: 1, siteId: null })).toBe(true);
    expect(docInScope(siteUser, { projectId: 2, siteId: null })).toBe(false);
    expect(docInScope(staff, { projectId: 1, siteId: 11 })).toBe(true);
    expect(
      docInScope(
        { all: true, projectIds: new Set(), siteIds: null, sitesByProject: new Map() },
        { projectId: 9, siteId: 9 },
      ),
    ).toBe(true);
  });

  it('serves active documents only and takes only unused own uploads', () => {
    expect(refusal(() => assertActive({ status: 'withdrawn' }))?.key).toBe('notFound');
    expect(refusal(() => assertActive({ status: 'active' }))).toBeNull();
    expect(refusal(() => assertOwnUpload(7, 7, 3))).toBeNull();
    expect(refusal(() => assertOwnUpload(8, 7, 3))?.key).toBe('fileNotUsable');
    expect(refusal(() => assertOwnUpload(undefined, 7, 3))?.key).toBe('fileNotUsable');
    const unused = { places: [], catalogue: false, internal: false };
    expect(refusal(() => assertUnused(unused))).toBeNull();
    expect(refusal(() => assertUnused({ ...unused, catalogue: true }))?.key).toBe('fileInUse');
    expect(refusal(() => assertUnused({ ...unused, places: [{ projectId: 1, siteId: 2 }] }))?.key).toBe(
      'fileInUse',
    );
  });

  it('shows a site user only their own downloads of a public record', () => {
    expect(logOwner('public', { type: 2, userId: 5 })).toBe(5);
    expect(logOwner('original', { type: 2, userId: 5 })).toBeUndefined();
    expect(logOwner('public', { type: 1, userId: 5 })).toBeUndefined();
  });
});
