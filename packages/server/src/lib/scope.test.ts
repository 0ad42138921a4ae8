import { describe, expect, it } from 'vitest';
import { refusal } from '../../test/refusal.js';
import { assertProjectInScope } from './scope.js';

describe('scope checks', () => {
  it('refuses projects outside the scope unless the scope is everything', () => {
    const scope = { all: false, projectIds: new Set([1]) };
    expect(refusal(() => assertProjectInScope(scope, 1))).toBeNull();
    expect(refusal(() => assertProjectInScope(scope, 2))?.key).toBe('forbiddenScope');
    expect(refusal(() => assertProjectInScope({ all: true, projectIds: new Set() }, 2))).toBeNull();
  });
});
