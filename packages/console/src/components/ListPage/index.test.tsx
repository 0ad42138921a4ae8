import { act, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { App, Button, Form, Input, Select } from 'antd';
import { Activity } from 'react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../locales';
import { type EndpointPick, endpointName, queryClient } from '../../services/query';
import { callEndpoint, fakeEndpoints } from '../../test/fakes';
import { FormModal } from '../FormModal';
import { type Paged, usePaged } from '../usePaged';
import { compactFilter, filterFormName, ListPage, type ListState, useListPage, useUrlTab } from './index';
import { filterFromUrl } from './useListPage';

fakeEndpoints();

type Row = { id: number; name: string };
type Filter = { keyword?: string; status?: string[] };
type Body = Filter & { page: number; size: number };

const rowsFor = (body: Body): Row[] => [{ id: body.page, name: `${body.keyword ?? 'all'}-${body.page}` }];

/** The server of these tests: each list endpoint answers through `fetch` (called with the request body). */
function serve<B>(fetch: (body: B) => Promise<{ data: Row[]; total: number }>) {
  vi.mocked(callEndpoint).mockImplementation(((pick: EndpointPick, input: { body: B }) =>
    // The table's column configuration is not a list request: no columns configured.
    endpointName(pick) === 'system.tableHeadGet'
      ? Promise.resolve({ code: 200, msg: 'ok', data: { code: 'x', titles: [] } })
      : fetch(input.body)) as unknown as typeof callEndpoint);
}
/** Any paged endpoint: the server above answers. */
const endpoint: EndpointPick = (c) => c.labQuery.paging;

afterEach(() => {
  queryClient.clear();
});

describe('compactFilter', () => {
  it('drops cleared fields and keeps real conditions, false and 0 included', () => {
    expect(
      compactFilter({ a: undefined, b: null, c: '', d: '  ', e: [], f: 'x', g: false, h: 0, i: ['y'] }),
    ).toEqual({ f: 'x', g: false, h: 0, i: ['y'] });
  });
});

describe('usePaged', () => {
  it('starts a new filter at page 1 with one request, not the old page first', async () => {
    const fetch = vi.fn(async (body: Body) => ({ data: rowsFor(body), total: 30 }));
    serve(fetch);
    const { result, rerender } = renderHook(
      ({ filter }) => usePaged(endpoint, filter) as unknown as Paged<Row>,
      {
        initialProps: { filter: {} as Filter },
      },
    );
    await waitFor(() => expect(result.current.rows).toEqual([{ id: 1, name: 'all-1' }]));
    act(() => result.current.setPage(3, 10));
    await waitFor(() => expect(result.current.rows[0]?.id).toBe(3));
    fetch.mockClear();
    rerender({ filter: { keyword: 'k' } });
    await waitFor(() => expect(result.current.rows).toEqual([{ id: 1, name: 'k-1' }]));
    expect(fetch.mock.calls.map(([body]) => body)).toEqual([{ keyword: 'k', page: 1, size: 10 }]);
    expect(result.current.page).toBe(1);
    // The same filter as a new object does not reload.
    rerender({ filter: { keyword: 'k' } });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('keeps the latest answer when an earlier one arrives last', async () => {
    let releaseFirst: (() => void) | undefined;
    const fetch = vi.fn(
      (body: Body) =>
        new Promise<{ data: Row[]; total: number }>((resolve) => {
          const answer = () => resolve({ data: rowsFor(body), total: 1 });
          if (body.keyword === 'slow') releaseFirst = answer;
          else answer();
        }),
    );
    serve(fetch);
    const { result, rerender } = renderHook(
      ({ filter }) => usePaged(endpoint, filter) as unknown as Paged<Row>,
      {
        initialProps: { filter: { keyword: 'slow' } as Filter },
      },
    );
    rerender({ filter: { keyword: 'fast' } });
    await waitFor(() => expect(result.current.rows[0]?.name).toBe('fast-1'));
    await act(async () => releaseFirst?.());
    expect(result.current.rows[0]?.name).toBe('fast-1');
    expect(result.current.loading).toBe(false);
  });
});

function Harness({ onCreate }: { onCreate(): void }) {
  const list = useListPage(endpoint, {} as Filter) as unknown as ListState<Row, Filter>;
  return (
    <ListPage<Row, Filter>
      list={list}
      rowKey="id"
      columns={[{ dataIndex: 'name', title: 'Name' }]}
      filters={
        <Form.Item name="keyword" label="Keyword">
          <Input data-testid="keyword" />
        </Form.Item>
      }
      toolbar={<Button onClick={onCreate}>Create</Button>}
      actions={{
        render: (row) => (
          <Button type="link" data-testid={`open-${row.id}`}>
            open {row.name}
          </Button>
        ),
      }}
    />
  );
}

describe('usePaged when its effects run again', () => {
  it('does not fetch again when its effects are re-created (React Activity hidden, then shown)', async () => {
    const fetch = vi.fn(async (body: Body) => ({ data: rowsFor(body), total: 1 }));
    serve(fetch);
    function Rows() {
      const list = usePaged(endpoint, {} as Filter) as unknown as Paged<Row>;
      return <div data-testid="rows">{list.rows.map((r) => r.name).join(',')}</div>;
    }
    const view = (mode: 'visible' | 'hidden') => (
      <Activity mode={mode}>
        <Rows />
      </Activity>
    );
    const { rerender } = render(view('visible'));
    await waitFor(() => expect(screen.getByTestId('rows').textContent).toBe('all-1'));
    rerender(view('hidden'));
    rerender(view('visible'));
    await waitFor(() => expect(screen.getByTestId('rows').textContent).toBe('all-1'));
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('ListPage', () => {
  it('searches with the form values, resets to the initial filter, shows toolbar and row actions', async () => {
    const fetch = vi.fn(async (body: Body) => ({ data: rowsFor(body), total: 1 }));
    serve(fetch);
    const onCreate = vi.fn();
    render(
      <App>
        <Harness onCreate={onCreate} />
      </App>,
    );
    await screen.findByTestId('open-1');
    expect(screen.getAllByText('操作').length).toBeGreaterThan(0);
    expect(fetch).toHaveBeenLastCalledWith({ page: 1, size: 10 });

    fireEvent.change(screen.getByTestId('keyword'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await screen.findByText('open abc-1');
    expect(fetch).toHaveBeenLastCalledWith({ keyword: 'abc', page: 1, size: 10 });

    // Search again with the same filter: the user wants the rows as they are now.
    fetch.mockClear();
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(fetch).toHaveBeenLastCalledWith({ keyword: 'abc', page: 1, size: 10 });

    fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    await screen.findByText('open all-1');
    expect(fetch).toHaveBeenLastCalledWith({ page: 1, size: 10 });
    expect((screen.getByTestId('keyword') as HTMLInputElement).value).toBe('');

    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(onCreate).toHaveBeenCalledTimes(1);
  });

  it("gives the filter form's and a dialog's fields ids of their own (no id twice on a page)", async () => {
    serve(async (body: Body) => ({ data: rowsFor(body), total: 1 }));
    function WithDialog() {
      const list = useListPage(endpoint, {} as Filter) as unknown as ListState<Row, Filter>;
      return (
        <ListPage<Row, Filter>
          list={list}
          rowKey="id"
          code="lab.things"
          columns={[{ dataIndex: 'name', title: 'Name' }]}
          filters={
            <Form.Item name="keyword" label="Keyword">
              <Input data-testid="keyword" />
            </Form.Item>
          }
        >
          <FormModal open title="Edit" onSave={async () => undefined} onClose={() => undefined}>
            <Form.Item name="keyword" label="Keyword">
              <Input data-testid="dialog-keyword" />
            </Form.Item>
          </FormModal>
        </ListPage>
      );
    }
    render(
      <App>
        <WithDialog />
      </App>,
    );
    await screen.findByTestId('dialog-keyword');
    expect(screen.getByTestId('keyword').id).toBe(`${filterFormName('lab.things')}_keyword`);
    expect(screen.getByTestId('keyword').id).toBe('lab-things-filter_keyword');
    expect(screen.getByTestId('dialog-keyword').id).toBe('dialog_keyword');
    const ids = Array.from(document.querySelectorAll('[id]'), (e) => e.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('tells apart two lists without a code on one page', async () => {
    serve(async (body: Body) => ({ data: rowsFor(body), total: 1 }));
    render(
      <App>
        <Harness onCreate={() => undefined} />
        <Harness onCreate={() => undefined} />
      </App>,
    );
    await waitFor(() => expect(screen.getAllByTestId('keyword')).toHaveLength(2));
    const [a, b] = screen.getAllByTestId('keyword');
    expect(a?.id).toMatch(/^list.+-filter_keyword$/);
    expect(a?.id).not.toBe(b?.id);
  });

  it('has no form without filters, and maps the request body with toBody', async () => {
    const fetch = vi.fn(async (body: Body & { tab: string }) => ({ data: rowsFor(body), total: 1 }));
    serve(fetch);
    function Tabbed() {
      const list = useListPage(endpoint, {} as Filter, {
        toBody: (f) => ({ ...f, tab: 'pending' }) as never,
      }) as unknown as ListState<Row, Filter>;
      return <ListPage list={list} rowKey="id" columns={[{ dataIndex: 'name', title: 'Name' }]} />;
    }
    const { container } = render(
      <App>
        <Tabbed />
      </App>,
    );
    await screen.findByText('all-1');
    expect(container.querySelector('form')).toBeNull();
    expect(fetch).toHaveBeenLastCalledWith({ tab: 'pending', page: 1, size: 10 });
  });

  it('shows the initial filter in the form (a queue opened on one state), after a search and after reset', async () => {
    type Queue = { keyword?: string; status?: string };
    const fetch = vi.fn(async (body: Body) => ({ data: rowsFor(body), total: 1 }));
    serve(fetch);
    function ReviewQueue() {
      const list = useListPage(endpoint, { status: 'draft' } as Queue) as unknown as ListState<Row, Queue>;
      return (
        <ListPage<Row, Queue>
          list={list}
          rowKey="id"
          columns={[{ dataIndex: 'name', title: 'Name' }]}
          filters={
            <>
              <Form.Item name="keyword">
                <Input data-testid="keyword" />
              </Form.Item>
              <Form.Item name="status">
                <Select
                  allowClear
                  data-testid="status"
                  options={[
                    { value: 'draft', label: 'Awaiting review' },
                    { value: 'reviewed', label: 'Awaiting confirmation' },
                  ]}
                />
              </Form.Item>
            </>
          }
        />
      );
    }
    render(
      <App>
        <ReviewQueue />
      </App>,
    );
    const status = () => screen.getByTestId('status').closest('.ant-select')?.textContent;
    await screen.findByText('all-1');
    expect(fetch).toHaveBeenLastCalledWith({ status: 'draft', page: 1, size: 10 });
    // The box shows the state the list is filtered by, not an empty box.
    await waitFor(() => expect(status()).toBe('Awaiting review'));
    fireEvent.change(screen.getByTestId('keyword'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await screen.findByText('abc-1');
    expect(fetch).toHaveBeenLastCalledWith({ keyword: 'abc', status: 'draft', page: 1, size: 10 });
    expect(status()).toBe('Awaiting review');
    // Reset goes back to the initial filter, and the form shows it again.
    fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    await screen.findByText('all-1');
    expect(fetch).toHaveBeenLastCalledWith({ status: 'draft', page: 1, size: 10 });
    await waitFor(() => expect(status()).toBe('Awaiting review'));
    expect((screen.getByTestId('keyword') as HTMLInputElement).value).toBe('');
    // Reset again on the initial filter: the form still shows it.
    fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(4));
    await waitFor(() => expect(status()).toBe('Awaiting review'));
  });

  it('starts from the filter a link put in the address, shows it in the form, and applies a later one', async () => {
    const fetch = vi.fn(async (body: Body) => ({ data: rowsFor(body), total: 1 }));
    serve(fetch);
    function Linked() {
      const list = useListPage(endpoint, {} as Filter, {
        url: { keyword: 'one', status: 'many' },
      }) as unknown as ListState<Row, Filter>;
      const navigate = useNavigate();
      return (
        <ListPage
          list={list}
          rowKey="id"
          columns={[{ dataIndex: 'name', title: 'Name' }]}
          filters={
            <Form.Item name="keyword">
              <Input data-testid="keyword" />
            </Form.Item>
          }
          toolbar={<Button onClick={() => navigate('/list?keyword=later')}>Later</Button>}
        />
      );
    }
    render(
      <App>
        <MemoryRouter initialEntries={['/list?keyword=linked&status=open&status=answered&other=x']}>
          <Routes>
            <Route path="/list" element={<Linked />} />
          </Routes>
        </MemoryRouter>
      </App>,
    );
    await screen.findByText('linked-1');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenLastCalledWith({
      keyword: 'linked',
      status: ['open', 'answered'],
      page: 1,
      size: 10,
    });
    await waitFor(() => expect((screen.getByTestId('keyword') as HTMLInputElement).value).toBe('linked'));
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    await screen.findByText('later-1');
    expect(fetch).toHaveBeenLastCalledWith({ keyword: 'later', page: 1, size: 10 });
    // Reset drops what the address set.
    fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    await screen.findByText('all-1');
  });
});

describe('filterFromUrl', () => {
  it('reads the named fields only, one value or all of them', () => {
    expect(
      filterFromUrl<{ a?: string; b?: string[] }>('?a=1&a=2&b=x&b=y&c=z&d=', { a: 'one', b: 'many' }),
    ).toEqual({
      a: '1',
      b: ['x', 'y'],
    });
    expect(filterFromUrl<{ a?: string }>('', { a: 'one' })).toEqual({});
  });

  it('reads a record id as its number and ignores anything that is not one', () => {
    expect(filterFromUrl<{ projectId?: number }>('?projectId=3', { projectId: 'id' })).toEqual({
      projectId: 3,
    });
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999999999999', ''])
      expect(filterFromUrl<{ projectId?: number }>(`?projectId=${bad}`, { projectId: 'id' })).toEqual({});
  });
});

describe('useUrlTab', () => {
  it('starts from the tab the address names, ignores unknown values, and follows a later address', async () => {
    const TABS = { submitted: 'pending', approved: 'reviewed', rejected: 'reviewed' } as const;
    function Tabbed() {
      const [tab, setTab] = useUrlTab<'pending' | 'reviewed'>(TABS, 'pending');
      const navigate = useNavigate();
      return (
        <>
          <span data-testid="tab">{tab}</span>
          <Button onClick={() => setTab('pending')}>Click</Button>
          <Button onClick={() => navigate('/list?status=submitted')}>Link</Button>
          <Button onClick={() => navigate('/list?status=nonsense')}>Odd</Button>
        </>
      );
    }
    render(
      <MemoryRouter initialEntries={['/list?status=approved']}>
        <Routes>
          <Route path="/list" element={<Tabbed />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByTestId('tab').textContent).toBe('reviewed');
    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    await waitFor(() => expect(screen.getByTestId('tab').textContent).toBe('pending'));
    // A value that names no tab leaves the user's choice alone.
    fireEvent.click(screen.getByRole('button', { name: 'Odd' }));
    expect(screen.getByTestId('tab').textContent).toBe('pending');
  });

  it('uses the initial tab outside a router and without a value', () => {
    const { result } = renderHook(() => useUrlTab({ a: 'x' }, 'y'));
    expect(result.current[0]).toBe('y');
  });
});
