// The database-kill drill (docs/operations.md, "Database outage drill"): clients keep writing
// through a running server while its PostgreSQL server is killed with SIGKILL (postmaster and every
// backend at once), then started again on the same data. While it is down the API answers 503 with
// a message in the caller's language and readiness is false; once it is back the same server
// recovers without a restart; every unanswered write is sent again with its idempotency key; no
// acknowledged write may be lost, none doubled, and the audit chain must verify. The cluster is a
// throw-away one of its own (scratch-cluster.ts), so the kill disturbs no other suite; the server
// runs in this process (the same pipeline as main.ts, no child process to start).
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { endpoints, IDEMPOTENCY_HEADERS, ResultCode } from '@trialab/api-contract';
import { count, like, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { scaled } from '../../../vitest.machine.js';
import { buildServer } from '../src/app.js';
import { type DatabaseHandle, openDatabase } from '../src/db/client.js';
import { stockOutTypes, users } from '../src/db/schema.js';
import { verifyAuditChain } from '../src/lib/audit-verification.js';
import { call, envelope, login, type Session, TEST_CONFIG } from './helpers.js';
import { type ScratchCluster, startScratchCluster } from './scratch-cluster.js';

const CLIENTS = 3;
/** The kill comes once this many writes were acknowledged. */
const KILL_AFTER_ACKS = 12;
/** Writes each client makes once the database is back. */
const WRITES_AFTER = 2;
const PASSWORD = 'Drill#Pass2026';
const UNAVAILABLE = {
  en_US: 'The database is unavailable at the moment; please try again shortly',
  zh_CN: '数据库暂时不可用，请稍后再试',
};

interface Submission {
  key: string;
  code: string;
}

let cluster: ScratchCluster | undefined;
let app: FastifyInstance | undefined;
let checker: DatabaseHandle | undefined;
const dir = await mkdtemp(join(tmpdir(), 'trialab-pgkill-files-'));
/**
 * A teardown step, bounded: the drill's proof is in its test; a step that hangs (seen once in a
 * loaded fresh-clone run, which step unknown) is named in the output and the next one still runs,
 * so the throw-away cluster is always removed.
 */
async function bounded(step: string, run: () => Promise<unknown> | undefined): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<'hung'>((resolve) => {
    timer = setTimeout(() => resolve('hung'), 20_000);
  });
  const outcome = await Promise.race([Promise.resolve(run()).then(() => 'done' as const), hung]);
  clearTimeout(timer);
  if (outcome === 'hung') console.warn(`database-kill drill teardown: ${step} did not finish within 20 s`);
}
afterAll(async () => {
  await bounded('server close', () => app?.close());
  await bounded('checker close', () => checker?.close());
  await bounded('cluster removal', () => cluster?.remove());
  await rm(dir, { recursive: true, force: true });
}, scaled(120_000));

it(
  'answers 503 while PostgreSQL is killed, recovers without a restart and loses no acknowledged write',
  async () => {
    const started = Date.now();
    cluster = await startScratchCluster();
    const admin = new pg.Client({ connectionString: cluster.url('postgres') });
    await admin.connect();
    await admin.query('CREATE DATABASE trialab');
    await admin.end();
    const databaseUrl = cluster.url('trialab');

    // The server opens the database itself (pool, LISTEN connection) as main.ts does; no demo data,
    // only the super account.
    app = await buildServer({
      consoleDir: '/nonexistent-console',
      config: {
        ...TEST_CONFIG,
        databaseUrl,
        databasePoolSize: 4,
        seedDemo: false,
        adminInitialPassword: PASSWORD,
        filesDir: join(dir, 'files'),
      },
    });
    const server = app;
    checker = await openDatabase({ databaseUrl, poolSize: 1 });
    // The first-login password change is not what this drill is about: taken as done.
    await checker.db.update(users).set({ mustChangePassword: false, passwordChangedAt: new Date() });
    const clock = { now: Date.now(), advance: () => undefined };
    const session = await login({ app: server, handle: checker, clock }, 'admin@trialab.local', PASSWORD);
    const ready = async () => (await server.inject({ method: 'GET', url: '/health/ready' })).statusCode;
    const submit = (as: Session, submission: Submission, lang: 'en_US' | 'zh_CN' = 'en_US') =>
      call(server, endpoints.stockOutTypes.create, {
        session: as,
        lang,
        body: {
          code: submission.code,
          name: submission.code,
          enName: submission.code,
          returnsSample: false,
          needsReview: false,
          reasons: ['1'],
        },
        tamper: (headers) => {
          headers[IDEMPOTENCY_HEADERS.key] = submission.key;
        },
      });
    const prepared = Date.now();

    // Write until the kill: each client stops at its first write that got no success.
    const acknowledged: string[] = [];
    const unanswered: Submission[] = [];
    const refusals = new Map<string, number>();
    let killed: Promise<void> | undefined;
    let killedAt = 0;
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        for (let i = 0; ; i++) {
          const submission = { key: randomUUID(), code: `K${client}-${i}` };
          const answer = await submit(session, submission);
          if (answer.statusCode === 200) {
            acknowledged.push(submission.code);
            if (acknowledged.length === KILL_AFTER_ACKS) {
              killedAt = Date.now();
              killed = cluster?.kill();
            }
            continue;
          }
          // It may or may not have committed (killed between the commit and its answer).
          const outcome = `${answer.statusCode}/${envelope(answer).code}`;
          refusals.set(outcome, 1 + (refusals.get(outcome) ?? 0));
          expect(answer.statusCode, answer.body).toBe(503);
          expect(envelope(answer)).toEqual({
            code: ResultCode.SERVICE_UNAVAILABLE,
            msg: UNAVAILABLE.en_US,
            data: null,
          });
          unanswered.push(submission);
          return;
        }
      }),
    );
    await killed;
    expect(unanswered).toHaveLength(CLIENTS);

    // Down: not ready (alive still), and every call answers 503 in the caller's language.
    expect(await ready()).toBe(503);
    expect((await server.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
    await expect
      .poll(() => server.deps.lifecycle.listening, { timeout: scaled(10_000), interval: 20 })
      .toBe(false);
    for (const lang of ['en_US', 'zh_CN'] as const) {
      const read = await call(server, endpoints.user.getCurrentUser, { session, lang });
      expect(read.statusCode).toBe(503);
      expect(read.headers['retry-after']).toBe('5');
      expect(envelope(read)).toEqual({
        code: ResultCode.SERVICE_UNAVAILABLE,
        msg: UNAVAILABLE[lang],
        data: null,
      });
      const write = await submit(session, { key: randomUUID(), code: `NEVER-${lang}` }, lang);
      expect(write.statusCode).toBe(503);
      expect(envelope(write).msg).toBe(UNAVAILABLE[lang]);
    }
    const captcha = await call(server, endpoints.auth.captcha, { lang: 'zh_CN' });
    expect(captcha.statusCode).toBe(503);

    // Back: the same server becomes ready again by itself; the unanswered writes are sent again.
    const restartAt = Date.now();
    await cluster.start();
    const upAt = Date.now();
    await expect.poll(ready, { timeout: scaled(60_000), interval: 50 }).toBe(200);
    const readyAt = Date.now();
    let committedBeforeKill = 0;
    for (const submission of unanswered) {
      const answer = await submit(session, submission);
      expect(answer.statusCode, answer.body).toBe(200);
      if (answer.headers[IDEMPOTENCY_HEADERS.replayed.toLowerCase()] === 'true') committedBeforeKill += 1;
    }
    const after: string[] = [];
    for (let client = 0; client < CLIENTS; client++) {
      for (let i = 0; i < WRITES_AFTER; i++) {
        const submission = { key: randomUUID(), code: `A${client}-${i}` };
        expect((await submit(session, submission)).statusCode).toBe(200);
        after.push(submission.code);
      }
    }

    // Every acknowledged and every retried write exactly once, nothing written while down.
    const rows = await checker.db
      .select({ code: stockOutTypes.code, n: count() })
      .from(stockOutTypes)
      .where(
        or(
          like(stockOutTypes.code, 'K%'),
          like(stockOutTypes.code, 'A%'),
          like(stockOutTypes.code, 'NEVER%'),
        ),
      )
      .groupBy(stockOutTypes.code);
    const counts = new Map(rows.map((row) => [row.code, row.n]));
    const lost = [...acknowledged, ...after].filter((code) => counts.get(code) !== 1);
    const duplicated = rows.filter((row) => row.n > 1).map((row) => row.code);
    expect(lost).toEqual([]);
    expect(duplicated).toEqual([]);
    expect(unanswered.filter(({ code }) => counts.get(code) !== 1)).toEqual([]);
    expect(counts.size).toBe(acknowledged.length + unanswered.length + after.length);
    const chain = await verifyAuditChain(checker.db);
    expect(chain.problems).toEqual([]);
    expect(chain.ok).toBe(true);

    console.log(
      `database-kill drill: set-up ${prepared - started} ms; ${acknowledged.length} writes acknowledged before ` +
        `and ${after.length} after the kill, ${lost.length} lost; ${unanswered.length} unanswered at the kill ` +
        `(${[...refusals].map(([outcome, n]) => `${n} × ${outcome}`).join(', ')}), retried with their keys: ${committedBeforeKill} had committed, ` +
        `${unanswered.length - committedBeforeKill} ran anew, ${duplicated.length} duplicated; down ` +
        `${restartAt - killedAt} ms; PostgreSQL accepted connections ${upAt - restartAt} ms after its start, ` +
        `the server was ready ${readyAt - upAt} ms later; audit chain of ${chain.rows} rows verifies`,
    );
  },
  scaled(120_000),
);
