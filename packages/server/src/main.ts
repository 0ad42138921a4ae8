#!/usr/bin/env node
import { buildServer } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DEMO_PASSWORD, DEMO_USERS } from './seed/demo-data.js';

/** A configuration error (an invalid variable, a missing key) ends the start with its message. */
function exitOnConfigError(error: unknown): never {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  exitOnConfigError(error);
}

const app = await buildServer({
  logger: process.env.LOG_LEVEL !== 'silent' && config.mode === 'production',
}).catch(exitOnConfigError);
await app.listen({ host: config.host, port: config.port });
const address = app.server.address();
const actualPort = typeof address === 'object' && address ? address.port : config.port;
console.log(`server on http://localhost:${actualPort} (${app.deps.engine}, ${config.mode} mode)`);
console.log(`API reference: http://localhost:${actualPort}/api/docs`);
if (app.deps.engine === 'pglite') {
  // PGlite in Node never fsyncs (docs/operations.md, "The embedded engine").
  console.log(
    'embedded database (PGlite): for one workstation and demos; a power loss or VM reset can lose recent writes. Production runs on PostgreSQL (DATABASE_URL).',
  );
}
if (config.seedDemo) {
  console.log(`demo accounts (password ${DEMO_PASSWORD}; log in by mobile or e-mail):`);
  for (const user of DEMO_USERS) {
    const note = user.isSuper ? ' super account' : user.mustChangePassword ? ' must change password' : '';
    console.log(
      `  ${user.mobile}  ${user.email.padEnd(26)} ${user.username}${note ? ` (${note.trim()})` : ''}`,
    );
  }
}
if (app.deps.seeded.generatedAdminPassword) {
  console.log(
    `super account created: 13800000000 / admin@trialab.local, initial password ${app.deps.seeded.generatedAdminPassword} (change it at first login; shown only once)`,
  );
}
const stop = () => void app.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
// Started by the stack launcher: if the launcher dies, its IPC channel closes and we go too.
process.once('disconnect', stop);
process.send?.({
  type: 'ready',
  ports: { server: actualPort },
  demoAccounts: config.seedDemo
    ? DEMO_USERS.map((user) => `${user.mobile} or ${user.email} / ${DEMO_PASSWORD} (${user.username})`)
    : [],
});
