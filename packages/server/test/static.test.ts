import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { startEnv } from './helpers.js';

it('serves the console with history fallback and keeps API misses as JSON', async () => {
  const consoleDir = await mkdtemp(join(tmpdir(), 'console-'));
  await writeFile(join(consoleDir, 'index.html'), '<div id="root"></div>');
  await writeFile(join(consoleDir, 'version.json'), JSON.stringify({ version: '9.8.7' }));
  // The routes are the point, not the database: the seeded PostgreSQL copy, where a server of its
  // own migrated a PGlite database for this alone.
  const env = await startEnv('postgres', { consoleDir });
  const { app } = env;
  const page = await app.inject({ method: 'GET', url: '/home/todo' });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('id="root"');
  const api = await app.inject({ method: 'GET', url: '/api/kmct/nothing-here' });
  expect(api.statusCode).toBe(404);
  expect(api.json()).toMatchObject({ code: 404 });
  const version = await app.inject({ method: 'GET', url: '/version.json?v=1' });
  // The console's own build file, not the server's package version.
  expect(version.json()).toEqual({ version: '9.8.7' });
  expect(version.headers['cache-control']).toContain('no-cache');
  const docs = await app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(docs.statusCode).toBe(200);
  expect(docs.json().paths['/api/kmct-user/sys/auth/login'].post.operationId).toBe('auth.login');
  await env.close();
});
