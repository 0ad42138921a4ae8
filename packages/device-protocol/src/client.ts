import { CloseCode, isRefusal } from './close-codes.js';
import {
  HELLO_TIMEOUT_MS,
  MAX_FRAME_BYTES,
  PROTOCOL_VERSION,
  RECONNECT_BASE_MS,
  RECONNECT_MAX_MS,
} from './constants.js';
import { BridgeError, ErrorCode, type ErrorPayload, errorPayload } from './errors.js';
import type { EventData, EventName } from './events.js';
import {
  describeIssues,
  encodeFrame,
  parseBridgeFrame,
  utf8ByteLength,
  type WelcomeFrame,
} from './frames.js';
import {
  isMethodName,
  type MethodName,
  type MethodParams,
  type MethodParamsParsed,
  type MethodResult,
  methods,
} from './methods.js';

// Method syntax makes the parameter bivariant, so the browser's and `ws`'s richer event types fit.
type Handler<E> = { bivarianceHack(event: E): void }['bivarianceHack'];

/** The part of a WebSocket the client uses; the browser's WebSocket satisfies it as is. */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: Handler<unknown> | null;
  onmessage: Handler<{ data: unknown }> | null;
  onclose: Handler<{ code: number; reason: string }> | null;
  onerror: Handler<unknown> | null;
}

/** The part of an AbortSignal the client uses (browser and Node signals satisfy it). */
export interface AbortSignalLike {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Looks the globals up at call time, so fake timers installed after construction still apply. */
const globalTimers: Timers = {
  setTimeout: (callback, ms) => (globalThis as unknown as GlobalTimers).setTimeout(callback, ms),
  clearTimeout: (handle) => (globalThis as unknown as GlobalTimers).clearTimeout(handle),
};
interface GlobalTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export type ConnectionState = 'connecting' | 'open' | 'closed' | 'refused';

export interface ConnectionInfo {
  readonly state: ConnectionState;
  /** Close code of the last connection, when it ended. */
  readonly closeCode?: number;
  readonly closeReason?: string;
  /** Delay before the next attempt, when one is scheduled. */
  readonly retryInMs?: number;
  /** Why the last attempt failed before reaching the bridge (e.g. no ticket). */
  readonly error?: ErrorPayload;
}

export interface BridgeClientOptions {
  /** e.g. ws://127.0.0.1:18088/ws */
  url: string;
  createSocket: (url: string) => WebSocketLike;
  client: { name: string; version: string };
  /** Fetches a fresh single-use access ticket from the API server; called before every attempt. */
  getTicket: () => Promise<string>;
  /** [0, 1) source for the backoff jitter; Math.random by default. */
  random?: () => number;
  timers?: Timers;
  backoff?: { baseMs?: number; maxMs?: number };
  /** How long to wait for `welcome` after the socket opens. */
  helloTimeoutMs?: number;
  /** Protocol violations by the bridge and exceptions thrown by event handlers. Rethrown asynchronously if unset. */
  onError?: (error: unknown) => void;
}

export interface CallOptions {
  /** Overrides the catalogue's timeout for this call. */
  timeoutMs?: number;
  signal?: AbortSignalLike;
}

export type EventHandler<E extends EventName> = (data: EventData<E>, meta: { seq: number }) => void;

/** Full jitter: a uniform delay in [0, min(max, base * 2^attempt)). */
export function backoffDelay(attempt: number, random: () => number, baseMs: number, maxMs: number): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt));
  return Math.floor(Math.min(Math.max(random(), 0), 1) * ceiling);
}

interface Call {
  id: string;
  method: MethodName;
  params: unknown;
  resolve: (value: unknown) => void;
  reject: (error: BridgeError) => void;
  timer: unknown;
  signal: AbortSignalLike | undefined;
  onAbort: () => void;
}

/**
 * The console's end of the device protocol: hello handshake, typed calls and events, reconnect with
 * backoff. In-flight calls are rejected on disconnect and never replayed (a capture must not run twice);
 * only the latest `session.subscribe` is re-sent after reconnecting.
 */
export class BridgeClient {
  readonly #url: string;
  readonly #createSocket: (url: string) => WebSocketLike;
  readonly #clientInfo: { name: string; version: string };
  readonly #getTicket: () => Promise<string>;
  readonly #random: () => number;
  readonly #timers: Timers;
  readonly #baseMs: number;
  readonly #maxMs: number;
  readonly #helloTimeoutMs: number;
  readonly #onError: ((error: unknown) => void) | undefined;

  #info: ConnectionInfo = { state: 'closed' };
  #running = false;
  #generation = 0;
  #attempt = 0;
  #socket: WebSocketLike | undefined;
  #helloTimer: unknown;
  #retryTimer: unknown;
  #welcome: WelcomeFrame | undefined;
  #nextId = 1;
  #subscription: MethodParamsParsed<'session.subscribe'> | undefined;
  readonly #inFlight = new Map<string, Call>();
  readonly #waiting = new Map<string, Call>();
  readonly #listeners = new Map<EventName, Set<(data: unknown, meta: { seq: number }) => void>>();
  readonly #stateListeners = new Set<(info: ConnectionInfo) => void>();

  constructor(options: BridgeClientOptions) {
    this.#url = options.url;
    this.#createSocket = options.createSocket;
    this.#clientInfo = options.client;
    this.#getTicket = options.getTicket;
    this.#random = options.random ?? Math.random;
    this.#timers = options.timers ?? globalTimers;
    this.#baseMs = options.backoff?.baseMs ?? RECONNECT_BASE_MS;
    this.#maxMs = options.backoff?.maxMs ?? RECONNECT_MAX_MS;
    this.#helloTimeoutMs = options.helloTimeoutMs ?? HELLO_TIMEOUT_MS;
    this.#onError = options.onError;
  }

  get state(): ConnectionState {
    return this.#info.state;
  }

  get connection(): ConnectionInfo {
    return this.#info;
  }

  /** The bridge's `welcome` (version, capabilities, devices) of the current connection. */
  get welcome(): WelcomeFrame | undefined {
    return this.#info.state === 'open' ? this.#welcome : undefined;
  }

  onStateChange(listener: (info: ConnectionInfo) => void): () => void {
    this.#stateListeners.add(listener);
    return () => {
      this.#stateListeners.delete(listener);
    };
  }

  /** Starts connecting (and reconnecting) until `close()`. Idempotent. */
  connect(): void {
    if (this.#running) return;
    this.#running = true;
    this.#attempt = 0;
    void this.#open();
  }

  /** Stops reconnecting, closes the socket and rejects every outstanding call. */
  close(): void {
    if (!this.#running) return;
    this.#running = false;
    this.#generation++;
    this.#timers.clearTimeout(this.#retryTimer);
    this.#timers.clearTimeout(this.#helloTimer);
    const socket = this.#detach();
    try {
      socket?.close(1000, 'client closed');
    } catch {
      // Already closed: nothing to release.
    }
    this.#rejectAll(new BridgeError(ErrorCode.CANCELLED, 'client closed'));
    this.#setState({ state: 'closed' });
  }

  on<E extends EventName>(event: E, handler: EventHandler<E>): () => void {
    let set = this.#listeners.get(event);
    if (!set) {
      set = new Set();
      this.#listeners.set(event, set);
    }
    const entry = handler as (data: unknown, meta: { seq: number }) => void;
    set.add(entry);
    return () => {
      set.delete(entry);
    };
  }

  call<M extends MethodName>(
    method: M,
    params: MethodParams<M>,
    options: CallOptions = {},
  ): Promise<MethodResult<M>> {
    // Plain JavaScript callers can pass anything; `methods[name]` alone would find Object.prototype members.
    if (!isMethodName(method)) {
      return Promise.reject(new BridgeError(ErrorCode.UNKNOWN_METHOD, `unknown method ${String(method)}`));
    }
    const spec = methods[method];
    const parsed = spec.params.safeParse(params);
    if (!parsed.success) {
      return Promise.reject(
        new BridgeError(ErrorCode.INVALID_PARAMS, `invalid params for ${method}`, {
          details: { method, issues: describeIssues(parsed.error) },
        }),
      );
    }
    if (method === 'session.subscribe') {
      this.#subscription = parsed.data as MethodParamsParsed<'session.subscribe'>;
    }
    if (options.signal?.aborted) return Promise.reject(new BridgeError(ErrorCode.CANCELLED));
    const { state } = this.#info;
    if (state === 'refused')
      return Promise.reject(
        new BridgeError(ErrorCode.NOT_AUTHORIZED, undefined, { details: this.#closeDetails() }),
      );
    if (state === 'closed') {
      return Promise.reject(
        new BridgeError(ErrorCode.BRIDGE_UNAVAILABLE, undefined, { details: this.#closeDetails() }),
      );
    }

    return new Promise<MethodResult<M>>((resolve, reject) => {
      const id = String(this.#nextId++);
      const call: Call = {
        id,
        method,
        params: parsed.data,
        resolve: resolve as (value: unknown) => void,
        reject,
        timer: undefined,
        signal: options.signal,
        onAbort: () => this.#settle(call, new BridgeError(ErrorCode.CANCELLED)),
      };
      const timeoutMs = options.timeoutMs ?? spec.timeoutMs;
      call.timer = this.#timers.setTimeout(
        () =>
          this.#settle(
            call,
            new BridgeError(ErrorCode.TIMEOUT, `${method} timed out after ${timeoutMs} ms`, {
              details: { method, timeoutMs },
            }),
          ),
        timeoutMs,
      );
      options.signal?.addEventListener('abort', call.onAbort, { once: true });
      if (this.#info.state === 'open') this.#send(call);
      else this.#waiting.set(id, call);
    });
  }

  #closeDetails(): Record<string, unknown> {
    const details: Record<string, unknown> = { state: this.#info.state };
    if (this.#info.closeCode !== undefined) details.closeCode = this.#info.closeCode;
    if (this.#info.retryInMs !== undefined) details.retryInMs = this.#info.retryInMs;
    return details;
  }

  #send(call: Call): void {
    // Tracked before sending so that every failure below settles through #settle like any other.
    this.#inFlight.set(call.id, call);
    const text = encodeFrame({ type: 'request', id: call.id, method: call.method, params: call.params });
    // An oversized frame would make the bridge close the connection (4009) and fail every other call.
    if (utf8ByteLength(text) > MAX_FRAME_BYTES) {
      const details = { method: call.method, maxFrameBytes: MAX_FRAME_BYTES };
      this.#settle(call, new BridgeError(ErrorCode.FRAME_TOO_LARGE, undefined, { details }));
      return;
    }
    try {
      if (!this.#socket) throw new Error('no socket');
      this.#socket.send(text);
    } catch (cause) {
      this.#settle(call, new BridgeError(ErrorCode.CONNECTION_LOST, undefined, { cause }));
    }
  }

  #settle(call: Call, outcome: BridgeError | { value: unknown }): void {
    if (!this.#inFlight.delete(call.id) && !this.#waiting.delete(call.id)) return;
    this.#timers.clearTimeout(call.timer);
    call.signal?.removeEventListener('abort', call.onAbort);
    if (outcome instanceof BridgeError) call.reject(outcome);
    else call.resolve(outcome.value);
  }

  #rejectAll(error: BridgeError, waitingError: BridgeError = error): void {
    for (const call of [...this.#inFlight.values()]) this.#settle(call, error);
    for (const call of [...this.#waiting.values()]) this.#settle(call, waitingError);
  }

  #setState(info: ConnectionInfo): void {
    this.#info = info;
    for (const listener of [...this.#stateListeners]) {
      try {
        listener(info);
      } catch (err) {
        this.#report(err);
      }
    }
  }

  #report(error: unknown): void {
    if (this.#onError) {
      this.#onError(error);
      return;
    }
    // Surface it like an uncaught exception without breaking the message loop.
    this.#timers.setTimeout(() => {
      throw error;
    }, 0);
  }

  async #open(): Promise<void> {
    const generation = ++this.#generation;
    this.#welcome = undefined;
    this.#setState({ state: 'connecting' });
    let ticket: string;
    try {
      ticket = await this.#ticketWithin(this.#helloTimeoutMs);
    } catch (cause) {
      if (generation !== this.#generation) return;
      this.#failed(
        undefined,
        undefined,
        errorPayload(ErrorCode.NOT_AUTHORIZED, 'could not obtain an access ticket'),
        cause,
      );
      return;
    }
    if (generation !== this.#generation) return;
    let socket: WebSocketLike;
    try {
      socket = this.#createSocket(this.#url);
    } catch (cause) {
      this.#failed(
        undefined,
        undefined,
        errorPayload(ErrorCode.BRIDGE_UNAVAILABLE, 'could not create the socket'),
        cause,
      );
      return;
    }
    this.#socket = socket;
    socket.onopen = () => {
      if (generation !== this.#generation) return;
      try {
        socket.send(
          encodeFrame({ type: 'hello', protocolVersion: PROTOCOL_VERSION, client: this.#clientInfo, ticket }),
        );
      } catch {
        this.#abandon(CloseCode.HELLO_INVALID, 'hello could not be sent');
        return;
      }
      this.#helloTimer = this.#timers.setTimeout(
        () => this.#abandon(CloseCode.HELLO_TIMEOUT, 'no welcome from the bridge'),
        this.#helloTimeoutMs,
      );
    };
    socket.onmessage = (event) => {
      if (generation === this.#generation) this.#onMessage(event.data);
    };
    socket.onclose = (event) => {
      if (generation !== this.#generation) return;
      this.#detach();
      this.#failed(event.code, event.reason);
    };
    // A close event always follows an error event; the close decides what happens.
    socket.onerror = () => {};
  }

  /** A hung ticket request must not leave the client `connecting` forever. */
  #ticketWithin(ms: number): Promise<string> {
    return new Promise<string>((resolve, reject) => {
      const timer = this.#timers.setTimeout(() => reject(new Error(`no ticket within ${ms} ms`)), ms);
      this.#getTicket().then(
        (ticket) => {
          this.#timers.clearTimeout(timer);
          resolve(ticket);
        },
        (err: unknown) => {
          this.#timers.clearTimeout(timer);
          reject(err);
        },
      );
    });
  }

  /** Stops listening to the current socket; later events from it are ignored. */
  #detach(): WebSocketLike | undefined {
    const socket = this.#socket;
    this.#socket = undefined;
    this.#timers.clearTimeout(this.#helloTimer);
    if (socket) {
      socket.onopen = null;
      socket.onmessage = null;
      socket.onclose = null;
      socket.onerror = null;
    }
    return socket;
  }

  /** Gives up on the current socket from this side, as if the bridge had closed with `code`. */
  #abandon(code: number, reason: string): void {
    const socket = this.#detach();
    try {
      socket?.close(code, reason);
    } catch {
      // Closing a broken socket may throw; it is gone either way.
    }
    this.#failed(code, reason);
  }

  /** The connection or attempt ended: reject what was outstanding and schedule the next attempt. */
  #failed(code: number | undefined, reason: string | undefined, error?: ErrorPayload, cause?: unknown): void {
    this.#generation++;
    const refused = code !== undefined && isRefusal(code);
    const details: Record<string, unknown> = {};
    if (code !== undefined) details.closeCode = code;
    this.#rejectAll(
      new BridgeError(ErrorCode.CONNECTION_LOST, undefined, { details, cause }),
      new BridgeError(refused ? ErrorCode.NOT_AUTHORIZED : ErrorCode.BRIDGE_UNAVAILABLE, undefined, {
        details,
        cause,
      }),
    );
    if (!this.#running) return;
    let delay: number;
    if (refused) {
      // A refusing bridge will refuse again: wait the cap, and stay at the cap for later failures too.
      delay = this.#maxMs;
      this.#attempt = Math.max(this.#attempt, Math.ceil(Math.log2(this.#maxMs / this.#baseMs)));
    } else {
      delay = backoffDelay(this.#attempt, this.#random, this.#baseMs, this.#maxMs);
      this.#attempt++;
    }
    const info: { -readonly [K in keyof ConnectionInfo]: ConnectionInfo[K] } = {
      state: refused ? 'refused' : 'closed',
      retryInMs: delay,
    };
    if (code !== undefined) info.closeCode = code;
    if (reason) info.closeReason = reason;
    if (error) info.error = error;
    this.#setState(info);
    this.#retryTimer = this.#timers.setTimeout(() => {
      if (this.#running) void this.#open();
    }, delay);
  }

  #onMessage(data: unknown): void {
    const parsed = parseBridgeFrame(data, (id) => this.#inFlight.get(id)?.method);
    if (!parsed.ok) {
      if (parsed.id !== null) {
        // A bad answer fails its own call; an answer for a call that already timed out is dropped.
        const call = this.#inFlight.get(parsed.id);
        if (call) this.#settle(call, BridgeError.fromPayload(parsed.error));
        return;
      }
      this.#report(BridgeError.fromPayload(parsed.error));
      if (this.#info.state === 'connecting')
        this.#abandon(CloseCode.HELLO_INVALID, 'invalid frame before welcome');
      return;
    }
    const frame = parsed.frame;
    switch (frame.type) {
      case 'welcome':
        this.#onWelcome(frame);
        return;
      case 'result': {
        const call = this.#inFlight.get(frame.id);
        if (call) this.#settle(call, { value: frame.result });
        return;
      }
      case 'error': {
        if (frame.id === null) {
          this.#report(BridgeError.fromPayload(frame.error));
          return;
        }
        const call = this.#inFlight.get(frame.id);
        if (call) this.#settle(call, BridgeError.fromPayload(frame.error));
        return;
      }
      case 'event': {
        const set = this.#listeners.get(frame.event);
        if (!set) return;
        for (const handler of [...set]) {
          try {
            handler(frame.data, { seq: frame.seq });
          } catch (err) {
            this.#report(err);
          }
        }
        return;
      }
    }
  }

  #onWelcome(frame: WelcomeFrame): void {
    if (this.#info.state !== 'connecting') {
      this.#report(new BridgeError(ErrorCode.PROTOCOL_ERROR, 'unexpected second welcome'));
      return;
    }
    if (frame.protocolVersion !== PROTOCOL_VERSION) {
      this.#abandon(CloseCode.PROTOCOL_VERSION_MISMATCH, `bridge speaks protocol ${frame.protocolVersion}`);
      return;
    }
    this.#timers.clearTimeout(this.#helloTimer);
    this.#attempt = 0;
    this.#welcome = frame;
    this.#setState({ state: 'open' });
    const waiting = [...this.#waiting.values()];
    const resubscribe = this.#subscription && !waiting.some((c) => c.method === 'session.subscribe');
    if (resubscribe && this.#subscription) {
      this.call('session.subscribe', this.#subscription).catch((err: unknown) => this.#report(err));
    }
    for (const call of waiting) {
      this.#waiting.delete(call.id);
      this.#send(call);
    }
  }
}
