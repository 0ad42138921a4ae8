import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type EndpointPick, queryClient } from '../../services/query';
import { callEndpoint, fakeEndpoints } from '../../test/fakes';
import { useDetail } from './useDetail';

fakeEndpoints();

/** The server of these tests: the record read answers through `load(id)`. */
function serve(load: (id: number) => Promise<{ data: string }>) {
  vi.mocked(callEndpoint).mockImplementation(((_pick: unknown, input: { params: { id: number } }) =>
    load(input.params.id)) as unknown as typeof callEndpoint);
}
const endpoint: EndpointPick = (c) => c.labQuery.get;

afterEach(() => {
  queryClient.clear();
});

describe('useDetail', () => {
  it('loads the chosen record, drops an answer for one no longer shown, clears on close', async () => {
    const answers = new Map<number, (value: { data: string }) => void>();
    const load = vi.fn((id: number) => new Promise<{ data: string }>((resolve) => answers.set(id, resolve)));
    serve(load);
    const onClose = vi.fn();
    const { result, rerender } = renderHook(({ id }) => useDetail(id, endpoint, onClose), {
      initialProps: { id: 1 as number | null },
    });
    rerender({ id: 2 });
    await waitFor(() => expect(answers.has(2)).toBe(true));
    answers.get(2)?.({ data: 'second' });
    await waitFor(() => expect(result.current).toBe('second'));
    answers.get(1)?.({ data: 'first' });
    await Promise.resolve();
    expect(result.current).toBe('second');
    rerender({ id: null });
    expect(result.current).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('asks the server again when the same record is opened again, showing nothing older meanwhile', async () => {
    let version = 1;
    const load = vi.fn(async () => ({ data: `v${version}` }));
    serve(load);
    const { result, rerender } = renderHook(({ id }) => useDetail(id, endpoint, () => undefined), {
      initialProps: { id: 5 as number | null },
    });
    await waitFor(() => expect(result.current).toBe('v1'));
    rerender({ id: null });
    version = 2;
    rerender({ id: 5 });
    expect(result.current).toBeNull();
    await waitFor(() => expect(result.current).toBe('v2'));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('closes the dialog when the record cannot be loaded', async () => {
    serve(() => Promise.reject(new Error('404')));
    const onClose = vi.fn();
    renderHook(() => useDetail(7, endpoint, onClose));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });
});
