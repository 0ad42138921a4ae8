import { describe, expect, it } from 'vitest';
import { refusal } from '../../../test/refusal.js';
import { assertMayDisable, assertNoCycle, assertParentEnabled, assertSiblingNameFree } from './service.js';

// 1 ─ 2 ─ 3, and 4 at the top.
const tree = new Map<number, number | null>([
  [1, null],
  [2, 1],
  [3, 2],
  [4, null],
]);

describe('department rules', () => {
  it('refuses a move under itself or under its own descendants', () => {
    expect(refusal(() => assertNoCycle(1, 3, tree))?.key).toBe('deptCycle');
    expect(refusal(() => assertNoCycle(2, 2, tree))?.key).toBe('deptCycle');
    expect(refusal(() => assertNoCycle(3, 4, tree))).toBeNull();
    expect(refusal(() => assertNoCycle(2, null, tree))).toBeNull();
    // A new department (no id yet) goes under any existing one.
    expect(refusal(() => assertNoCycle(null, 3, tree))).toBeNull();
  });

  it('refuses a parent that does not exist', () => {
    expect(refusal(() => assertNoCycle(1, 99, tree))).toEqual({
      key: 'invalidReference',
      params: { field: 'parentId' },
    });
  });

  it('keeps names unique among siblings, whatever the case and spaces', () => {
    expect(refusal(() => assertSiblingNameFree('QA', ['qa ', 'Lab']))).toEqual({
      key: 'deptNameTaken',
      params: { name: 'QA' },
    });
    expect(refusal(() => assertSiblingNameFree('QC', ['QA']))).toBeNull();
  });

  it('disables only an empty department and enables only under an enabled parent', () => {
    expect(refusal(() => assertMayDisable({ enabledMembers: 2, enabledChildren: 0 }))).toEqual({
      key: 'deptHasMembers',
      params: { count: 2 },
    });
    expect(refusal(() => assertMayDisable({ enabledMembers: 0, enabledChildren: 1 }))?.key).toBe(
      'deptHasChildren',
    );
    expect(refusal(() => assertMayDisable({ enabledMembers: 0, enabledChildren: 0 }))).toBeNull();
    expect(refusal(() => assertParentEnabled(1, 0))?.key).toBe('deptParentDisabled');
    expect(refusal(() => assertParentEnabled(0, 0))).toBeNull();
    expect(refusal(() => assertParentEnabled(1, null))).toBeNull();
  });
});
