import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { IDEMPOTENCY_HEADERS } from '@trialab/api-contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/**
 * helmet's headers that act only on a document (or a worker script): what it may load, embed or be
 * embedded by, its opener, referrer and agent cluster, HSTS (one response per visit teaches it),
 * legacy IE/Flash switches. On the console's scripts, styles and images they are dead weight (about
 * 1.1 KB on each of /login's 40 files); documents and API answers keep them all.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  // Guards against no-cors reads of private data; the console's bundles are public code.
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

/**
 * Leaves a static subresource (script, style sheet, font, raster image) only the headers it needs:
 * helmet has set the document ones on every response by then. `X-Content-Type-Options: nosniff`
 * stays, since it is what makes the browser refuse a script or style sheet of the wrong type.
 */
export function subresourceHeaders(reply: FastifyReply): void {
  for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
}

/** Security headers, CORS and rate limiting (limits are set per route on the auth endpoints). */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  const { config } = app.deps;
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // antd and the console's theme inject styles at runtime.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Captcha images are data URLs; camera snapshots and device streams come from the local bridge.
        imgSrc: ["'self'", 'data:', 'blob:', 'http://127.0.0.1:*', 'http://localhost:*'],
        mediaSrc: ["'self'", 'blob:', 'http://127.0.0.1:*', 'http://localhost:*'],
        connectSrc: [
          "'self'",
          'ws://127.0.0.1:*',
          'ws://localhost:*',
          'http://127.0.0.1:*',
          'http://localhost:*',
        ],
        fontSrc: ["'self'", 'data:'],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cors, {
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    allowedHeaders: [
      'Authorization',
      'Content-Type',
      'lang',
      'Accept-Language',
      'tz',
      'timestamp',
      'nonce',
      'Signature',
      'Content-MD5',
      'workstation',
      IDEMPOTENCY_HEADERS.key,
    ],
    // A cross-origin console can tell a replayed answer from a new one.
    exposedHeaders: [IDEMPOTENCY_HEADERS.replayed],
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    maxAge: 600,
  });
  await app.register(rateLimit, { global: false });
});
