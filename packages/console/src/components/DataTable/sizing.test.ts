import { describe, expect, it } from 'vitest';
import { clampPage, pageSizeOptions, singleSelection, tableScrollY, visibleColumns } from './sizing';

describe('table helpers', () => {
  it('offers 10..50 and adds the current size', () => {
    expect(pageSizeOptions(10)).toEqual([10, 20, 30, 40, 50]);
    expect(pageSizeOptions(15)).toEqual([10, 15, 20, 30, 40, 50]);
    expect(pageSizeOptions(100)).toEqual([10, 20, 30, 40, 50, 100]);
  });
  it('resets the page to 1 when it exceeds the pages at the new size', () => {
    expect(clampPage(5, 50, 120)).toBe(1);
    expect(clampPage(3, 50, 120)).toBe(3);
    expect(clampPage(2, 10, 0)).toBe(1);
  });
  it('single-select keeps only the latest row', () => {
    expect(singleSelection([1], [1, 2])).toEqual([2]);
    expect(singleSelection([2], [])).toEqual([]);
    expect(singleSelection([], [3])).toEqual([3]);
  });
  it('computes the body height from the SPEC sizes', () => {
    expect(tableScrollY(900, 200)).toBe(900 - 200 - 46 - 50 - 30);
    expect(tableScrollY(900, 200, false)).toBe(900 - 200 - 46 - 30);
    expect(tableScrollY(300, 280)).toBe(120);
  });
  it('shows the configured columns, all when none are configured', () => {
    const columns = [{ dataIndex: 'a' }, { dataIndex: 'b' }, { dataIndex: undefined }];
    expect(visibleColumns(columns, ['b'])).toEqual([{ dataIndex: 'b' }, { dataIndex: undefined }]);
    expect(visibleColumns(columns, [])).toHaveLength(3);
  });
});
