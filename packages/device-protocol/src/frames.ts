import { z } from 'zod';
import { MAX_FRAME_BYTES, PROTOCOL_VERSION } from './constants.js';
import { BridgeError, ErrorCode, type ErrorPayload, errorPayload, errorPayloadSchema } from './errors.js';
import {
  EVENT_NAMES,
  type EventData,
  type EventDataInput,
  type EventName,
  events,
  isEventName,
} from './events.js';
import {
  type Capabilities,
  capabilitiesSchema,
  isMethodName,
  METHOD_NAMES,
  type MethodHandler,
  type MethodHandlers,
  type MethodName,
  type MethodParamsParsed,
  type MethodResult,
  methods,
} from './methods.js';
import { type DeviceStatus, deviceStatusSchema } from './schemas.js';

/*
 * Envelope: JSON text frames over one WebSocket. The client sends `hello` first and then requests; the
 * bridge answers `welcome`, then results, errors and events. Both ends validate every inbound frame with
 * the parsers below, which never throw.
 */

const idSchema = z.string().min(1).max(64);

export const helloFrameSchema = z.strictObject({
  type: z.literal('hello'),
  // Any integer, so the bridge can tell a version mismatch (close 4001) from a malformed hello (4000).
  protocolVersion: z.int(),
  client: z.strictObject({ name: z.string().min(1).max(64), version: z.string().min(1).max(64) }),
  ticket: z.string().min(1).max(4096),
});
export type HelloFrame = z.infer<typeof helloFrameSchema>;

const requestEnvelopeSchema = z.strictObject({
  type: z.literal('request'),
  id: idSchema,
  method: z.string().min(1).max(64),
  params: z.unknown(),
});

export const welcomeFrameSchema = z.object({
  type: z.literal('welcome'),
  protocolVersion: z.int(),
  bridge: z.object({ version: z.string() }),
  capabilities: capabilitiesSchema,
  devices: deviceStatusSchema,
});
export type WelcomeFrame = z.infer<typeof welcomeFrameSchema>;

const resultEnvelopeSchema = z.object({ type: z.literal('result'), id: idSchema, result: z.unknown() });

export const errorFrameSchema = z.object({
  type: z.literal('error'),
  /** Null when the frame it answers could not be attributed to a request. */
  id: idSchema.nullable(),
  error: errorPayloadSchema,
});
export type ErrorFrame = z.infer<typeof errorFrameSchema>;

const eventEnvelopeSchema = z.object({
  type: z.literal('event'),
  /** Per connection, from 1, +1 per event. */
  seq: z.int().min(1),
  event: z.string().min(1).max(64),
  data: z.unknown(),
});

/** A request as the bridge sees it after parsing: params validated, defaults applied. */
export type RequestFrame = {
  [M in MethodName]: { type: 'request'; id: string; method: M; params: MethodParamsParsed<M> };
}[MethodName];

/** A result as the client sees it after parsing; `method` is the pending request's, not a wire field. */
export type ResultFrame = {
  [M in MethodName]: { type: 'result'; id: string; method: M; result: MethodResult<M> };
}[MethodName];

export type EventFrame = {
  [E in EventName]: { type: 'event'; seq: number; event: E; data: EventData<E> };
}[EventName];

export type ClientFrame = HelloFrame | RequestFrame;
export type BridgeFrame = WelcomeFrame | ResultFrame | ErrorFrame | EventFrame;

export type ParseResult<F> =
  | { ok: true; frame: F }
  /** `id` is the offending request's id when it could be read, so the answer can name it. */
  | { ok: false; id: string | null; error: ErrorPayload };

export interface ParseOptions {
  maxFrameBytes?: number;
}

/** UTF-8 length without TextEncoder (not in the runtime-neutral library surface). */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

function exceeds(text: string, max: number): boolean {
  // Every UTF-16 unit is at least one byte and at most three, so most frames need no exact count.
  if (text.length > max) return true;
  if (text.length * 3 <= max) return false;
  return utf8ByteLength(text) > max;
}

/** Paths and messages only: zod messages do not echo values, and values may be personal data. */
export function describeIssues(error: z.ZodError): { path: string; message: string }[] {
  return error.issues.slice(0, 20).map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
}

function fail(code: ErrorCode, id: string | null, message?: string, details?: Record<string, unknown>) {
  return { ok: false as const, id, error: errorPayload(code, message, details) };
}

function readJson(input: unknown, options?: ParseOptions): ParseResult<Record<string, unknown>> {
  if (typeof input !== 'string') return fail(ErrorCode.PROTOCOL_ERROR, null, 'frames must be JSON text');
  const max = options?.maxFrameBytes ?? MAX_FRAME_BYTES;
  if (exceeds(input, max)) return fail(ErrorCode.FRAME_TOO_LARGE, null, `frame larger than ${max} bytes`);
  let value: unknown;
  try {
    value = JSON.parse(input);
  } catch {
    return fail(ErrorCode.PROTOCOL_ERROR, null, 'frame is not valid JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return fail(ErrorCode.PROTOCOL_ERROR, null, 'frame must be a JSON object');
  }
  return { ok: true, frame: value as Record<string, unknown> };
}

function idOf(obj: Record<string, unknown>): string | null {
  const parsed = idSchema.safeParse(obj.id);
  return parsed.success ? parsed.data : null;
}

function envelopeError(obj: Record<string, unknown>, error: z.ZodError) {
  return fail(ErrorCode.PROTOCOL_ERROR, idOf(obj), `malformed ${String(obj.type)} frame`, {
    issues: describeIssues(error),
  });
}

/** Validates a frame from the console. The bridge answers failures with an `error` frame and stays up. */
export function parseClientFrame(input: unknown, options?: ParseOptions): ParseResult<ClientFrame> {
  const json = readJson(input, options);
  if (!json.ok) return json;
  const obj = json.frame;
  switch (obj.type) {
    case 'hello': {
      const hello = helloFrameSchema.safeParse(obj);
      return hello.success ? { ok: true, frame: hello.data } : envelopeError(obj, hello.error);
    }
    case 'request': {
      const env = requestEnvelopeSchema.safeParse(obj);
      if (!env.success) return envelopeError(obj, env.error);
      const { id, method } = env.data;
      if (!isMethodName(method))
        return fail(ErrorCode.UNKNOWN_METHOD, id, `unknown method ${method}`, { method });
      const params = methods[method].params.safeParse(env.data.params ?? {});
      if (!params.success) {
        return fail(ErrorCode.INVALID_PARAMS, id, `invalid params for ${method}`, {
          method,
          issues: describeIssues(params.error),
        });
      }
      return { ok: true, frame: { type: 'request', id, method, params: params.data } as RequestFrame };
    }
    default:
      return fail(ErrorCode.PROTOCOL_ERROR, idOf(obj), 'frame type must be hello or request');
  }
}

/**
 * Validates a frame from the bridge. `pendingMethod` names the method of an outstanding request id (the
 * result schema depends on it); a result for an unknown id (e.g. after a client-side timeout) fails.
 */
export function parseBridgeFrame(
  input: unknown,
  pendingMethod: (id: string) => MethodName | undefined,
  options?: ParseOptions,
): ParseResult<BridgeFrame> {
  const json = readJson(input, options);
  if (!json.ok) return json;
  const obj = json.frame;
  switch (obj.type) {
    case 'welcome': {
      const welcome = welcomeFrameSchema.safeParse(obj);
      return welcome.success ? { ok: true, frame: welcome.data } : envelopeError(obj, welcome.error);
    }
    case 'error': {
      const error = errorFrameSchema.safeParse(obj);
      return error.success ? { ok: true, frame: error.data } : envelopeError(obj, error.error);
    }
    case 'result': {
      const env = resultEnvelopeSchema.safeParse(obj);
      if (!env.success) return envelopeError(obj, env.error);
      const { id } = env.data;
      const method = pendingMethod(id);
      if (!method) return fail(ErrorCode.PROTOCOL_ERROR, id, 'result for an unknown or expired request id');
      const result = methods[method].result.safeParse(env.data.result);
      if (!result.success) {
        return fail(ErrorCode.PROTOCOL_ERROR, id, `invalid result for ${method}`, {
          method,
          issues: describeIssues(result.error),
        });
      }
      return { ok: true, frame: { type: 'result', id, method, result: result.data } as ResultFrame };
    }
    case 'event': {
      const env = eventEnvelopeSchema.safeParse(obj);
      if (!env.success) return envelopeError(obj, env.error);
      const { seq, event } = env.data;
      if (!isEventName(event))
        return fail(ErrorCode.PROTOCOL_ERROR, null, `unknown event ${event}`, { event });
      const data = events[event].data.safeParse(env.data.data);
      if (!data.success) {
        return fail(ErrorCode.PROTOCOL_ERROR, null, `invalid data for event ${event}`, {
          event,
          issues: describeIssues(data.error),
        });
      }
      return { ok: true, frame: { type: 'event', seq, event, data: data.data } as EventFrame };
    }
    default:
      return fail(ErrorCode.PROTOCOL_ERROR, idOf(obj), 'frame type must be welcome, result, error or event');
  }
}

/* Builders: the wire shapes, typed, so neither end hand-writes an envelope. */

export type WireResultFrame = { type: 'result'; id: string; result: unknown };
export type WireEventFrame = { type: 'event'; seq: number; event: EventName; data: unknown };
export type WireRequestFrame = { type: 'request'; id: string; method: MethodName; params: unknown };
export type WireFrame =
  | HelloFrame
  | WelcomeFrame
  | WireRequestFrame
  | WireResultFrame
  | ErrorFrame
  | WireEventFrame;

export function encodeFrame(frame: WireFrame): string {
  return JSON.stringify(frame);
}

/** What a bridge implementing the whole catalogue announces. */
export const FULL_CAPABILITIES: Capabilities = {
  methods: [...METHOD_NAMES],
  events: [...EVENT_NAMES],
  maxFrameBytes: MAX_FRAME_BYTES,
};

export function welcomeFrame(
  bridgeVersion: string,
  devices: DeviceStatus,
  capabilities: Capabilities = FULL_CAPABILITIES,
): WelcomeFrame {
  return welcomeFrameSchema.parse({
    type: 'welcome',
    protocolVersion: PROTOCOL_VERSION,
    bridge: { version: bridgeVersion },
    capabilities,
    devices,
  });
}

export function errorFrame(id: string | null, error: ErrorPayload): ErrorFrame {
  return { type: 'error', id, error };
}

/** Validates event data against its declaration; a bridge bug throws here rather than reaching clients. */
export function eventFrame<E extends EventName>(
  seq: number,
  event: E,
  data: EventDataInput<E>,
): WireEventFrame {
  return { type: 'event', seq, event, data: events[event].data.parse(data) };
}

/**
 * Runs the handler for a parsed request and turns the outcome into the answer frame: the result checked
 * against the declared schema, a thrown BridgeError as itself, anything else as INTERNAL (its message is
 * not forwarded, it may hold personal data). Timeouts and serialisation stay the bridge's concern.
 */
export async function dispatchRequest<Ctx>(
  handlers: MethodHandlers<Ctx>,
  request: RequestFrame,
  ctx: Ctx,
): Promise<WireResultFrame | ErrorFrame> {
  const handler = handlers[request.method] as MethodHandler<MethodName, Ctx>;
  let raw: unknown;
  try {
    raw = await handler(request.params as MethodParamsParsed<MethodName>, ctx);
  } catch (err) {
    if (err instanceof BridgeError) return errorFrame(request.id, err.toPayload());
    return errorFrame(request.id, errorPayload(ErrorCode.INTERNAL, undefined, { method: request.method }));
  }
  const result = methods[request.method].result.safeParse(raw);
  if (!result.success) {
    return errorFrame(
      request.id,
      errorPayload(ErrorCode.INTERNAL, `bridge produced an invalid result for ${request.method}`, {
        method: request.method,
        issues: describeIssues(result.error),
      }),
    );
  }
  return { type: 'result', id: request.id, result: result.data };
}
