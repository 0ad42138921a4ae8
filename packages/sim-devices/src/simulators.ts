import Fastify, { type FastifyInstance } from 'fastify';

export interface SimulatorOptions {
  host?: string;
  /** Port of the camera / ID-card / face service; 0 picks a free one. */
  cameraPort?: number;
}

export interface RunningSimulators {
  ports: { camera: number };
  close(): Promise<void>;
}

/** The Eloam-style camera service on 38088 (grows into every vendor simulator). */
function cameraService(): FastifyInstance {
  const app = Fastify({ logger: false });
  // Vendor clients send JSON text labelled as a form; read it as text and parse leniently.
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.all('/video=status', async () => ({ code: '0', video0: 'ok', video1: 'ok' }));
  return app;
}

export async function startSimulators(options: SimulatorOptions = {}): Promise<RunningSimulators> {
  const host = options.host ?? '127.0.0.1';
  const camera = cameraService();
  await camera.listen({ host, port: options.cameraPort ?? 0 });
  const address = camera.server.address();
  const cameraPort = typeof address === 'object' && address ? address.port : 0;
  return {
    ports: { camera: cameraPort },
    close: () => camera.close(),
  };
}
