import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerFactory } from 'fastify';
import { z } from 'zod';
import type { SimControl } from './control.js';
import {
  type BilingualError,
  CARD_TYPES,
  DEVICES,
  type DeviceId,
  DIALECTS,
  type FaultKind,
  FINGER_READERS,
  faultInputSchema,
  pressEventSchema,
  SERVICES,
  type ServiceName,
} from './model.js';
import { listScenarios, UnknownScenarioError } from './scenarios.js';

/** A vendor request as the services see it. */
export interface VendorRequest {
  method: string;
  url: string;
  /** The path before any `?`, with percent-escapes decoded (`/video%3Dstatus` is `/video=status`). */
  path: string;
  /** What follows `?`: a query string or a bare cache-buster. */
  query: string;
  /** The body text; undefined or '' when none was sent. */
  rawBody: string | undefined;
  headers: IncomingHttpHeaders;
  /** Aborts when the client goes away. */
  signal: AbortSignal;
}

export type VendorReply =
  | { kind: 'body'; status?: number; contentType: string; body: string }
  | { kind: 'stream'; serve: (res: ServerResponse, options: { resetAfterFrames?: number }) => void };

/** A request resolved to an endpoint and device, ready to run. */
export interface RoutedCall {
  endpoint: string;
  device: DeviceId | undefined;
  /** The parsed body, for the request log. */
  body: unknown;
  /** `unplugged` is true when an `unplugged` fault matched this request. */
  run(context: { unplugged: boolean }): Promise<VendorReply>;
}

export interface VendorService {
  name: ServiceName;
  route(request: VendorRequest): RoutedCall;
  /** The service's own error envelope with a given vendor code. */
  vendorError(code: string | number, message: string | undefined, call: RoutedCall): VendorReply;
  /** The service's answer to a call it is too busy for. */
  busy(call: RoutedCall): VendorReply;
}

export function jsonReply(value: unknown): VendorReply {
  return { kind: 'body', contentType: 'application/json; charset=utf-8', body: JSON.stringify(value) };
}

/** A body cut off halfway and followed by noise, like a crashed or confused vendor service. */
export function corrupt(body: string): string {
  return `${body.slice(0, Math.max(1, Math.floor(body.length / 2)))}\u0000<html><body>Error 0x8007`;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

function decodePath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

function bad(reply: FastifyReply, message: string, messageZh: string, status = 400) {
  const error: BilingualError = { code: status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST', message, messageZh };
  return reply.code(status).send({ error });
}

function parseControlBody(raw: unknown): { ok: true; value: unknown } | { ok: false } {
  if (raw === undefined || raw === '') return { ok: true, value: {} };
  if (typeof raw !== 'string') return { ok: false };
  try {
    return { ok: true, value: JSON.parse(raw) };
  } catch {
    return { ok: false };
  }
}

function issuesText(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`).join('; ');
}

const scenarioBody = z.strictObject({ name: z.string().min(1) });
const plugBody = z.strictObject({ device: z.enum(DEVICES), plugged: z.boolean() });
const cardBody = z.strictObject({
  type: z.enum(CARD_TYPES).default('B'),
  overrides: z.record(z.string(), z.string()).optional(),
});
const fingerBody = z.strictObject({
  reader: z.enum(FINGER_READERS),
  presses: z.array(pressEventSchema).min(1).max(1000),
});
const settingsBody = z.strictObject({
  faceScore: z.number().min(0).max(100).optional(),
  matchScore: z.number().min(0).max(100).optional(),
  busyOnConcurrent: z.boolean().optional(),
  dialect: z.enum(DIALECTS).optional(),
});
const filterQuery = z.object({
  id: z.string().optional(),
  service: z.enum(SERVICES).optional(),
  device: z.enum(DEVICES).optional(),
  endpoint: z.string().optional(),
});
const readerQuery = z.object({ reader: z.enum(FINGER_READERS).optional() });
const deviceQuery = z.object({ device: z.union([z.enum(DEVICES), z.enum(SERVICES)]).optional() });

/** The `/__sim/...` control endpoint, the same on every service; it drives the one shared state. */
function registerControlRoutes(app: FastifyInstance, control: SimControl): void {
  const withBody = <T>(
    schema: z.ZodType<T>,
    handle: (value: T, reply: FastifyReply) => unknown,
  ): ((request: { body: unknown }, reply: FastifyReply) => unknown) => {
    return (request, reply) => {
      const parsed = parseControlBody(request.body);
      if (!parsed.ok) return bad(reply, 'Control request body is not JSON', '控制请求的内容不是 JSON');
      const result = schema.safeParse(parsed.value);
      if (!result.success) {
        const detail = issuesText(result.error);
        return bad(reply, `Invalid control request: ${detail}`, `控制请求无效：${detail}`);
      }
      return handle(result.data, reply);
    };
  };
  const withQuery = <T>(
    schema: z.ZodType<T>,
    handle: (value: T, reply: FastifyReply) => unknown,
  ): ((request: { query: unknown }, reply: FastifyReply) => unknown) => {
    return (request, reply) => {
      const result = schema.safeParse(request.query);
      if (!result.success) {
        const detail = issuesText(result.error);
        return bad(reply, `Invalid control query: ${detail}`, `控制请求参数无效：${detail}`);
      }
      return handle(result.data, reply);
    };
  };

  app.get('/__sim/state', () => control.state());
  app.get('/__sim/scenarios', () => ({ current: control.scenario.name, scenarios: listScenarios() }));
  app.post(
    '/__sim/scenario',
    withBody(scenarioBody, ({ name }, reply) => {
      try {
        control.setScenario(name);
        return { scenario: name };
      } catch (error) {
        if (error instanceof UnknownScenarioError) return bad(reply, error.message, error.messageZh);
        throw error;
      }
    }),
  );
  app.post('/__sim/reset', () => {
    control.reset();
    return { reset: true, scenario: control.scenario.name };
  });
  app.get('/__sim/faults', () => ({ faults: control.faults() }));
  app.post(
    '/__sim/fault',
    withBody(faultInputSchema, (fault) => ({ id: control.addFault(fault) })),
  );
  app.delete(
    '/__sim/fault',
    withQuery(filterQuery, (filter) => {
      const clean = Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined));
      return { removed: control.clearFaults(clean) };
    }),
  );
  app.post(
    '/__sim/plug',
    withBody(plugBody, ({ device, plugged }) => {
      if (plugged) control.plug(device);
      else control.unplug(device);
      return { device, plugged: !control.isUnplugged(device) };
    }),
  );
  app.post(
    '/__sim/card',
    withBody(cardBody, ({ type, overrides }) => {
      control.presentCard(type, overrides);
      return { presented: type, pending: control.pendingCards() };
    }),
  );
  app.delete('/__sim/card', () => {
    control.removeCards();
    return { pending: 0 };
  });
  app.post(
    '/__sim/finger',
    withBody(fingerBody, ({ reader, presses }) => {
      control.pressFinger(reader, presses);
      return { reader, pending: control.pendingPresses(reader) };
    }),
  );
  app.delete(
    '/__sim/finger',
    withQuery(readerQuery, ({ reader }) => {
      control.clearPresses(reader);
      return { cleared: reader ?? 'all' };
    }),
  );
  app.post(
    '/__sim/settings',
    withBody(settingsBody, (settings) => {
      if (settings.faceScore !== undefined) control.setFaceScore(settings.faceScore);
      if (settings.matchScore !== undefined) control.setMatchScore(settings.matchScore);
      if (settings.busyOnConcurrent !== undefined) control.setBusyOnConcurrent(settings.busyOnConcurrent);
      if (settings.dialect !== undefined) control.setDialect(settings.dialect);
      return control.state();
    }),
  );
  app.get(
    '/__sim/concurrency',
    withQuery(deviceQuery, ({ device }) =>
      device ? { device, max: control.maxConcurrency(device) } : control.concurrency(),
    ),
  );
  app.delete('/__sim/concurrency', () => {
    control.resetConcurrency();
    return { reset: true };
  });
  app.get(
    '/__sim/requests',
    withQuery(filterQuery.omit({ id: true }), (filter) => {
      const clean = Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined));
      return { requests: control.requests(clean) };
    }),
  );
  app.delete('/__sim/requests', () => {
    control.clearRequests();
    return { cleared: true };
  });
  app.get('/__sim/printer', () => ({ jobs: control.printer.jobs }));
  app.delete('/__sim/printer', () => {
    control.printer.clear();
    return { cleared: true };
  });
  app.all('/__sim/*', (request, reply) =>
    bad(
      reply,
      `No control endpoint ${request.method} ${request.url}`,
      `没有此控制接口 ${request.method} ${request.url}`,
      404,
    ),
  );
}

async function send(reply: FastifyReply, result: VendorReply, fault: FaultKind | undefined): Promise<void> {
  const res = reply.raw;
  if (result.kind === 'stream') {
    reply.hijack();
    if (fault === 'malformed') {
      res.writeHead(200, { 'Content-Type': 'multipart/x-mixed-replace; boundary=simframe' });
      res.end('--wrongboundary\r\nContent-Type: image/jpeg\r\n\r\n\u00ff\u00d8 not a picture');
      return;
    }
    result.serve(res, fault === 'reset' ? { resetAfterFrames: 1 } : {});
    return;
  }
  if (fault === 'reset') {
    // Headers promise the whole body; half of it arrives, then the connection is reset.
    reply.hijack();
    const bytes = Buffer.from(result.body);
    res.writeHead(result.status ?? 200, {
      'Content-Type': result.contentType,
      'Content-Length': bytes.length,
    });
    res.write(bytes.subarray(0, Math.max(1, Math.floor(bytes.length / 2))), () =>
      res.socket?.resetAndDestroy(),
    );
    return;
  }
  const body = fault === 'malformed' ? corrupt(result.body) : result.body;
  await reply
    .code(result.status ?? 200)
    .header('content-type', result.contentType)
    // Local vendor services are called straight from web pages, so they allow any origin.
    .header('access-control-allow-origin', '*')
    .send(body);
}

/**
 * A fastify app for one vendor service: the control endpoint, then every other path handed to the
 * service after the shared bookkeeping (request log, concurrency, faults).
 */
export function createServiceApp(
  service: VendorService,
  control: SimControl,
  serverFactory?: FastifyServerFactory,
): FastifyInstance {
  const app = Fastify({
    logger: false,
    // Two base64 photos in one face comparison easily pass fastify's 1 MB default.
    bodyLimit: 64 * 1024 * 1024,
    // Hung requests and live streams must not keep close() waiting.
    forceCloseConnections: true,
    ...(serverFactory ? { serverFactory } : {}),
  });
  // Vendor clients send JSON text labelled as a form (or nothing at all): take every body as text.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  registerControlRoutes(app, control);

  app.all('*', async (request, reply) => {
    const aborter = new AbortController();
    reply.raw.on('close', () => aborter.abort());
    const url = request.url;
    const q = url.indexOf('?');
    const vendorRequest: VendorRequest = {
      method: request.method,
      url,
      path: decodePath(q < 0 ? url : url.slice(0, q)),
      query: q < 0 ? '' : url.slice(q + 1),
      rawBody: typeof request.body === 'string' ? request.body : undefined,
      headers: request.headers,
      signal: aborter.signal,
    };
    const call = service.route(vendorRequest);
    const { concurrent, release } = control.enter(service.name, call.device);
    reply.raw.on('close', release);
    const entry = control.record({
      service: service.name,
      device: call.device,
      endpoint: call.endpoint,
      method: request.method,
      url,
      rawBody: vendorRequest.rawBody,
      body: call.body,
      concurrent,
    });
    const { delayMs, action } = control.takeFaults(service.name, call.device, call.endpoint);
    entry.fault = action?.kind ?? (delayMs > 0 ? 'delay' : undefined);
    if (delayMs > 0) await sleep(delayMs, aborter.signal);
    if (aborter.signal.aborted) {
      reply.hijack();
      return;
    }
    let result: VendorReply;
    switch (action?.kind) {
      case 'hang':
        // Never answered; the client times out or the server's close() destroys the socket.
        reply.hijack();
        return;
      case 'http500':
        await reply.code(500).type('text/plain; charset=utf-8').send('500 Internal Server Error');
        return;
      case 'vendorError':
        result = service.vendorError(action.code, action.message, call);
        break;
      case 'busy':
        result = service.busy(call);
        break;
      default:
        if (control.busyOnConcurrent && call.device !== undefined && concurrent > 1) {
          result = service.busy(call);
        } else {
          try {
            result = await call.run({ unplugged: action?.kind === 'unplugged' });
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            result = service.vendorError(-1, `simulator error: ${message}`, call);
          }
        }
    }
    if (aborter.signal.aborted) {
      reply.hijack();
      return;
    }
    await send(reply, result, action?.kind);
  });
  return app;
}
