import { readFileSync } from 'node:fs';
import websocket from '@fastify/websocket';
import {
  BRIDGE_WS_PATH,
  type CameraIndex,
  ErrorCode,
  errorPayload,
  PROTOCOL_VERSION,
} from '@trialab/device-protocol';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  LogController,
} from 'fastify';
import type { DestinationStream } from 'pino';
import { type Clock, systemClock } from './clock.js';
import { type BridgeConfig, type BridgeConfigInput, ConfigError, parseConfig } from './config.js';
import { type BridgeLogger, createLogger } from './logger.js';
import { BridgeRuntime } from './runtime.js';
import { isAllowedHost } from './security/door.js';
import { createWsHandler, type WsSocket } from './ws.js';

export interface BridgeOptions {
  /** Parsed configuration, or raw input validated here (defaults for everything omitted). */
  config?: BridgeConfig | BridgeConfigInput;
  logger?: BridgeLogger;
  /** Where logs go when no logger is given (tests read them back). */
  logDestination?: DestinationStream;
  clock?: Clock;
  /** The paired server's public key; defaults to the configured PEM or key file. */
  publicKeyPem?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    bridge: BridgeRuntime;
  }
}

function resolvePublicKey(config: BridgeConfig, given: string | undefined): string | undefined {
  if (given) return given;
  if (config.ticket.publicKeyPem) return config.ticket.publicKeyPem;
  if (!config.ticket.publicKeyFile) return undefined;
  try {
    return readFileSync(config.ticket.publicKeyFile, 'utf8');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigError(
      `Cannot read ticket.publicKeyFile ${config.ticket.publicKeyFile}: ${reason}`,
      `无法读取 ticket.publicKeyFile ${config.ticket.publicKeyFile}：${reason}`,
    );
  }
}

const forbidden = (message: string) => ({ error: errorPayload(ErrorCode.NOT_AUTHORIZED, message) });

/** Builds the bridge as a fastify app; `cli.ts` only listens and shuts down. */
export function buildBridge(options: BridgeOptions = {}): FastifyInstance {
  const config = parseConfig(options.config ?? {});
  const logger = options.logger ?? createLogger(config, options.logDestination);
  const publicKeyPem = resolvePublicKey(config, options.publicKeyPem);
  const rt = new BridgeRuntime({ config, logger, clock: options.clock ?? systemClock, publicKeyPem });
  if (!rt.verifier.paired)
    logger.warn('not paired with an API server: every connection will be refused (run trialab-bridge pair)');

  const app: FastifyInstance = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    // Our own log lines only: request URLs carry stream tokens.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024,
    // Hung upstreams and live streams must not keep close() waiting.
    forceCloseConnections: true,
  });
  app.decorate('bridge', rt);
  app.addHook('onListen', async () => {
    const address = app.server.address();
    if (typeof address === 'object' && address) rt.port = address.port;
  });

  // DNS-rebinding defence for every plain HTTP route; /ws closes with its own code instead.
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.split('?')[0] === BRIDGE_WS_PATH) return;
    if (!isAllowedHost(request.headers.host, rt.port)) {
      return reply.code(403).send(forbidden('Host must be a loopback name with the bridge port'));
    }
  });

  void app.register(websocket, {
    // Our own check closes with 4009 at maxFrameBytes; this hard cap only bounds memory.
    options: { maxPayload: config.limits.maxFrameBytes * 2 },
    preClose: async function (this: FastifyInstance) {
      await rt.shutdown('shutdown');
      await new Promise<void>((resolve) => this.websocketServer.close(() => resolve()));
    },
  });

  void app.register(async (scope) => {
    const onConnection = createWsHandler(rt);
    scope.get(BRIDGE_WS_PATH, { websocket: true }, (socket, request) =>
      onConnection(socket as unknown as WsSocket, request.raw),
    );
  });

  // No personal data: versions, counts and whether each vendor service answers.
  app.get('/health', async () => {
    const probes = await rt.probeAll();
    const vendors = Object.fromEntries(
      probes.map((p) => [
        p.service,
        p.state === 'ready' ? 'up' : p.state === 'disabled' ? 'disabled' : 'down',
      ]),
    );
    return {
      status: 'ok',
      version: rt.version,
      protocolVersion: PROTOCOL_VERSION,
      uptimeMs: Math.round(rt.clock.now() - rt.startedAt.getTime()),
      paired: rt.verifier.paired,
      connections: [...rt.connections].filter((c) => c.open).length,
      vendors,
    };
  });

  // MJPEG proxy for `<img>`: the token in the path (from camera.open / camera.streamUrl) stands for the ticket.
  app.get<{ Params: { camera: string }; Querystring: { sid?: string; token?: string } }>(
    '/stream/:camera',
    async (request, reply) => {
      const { camera } = request.params;
      if (camera !== '0' && camera !== '1') {
        return reply
          .code(404)
          .send({ error: errorPayload(ErrorCode.INVALID_PARAMS, 'camera must be 0 or 1') });
      }
      const token = typeof request.query.token === 'string' ? request.query.token : '';
      const connection = token ? rt.connectionByStreamToken(token) : undefined;
      if (!connection) return reply.code(403).send(forbidden('unknown or expired stream token'));
      if (!rt.camera.enabled) {
        return reply
          .code(409)
          .send({ error: errorPayload(ErrorCode.DEVICE_NOT_CONNECTED, 'camera disabled') });
      }
      reply.hijack();
      rt.hubs[Number(camera) as CameraIndex].add({ res: reply.raw, token });
    },
  );

  app.setErrorHandler((error: FastifyError, _request, reply) => {
    // Malformed HTTP input gets a clear answer; internals are never echoed.
    const status = typeof error.statusCode === 'number' && error.statusCode < 500 ? error.statusCode : 500;
    logger.warn({ status, code: error.code }, 'http error');
    const payload =
      status < 500 ? errorPayload(ErrorCode.INVALID_PARAMS, error.message) : errorPayload(ErrorCode.INTERNAL);
    return reply.code(status).send({ error: payload });
  });

  return app;
}
