import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

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
      'tz',
      'timestamp',
      'nonce',
      'Signature',
      'Content-MD5',
      'workstation',
    ],
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    maxAge: 600,
  });
  await app.register(rateLimit, { global: false });
});
