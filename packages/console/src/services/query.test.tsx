import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callEndpoint, fakeEndpoints } from '../test/fakes';
import type { CallInput } from './endpoint';
import {
  createQueryClient,
  type EndpointPick,
  endpointKey,
  endpointName,
  shouldRetry,
  useEndpointMutation,
  useEndpointQuery,
} from './query';
import { RequestError } from './request';

fakeEndpoints();
const call = vi.mocked(callEndpoint);

/** Answers by endpoint name, so each test says what the server does. */
function serve(answer: (name: string, input: CallInput<never>) => Promise<unknown>) {
  call.mockImplementation(((pick: EndpointPick, input: CallInput<never>) =>
    answer(endpointName(pick), input)) as unknown as typeof callEndpoint);
}
const callsOf = (name: string) =>
  call.mock.calls.filter(([pick]) => endpointName(pick as EndpointPick) === name);

function setup() {
  const client = createQueryClient();
  // Retries at once: what is counted is whether a retry happens, not when.
  client.setDefaultOptions({
    ...client.getDefaultOptions(),
    queries: { ...client.getDefaultOptions().queries, retryDelay: 0 },
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, wrapper };
}

beforeEach(() => {
  call.mockReset();
});

describe('endpoint keys', () => {
  it('name the declaration without loading the contract, input after it', () => {
    expect(endpointName((c) => c.labQuery.get)).toBe('labQuery.get');
    expect(endpointKey((c) => c.labQuery.get, { params: { id: 3 } })).toEqual([
      'endpoint',
      'labQuery.get',
      { params: { id: 3 } },
    ]);
    // Without input: the prefix of every answer of the endpoint (what a mutation invalidates).
    expect(endpointKey((c) => c.labQuery.paging)).toEqual(['endpoint', 'labQuery.paging']);
  });

  it('share one request between components asking the same endpoint with the same input', async () => {
    const { wrapper } = setup();
    serve(async () => ({ code: 200, data: { id: 1 } }));
    const { result } = renderHook(
      () => [
        useEndpointQuery((c) => c.labQuery.get, { params: { id: 1 } }),
        useEndpointQuery((c) => c.labQuery.get, { params: { id: 1 } }),
      ],
      { wrapper },
    );
    await waitFor(() => expect(result.current[1]?.data?.data).toEqual({ id: 1 }));
    expect(call).toHaveBeenCalledTimes(1);
  });
});

describe('useEndpointMutation', () => {
  it('loads the queries it invalidates again after a success, and only those', async () => {
    const { wrapper } = setup();
    let rows = ['a'];
    serve(async (name) => {
      if (name === 'labFeedback.create') {
        rows = [...rows, 'b'];
        return { code: 200, data: { id: 2 } };
      }
      if (name === 'labFeedback.labPaging') return { code: 200, data: rows, total: rows.length };
      return { code: 200, data: [] };
    });
    const { result } = renderHook(
      () => ({
        list: useEndpointQuery((c) => c.labFeedback.labPaging, { body: { page: 1, size: 10 } }),
        other: useEndpointQuery((c) => c.labQuery.paging, { body: { page: 1, size: 10 } }),
        create: useEndpointMutation((c) => c.labFeedback.create, {
          invalidates: [(c) => c.labFeedback.labPaging],
        }),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.list.data?.data).toEqual(['a']));
    await waitFor(() => expect(result.current.other.isSuccess).toBe(true));
    await act(() =>
      result.current.create.mutateAsync({
        body: { projectId: 1, siteId: 1, content: 'x' } as never,
      }),
    );
    // Loaded again before mutateAsync resolved (the second read is done); the hook's render of it
    // comes through TanStack's notify scheduler, a macrotask later.
    expect(callsOf('labFeedback.labPaging')).toHaveLength(2);
    await waitFor(() => expect(result.current.list.data?.data).toEqual(['a', 'b']));
    expect(callsOf('labQuery.paging')).toHaveLength(1);
  });
  it('loads again a first read that was still on its way when the write committed', async () => {
    // The page opened and the write went out together: the read left before the write committed
    // and answers after it, with what was true before.
    const { wrapper } = setup();
    let bound = false;
    let answerFirstRead: () => void = () => undefined;
    serve(async (name) => {
      if (name === 'user.wxBind') {
        bound = true;
        // The read answers just after the write's answer.
        setTimeout(() => answerFirstRead(), 0);
        return { code: 200, data: true };
      }
      const seen = bound;
      if (callsOf('user.getCurrentUser').length === 1) {
        await new Promise<void>((resolve) => {
          answerFirstRead = resolve;
        });
      }
      return { code: 200, data: { wxBound: seen } };
    });
    const { result } = renderHook(
      () => ({
        me: useEndpointQuery((c) => c.user.getCurrentUser),
        bind: useEndpointMutation((c) => c.user.wxBind, { invalidates: [(c) => c.user.getCurrentUser] }),
      }),
      { wrapper },
    );
    await waitFor(() => expect(callsOf('user.getCurrentUser')).toHaveLength(1));
    await act(() => result.current.bind.mutateAsync({ body: { code: 'c', state: 's' } }));
    await waitFor(() => expect(result.current.me.data?.data).toEqual({ wxBound: true }));
    expect(callsOf('user.getCurrentUser')).toHaveLength(2);
  });
});

describe('useEndpointQuery', () => {
  it('never shows the answer of a superseded input, even when it arrives last', async () => {
    const { wrapper } = setup();
    const pending = new Map<number, (value: unknown) => void>();
    serve(
      (_, input) =>
        new Promise((resolve) => pending.set((input.params as unknown as { id: number }).id, resolve)),
    );
    const { result, rerender } = renderHook(
      ({ id }) => useEndpointQuery((c) => c.labQuery.get, { params: { id } }),
      { wrapper, initialProps: { id: 1 } },
    );
    await waitFor(() => expect(pending.has(1)).toBe(true));
    rerender({ id: 2 });
    await waitFor(() => expect(pending.has(2)).toBe(true));
    await act(async () => pending.get(2)?.({ code: 200, data: { id: 2 } }));
    await waitFor(() => expect(result.current.data?.data).toEqual({ id: 2 }));
    await act(async () => pending.get(1)?.({ code: 200, data: { id: 1 } }));
    expect(result.current.data?.data).toEqual({ id: 2 });
  });

  it('does not repeat a read refused with an envelope error (4xx, business code)', async () => {
    const { wrapper } = setup();
    serve(async () => {
      throw new RequestError('not found', 'business', 404, 404);
    });
    const { result } = renderHook(() => useEndpointQuery((c) => c.labQuery.get, { params: { id: 9 } }), {
      wrapper,
    });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('repeats a read that got no answer, up to twice', async () => {
    const { wrapper } = setup();
    serve(async () => {
      throw new RequestError('offline', 'network');
    });
    const { result } = renderHook(() => useEndpointQuery((c) => c.labQuery.get, { params: { id: 9 } }), {
      wrapper,
    });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(call).toHaveBeenCalledTimes(3);
  });

  it('never repeats on its own an endpoint that changes state', async () => {
    const { wrapper } = setup();
    serve(async () => {
      throw new RequestError('offline', 'network');
    });
    const { result } = renderHook(
      () => useEndpointQuery((c) => c.labFeedback.create, { body: { content: 'x' } as never }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(call).toHaveBeenCalledTimes(1);
  });
});

describe('shouldRetry', () => {
  it('retries no answer and 5xx, never 4xx, a session end or a cancel', () => {
    expect(shouldRetry(0, new RequestError('x', 'network'))).toBe(true);
    expect(shouldRetry(0, new RequestError('x', 'http', 503, 503))).toBe(true);
    expect(shouldRetry(2, new RequestError('x', 'network'))).toBe(false);
    expect(shouldRetry(0, new RequestError('x', 'http', 400, 400))).toBe(false);
    expect(shouldRetry(0, new RequestError('x', 'business', 'E_STATE', 409))).toBe(false);
    expect(shouldRetry(0, new RequestError('x', 'unauthorized', 401, 401, true))).toBe(false);
    expect(shouldRetry(0, new RequestError('x', 'cancelled', undefined, undefined, true))).toBe(false);
    expect(shouldRetry(0, new Error('x'))).toBe(false);
  });
});
