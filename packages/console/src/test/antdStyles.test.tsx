import { render, screen } from '@testing-library/react';
import { Table } from 'antd';
import { describe, expect, it } from 'vitest';
import { keepReadDeclarations } from './antdStyles';

describe('the antd styles tests see (set-up)', () => {
  it('keeps only what decides whether an element shows and takes a click, in rules and at-rules', () => {
    const css =
      '.a{color:red;display:none;margin:0 4px}.b{font:12px "x;y{"}' +
      '@media (max-width: 575px){.c{display:flex;padding:0}.d{width:1px}}' +
      '@keyframes spin{0%{opacity:0}100%{opacity:1}}' +
      '.e:where(.f){pointer-events:none;visibility:hidden;opacity:0;background:url("a{b}.png")}';
    expect(keepReadDeclarations(css)).toBe(
      '.a{display:none;}@media (max-width: 575px){.c{display:flex;}}' +
        '.e:where(.f){pointer-events:none;visibility:hidden;opacity:0;}',
    );
  });

  it('hides what antd hides by a class: a row that cannot expand keeps its expand button, invisible', () => {
    const { container } = render(
      <Table
        rowKey="id"
        columns={[{ dataIndex: 'name', title: 'name' }]}
        dataSource={[
          { id: 1, name: 'one' },
          { id: 2, name: 'two' },
        ]}
        expandable={{ rowExpandable: (row) => row.id === 1, expandedRowRender: (row) => row.name }}
      />,
    );
    // Both rows have the button; the second's `-spaced` class sets visibility: hidden.
    expect(container.querySelectorAll('button.ant-table-row-expand-icon')).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: /expand/i })).toHaveLength(1);
  });
});
