import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useListPage } from '../components/ListPage';
import { createQueryClient, type EndpointPick, endpointName } from '../services/query';
import { callEndpoint, fakeEndpoints } from '../test/fakes';
import { PAGE_LOADERS } from './pageMap';
import { PAGE_FIRST_QUERIES, prefetchPageQuery } from './pageQueries';

fakeEndpoints();

describe('the first query of a page at the menu click', () => {
  it('is declared only for routes that have a page', () => {
    expect(Object.keys(PAGE_FIRST_QUERIES).filter((path) => !PAGE_LOADERS.has(path))).toEqual([]);
  });

  it('is the request the page makes: the page mounting while it runs asks nothing more', async () => {
    let answer: (value: unknown) => void = () => undefined;
    vi.mocked(callEndpoint).mockImplementation(((pick: EndpointPick) =>
      endpointName(pick) === 'testItems.paging'
        ? new Promise((resolve) => {
            answer = resolve;
          })
        : Promise.resolve({ code: 200, data: [] })) as unknown as typeof callEndpoint);
    const client = createQueryClient();
    prefetchPageQuery(client, '/laboratory/test-project');
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    // What /laboratory/test-project renders first (its list with the initial filter).
    const { result } = renderHook(() => useListPage((c) => c.testItems.paging, {}), { wrapper });
    answer({ code: 200, data: [{ id: 1 }], total: 1 });
    await waitFor(() => expect(result.current.total).toBe(1));
    const lists = vi
      .mocked(callEndpoint)
      .mock.calls.filter(([pick]) => endpointName(pick as EndpointPick) === 'testItems.paging');
    expect(lists).toHaveLength(1);
  });
});
