// Benchmark of issue 5: signed, authenticated `POST /sys/user/page` over 100,000 users with
// filters, against the same route with signing, authentication and the query removed, side by side
// in one run. The server runs in a child process so autocannon does not share its event loop.
//
//   pnpm --filter @trialab/server run bench                     # PGlite (in memory)
//   BENCH_DATABASE_URL=postgres://… pnpm --filter @trialab/server run bench   # PostgreSQL (empty database)
//
// Options (env): BENCH_CONNECTIONS (100), BENCH_SECONDS (10), BENCH_USERS (100000),
// BENCH_ROUNDS (3: signed and query-only runs, alternating), BENCH_CPU_PROFILE (a folder for the
// server's V8 CPU profile), BENCH_ONLY (comma-separated runs of
// baseline, full, query: to profile one route alone), BENCH_QUERY_UNSIGNED (1: the query-only route
// driven with plain requests, autocannon then signing for the full route only).
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { canonicalString, endpoints } from '@trialab/api-contract';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { buildServer } from '../src/app.js';
import { openDatabase } from '../src/db/client.js';
import { pageUsers } from '../src/modules/users/repository.js';
import { loginAsAdmin } from './login.js';
import { answerCpu, benchConfig, forkServer, listenChild } from './server-child.js';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const PATH = '/api/kmct-user/sys/user/page';
const BASELINE = '/bench/baseline';
const QUERY_ONLY = '/bench/query-only';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ONLY = new Set((process.env.BENCH_ONLY ?? 'baseline,full,query').split(','));
const BODY = JSON.stringify({ page: 1, size: 10, type: 1, status: 1, username: '用户12' });

interface Ready {
  port: number;
  token: string;
  signingKey: string;
  engine: string;
}

async function serve(): Promise<void> {
  const database = await openDatabase({
    databaseUrl: process.env.BENCH_DATABASE_URL,
    dataDir: 'memory://',
    poolSize: 20,
  });
  const app = await buildServer({
    database,
    consoleDir: '/nonexistent',
    config: benchConfig(),
  });
  await database.db.execute(sql`
    INSERT INTO users (username, mobile, email, job_number, type, status, must_change_password, password_changed_at)
    SELECT '用户' || g, '15' || lpad(g::text, 9, '0'), 'u' || g || '@bench.local', 'B' || g,
           CASE WHEN g % 5 = 0 THEN 2 ELSE 1 END, CASE WHEN g % 10 = 0 THEN 0 ELSE 1 END, false, now()
    FROM generate_series(1, ${USERS}) AS g`);
  // Steady state, as autovacuum leaves it: the bulk insert's GIN pending list merged into the trigram
  // indexes (scanning an unmerged pending list makes each search several times slower) and fresh statistics.
  await database.db.execute(sql`VACUUM ANALYZE users`);
  // The baseline: same body schema and envelope, no signing, session or query.
  const schema = endpoints.user.page.body;
  app.post(BASELINE, async (request) => {
    const parsed = schema?.safeParse(request.body);
    return { code: parsed?.success ? 200 : 400, msg: 'Success', data: [], total: 0 };
  });
  // The query alone: the same parse, repository call and envelope, without signing or session,
  // to tell the cost of the query from the cost of the security around it.
  app.post(QUERY_ONLY, async (request) => {
    const parsed = schema?.safeParse(request.body);
    if (!parsed?.success) return { code: 400, msg: 'Bad request', data: null };
    const { page, size, ...filter } = parsed.data as { page: number; size: number };
    const result = await pageUsers(database.db, filter, page, size);
    return { code: 200, msg: 'Success', data: result.rows, total: result.total };
  });
  const port = await listenChild(app, database);
  const login = await loginAsAdmin(database.db, port);
  const ready: Ready = {
    port,
    token: login.token,
    signingKey: login.signingKey,
    engine: database.engine,
  };
  process.send?.(ready);
  answerCpu();
}

let serverCpu: () => Promise<number> = async () => 0;

function signed(ready: Ready): (request: autocannon.Request) => autocannon.Request {
  const md5 = createHash('md5').update(BODY).digest('base64');
  const key = Buffer.from(ready.signingKey, 'base64');
  return (request) => {
    const timestamp = String(Date.now());
    const nonce = randomBytes(12).toString('base64url');
    const canonical = canonicalString({
      method: 'POST',
      path: PATH,
      query: [],
      timestamp,
      nonce,
      contentMd5: md5,
    });
    request.headers = {
      ...request.headers,
      timestamp,
      nonce,
      'Content-MD5': md5,
      Signature: createHmac('sha256', key).update(canonical).digest('base64'),
    };
    return request;
  };
}

async function run(title: string, options: autocannon.Options) {
  const cpuBefore = await serverCpu();
  const clientBefore = process.cpuUsage();
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
  const client = process.cpuUsage(clientBefore);
  const cpuPerRequest = (await serverCpu()) - cpuBefore;
  const served = result.requests.total;
  const perRequest = (micros: number) => (served ? (micros / served).toFixed(0) : '?').padStart(4);
  const non2xx = result.non2xx + result.errors + result.timeouts;
  if (non2xx > 0)
    console.log(
      `  status codes: ${JSON.stringify(result.statusCodeStats)}, errors ${result.errors}, timeouts ${result.timeouts}`,
    );
  console.log(
    `${title.padEnd(34)} ${result.requests.average.toFixed(0).padStart(7)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(4)} ms   CPU µs/req: server ${perRequest(cpuPerRequest)}, autocannon ${perRequest(client.user + client.system)}   non-2xx/errors ${non2xx}`,
  );
  return result;
}

/** Waits until the server answers the baseline quickly again (no backlog from the last run). */
async function idle(url: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const started = Date.now();
    await fetch(`${url}${BASELINE}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: BODY,
    });
    if (Date.now() - started < 20) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function main(): Promise<void> {
  const server = await forkServer<Ready>(fileURLToPath(import.meta.url), process.env);
  const { child, ready } = server;
  serverCpu = server.serverCpu;
  try {
    console.log(
      `engine ${ready.engine}, ${USERS} extra users, ${CONNECTIONS} connections, ${SECONDS} s per run`,
    );
    const load = () =>
      loadavg()
        .map((n) => n.toFixed(2))
        .join(' ');
    console.log(
      `machine: ${cpus().length} x ${cpus()[0]?.model ?? '?'}, Node ${process.version}, load ${load()}`,
    );
    const url = `http://127.0.0.1:${ready.port}`;
    const common = {
      method: 'POST' as const,
      body: BODY,
      headers: { 'content-type': 'application/json', lang: 'en_US' },
    };
    const signedRun: autocannon.Options = {
      ...common,
      url: `${url}${PATH}`,
      headers: { ...common.headers, authorization: `Bearer ${ready.token}` },
      requests: [{ setupRequest: signed(ready) }],
    };
    // The query-only route gets the same signed requests (headers it ignores): autocannon shares the
    // machine's cores, so its signing work must weigh the same on both sides of the ratio.
    // BENCH_QUERY_UNSIGNED=1: plain requests to the query-only route, as the bench did before.
    const queryRun: autocannon.Options = process.env.BENCH_QUERY_UNSIGNED
      ? { ...common, url: `${url}${QUERY_ONLY}` }
      : { ...signedRun, url: `${url}${QUERY_ONLY}` };
    const runs = {
      baseline: () => run('baseline (no signing/session/query)', { ...common, url: `${url}${BASELINE}` }),
      full: () => run('signed + session + paged query', signedRun),
      query: () => run('paged query only (no signing/session)', queryRun),
    };
    // Warm up, then the baseline; then the full and the query-only route alternately, ROUNDS times
    // (the order swapped each round, so a change in the machine's load does not favour either);
    // each run starts on an idle server. The warm-up covers all three routes: the first searches after
    // the bulk insert read the table and indexes into PostgreSQL's buffers, a cost whichever route ran
    // first would otherwise pay alone.
    await run('warm-up (discarded)', { ...common, url: `${url}${BASELINE}`, duration: 2 });
    await run('warm-up query only (discarded)', { ...queryRun, duration: 3 });
    await idle(url);
    await run('warm-up signed (discarded)', { ...signedRun, duration: 3 });
    await idle(url);
    const bare = ONLY.has('baseline') ? await runs.baseline() : undefined;
    const totals = { full: 0, query: 0 };
    const alternate = (['full', 'query'] as const).filter((name) => ONLY.has(name));
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? alternate : [...alternate].reverse();
      const figures = { full: 0, query: 0 };
      for (const name of order) {
        await idle(url);
        figures[name] = (await runs[name]()).requests.average;
        totals[name] += figures[name];
      }
      if (figures.full && figures.query) {
        console.log(`  round ${round + 1}: signed/query-only ${(figures.full / figures.query).toFixed(2)}`);
      }
    }
    if (bare && totals.full) {
      console.log(
        `ratio: ${(totals.full / ROUNDS / bare.requests.average).toFixed(2)} of the baseline throughput`,
      );
    }
    if (totals.full && totals.query) {
      console.log(
        `ratio: ${(totals.full / totals.query).toFixed(2)} of the query-only throughput (all rounds together)`,
      );
    }
    console.log(`load after: ${load()}`);
  } finally {
    child.kill('SIGTERM');
  }
}

if (process.argv.includes('--serve')) await serve();
else await main();
