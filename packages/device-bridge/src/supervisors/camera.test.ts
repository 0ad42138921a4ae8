import {
  CAMERA_RESTART_INTERVAL_MS,
  type CameraIndex,
  ErrorCode,
  REFRESH_ROUND_PAUSE_MS,
} from '@trialab/device-protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { systemClock } from '../clock.js';
import { DeviceQueues } from '../devices/device-queue.js';
import type { CameraStatus, CameraVendor } from '../vendors/types.js';
import { BackgroundSupervisor, CameraSupervisor } from './camera.js';

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

function fakeCamera(statuses: CameraStatus[]) {
  const log: string[] = [];
  const camera = {
    status: async () => {
      log.push(`status@${Date.now()}`);
      return statuses.length > 1 ? (statuses.shift() as CameraStatus) : (statuses[0] as CameraStatus);
    },
    close: async (index: CameraIndex) => {
      log.push(`close${index}@${Date.now()}`);
    },
    open: async (index: CameraIndex) => {
      log.push(`open${index}@${Date.now()}`);
    },
  } as unknown as CameraVendor;
  const supervisor = new CameraSupervisor({
    camera,
    queues: new DeviceQueues(systemClock, 4, 1_000),
    clock: systemClock,
    refreshPauseMs: REFRESH_ROUND_PAUSE_MS,
  });
  return { supervisor, log };
}

const run: CameraStatus = { video0: 'run', video1: 'ok' };
const quiet: CameraStatus = { video0: 'ok', video1: 'ok' };

describe('device refresh and camera restart', () => {
  it('closes cameras in run state, 17 ms between rounds, until a quiet round', async () => {
    const { supervisor, log } = fakeCamera([run, { video0: 'run', video1: 'run' }, quiet]);
    const done = supervisor.refresh();
    await vi.advanceTimersByTimeAsync(100);
    expect(await done).toEqual({ rounds: 3, closed: [0, 1] });
    expect(log).toEqual(['status@0', 'close0@0', 'status@17', 'close0@17', 'close1@17', 'status@34']);
  });

  it('stops after 5 rounds even if a camera keeps running', async () => {
    const { supervisor, log } = fakeCamera([run]);
    const done = supervisor.refresh();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await done).toEqual({ rounds: 5, closed: [0] });
    expect(log.filter((l) => l.startsWith('status'))).toEqual([
      'status@0',
      'status@17',
      'status@34',
      'status@51',
      'status@68',
    ]);
  });

  it('restart: checks the device, refreshes, opens; fails with CAMERA_RESTART_FAILED when unplugged', async () => {
    const ok = fakeCamera([quiet]);
    await ok.supervisor.restart(0);
    expect(ok.log).toEqual(['status@0', 'status@0', 'open0@0']);
    const unplugged = fakeCamera([{ video0: 'no', video1: 'ok' }]);
    await expect(unplugged.supervisor.restart(0)).rejects.toMatchObject({
      code: ErrorCode.CAMERA_RESTART_FAILED,
      details: { camera: 0, step: 'check', cause: ErrorCode.DEVICE_NOT_CONNECTED },
    });
    expect(unplugged.log.some((l) => l.startsWith('open'))).toBe(false);
  });

  it('joins a restart that is already running instead of starting another', async () => {
    const { supervisor, log } = fakeCamera([run, quiet]);
    const first = supervisor.restart(0);
    expect(supervisor.isRestarting(0)).toBe(true);
    const second = supervisor.restart(0);
    await vi.advanceTimersByTimeAsync(100);
    await Promise.all([first, second]);
    expect(log.filter((l) => l.startsWith('open'))).toHaveLength(1);
    expect(supervisor.isRestarting(0)).toBe(false);
  });
});

describe('background loops (fake timers)', () => {
  function background(shouldRestart: () => boolean) {
    const calls = { status: 0, restart: 0 };
    const supervisor = new BackgroundSupervisor({
      clock: systemClock,
      statusMs: 3_000,
      restartMs: CAMERA_RESTART_INTERVAL_MS,
      pollStatus: async () => {
        calls.status++;
      },
      shouldRestart,
      restartDocumentCamera: async () => {
        calls.restart++;
      },
      onError: () => {},
    });
    return { supervisor, calls };
  }

  it('restarts the document camera every 180000 ms while active, skipping when told to', async () => {
    let allowed = true;
    const { supervisor, calls } = background(() => allowed);
    supervisor.setActive(true);
    await vi.advanceTimersByTimeAsync(CAMERA_RESTART_INTERVAL_MS - 1);
    expect(calls.restart).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.restart).toBe(1);
    allowed = false; // view shown or a restart running
    await vi.advanceTimersByTimeAsync(CAMERA_RESTART_INTERVAL_MS);
    expect(calls.restart).toBe(1);
    allowed = true;
    await vi.advanceTimersByTimeAsync(CAMERA_RESTART_INTERVAL_MS);
    expect(calls.restart).toBe(2);
    expect(calls.status).toBe(Math.floor((3 * CAMERA_RESTART_INTERVAL_MS) / 3_000));
  });

  it('stops all polling when no camera page remains open', async () => {
    const { supervisor, calls } = background(() => true);
    supervisor.setActive(true);
    await vi.advanceTimersByTimeAsync(9_000);
    expect(calls.status).toBe(3);
    supervisor.setActive(false);
    await vi.advanceTimersByTimeAsync(10 * CAMERA_RESTART_INTERVAL_MS);
    expect(calls).toEqual({ status: 3, restart: 0 });
    expect(vi.getTimerCount()).toBe(0);
  });
});
