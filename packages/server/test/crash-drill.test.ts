// The crash drill (docs/operations.md, "Retries and idempotency keys"): four clients submit
// consumable applications to the real server process, each with an idempotency key; the process is
// killed with SIGKILL mid-stream and started again on the same data; every call that got no answer
// is sent again with its key. Nothing acknowledged may be lost, nothing retried may be doubled, and
// the audit chain must verify. On both engines; PGlite keeps its data directory on disk here.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { endpoints, endpointUrl, IDEMPOTENCY_HEADERS } from '@trialab/api-contract';
import { count, like } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { scaled } from '../../../vitest.machine.js';
import { buildServer } from '../src/app.js';
import { PACKAGE_DIR } from '../src/config.js';
import { type DatabaseHandle, type Engine, openDatabase } from '../src/db/client.js';
import { consumableOrders } from '../src/db/schema-portal.js';
import { verifyAuditChain } from '../src/lib/audit-verification.js';
import { BOTH_ENGINES, createTestDatabase, pgliteDataDirFromTemplate, type TestDatabase } from './engines.js';
import {
  demoApplication,
  login,
  type Session,
  serverProgram,
  signedHeaders,
  TEST_CONFIG,
} from './helpers.js';

const CLIENTS = 4;
/** The kill comes once this many writes were acknowledged. */
const KILL_AFTER_ACKS = 24;

interface Place {
  url: string | undefined;
  dataDir: string | undefined;
  dir: string;
}

/**
 * A fresh database with the demo seed (the run's seeded template, global-setup.ts) and the files
 * the seed wrote: PGlite with its data directory on disk, or one on the test cluster.
 */
async function prepare(
  engine: Engine,
): Promise<{ place: Place; testDb?: TestDatabase; open(): Promise<DatabaseHandle> }> {
  const dir = await mkdtemp(join(tmpdir(), 'trialab-crash-'));
  await cp(inject('seededFiles')[engine], join(dir, 'files'), { recursive: true });
  if (engine === 'pglite') {
    const dataDir = join(dir, 'pglite');
    await pgliteDataDirFromTemplate(dataDir, true);
    return { place: { url: undefined, dataDir, dir }, open: () => openDatabase({ dataDir }) };
  }
  const testDb = await createTestDatabase('postgres', true);
  return { place: { url: testDb.url, dataDir: undefined, dir }, testDb, open: () => testDb.open() };
}

/**
 * Starts src/main.ts (bundled for the run: serverProgram) and waits for its port, as long as the
 * test's limit allows (it grows with the machine's load): a start is no failure of the drill.
 */
async function startServer(
  place: Place,
  children: Set<ChildProcess>,
): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, [serverProgram('main')], {
    cwd: PACKAGE_DIR,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      TRIALAB_MODE: 'demo',
      LOG_LEVEL: 'silent',
      ...(place.url ? { DATABASE_URL: place.url } : { DATA_DIR: place.dataDir }),
      FILES_DIR: join(place.dir, 'files'),
      KEYS_DIR: join(place.dir, 'keys'),
      AUDIT_CHECKPOINT_MINUTES: '0',
    },
  });
  children.add(child);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.on('message', (message: { type?: string; ports?: { server?: number } }) => {
      if (message.type === 'ready' && message.ports?.server) resolve(message.ports.server);
    });
    child.on('exit', (code) =>
      reject(new Error(`server exited with ${code} before it was ready:\n${output}`)),
    );
  });
  return { child, base: `http://127.0.0.1:${port}` };
}

function stopped(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

interface Submission {
  key: string;
  note: string;
  body: string;
}

/** Sends one application as `session` over HTTP, signed as the console signs it. */
async function submit(base: string, session: Session, submission: Submission) {
  const endpoint = endpoints.consumable.create;
  const path = endpointUrl(endpoint);
  const headers = signedHeaders(
    endpoint.method,
    path,
    undefined,
    submission.body,
    session.signingKey,
    Date.now(),
    randomBytes(16).toString('hex'),
  );
  const response = await fetch(`${base}${path}`, {
    method: endpoint.method,
    headers: {
      ...headers,
      authorization: `Bearer ${session.token}`,
      'content-type': 'application/json',
      lang: 'en_US',
      [IDEMPOTENCY_HEADERS.key]: submission.key,
    },
    body: submission.body,
  });
  const answer = (await response.json()) as { code: number };
  return { code: answer.code, replayed: response.headers.get(IDEMPOTENCY_HEADERS.replayed) === 'true' };
}

describe('crash drill', () => {
  const children = new Set<ChildProcess>();
  const cleanup: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    await Promise.all([...children].map((child) => stopped(child, 'SIGKILL')));
    for (const step of cleanup.reverse()) await step();
  });

  // The engines run side by side: most of the time goes to starting server processes. The time
  // limit is for a loaded machine; unloaded the file takes well under a minute.
  it.concurrent.each(BOTH_ENGINES)(
    'on %s: no acknowledged write lost, no retried one doubled after SIGKILL',
    { timeout: scaled(150_000) },
    async (engine) => {
      const prepared = await prepare(engine);
      cleanup.push(() => rm(prepared.place.dir, { recursive: true, force: true }));
      if (prepared.testDb) cleanup.push(() => prepared.testDb?.drop() ?? Promise.resolve());

      // The server of this process finds the seed done (the template's) and logs the clients in.
      let handle = await prepared.open();
      const app = await buildServer({
        consoleDir: '/nonexistent-console',
        database: handle,
        config: { ...TEST_CONFIG, filesDir: join(prepared.place.dir, 'files') },
      });
      const clock = { now: Date.now(), advance: () => undefined };
      const env = { app, handle, clock };
      const sessions: Session[] = [];
      for (let i = 0; i < CLIENTS; i++) sessions.push(await login(env, '13900000001'));
      const application = await demoApplication(app, sessions[0] as Session, clock.now);
      await app.close();
      if (engine === 'pglite') await handle.close();

      // Drive: each client submits one application after another; the server dies mid-stream.
      let server = await startServer(prepared.place, children);
      const acknowledged: string[] = [];
      const inFlight: Array<{ session: Session; submission: Submission }> = [];
      let killed: Promise<void> | undefined;
      await Promise.all(
        sessions.map(async (session, client) => {
          for (let i = 0; ; i++) {
            const submission = { key: randomUUID(), note: `drill ${client}-${i}`, body: '' };
            submission.body = JSON.stringify(application(submission.note));
            let answer: Awaited<ReturnType<typeof submit>>;
            try {
              answer = await submit(server.base, session, submission);
            } catch {
              // No answer (the connection dropped or was refused): it may or may not have committed.
              inFlight.push({ session, submission });
              return;
            }
            expect(answer.code).toBe(200);
            acknowledged.push(submission.note);
            if (acknowledged.length === KILL_AFTER_ACKS) killed = stopped(server.child, 'SIGKILL');
          }
        }),
      );
      await killed;
      expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
      expect(inFlight).toHaveLength(CLIENTS);

      // Restart on the same data and send every unanswered call again with its key.
      server = await startServer(prepared.place, children);
      let committedBeforeKill = 0;
      for (const { session, submission } of inFlight) {
        const answer = await submit(server.base, session, submission);
        expect(answer.code).toBe(200);
        if (answer.replayed) committedBeforeKill += 1;
      }
      await stopped(server.child, 'SIGTERM');

      handle = await prepared.open();
      try {
        const rows = await handle.db
          .select({ note: consumableOrders.note, n: count() })
          .from(consumableOrders)
          .where(like(consumableOrders.note, 'drill %'))
          .groupBy(consumableOrders.note);
        const counts = new Map(rows.map((row) => [row.note, row.n]));
        const lost = acknowledged.filter((note) => counts.get(note) !== 1);
        const duplicated = rows.filter((row) => row.n > 1).map((row) => row.note);
        const retried = inFlight.map(({ submission }) => submission.note);
        expect(lost).toEqual([]);
        expect(duplicated).toEqual([]);
        expect(retried.filter((note) => counts.get(note) !== 1)).toEqual([]);
        expect(rows).toHaveLength(acknowledged.length + inFlight.length);
        const chain = await verifyAuditChain(handle.db);
        expect(chain.problems).toEqual([]);
        expect(chain.ok).toBe(true);
        console.log(
          `crash drill (${engine}): ${acknowledged.length} acknowledged writes checked, ${lost.length} lost; ` +
            `${inFlight.length} unanswered (in flight at the SIGKILL, or refused after it), retried with ` +
            `their keys: ${committedBeforeKill} had committed (answered from the key), ` +
            `${inFlight.length - committedBeforeKill} ran anew, ` +
            `${duplicated.length} duplicated; audit chain of ${chain.rows} rows verifies`,
        );
      } finally {
        if (engine === 'pglite') await handle.close();
      }
    },
  );
});
