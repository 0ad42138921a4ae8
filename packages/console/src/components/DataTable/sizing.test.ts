import { describe, expect, it } from 'vitest';
import {
  clampPage,
  fitColumns,
  overflowTitle,
  pageSizeOptions,
  singleSelection,
  tableScrollY,
  tableWidth,
  visibleColumns,
} from './sizing';

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
  it('sizes every column on one line, and the table as the sum of its columns', () => {
    const columns = fitColumns([
      { dataIndex: 'a' },
      { dataIndex: 'b', width: 110, ellipsis: false },
      { dataIndex: 'c', children: [] },
    ]);
    expect(columns[0]).toEqual({ dataIndex: 'a', width: 150, ellipsis: true });
    expect(columns[1]).toEqual({ dataIndex: 'b', width: 110, ellipsis: false });
    expect(columns[2]).toEqual({ dataIndex: 'c', children: [] });
    // Head and body lay out the same widths: a number, not max-content, unless a width is not in px.
    expect(tableWidth(columns.slice(0, 2), 50)).toBe(310);
    expect(tableWidth([{ width: '20%' }])).toBe('max-content');
  });
  it('titles a cut cell with its full text, and only while it is cut', () => {
    const cell = document.createElement('td');
    cell.className = 'ant-table-cell-ellipsis';
    cell.innerHTML = '<span><b>S01</b> Peking Union Medical College Hospital</span>';
    const size = (scroll: number) => {
      Object.defineProperty(cell, 'scrollWidth', { value: scroll, configurable: true });
      Object.defineProperty(cell, 'clientWidth', { value: 100, configurable: true });
    };
    size(300);
    overflowTitle({ target: cell.querySelector('b') });
    expect(cell.title).toBe('S01 Peking Union Medical College Hospital');
    size(80);
    overflowTitle({ target: cell });
    expect(cell.hasAttribute('title')).toBe(false);
    // antd's own title on a plain-text cell stays.
    cell.title = 'own';
    size(300);
    overflowTitle({ target: cell });
    expect(cell.title).toBe('own');
  });
});
