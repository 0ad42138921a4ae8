import { ErrorCode } from '@trialab/device-protocol';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { systemClock } from '../clock.js';
import { DeviceQueue } from './device-queue.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function deferred() {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

it('runs one task at a time, in arrival order', async () => {
  const queue = new DeviceQueue('video0', systemClock, 4, 10_000);
  const order: string[] = [];
  let running = 0;
  let most = 0;
  const task = (name: string) => async () => {
    running++;
    most = Math.max(most, running);
    order.push(name);
    await new Promise((r) => setTimeout(r, 10));
    running--;
  };
  const all = Promise.all(['a', 'b', 'c', 'd'].map((n) => queue.run(task(n))));
  await vi.advanceTimersByTimeAsync(100);
  await all;
  expect(order).toEqual(['a', 'b', 'c', 'd']);
  expect(most).toBe(1);
  expect(queue.busy).toBe(false);
});

it('answers DEVICE_BUSY when the queue is full, and after the longest wait', async () => {
  const queue = new DeviceQueue('idcard', systemClock, 1, 500);
  const holder = deferred();
  const first = queue.run(() => holder.promise);
  const second = queue.run(async () => 'second').catch((e: unknown) => e);
  await expect(queue.run(async () => 'third')).rejects.toMatchObject({
    code: ErrorCode.DEVICE_BUSY,
    details: { reason: 'queue full' },
  });
  await vi.advanceTimersByTimeAsync(500);
  expect(await second).toMatchObject({ code: ErrorCode.DEVICE_BUSY, details: { reason: 'waited 500 ms' } });
  holder.resolve();
  await first;
  expect(queue.waiting).toBe(0);
  expect(await queue.run(async () => 'later')).toBe('later');
});

it('lets a waiting caller leave when its signal aborts, and hands the device on after a failure', async () => {
  const queue = new DeviceQueue('za', systemClock, 4, 10_000);
  const holder = deferred();
  const first = queue.run(async () => {
    await holder.promise;
    throw new Error('vendor failed');
  });
  const controller = new AbortController();
  const leaving = queue.run(async () => 'never', controller.signal).catch((e: unknown) => e);
  const staying = queue.run(async () => 'served');
  controller.abort('gone');
  expect(await leaving).toBe('gone');
  holder.resolve();
  await expect(first).rejects.toThrow('vendor failed');
  expect(await staying).toBe('served');
});
