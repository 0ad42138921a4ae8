import { readFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { requestLang, t } from '../lib/i18n.js';
import { subresourceHeaders } from './security.js';

export interface ConsolePluginOptions {
  /** Folder of the built console (vite's dist: index.html, assets/, version.json, *.br and *.gz). */
  root: string;
}

/** vite names every file under assets/ by its content hash: a changed file is a new URL. */
const HASHED = `${sep}assets${sep}`;
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html, version.json and the unhashed public files: revalidate every time (ETag). */
const REVALIDATE = 'no-cache';

/**
 * Files a page loads as subresources, never opened as a document (SVG can be, and runs scripts, so it
 * keeps the document headers like HTML does); `path` may be the pre-compressed sibling.
 */
const SUBRESOURCE = /\.(js|css|woff2?|ttf|png|jpe?g|gif|webp|avif|ico)(\.(br|gz))?$/;

/** Cache policy of a served file; `path` may be the pre-compressed sibling (`x.js.br`). */
export function cacheControlFor(path: string): string {
  return path.includes(HASHED) ? IMMUTABLE : REVALIDATE;
}

/** The console's built version (dist/version.json, written by its vite build), or null when absent. */
async function builtVersion(root: string): Promise<string | null> {
  try {
    const parsed: unknown = JSON.parse(await readFile(join(root, 'version.json'), 'utf8'));
    if (typeof parsed === 'object' && parsed !== null && 'version' in parsed) {
      const { version } = parsed;
      if (typeof version === 'string' && version !== '') return version;
    }
  } catch {
    // not built, or not readable: answered as missing below
  }
  return null;
}

/**
 * Serves the built console: files pre-compressed at build (brotli, else gzip, else plain, by the
 * request's Accept-Encoding, always with `Vary: Accept-Encoding`), hashed assets cached for a year,
 * everything else revalidated; history-mode fallback to index.html; `/version.json` from the build.
 */
export const consolePlugin = fp(async (app: FastifyInstance, { root }: ConsolePluginOptions) => {
  // SPEC section 7: GET /version.json?v={timestamp}, never cached. The console's own build file, so
  // the version the page was built with and the one announced here cannot drift.
  app.get('/version.json', async (request, reply) => {
    reply.header('cache-control', 'no-cache, no-store');
    const version = await builtVersion(root);
    if (version === null) {
      return reply
        .code(404)
        .send({ code: 404, msg: t(requestLang(request.headers), 'consoleNotBuilt'), data: null });
    }
    return reply.send({ version });
  });

  await app.register(fastifyStatic, {
    root,
    wildcard: true,
    preCompressed: true,
    // Our own Cache-Control (send's default is `public, max-age=0`); the ETag alone revalidates.
    cacheControl: false,
    lastModified: false,
    acceptRanges: false,
    setHeaders: (reply, path) => {
      reply.header('cache-control', cacheControlFor(path));
      if (SUBRESOURCE.test(path)) subresourceHeaders(reply);
    },
  });

  // History-mode routing: unknown non-API paths get the console's index.html.
  app.setNotFoundHandler((request, reply) => {
    if (request.method === 'GET' && !request.url.startsWith('/api/')) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply
      .code(404)
      .send({ code: 404, msg: t(requestLang(request.headers), 'routeNotFound'), data: null });
  });
});
