import { PROTOCOL_VERSION } from '@trialab/device-protocol';
import Fastify, { type FastifyInstance } from 'fastify';

export interface BridgeOptions {
  /** Base URL of the camera / ID-card / face vendor service. */
  cameraServiceUrl: string;
}

/** Builds the bridge as a fastify app; `cli.ts` only listens and shuts down. */
export function buildBridge(options: BridgeOptions): FastifyInstance {
  const app = Fastify({ logger: false });
  // Health carries no personal data: only versions and whether vendors answer.
  app.get('/health', async () => {
    const camera = await fetch(new URL('/video=status', options.cameraServiceUrl), {
      method: 'POST',
      body: '{}',
      signal: AbortSignal.timeout(2000),
    }).then(
      (res) => res.ok,
      () => false,
    );
    return { status: 'ok', protocolVersion: PROTOCOL_VERSION, vendors: { camera: camera ? 'up' : 'down' } };
  });
  return app;
}
