#!/usr/bin/env node
import { buildServer } from './app.js';

const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? 'localhost';

const app = await buildServer({ logger: false });
await app.listen({ host, port });
const address = app.server.address();
const actualPort = typeof address === 'object' && address ? address.port : port;
console.log(`server on http://localhost:${actualPort}`);
process.send?.({ type: 'ready', ports: { server: actualPort } });
const stop = () => void app.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
