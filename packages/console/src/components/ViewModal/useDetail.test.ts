import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useDetail } from './useDetail';

describe('useDetail', () => {
  it('loads the chosen record, drops an answer for one no longer shown, clears on close', async () => {
    const answers = new Map<number, (value: { data: string }) => void>();
    const load = vi.fn((id: number) => new Promise<{ data: string }>((resolve) => answers.set(id, resolve)));
    const onClose = vi.fn();
    const { result, rerender } = renderHook(({ id }) => useDetail(id, load, onClose), {
      initialProps: { id: 1 as number | null },
    });
    rerender({ id: 2 });
    answers.get(2)?.({ data: 'second' });
    await waitFor(() => expect(result.current).toBe('second'));
    answers.get(1)?.({ data: 'first' });
    await Promise.resolve();
    expect(result.current).toBe('second');
    rerender({ id: null });
    expect(result.current).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes the dialog when the record cannot be loaded', async () => {
    const onClose = vi.fn();
    renderHook(() => useDetail(7, () => Promise.reject(new Error('404')), onClose));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });
});
