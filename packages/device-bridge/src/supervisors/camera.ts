import { BridgeError, type CameraIndex, ErrorCode, REFRESH_MAX_ROUNDS } from '@trialab/device-protocol';
import { type Clock, sleep } from '../clock.js';
import type { DeviceQueues } from '../devices/device-queue.js';
import { asBridgeError } from '../vendors/http.js';
import type { CameraVendor } from '../vendors/types.js';

export const VIDEO_DEVICE = { 0: 'video0', 1: 'video1' } as const;

export interface CameraSupervisorOptions {
  camera: CameraVendor;
  queues: DeviceQueues;
  clock: Clock;
  refreshPauseMs: number;
}

/** Device refresh and camera restart (SPEC section 4), shared by the methods and the scheduler. */
export class CameraSupervisor {
  readonly #o: CameraSupervisorOptions;
  readonly #restarting = new Map<CameraIndex, Promise<void>>();

  constructor(options: CameraSupervisorOptions) {
    this.#o = options;
  }

  isRestarting(camera: CameraIndex): boolean {
    return this.#restarting.has(camera);
  }

  /** Up to 5 rounds, 17 ms apart, closing any camera in `run` state; stops at the first quiet round. */
  async refresh(signal?: AbortSignal): Promise<{ rounds: number; closed: CameraIndex[] }> {
    const { camera, queues, clock } = this.#o;
    const closed: CameraIndex[] = [];
    for (let round = 1; ; round++) {
      const status = await camera.status(signal);
      const running = ([0, 1] as const).filter((i) => status[VIDEO_DEVICE[i]] === 'run');
      if (running.length === 0) return { rounds: round, closed };
      for (const index of running) {
        await queues.run(VIDEO_DEVICE[index], () => camera.close(index, signal), signal);
        if (!closed.includes(index)) closed.push(index);
      }
      if (round === REFRESH_MAX_ROUNDS) return { rounds: round, closed };
      await sleep(clock, this.#o.refreshPauseMs, signal);
    }
  }

  /**
   * Check the device, refresh, open the camera; fails with CAMERA_RESTART_FAILED (SPEC: the
   * high-speed camera could not restart). A restart already running is joined, not repeated.
   */
  restart(camera: CameraIndex, signal?: AbortSignal): Promise<void> {
    const running = this.#restarting.get(camera);
    if (running) return running;
    const attempt = this.#restart(camera, signal).finally(() => this.#restarting.delete(camera));
    this.#restarting.set(camera, attempt);
    return attempt;
  }

  async #restart(index: CameraIndex, signal?: AbortSignal): Promise<void> {
    const { camera, queues } = this.#o;
    let step = 'check';
    try {
      const status = await camera.status(signal);
      if (status[VIDEO_DEVICE[index]] === 'no') {
        throw new BridgeError(ErrorCode.DEVICE_NOT_CONNECTED, `camera ${index} is not connected`);
      }
      step = 'refresh';
      await this.refresh(signal);
      step = 'open';
      await queues.run(VIDEO_DEVICE[index], () => camera.open(index, signal), signal);
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      const cause = asBridgeError(error);
      throw new BridgeError(
        ErrorCode.CAMERA_RESTART_FAILED,
        `camera ${index} could not restart (${step}: ${cause.code})`,
        {
          details: {
            camera: index,
            step,
            cause: cause.code,
            ...(cause.details ? { causeDetails: cause.details } : {}),
          },
          cause,
        },
      );
    }
  }
}

export interface BackgroundOptions {
  clock: Clock;
  statusMs: number;
  restartMs: number;
  /** One status poll; the runtime compares and broadcasts changes. */
  pollStatus(): Promise<void>;
  /** Whether the periodic restart of the document camera should run now (attached, not shown, not restarting). */
  shouldRestart(): boolean;
  restartDocumentCamera(): Promise<void>;
  onError(error: unknown): void;
}

/**
 * The background loops of SPEC section 4: device-status polling and the restart of the attached
 * document camera every 180000 ms. They run only while some client has a camera page open.
 */
export class BackgroundSupervisor {
  readonly #o: BackgroundOptions;
  #active = false;
  #statusTimer: unknown;
  #restartTimer: unknown;

  constructor(options: BackgroundOptions) {
    this.#o = options;
  }

  get active(): boolean {
    return this.#active;
  }

  setActive(active: boolean): void {
    if (active === this.#active) return;
    this.#active = active;
    const { clock } = this.#o;
    if (!active) {
      clock.clearTimeout(this.#statusTimer);
      clock.clearTimeout(this.#restartTimer);
      this.#statusTimer = undefined;
      this.#restartTimer = undefined;
      return;
    }
    this.#scheduleStatus();
    this.#scheduleRestart();
  }

  #scheduleStatus(): void {
    this.#statusTimer = this.#o.clock.setTimeout(() => {
      void this.#o
        .pollStatus()
        .catch((error: unknown) => this.#o.onError(error))
        .finally(() => {
          if (this.#active) this.#scheduleStatus();
        });
    }, this.#o.statusMs);
  }

  #scheduleRestart(): void {
    this.#restartTimer = this.#o.clock.setTimeout(() => {
      // The next period is counted from this tick, whether or not this one restarted.
      if (this.#active) this.#scheduleRestart();
      if (!this.#o.shouldRestart()) return;
      void this.#o.restartDocumentCamera().catch((error: unknown) => this.#o.onError(error));
    }, this.#o.restartMs);
  }
}
