import { describe, expect, it } from 'vitest';
import { buildTree, selfAndDescendants } from './tree';

const rows = [
  { id: 1, parentId: null, name: '中心实验室', code: 'LAB' },
  { id: 2, parentId: 1, name: '检测部', code: 'LAB-TST' },
  { id: 3, parentId: 2, name: '分子诊断组', code: 'LAB-TST-MOL' },
  { id: 4, parentId: null, name: '项目管理部', code: 'PM' },
  { id: 5, parentId: 99, name: '孤立部门', code: null },
];

const names = (nodes: ReturnType<typeof buildTree>): unknown =>
  nodes.map((n) => (n.children ? [n.name, names(n.children)] : n.name));

describe('department tree', () => {
  it('nests the rows by parent, keeping their order, and shows an orphan at the top', () => {
    expect(names(buildTree(rows))).toEqual([
      ['中心实验室', [['检测部', ['分子诊断组']]]],
      '项目管理部',
      '孤立部门',
    ]);
  });

  it('keeps the matches of a keyword with their ancestors only', () => {
    expect(names(buildTree(rows, '分子'))).toEqual([['中心实验室', [['检测部', ['分子诊断组']]]]]);
    expect(names(buildTree(rows, 'pm'))).toEqual(['项目管理部']);
    expect(buildTree(rows, 'nothing')).toEqual([]);
  });

  it('names a department and all below it (where it cannot move)', () => {
    expect([...selfAndDescendants(rows, 1)].sort()).toEqual([1, 2, 3]);
    expect([...selfAndDescendants(rows, 4)]).toEqual([4]);
  });
});
