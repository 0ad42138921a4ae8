import { BridgeError, ErrorCode, ZA_POLL_INTERVAL_MS, ZK_POLL_INTERVAL_MS } from '@trialab/device-protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { systemClock } from '../clock.js';
import type { CaptureSession, FingerprintDriver, PollOutcome } from '../vendors/types.js';
import { runFingerprintCapture } from './fingerprint.js';

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A reader whose polls follow a script; records when each request happened (fake time). */
function scripted(vendor: 'za' | 'zk', interval: number, polls: Array<PollOutcome | BridgeError>) {
  const log: string[] = [];
  const session: CaptureSession = {
    begin: async () => {
      log.push(`begin@${Date.now()}`);
    },
    poll: async () => {
      log.push(`poll@${Date.now()}`);
      const next = polls.shift() ?? { kind: 'waiting' };
      if (next instanceof BridgeError) throw next;
      return next;
    },
    finish: async () => {
      log.push(`finish@${Date.now()}`);
      return 'VEVNUExBVEU=';
    },
    stop: async () => {
      log.push(`stop@${Date.now()}`);
    },
  };
  const driver = { vendor, pollIntervalMs: interval, session: () => session } as unknown as FingerprintDriver;
  return { driver, log };
}

const press = (n: number): PollOutcome => ({ kind: 'press', press: n, image: 'SU1H' });
const waiting: PollOutcome = { kind: 'waiting' };

describe('fingerprint capture supervisor (fake timers)', () => {
  it('ZA: polls every 2111 ms, keeps waiting on -102, three presses to enrol, then merges and stops', async () => {
    const { driver, log } = scripted('za', ZA_POLL_INTERVAL_MS, [
      waiting,
      press(1),
      waiting,
      press(2),
      press(3),
    ]);
    const presses: number[] = [];
    const run = runFingerprintCapture({
      driver,
      mode: 'enrol',
      clock: systemClock,
      waitMs: 60_000,
      signal: new AbortController().signal,
      onPress: (n) => presses.push(n),
    });
    await vi.advanceTimersByTimeAsync(5 * ZA_POLL_INTERVAL_MS);
    await expect(run).resolves.toEqual({ presses: 3, template: 'VEVNUExBVEU=', image: 'SU1H' });
    expect(presses).toEqual([1, 2, 3]);
    expect(log).toEqual([
      'begin@0',
      'poll@0',
      'poll@2111',
      'poll@4222',
      'poll@6333',
      'poll@8444',
      'finish@8444',
      'stop@8444',
    ]);
  });

  it('ZK: polls every 333 ms, one press to verify', async () => {
    const { driver, log } = scripted('zk', ZK_POLL_INTERVAL_MS, [waiting, waiting, press(1)]);
    const run = runFingerprintCapture({
      driver,
      mode: 'verify',
      clock: systemClock,
      waitMs: 60_000,
      signal: new AbortController().signal,
      onPress: () => {},
    });
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(run).resolves.toMatchObject({ presses: 1 });
    expect(log).toEqual(['begin@0', 'poll@0', 'poll@333', 'poll@666', 'finish@666', 'stop@666']);
  });

  it('stops at the first error code and tells the reader to stop', async () => {
    const error = new BridgeError(ErrorCode.FINGERPRINT_FAKE_FINGER);
    const { driver, log } = scripted('zk', ZK_POLL_INTERVAL_MS, [press(1), waiting, error]);
    const run = runFingerprintCapture({
      driver,
      mode: 'enrol',
      clock: systemClock,
      waitMs: 60_000,
      signal: new AbortController().signal,
      onPress: () => {},
    }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await run).toBe(error);
    expect(log.at(-1)).toBe('stop@666');
    expect(log.some((l) => l.startsWith('finish'))).toBe(false);
  });

  it('gives up with TIMEOUT when nobody presses within the wait', async () => {
    const { driver, log } = scripted('za', ZA_POLL_INTERVAL_MS, []);
    const run = runFingerprintCapture({
      driver,
      mode: 'verify',
      clock: systemClock,
      waitMs: 60_000,
      signal: new AbortController().signal,
      onPress: () => {},
    }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(61_000);
    expect(await run).toMatchObject({ code: ErrorCode.TIMEOUT, details: { vendor: 'za' } });
    expect(log.filter((l) => l.startsWith('poll'))).toHaveLength(
      Math.floor(60_000 / ZA_POLL_INTERVAL_MS) + 1,
    );
    expect(log.at(-1)?.startsWith('stop')).toBe(true);
  });

  it('a cancel ends the wait at once with the cancel reason', async () => {
    const { driver, log } = scripted('zk', ZK_POLL_INTERVAL_MS, []);
    const controller = new AbortController();
    const run = runFingerprintCapture({
      driver,
      mode: 'enrol',
      clock: systemClock,
      waitMs: 60_000,
      signal: controller.signal,
      onPress: () => {},
    }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(500);
    const reason = new BridgeError(ErrorCode.FINGERPRINT_CANCELLED);
    controller.abort(reason);
    await vi.advanceTimersByTimeAsync(0);
    expect(await run).toBe(reason);
    expect(log).toEqual(['begin@0', 'poll@0', 'poll@333', 'stop@500']);
  });
});
