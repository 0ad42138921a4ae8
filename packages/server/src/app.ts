import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { API_PREFIX } from '@trialab/api-contract';
import Fastify, { type FastifyInstance } from 'fastify';

export interface ServerOptions {
  /** Folder of the built console; defaults to the console package's dist. */
  consoleDir?: string;
  logger?: boolean;
}

function defaultConsoleDir(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@trialab/console/package.json')), 'dist');
}

/** Builds the API as a fastify app; `main.ts` only listens and shuts down. */
export async function buildServer(options: ServerOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.logger ?? false });
  const consoleDir = options.consoleDir ?? defaultConsoleDir();

  app.get(`${API_PREFIX.user}/sys/dict/sys-version`, async () => ({ code: 200, msg: 'ok', data: '0.1.0' }));

  await app.register(fastifyStatic, { root: consoleDir, wildcard: false });
  // History-mode routing: unknown non-API paths get the console's index.html.
  app.setNotFoundHandler((request, reply) => {
    if (request.method === 'GET' && !request.url.startsWith('/api/')) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.code(404).send({ code: 404, msg: 'Not Found', data: null });
  });
  return app;
}
