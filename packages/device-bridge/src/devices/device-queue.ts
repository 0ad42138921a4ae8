import { BridgeError, ErrorCode } from '@trialab/device-protocol';
import type { Clock } from '../clock.js';

/**
 * Physical devices behind the vendor services. Each one sees at most one vendor call at a time
 * (VENDOR-NOTES: the services misbehave under concurrent calls).
 */
export const PHYSICAL_DEVICES = ['video0', 'video1', 'idcard', 'face', 'za', 'zk'] as const;
export type PhysicalDevice = (typeof PHYSICAL_DEVICES)[number];

interface Waiter {
  start: () => void;
  fail: (error: BridgeError) => void;
}

/**
 * Serialises use of one device. Policy for a caller that finds it in use (docs/device-bridge.md):
 * wait in a FIFO of at most `maxWaiting` callers for at most `maxWaitMs`; a full queue or a wait that
 * runs out answers DEVICE_BUSY. A caller whose signal aborts leaves the queue at once.
 */
export class DeviceQueue {
  #busy = false;
  readonly #waiting: Waiter[] = [];

  constructor(
    readonly device: PhysicalDevice,
    private readonly clock: Clock,
    private readonly maxWaiting: number,
    private readonly maxWaitMs: number,
  ) {}

  get busy(): boolean {
    return this.#busy;
  }

  get waiting(): number {
    return this.#waiting.length;
  }

  async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.#acquire(signal);
    try {
      return await task();
    } finally {
      this.#release();
    }
  }

  #busyError(reason: string): BridgeError {
    return new BridgeError(ErrorCode.DEVICE_BUSY, `${this.device} is busy (${reason})`, {
      details: { device: this.device, reason },
    });
  }

  #acquire(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (!this.#busy) {
      this.#busy = true;
      return Promise.resolve();
    }
    if (this.#waiting.length >= this.maxWaiting) return Promise.reject(this.#busyError('queue full'));
    return new Promise<void>((resolve, reject) => {
      const leave = () => {
        const index = this.#waiting.indexOf(waiter);
        if (index >= 0) this.#waiting.splice(index, 1);
        this.clock.clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      const waiter: Waiter = {
        start: () => {
          leave();
          resolve();
        },
        fail: (error) => {
          leave();
          reject(error);
        },
      };
      const onAbort = () => waiter.fail(signal?.reason);
      const timer = this.clock.setTimeout(
        () => waiter.fail(this.#busyError(`waited ${this.maxWaitMs} ms`)),
        this.maxWaitMs,
      );
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#waiting.push(waiter);
    });
  }

  #release(): void {
    const next = this.#waiting[0];
    // The device passes straight to the next caller, so nobody can slip in between.
    if (next) next.start();
    else this.#busy = false;
  }
}

export class DeviceQueues {
  readonly #queues: Map<PhysicalDevice, DeviceQueue>;

  constructor(clock: Clock, maxWaiting: number, maxWaitMs: number) {
    this.#queues = new Map(
      PHYSICAL_DEVICES.map((d) => [d, new DeviceQueue(d, clock, maxWaiting, maxWaitMs)]),
    );
  }

  get(device: PhysicalDevice): DeviceQueue {
    const queue = this.#queues.get(device);
    if (!queue) throw new Error(`unknown device ${device}`);
    return queue;
  }

  run<T>(device: PhysicalDevice, task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    return this.get(device).run(task, signal);
  }
}
