import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type RemotePage, useRemoteOptions } from './useRemoteOptions';

type Project = { id: number; projectNo: string };
const all: Project[] = Array.from({ length: 250 }, (_, i) => ({ id: i + 1, projectNo: `KM-${i + 1}` }));

function server() {
  return vi.fn(async (params: Record<string, unknown>): Promise<RemotePage<Project>> => {
    const keyword = typeof params.projectNo === 'string' ? params.projectNo : '';
    const rows = all.filter((p) => p.projectNo.includes(keyword));
    const page = Number(params.page);
    const size = Number(params.size);
    return { data: rows.slice((page - 1) * size, page * size), total: rows.length };
  });
}

const flush = () =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
const scroll = (scrollTop: number) => ({
  currentTarget: { scrollTop, clientHeight: 200, scrollHeight: 1000 },
});

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useRemoteOptions', () => {
  it('loads page 1 of 100, then more within 25 px of the bottom until total', async () => {
    const fetcher = server();
    const { result } = renderHook(() => useRemoteOptions<Project>({ fetcher }));
    await flush();
    expect(fetcher).toHaveBeenCalledWith({ page: 1, size: 100, projectNo: undefined });
    expect(result.current.options).toHaveLength(100);
    act(() => result.current.onPopupScroll(scroll(700)));
    await flush();
    expect(fetcher).toHaveBeenCalledTimes(1);
    act(() => result.current.onPopupScroll(scroll(776)));
    await flush();
    expect(result.current.options).toHaveLength(200);
    act(() => result.current.onPopupScroll(scroll(800)));
    await flush();
    expect(result.current.options).toHaveLength(250);
    act(() => result.current.onPopupScroll(scroll(800)));
    await flush();
    expect(fetcher).toHaveBeenCalledTimes(3);
  });

  it('debounces searches by 500 ms and starts again at page 1', async () => {
    const fetcher = server();
    const { result } = renderHook(() => useRemoteOptions<Project>({ fetcher }));
    await flush();
    act(() => result.current.search('KM-1'));
    act(() => result.current.search('KM-12'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(499);
    });
    expect(fetcher).toHaveBeenCalledTimes(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(fetcher).toHaveBeenLastCalledWith({ page: 1, size: 100, projectNo: 'KM-12' });
    expect(result.current.options.every((p) => p.projectNo.includes('KM-12'))).toBe(true);
  });

  it('ignores searches without Chinese characters when chineseOnly', async () => {
    const fetcher = server();
    const { result } = renderHook(() => useRemoteOptions<Project>({ fetcher, chineseOnly: true }));
    await flush();
    act(() => result.current.search('abc'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(600);
    });
    expect(fetcher).toHaveBeenCalledTimes(1);
    act(() => result.current.search('张'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(600);
    });
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('keeps loading until the current value is among the options', async () => {
    const fetcher = server();
    const { result } = renderHook(() => useRemoteOptions<Project>({ fetcher, value: 230 }));
    for (let i = 0; i < 4; i++) await flush();
    expect(result.current.options.some((p) => p.id === 230)).toBe(true);
    expect(fetcher).toHaveBeenCalledTimes(3);
  });

  it('swallows load errors', async () => {
    const fetcher = vi.fn(async (): Promise<RemotePage<Project>> => {
      throw new Error('down');
    });
    const { result } = renderHook(() => useRemoteOptions<Project>({ fetcher }));
    await flush();
    expect(result.current.options).toEqual([]);
    expect(result.current.loading).toBe(false);
  });
});
