import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { awaitReady } from './await-ready.ts';

const MINUTE = 60_000;

let child: EventEmitter;
let lines: string[];
const wait = (onProgress?: (phase: string) => void) =>
  awaitReady(child, {
    name: 'server',
    log: (line) => lines.push(line),
    onProgress,
    noProgressMs: 10 * MINUTE,
    stillEveryMs: 15_000,
  });

beforeEach(() => {
  vi.useFakeTimers();
  child = new EventEmitter();
  lines = [];
});
afterEach(() => vi.useRealTimers());

describe('awaitReady', () => {
  it('waits minutes while the service reports steps, showing each, and resolves with its ready message', async () => {
    const phases: string[] = [];
    const ready = wait((phase) => phases.push(phase));
    child.emit('message', { type: 'progress', phase: 'migrating the database' });
    await vi.advanceTimersByTimeAsync(4 * MINUTE);
    child.emit('message', { type: 'progress', phase: 'seeding' });
    await vi.advanceTimersByTimeAsync(9 * MINUTE);
    child.emit('message', { type: 'ready', ports: { server: 8080 } });
    await expect(ready).resolves.toEqual({ type: 'ready', ports: { server: 8080 } });
    expect(phases).toEqual(['migrating the database', 'seeding']);
    expect(lines).toContain('server: seeding');
    expect(lines).toContain('server: still seeding (15 s)');
    expect(lines).toContain('server: still migrating the database (225 s)');
    expect(lines.at(-1)).toBe('server: ready after 780 s');
    // Nothing left running once ready.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('fails when the service reports nothing new for the no-progress time', async () => {
    const ready = wait();
    const failed = expect(ready).rejects.toThrow('server reported no progress for 600 s (still seeding)');
    child.emit('message', { type: 'progress', phase: 'seeding' });
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    await failed;
    expect(vi.getTimerCount()).toBe(0);
  });

  it('fails at once when the service exits or cannot start', async () => {
    const exited = wait();
    child.emit('exit', 1, null);
    await expect(exited).rejects.toThrow('server stopped unexpectedly (exit code 1)');
    const killed = wait();
    child.emit('exit', null, 'SIGKILL');
    await expect(killed).rejects.toThrow('server stopped unexpectedly (signal SIGKILL)');
    const unstartable = wait();
    child.emit('error', new Error('spawn ENOENT'));
    await expect(unstartable).rejects.toThrow('server could not start: spawn ENOENT');
    expect(vi.getTimerCount()).toBe(0);
  });
});
