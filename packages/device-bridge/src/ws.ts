import type { IncomingMessage } from 'node:http';
import {
  BridgeError,
  CloseCode,
  dispatchRequest,
  ErrorCode,
  errorFrame,
  errorPayload,
  FULL_CAPABILITIES,
  PROTOCOL_VERSION,
  parseClientFrame,
  type RequestFrame,
  welcomeFrame,
} from '@trialab/device-protocol';
import { Connection, type ServerSocket } from './connection.js';
import { createHandlers } from './handlers.js';
import type { BridgeRuntime } from './runtime.js';
import { isAllowedHost, isAllowedOrigin } from './security/door.js';

/** The socket events the bridge listens to (`ws` WebSocket). */
export interface WsSocket extends ServerSocket {
  on(event: 'message', listener: (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => void): unknown;
  on(event: 'close', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  /** Drops the TCP connection without the close handshake. */
  terminate(): void;
}

/** Frames each connection may have in flight at once; more is a client bug or abuse. */
const MAX_IN_FLIGHT = 32;

/** Standard WebSocket close code "try again later": every authenticated slot is taken. */
const TRY_AGAIN_LATER = 1013;

/** A socket closed for not saying hello gets this long to finish the close handshake, then it is cut. */
const SILENT_CLOSE_GRACE_MS = 1_000;

function byteLength(data: Buffer | ArrayBuffer | Buffer[]): number {
  if (Array.isArray(data)) return data.reduce((n, b) => n + b.length, 0);
  return data.byteLength;
}

function toText(data: Buffer | ArrayBuffer | Buffer[]): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data as ArrayBuffer).toString('utf8');
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The protocol at /ws: door checks (Host, Origin), then `hello` with a ticket within the hello window,
 * then requests. Malformed frames get an error frame; the connection and the process stay up.
 *
 * Slots: sockets that have not sent `hello` yet (pending) and connections that passed it with a valid
 * ticket have separate caps, so silent sockets from a local program cannot lock a console out. A full
 * pending cap closes the oldest pending socket to admit the new one; the authenticated cap is checked
 * only once a ticket has been verified.
 */
export function createWsHandler(rt: BridgeRuntime) {
  const handlers = createHandlers(rt);
  const capabilities = { ...FULL_CAPABILITIES, maxFrameBytes: rt.config.limits.maxFrameBytes };
  const { logger, config } = rt;
  /** Sockets waiting for their `hello`, oldest first, each with the function that closes it. */
  const pending = new Map<Connection, (reason: string) => void>();
  const silentLog = { timedOut: 0, evicted: 0, lastAt: Number.NEGATIVE_INFINITY };

  /** At most one warning per hello window, however many silent sockets a program opens. */
  const noteSilentClose = (kind: 'timedOut' | 'evicted') => {
    silentLog[kind]++;
    const now = rt.clock.now();
    if (now - silentLog.lastAt < config.limits.helloTimeoutMs) return;
    logger.warn(
      {
        timedOut: silentLog.timedOut,
        evicted: silentLog.evicted,
        pendingLimit: config.limits.maxPendingConnections,
      },
      'closed sockets that sent no hello',
    );
    silentLog.timedOut = 0;
    silentLog.evicted = 0;
    silentLog.lastAt = now;
  };

  const authenticatedCount = () => {
    let count = 0;
    for (const c of rt.connections) if (c.user !== undefined && c.state !== 'closed') count++;
    return count;
  };

  return (socket: WsSocket, request: IncomingMessage): void => {
    const origin = header(request, 'origin');
    const id = rt.newConnectionId();
    if (!isAllowedHost(header(request, 'host'), rt.port)) {
      logger.warn({ conn: id }, 'refused: Host is not a loopback name with the bridge port');
      socket.close(CloseCode.HOST_REFUSED, 'host refused');
      return;
    }
    if (!isAllowedOrigin(origin, config.allowedOrigins) || origin === undefined) {
      logger.warn({ conn: id, origin: origin ?? null }, 'refused: origin not on the allow-list');
      socket.close(CloseCode.ORIGIN_REFUSED, 'origin refused');
      return;
    }
    if (rt.closing) {
      socket.close(CloseCode.BRIDGE_SHUTTING_DOWN, 'bridge shutting down');
      return;
    }
    if (pending.size >= config.limits.maxPendingConnections) {
      const [, closeOldest] = pending.entries().next().value ?? [];
      closeOldest?.('no hello: handshake slots full');
      noteSilentClose('evicted');
    }
    const connection = new Connection(id, socket, origin);
    rt.connections.add(connection);
    let graceTimer: unknown;
    const closeSilent = (reason: string) => {
      pending.delete(connection);
      if (connection.state !== 'hello') return;
      // Not counted anywhere from now on, even before the peer completes the close handshake.
      connection.state = 'closed';
      connection.close(CloseCode.HELLO_TIMEOUT, reason);
      graceTimer = rt.clock.setTimeout(() => socket.terminate(), SILENT_CLOSE_GRACE_MS);
    };
    pending.set(connection, closeSilent);
    const helloTimer = rt.clock.setTimeout(() => {
      if (connection.state !== 'hello') return;
      closeSilent('no hello');
      noteSilentClose('timedOut');
    }, config.limits.helloTimeoutMs);

    const onHello = async (text: string) => {
      const parsed = parseClientFrame(text, { maxFrameBytes: config.limits.maxFrameBytes });
      if (!parsed.ok || parsed.frame.type !== 'hello') {
        connection.close(CloseCode.HELLO_INVALID, 'first frame must be a valid hello');
        return;
      }
      const hello = parsed.frame;
      if (hello.protocolVersion !== PROTOCOL_VERSION) {
        connection.close(CloseCode.PROTOCOL_VERSION_MISMATCH, `bridge speaks protocol ${PROTOCOL_VERSION}`);
        return;
      }
      const verdict = rt.verifier.verify(hello.ticket, origin);
      if (!verdict.ok) {
        logger.warn({ conn: id, reason: verdict.reason }, 'refused: ticket');
        connection.close(CloseCode.TICKET_REFUSED, 'ticket refused');
        return;
      }
      if (authenticatedCount() >= config.limits.maxConnections) {
        logger.warn({ conn: id, user: verdict.payload.sub }, 'refused: too many connections');
        connection.close(TRY_AGAIN_LATER, 'too many connections');
        return;
      }
      connection.user = verdict.payload.sub;
      const devices = await rt.deviceStatus(config.timeouts.statusProbe);
      if (connection.state !== 'verifying') return;
      connection.state = 'open';
      connection.send(welcomeFrame(rt.version, devices, capabilities));
      logger.info(
        { conn: id, user: connection.user, client: hello.client.name, clientVersion: hello.client.version },
        'connected',
      );
    };

    const onRequest = async (frame: RequestFrame) => {
      if (connection.inFlight.has(frame.id)) {
        connection.send(
          errorFrame(frame.id, errorPayload(ErrorCode.PROTOCOL_ERROR, 'request id already in flight')),
        );
        return;
      }
      if (connection.inFlight.size >= MAX_IN_FLIGHT) {
        connection.send(
          errorFrame(frame.id, errorPayload(ErrorCode.DEVICE_BUSY, 'too many requests in flight')),
        );
        return;
      }
      const controller = new AbortController();
      connection.inFlight.set(frame.id, controller);
      const started = performance.now();
      try {
        const answer = await dispatchRequest(handlers, frame, {
          connection,
          requestId: frame.id,
          signal: controller.signal,
        });
        if (answer.type === 'error' && answer.error.code === ErrorCode.INTERNAL) {
          logger.error({ conn: id, method: frame.method, id: frame.id }, 'internal error in handler');
        }
        // Method, id, outcome and time only: params and results may be personal data.
        logger.info(
          {
            conn: id,
            method: frame.method,
            id: frame.id,
            ms: Math.round(performance.now() - started),
            ...(answer.type === 'error' ? { error: answer.error.code } : {}),
          },
          'call',
        );
        connection.send(answer);
      } finally {
        connection.inFlight.delete(frame.id);
      }
    };

    socket.on('message', (data, isBinary) => {
      if (byteLength(data) > config.limits.maxFrameBytes) {
        connection.close(CloseCode.FRAME_TOO_LARGE, 'frame too large');
        return;
      }
      if (connection.state === 'hello') {
        rt.clock.clearTimeout(helloTimer);
        pending.delete(connection);
        if (isBinary) {
          connection.close(CloseCode.HELLO_INVALID, 'first frame must be a valid hello');
          return;
        }
        // Frames arriving before `welcome` is sent are answered HANDSHAKE_REQUIRED.
        connection.state = 'verifying';
        void onHello(toText(data)).catch((error: unknown) => {
          logger.error({ conn: id, err: error instanceof Error ? error.name : 'unknown' }, 'hello failed');
          connection.close(CloseCode.INTERNAL_ERROR, 'internal error');
        });
        return;
      }
      if (connection.state !== 'open') {
        if (connection.state === 'verifying' && !isBinary) {
          const parsed = parseClientFrame(toText(data), { maxFrameBytes: config.limits.maxFrameBytes });
          const requestId = parsed.ok
            ? parsed.frame.type === 'request'
              ? parsed.frame.id
              : null
            : parsed.id;
          connection.send(errorFrame(requestId, errorPayload(ErrorCode.HANDSHAKE_REQUIRED)));
        }
        return;
      }
      if (isBinary) {
        connection.send(errorFrame(null, errorPayload(ErrorCode.PROTOCOL_ERROR, 'frames must be JSON text')));
        return;
      }
      const parsed = parseClientFrame(toText(data), { maxFrameBytes: config.limits.maxFrameBytes });
      if (!parsed.ok) {
        connection.send(errorFrame(parsed.id, parsed.error));
        return;
      }
      if (parsed.frame.type === 'hello') {
        connection.close(CloseCode.HELLO_INVALID, 'second hello');
        return;
      }
      void onRequest(parsed.frame).catch((error: unknown) => {
        const typed = error instanceof BridgeError ? error : new BridgeError(ErrorCode.INTERNAL);
        connection.send(
          errorFrame(parsed.frame.type === 'request' ? parsed.frame.id : null, typed.toPayload()),
        );
      });
    });
    socket.on('error', () => {
      // A broken client socket ends in `close`; nothing else to do.
    });
    socket.on('close', () => {
      rt.clock.clearTimeout(helloTimer);
      rt.clock.clearTimeout(graceTimer);
      pending.delete(connection);
      const wasOpen = connection.open;
      void rt.releaseConnection(connection).then(() => {
        if (wasOpen) logger.info({ conn: id }, 'disconnected');
      });
    });
  };
}
