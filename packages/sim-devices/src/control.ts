import { EventEmitter } from 'node:events';
import {
  type CardType,
  DEVICE_SERVICE,
  type DeviceId,
  type Dialect,
  type FaultInput,
  type FaultRule,
  type FingerReader,
  type PressEvent,
  type PressEventInput,
  pressEventSchema,
  type ServiceName,
  type Timings,
} from './model.js';
import { getScenario, type Scenario } from './scenarios.js';
import { ZplPrinter } from './zpl-printer.js';

export interface CameraSettings {
  open: boolean;
  width: number;
  height: number;
  /** Automatic page cutting (param=set cutpage), a camera-wide setting. */
  cutpage: boolean;
  /** Live MJPEG viewers; status is `run` while there is at least one. */
  viewers: number;
}

/** A card waiting on the reader, with optional field overrides for the fixture. */
export interface PresentedCard {
  type: CardType;
  overrides?: Record<string, string>;
}

export interface RequestLogEntry {
  seq: number;
  at: string;
  service: ServiceName;
  device: DeviceId | undefined;
  endpoint: string;
  method: string;
  url: string;
  /** The body as received, cut to a few kilobytes. */
  rawBody: string | undefined;
  /** Parsed body with long strings (images, templates) shortened. */
  body: unknown;
  /** The fault applied to this request, if any. */
  fault: FaultRule['kind'] | undefined;
  /** Calls in flight for the same device (or service) when this one arrived, itself included. */
  concurrent: number;
}

export interface LogInput {
  service: ServiceName;
  device: DeviceId | undefined;
  endpoint: string;
  method: string;
  url: string;
  rawBody: string | undefined;
  body: unknown;
  concurrent: number;
}

interface ControlEvents {
  card: [];
  press: [FingerReader];
  camera: [number];
  plug: [DeviceId];
  /** Scenario applied or state reset: running captures end. */
  reset: [];
}

const LOG_LIMIT = 2_000;
const RAW_BODY_LIMIT = 4_096;

function shorten(value: unknown, depth = 0): unknown {
  if (typeof value === 'string')
    return value.length > 120 ? `${value.slice(0, 40)}…(${value.length} chars)` : value;
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => shorten(v, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shorten(v, depth + 1)]));
}

function sameEndpoint(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/**
 * The state every simulated device shares: plug state, faults, scripted cards and presses, scores,
 * the request log and the concurrency high-water marks. The HTTP control endpoint and the
 * programmatic API both drive this one object.
 */
export class SimControl {
  readonly events = new EventEmitter<ControlEvents>();
  /** The simulated ZPL printer (its jobs are shown at `/__sim/printer`). */
  readonly printer = new ZplPrinter();
  readonly timings: Timings;
  readonly fps: number;
  private readonly defaultResolution: { width: number; height: number };
  private dialectValue: Dialect;
  private scenarioValue: Scenario;
  private faultRules: FaultRule[] = [];
  private nextFaultId = 1;
  private readonly unplugged = new Set<DeviceId>();
  private cards: PresentedCard[] = [];
  private readonly presses = new Map<FingerReader, PressEvent[]>();
  private faceScoreValue = 88;
  private matchScoreValue = 86;
  private busyOnConcurrentValue = false;
  private readonly inFlight = new Map<string, number>();
  private readonly maxInFlight = new Map<string, number>();
  private log: RequestLogEntry[] = [];
  private seq = 0;
  cameras: [CameraSettings, CameraSettings];

  constructor(options: {
    dialect: Dialect;
    scenario: string;
    timings: Timings;
    fps: number;
    resolution: { width: number; height: number };
  }) {
    this.timings = { ...options.timings };
    this.fps = options.fps;
    this.defaultResolution = options.resolution;
    this.dialectValue = options.dialect;
    this.cameras = [this.freshCamera(), this.freshCamera()];
    this.scenarioValue = getScenario(options.scenario);
    this.applyScenario(this.scenarioValue);
  }

  private freshCamera(): CameraSettings {
    return { open: false, ...this.defaultResolution, cutpage: false, viewers: 0 };
  }

  // ---- dialect, scenario, reset -------------------------------------------------------------

  get dialect(): Dialect {
    return this.dialectValue;
  }

  setDialect(dialect: Dialect): void {
    this.dialectValue = dialect;
  }

  get scenario(): Scenario {
    return this.scenarioValue;
  }

  /** Back to the named scenario's starting state: faults, plugs, queues and scores; the log and counters are kept. */
  setScenario(name: string): void {
    const scenario = getScenario(name);
    this.scenarioValue = scenario;
    this.applyScenario(scenario);
  }

  private applyScenario(scenario: Scenario): void {
    this.faultRules = [];
    this.cards = [];
    this.presses.clear();
    for (const device of [...this.unplugged]) this.plug(device);
    for (const device of scenario.unplugged) this.unplug(device);
    for (const fault of scenario.faults) this.addFault(fault);
    for (const [reader, events] of Object.entries(scenario.presses)) {
      this.pressFinger(reader as FingerReader, events);
    }
    this.faceScoreValue = scenario.faceScore;
    this.matchScoreValue = scenario.matchScore;
    this.busyOnConcurrentValue = scenario.busyOnConcurrent;
    this.events.emit('reset');
  }

  /** The scenario's starting state, cameras closed at their default resolution, an empty log and zeroed counters. */
  reset(): void {
    this.cameras.forEach((camera, index) => {
      Object.assign(camera, { ...this.freshCamera(), viewers: camera.viewers });
      this.events.emit('camera', index);
    });
    this.applyScenario(this.scenarioValue);
    this.clearRequests();
    this.resetConcurrency();
  }

  // ---- faults ---------------------------------------------------------------------------------

  addFault(input: FaultInput): string {
    const id = `f${this.nextFaultId++}`;
    this.faultRules.push({ ...input, id });
    if (input.kind === 'unplugged' && input.device) this.events.emit('plug', input.device);
    return id;
  }

  /** Removes the rules that match every given field; no filter removes all. Returns how many went. */
  clearFaults(
    filter: { id?: string; service?: ServiceName; device?: DeviceId; endpoint?: string } = {},
  ): number {
    const before = this.faultRules.length;
    this.faultRules = this.faultRules.filter(
      (rule) =>
        !(
          (filter.id === undefined || rule.id === filter.id) &&
          (filter.service === undefined || rule.service === filter.service) &&
          (filter.device === undefined || rule.device === filter.device) &&
          (filter.endpoint === undefined ||
            (rule.endpoint !== undefined && sameEndpoint(rule.endpoint, filter.endpoint)))
        ),
    );
    return before - this.faultRules.length;
  }

  faults(): FaultRule[] {
    return this.faultRules.map((rule) => ({ ...rule }));
  }

  private matches(
    rule: FaultRule,
    service: ServiceName,
    device: DeviceId | undefined,
    endpoint: string,
  ): boolean {
    if (rule.service !== undefined && rule.service !== service) return false;
    if (rule.device !== undefined && rule.device !== device) return false;
    if (rule.endpoint !== undefined && !sameEndpoint(rule.endpoint, endpoint)) return false;
    // A device-scoped rule names its service implicitly.
    if (rule.device !== undefined && DEVICE_SERVICE[rule.device] !== service) return false;
    return true;
  }

  private consume(rule: FaultRule): void {
    if (rule.times === undefined) return;
    rule.times -= 1;
    if (rule.times <= 0) this.faultRules = this.faultRules.filter((r) => r !== rule);
  }

  /**
   * The faults for one request: the sum of every matching delay, then the oldest matching rule of
   * any other kind. Rules with a count are used up as they apply.
   */
  takeFaults(
    service: ServiceName,
    device: DeviceId | undefined,
    endpoint: string,
  ): { delayMs: number; action: FaultRule | undefined } {
    let delayMs = 0;
    let action: FaultRule | undefined;
    for (const rule of [...this.faultRules]) {
      if (!this.matches(rule, service, device, endpoint)) continue;
      if (rule.kind === 'delay') {
        delayMs += rule.ms;
        this.consume(rule);
      } else if (action === undefined) {
        action = { ...rule };
        this.consume(rule);
      }
    }
    return { delayMs, action };
  }

  // ---- plug state -----------------------------------------------------------------------------

  unplug(device: DeviceId): void {
    this.unplugged.add(device);
    this.events.emit('plug', device);
  }

  plug(device: DeviceId): void {
    this.unplugged.delete(device);
    this.faultRules = this.faultRules.filter(
      (rule) => !(rule.kind === 'unplugged' && rule.device === device),
    );
    this.events.emit('plug', device);
  }

  /** Unplugged by `unplug()` or by a standing `unplugged` fault (no endpoint, no count) for the device or its service. */
  isUnplugged(device: DeviceId): boolean {
    if (this.unplugged.has(device)) return true;
    return this.faultRules.some(
      (rule) =>
        rule.kind === 'unplugged' &&
        rule.endpoint === undefined &&
        rule.times === undefined &&
        (rule.device === device || (rule.device === undefined && rule.service === DEVICE_SERVICE[device])),
    );
  }

  // ---- busy -----------------------------------------------------------------------------------

  get busyOnConcurrent(): boolean {
    return this.busyOnConcurrentValue;
  }

  /** When on, a call that arrives while another is in flight for the same device is answered "busy". */
  setBusyOnConcurrent(on: boolean): void {
    this.busyOnConcurrentValue = on;
  }

  // ---- ID cards -------------------------------------------------------------------------------

  /** Puts a card on the reader; the next `card=idcard` (waiting or later) reads it. */
  presentCard(type: CardType, overrides?: Record<string, string>): void {
    this.cards.push(overrides ? { type, overrides } : { type });
    this.events.emit('card');
  }

  removeCards(): void {
    this.cards = [];
  }

  pendingCards(): number {
    return this.cards.length;
  }

  /** Resolves with the next card, or undefined after `timeoutMs` or when `signal` aborts. */
  waitForCard(timeoutMs: number, signal: AbortSignal): Promise<PresentedCard | undefined> {
    return this.waitFor(
      () => this.cards.shift(),
      'card',
      this.scenarioValue.autoCard ? { type: this.scenarioValue.autoCard } : undefined,
      timeoutMs,
      signal,
    );
  }

  // ---- fingerprints ---------------------------------------------------------------------------

  /** Queues scripted presses for a reader; polls consume them in order. */
  pressFinger(reader: FingerReader, events: PressEventInput[]): void {
    const queue = this.presses.get(reader) ?? [];
    for (const event of events) queue.push(pressEventSchema.parse(event));
    this.presses.set(reader, queue);
    this.events.emit('press', reader);
  }

  clearPresses(reader?: FingerReader): void {
    if (reader) this.presses.delete(reader);
    else this.presses.clear();
  }

  pendingPresses(reader: FingerReader): PressEvent[] {
    return (this.presses.get(reader) ?? []).map((event) => ({ ...event }));
  }

  /**
   * One poll of a reader (ZA and ZK are polled): the next scripted event, or undefined for "no
   * finger". With automatic presses and an empty script the finger arrives after a few empty polls.
   */
  pollPress(reader: FingerReader): PressEvent | undefined {
    let queue = this.presses.get(reader) ?? [];
    if (queue.length === 0 && this.scenarioValue.autoFingerPolls !== null) {
      queue =
        this.scenarioValue.autoFingerPolls > 0
          ? [
              { kind: 'none', polls: this.scenarioValue.autoFingerPolls },
              { kind: 'finger', finger: 'right-index' },
            ]
          : [{ kind: 'finger', finger: 'right-index' }];
      this.presses.set(reader, queue);
    }
    const head = queue[0];
    if (!head) return undefined;
    if (head.kind === 'none') {
      if (head.polls <= 1) queue.shift();
      else head.polls -= 1;
      return undefined;
    }
    queue.shift();
    return head;
  }

  /** A blocking read (`fp=read`): the next press that is not "no finger", or undefined on timeout. */
  waitForPress(
    reader: FingerReader,
    timeoutMs: number,
    signal: AbortSignal,
  ): Promise<PressEvent | undefined> {
    const take = (): PressEvent | undefined => {
      const queue = this.presses.get(reader) ?? [];
      while (queue[0]?.kind === 'none') queue.shift();
      return queue.shift();
    };
    const auto: PressEvent | undefined =
      this.scenarioValue.autoFingerPolls !== null ? { kind: 'finger', finger: 'right-index' } : undefined;
    return this.waitFor(take, 'press', auto, timeoutMs, signal);
  }

  private waitFor<T>(
    take: () => T | undefined,
    event: 'card' | 'press',
    auto: T | undefined,
    timeoutMs: number,
    signal: AbortSignal,
  ): Promise<T | undefined> {
    const now = take();
    if (now !== undefined) return Promise.resolve(now);
    return new Promise((resolve) => {
      const timers: NodeJS.Timeout[] = [];
      const finish = (value: T | undefined) => {
        for (const timer of timers) clearTimeout(timer);
        this.events.off(event, onEvent);
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      };
      const onEvent = () => {
        const value = take();
        if (value !== undefined) finish(value);
      };
      const onAbort = () => finish(undefined);
      this.events.on(event, onEvent);
      signal.addEventListener('abort', onAbort, { once: true });
      timers.push(setTimeout(() => finish(undefined), timeoutMs));
      if (auto !== undefined && this.timings.autoPresentMs < timeoutMs) {
        timers.push(setTimeout(() => finish(auto), this.timings.autoPresentMs));
      }
    });
  }

  // ---- scores ---------------------------------------------------------------------------------

  get faceScore(): number {
    return this.faceScoreValue;
  }

  /** The confidence (0-100) every face comparison answers. */
  setFaceScore(score: number): void {
    this.faceScoreValue = Math.max(0, Math.min(100, Math.round(score)));
  }

  get matchScore(): number {
    return this.matchScoreValue;
  }

  /** The score of a fingerprint comparison of the same finger; different fingers score low. */
  setMatchScore(score: number): void {
    this.matchScoreValue = Math.max(0, Math.min(100, Math.round(score)));
  }

  // ---- cameras --------------------------------------------------------------------------------

  camera(index: number): CameraSettings | undefined {
    return index === 0 || index === 1 ? this.cameras[index] : undefined;
  }

  notifyCamera(index: number): void {
    this.events.emit('camera', index);
  }

  // ---- concurrency ----------------------------------------------------------------------------

  /** Counts a call in flight for its device and its service; the returned function ends it (once). */
  enter(service: ServiceName, device: DeviceId | undefined): { concurrent: number; release: () => void } {
    const keys = device !== undefined && device !== service ? [device, service] : [service];
    for (const key of keys) {
      const n = (this.inFlight.get(key) ?? 0) + 1;
      this.inFlight.set(key, n);
      this.maxInFlight.set(key, Math.max(n, this.maxInFlight.get(key) ?? 0));
    }
    let released = false;
    return {
      concurrent: this.inFlight.get(keys[0] ?? service) ?? 1,
      release: () => {
        if (released) return;
        released = true;
        for (const key of keys) this.inFlight.set(key, (this.inFlight.get(key) ?? 1) - 1);
      },
    };
  }

  /** The largest number of calls seen in flight at once for a device (or a whole service). */
  maxConcurrency(key: DeviceId | ServiceName): number {
    return this.maxInFlight.get(key) ?? 0;
  }

  concurrency(): Record<string, { current: number; max: number }> {
    const out: Record<string, { current: number; max: number }> = {};
    for (const [key, max] of this.maxInFlight) out[key] = { current: this.inFlight.get(key) ?? 0, max };
    return out;
  }

  /** Zeroes the high-water marks (calls still in flight are kept as the new baseline). */
  resetConcurrency(): void {
    this.maxInFlight.clear();
    for (const [key, n] of this.inFlight) if (n > 0) this.maxInFlight.set(key, n);
  }

  // ---- request log ----------------------------------------------------------------------------

  record(input: LogInput): RequestLogEntry {
    const entry: RequestLogEntry = {
      seq: ++this.seq,
      at: new Date().toISOString(),
      service: input.service,
      device: input.device,
      endpoint: input.endpoint,
      method: input.method,
      url: input.url,
      rawBody: input.rawBody === undefined ? undefined : input.rawBody.slice(0, RAW_BODY_LIMIT),
      body: shorten(input.body),
      fault: undefined,
      concurrent: input.concurrent,
    };
    this.log.push(entry);
    if (this.log.length > LOG_LIMIT) this.log.splice(0, this.log.length - LOG_LIMIT);
    return entry;
  }

  requests(filter: { service?: ServiceName; device?: DeviceId; endpoint?: string } = {}): RequestLogEntry[] {
    return this.log.filter(
      (entry) =>
        (filter.service === undefined || entry.service === filter.service) &&
        (filter.device === undefined || entry.device === filter.device) &&
        (filter.endpoint === undefined || sameEndpoint(entry.endpoint, filter.endpoint)),
    );
  }

  clearRequests(): void {
    this.log = [];
  }

  /** A snapshot for the control endpoint and for debugging. */
  state() {
    return {
      dialect: this.dialectValue,
      scenario: this.scenarioValue.name,
      cameras: this.cameras.map((camera, index) => ({
        index,
        ...camera,
        unplugged: this.isUnplugged(index === 0 ? 'video0' : 'video1'),
      })),
      unplugged: [...this.unplugged],
      faults: this.faults(),
      pendingCards: this.cards.map((card) => card.type),
      pendingPresses: Object.fromEntries([...this.presses].map(([reader, queue]) => [reader, queue.length])),
      faceScore: this.faceScoreValue,
      matchScore: this.matchScoreValue,
      busyOnConcurrent: this.busyOnConcurrentValue,
      timings: this.timings,
      concurrency: this.concurrency(),
    };
  }
}
