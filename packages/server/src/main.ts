#!/usr/bin/env node
import { buildServer } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DEMO_PASSWORD, DEMO_USERS } from './seed/demo-data.js';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const app = await buildServer({ logger: process.env.LOG_LEVEL !== 'silent' && config.mode === 'production' });
await app.listen({ host: config.host, port: config.port });
const address = app.server.address();
const actualPort = typeof address === 'object' && address ? address.port : config.port;
console.log(`server on http://localhost:${actualPort} (${app.deps.engine}, ${config.mode} mode)`);
console.log(`API reference: http://localhost:${actualPort}/api/docs`);
if (config.mode === 'production' && config.sms.provider === 'outbox') {
  // Not an error: a site may log in by password only. But SMS login codes then reach nobody.
  console.warn(
    'warning: no SMS provider (SMS_PROVIDER): SMS login codes and first-login passwords go to the outbox table, which production does not show; set SMS_PROVIDER=aliyun or tencent (docs/operations.md "SMS")',
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
