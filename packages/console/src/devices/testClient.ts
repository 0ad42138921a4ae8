import type {
  ConnectionInfo,
  ConnectionState,
  EventData,
  EventName,
  MethodName,
  MethodParams,
  MethodResult,
} from '@trialab/device-protocol';
import { BridgeError } from '@trialab/device-protocol';
import type { DeviceClient } from './cameraStore';

type Answer = (params: unknown) => unknown;

/** A scripted stand-in for the tab's BridgeClient: records calls, answers per method, emits events. */
export class FakeDeviceClient implements DeviceClient {
  state: ConnectionState = 'open';
  readonly calls: Array<{ method: MethodName; params: unknown }> = [];
  readonly answers = new Map<MethodName, Answer>();
  readonly #listeners = new Map<EventName, Set<(data: unknown, meta: { seq: number }) => void>>();
  readonly #stateListeners = new Set<(info: ConnectionInfo) => void>();
  #seq = 0;

  answer<M extends MethodName>(
    method: M,
    fn: (params: MethodParams<M>) => MethodResult<M> | Promise<MethodResult<M>>,
  ): this {
    this.answers.set(method, fn as Answer);
    return this;
  }

  fail(method: MethodName, code: ConstructorParameters<typeof BridgeError>[0]): this {
    this.answers.set(method, () => {
      throw new BridgeError(code);
    });
    return this;
  }

  call<M extends MethodName>(method: M, params: MethodParams<M>): Promise<MethodResult<M>> {
    this.calls.push({ method, params });
    const fn = this.answers.get(method);
    if (!fn) return Promise.reject(new BridgeError('UNKNOWN_METHOD'));
    try {
      return Promise.resolve(fn(params) as MethodResult<M>);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  callsOf(method: MethodName): unknown[] {
    return this.calls.filter((c) => c.method === method).map((c) => c.params);
  }

  on<E extends EventName>(
    event: E,
    handler: (data: EventData<E>, meta: { seq: number }) => void,
  ): () => void {
    let set = this.#listeners.get(event);
    if (!set) {
      set = new Set();
      this.#listeners.set(event, set);
    }
    const entry = handler as (data: unknown, meta: { seq: number }) => void;
    set.add(entry);
    return () => set.delete(entry);
  }

  emit<E extends EventName>(event: E, data: EventData<E>): void {
    this.#seq += 1;
    for (const listener of this.#listeners.get(event) ?? []) listener(data, { seq: this.#seq });
  }

  listenerCount(event: EventName): number {
    return this.#listeners.get(event)?.size ?? 0;
  }

  onStateChange(listener: (info: ConnectionInfo) => void): () => void {
    this.#stateListeners.add(listener);
    return () => this.#stateListeners.delete(listener);
  }

  setState(state: ConnectionState): void {
    this.state = state;
    for (const listener of this.#stateListeners) listener({ state });
  }
}
