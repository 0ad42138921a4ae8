import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, Select } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import '../../locales';
import { col } from '../columns';
import type { Paged } from '../usePaged';
import { type ListColumn, ListPage } from './index';

type Row = { id: number; name: string; deptName: string; status: number };

function list(search: (values: object) => void): Paged<Row> & { search(values: object): void } {
  return {
    rows: [{ id: 1, name: 'Ann', deptName: 'Lab', status: 0 }],
    total: 1,
    loading: false,
    page: 1,
    size: 10,
    setPage: vi.fn(),
    reload: vi.fn(async () => undefined),
    search,
  };
}

describe('ListPage column filters', () => {
  it('builds the filter form from the columns that carry one, in column order, named as declared', async () => {
    const search = vi.fn();
    const columns: ListColumn<Row>[] = [
      { dataIndex: 'name', title: 'Name', filter: true },
      {
        dataIndex: 'deptName',
        title: 'Dept',
        filter: {
          name: 'deptId',
          input: <Select data-testid="dept" options={[{ value: 3, label: 'Lab' }]} />,
        },
      },
      col.enabled<Row>({ filter: true, testId: (r) => `state-${r.id}` }),
    ];
    render(
      <App>
        <MemoryRouter>
          <ListPage<Row> list={list(search)} rowKey="id" columns={columns} />
        </MemoryRouter>
      </App>,
    );
    const labels = Array.from(document.querySelectorAll('.ant-form-item-label label')).map(
      (l) => l.textContent,
    );
    expect(labels).toEqual(['Name', 'Dept', '状态']);
    // The enabled column shows its state as a tag; the filter prop never reaches the table.
    expect(screen.getByTestId('state-1').textContent).toBe('停用');
    fireEvent.change(document.querySelector('[id$="-filter_name"]') as HTMLInputElement, {
      target: { value: 'An' },
    });
    fireEvent.submit(document.querySelector('form') as HTMLFormElement);
    await waitFor(() => expect(search).toHaveBeenCalledWith(expect.objectContaining({ name: 'An' })));
    expect(Object.keys(search.mock.calls[0]?.[0] ?? {}).sort()).toEqual(['deptId', 'name', 'status']);
  });
});
