import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import type { Key } from 'react';
import { describe, expect, it } from 'vitest';
import '../../locales';
import { fakeEndpoints } from '../../test/fakes';
import { DataTable, keyboardScrollable, StaticTable } from './index';

// The table head the server keeps for this user: only the barcode column.
fakeEndpoints(async () => ({
  code: 200,
  msg: 'ok',
  data: { code: 'sample-list', titles: ['barcode'] },
}));

type Row = { id: number; barcode: string; subject: string };
const rows: Row[] = Array.from({ length: 7 }, (_, i) => ({
  id: i + 1,
  barcode: `B${i + 1}`,
  subject: `S${i + 1}`,
}));
const columns = [
  { title: 'Barcode', dataIndex: 'barcode' },
  { title: 'Subject', dataIndex: 'subject' },
];

describe('StaticTable', () => {
  it('pages by 5 only when there are more rows than that', () => {
    const { container, rerender } = render(
      <StaticTable<Row> rowKey="id" columns={columns} dataSource={rows} />,
    );
    expect(container.querySelectorAll('tbody tr.ant-table-row')).toHaveLength(5);
    expect(container.querySelector('.ant-pagination')).not.toBeNull();
    expect(container.querySelector('.ant-pagination-options')).toBeNull();
    rerender(<StaticTable<Row> rowKey="id" columns={columns} dataSource={rows.slice(0, 5)} />);
    expect(container.querySelector('.ant-pagination')).toBeNull();
  });
});

describe('DataTable', () => {
  it("shows only the user's configured columns, with the total", async () => {
    render(
      <App>
        <DataTable<Row>
          rowKey="id"
          code="sample-list"
          columns={columns}
          dataSource={rows}
          page={1}
          size={10}
          total={7}
          onPageChange={() => {}}
        />
      </App>,
    );
    await waitFor(() => expect(screen.queryByText('Subject')).toBeNull());
    expect(screen.getAllByText('Barcode').length).toBeGreaterThan(0);
    expect(screen.getByText('共 7 条')).not.toBeNull();
  });

  it('keeps a multiple selection across pages and hands back the rows of every page', async () => {
    const chosen: { keys: Key[]; rows: Row[] }[] = [];
    const Paged = ({ page, keys }: { page: number; keys: Key[] }) => (
      <App>
        <DataTable<Row>
          rowKey="id"
          columns={columns}
          dataSource={rows.slice((page - 1) * 5, page * 5)}
          page={page}
          size={5}
          total={7}
          onPageChange={() => {}}
          selection={{ mode: 'multiple', keys, onChange: (k, r) => chosen.push({ keys: k, rows: r }) }}
        />
      </App>
    );
    const { rerender } = render(<Paged page={1} keys={[]} />);
    const boxOf = (barcode: string) =>
      screen.getByText(barcode).closest('tr')?.querySelector('input[type="checkbox"]') as HTMLInputElement;
    fireEvent.click(boxOf('B2'));
    expect(chosen.at(-1)).toEqual({ keys: [2], rows: [rows[1]] });
    // The server's second page: the first page's choice is kept, and its row comes back with it.
    rerender(<Paged page={2} keys={[2]} />);
    await waitFor(() => expect(screen.queryByText('B6')).not.toBeNull());
    fireEvent.click(boxOf('B6'));
    expect(chosen.at(-1)).toEqual({ keys: [2, 6], rows: [rows[1], rows[5]] });
  });
});

describe('keyboardScrollable', () => {
  /** A table body of the given content and box heights (happy-dom lays nothing out). */
  function body(content: number, box: number) {
    const root = document.createElement('div');
    root.innerHTML = '<div class="ant-table-body"></div>';
    const element = root.firstElementChild as HTMLElement;
    Object.defineProperty(element, 'scrollHeight', { value: content, configurable: true });
    Object.defineProperty(element, 'clientHeight', { value: box, configurable: true });
    return { root, element };
  }

  it('makes a body whose rows overflow a named region the keyboard reaches', () => {
    const { root, element } = body(900, 300);
    keyboardScrollable(root, 'Samples');
    expect(element.tabIndex).toBe(0);
    expect(element.getAttribute('role')).toBe('region');
    expect(element.getAttribute('aria-label')).toBe('Samples');
  });

  it('leaves a body that does not scroll out of the tab order', () => {
    const { root, element } = body(900, 300);
    keyboardScrollable(root, 'Samples');
    Object.defineProperty(element, 'scrollHeight', { value: 200 });
    keyboardScrollable(root, 'Samples');
    expect(element.hasAttribute('tabindex')).toBe(false);
    expect(element.hasAttribute('role')).toBe(false);
  });

  it('takes the hidden copy of the titles antd measures with out of the tab order', () => {
    const root = document.createElement('div');
    root.innerHTML =
      '<table><tbody><tr aria-hidden="true" class="ant-table-measure-row"><td><input type="checkbox"></td></tr></tbody></table>';
    keyboardScrollable(root, 'Samples');
    expect(root.querySelector('.ant-table-measure-row')?.hasAttribute('inert')).toBe(true);
  });
});
