import { randomBytes } from 'node:crypto';
import {
  type CameraIndex,
  type EventDataInput,
  type EventName,
  encodeFrame,
  eventFrame,
  type FingerprintVendor,
  type Subscription,
  type WireFrame,
} from '@trialab/device-protocol';

/** The part of a `ws` WebSocket a connection uses (tests may pass a fake). */
export interface ServerSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

const OPEN = 1;

/**
 * One console tab's WebSocket. It owns what it opened (cameras, captures, streams, in-flight calls)
 * and the runtime releases all of it when the connection closes.
 */
export class Connection {
  state: 'hello' | 'verifying' | 'open' | 'closed' = 'hello';
  /** Ticket subject (user id); never the user's name, which stays out of logs. */
  user: string | undefined;
  readonly cameras = new Set<CameraIndex>();
  readonly inFlight = new Map<string, AbortController>();
  readonly captures = new Map<FingerprintVendor, AbortController>();
  subscription: Subscription = { cameraPages: [], cameraViewShown: false };
  /** Authorises this connection's `<img>` stream requests, which cannot carry the ticket. */
  readonly streamToken = randomBytes(18).toString('base64url');
  #seq = 0;

  constructor(
    readonly id: string,
    readonly socket: ServerSocket,
    readonly origin: string,
  ) {}

  get open(): boolean {
    return this.state === 'open';
  }

  send(frame: WireFrame): void {
    if (this.socket.readyState !== OPEN) return;
    this.socket.send(encodeFrame(frame));
  }

  emit<E extends EventName>(event: E, data: EventDataInput<E>): void {
    if (!this.open) return;
    this.send(eventFrame(++this.#seq, event, data));
  }

  close(code: number, reason: string): void {
    try {
      this.socket.close(code, reason);
    } catch {
      // Already closing.
    }
  }
}
