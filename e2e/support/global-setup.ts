import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import type { Engine } from '../../packages/server/src/db/client.ts';
import { createDatabase, dropDatabase, runRole } from '../../packages/server/test/local-postgres.ts';
import { sessionStateDir } from './console/session.ts';
import { type StackInfo, startStack } from './stack.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo;
  }
}

/**
 * The database engine of this run's stack: `TRIALAB_E2E_ENGINE=postgres` a fresh database on the
 * local PostgreSQL cluster (the production engine), else PGlite (what `npm start` runs). `npm test`
 * runs its e2e lanes one on each (scripts/test-all.ts), so both engines are walked end to end.
 */
function engine(): Engine {
  const wanted = process.env.TRIALAB_E2E_ENGINE ?? 'pglite';
  if (wanted !== 'pglite' && wanted !== 'postgres') {
    throw new Error(`TRIALAB_E2E_ENGINE must be pglite or postgres, not ${wanted}`);
  }
  return wanted;
}

/** Starts one stack for the whole e2e run and hands its addresses to the tests. */
export default async function setup(project: TestProject) {
  const database = engine() === 'postgres' ? await freshDatabase() : undefined;
  const stack = await startStack(database ? { DATABASE_URL: database.url } : {}).catch(async (error) => {
    await database?.drop();
    throw error;
  });
  project.provide('stack', stack.info);
  return async () => {
    await stack.stop();
    await database?.drop();
    // The logged-in states the files kept for each other (support/console/session.ts).
    rmSync(sessionStateDir(stack.info.consoleUrl), { recursive: true, force: true });
  };
}

/** An empty database of this run on the local PostgreSQL cluster, and its removal with the run's role. */
async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const role = runRole();
  const name = `trialab_e2e_${randomBytes(6).toString('hex')}`;
  const url = await createDatabase(role.adminUrl, name);
  return {
    url,
    drop: async () => {
      await dropDatabase(role.adminUrl, name);
      role.drop();
    },
  };
}
