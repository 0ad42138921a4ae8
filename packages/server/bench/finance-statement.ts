// Benchmark of issue 29 "a statement over 100,000 events computed under 2 s, its PDF and xlsx each
// under 5 s" and "the bills list p99 under 100 ms at 20 connections", on PostgreSQL through the real
// signed routes (docs/performance.md "Billable events", "A statement over 100,000 events"). Figures
// only: nothing here fails on a target.
//
//   pnpm --filter @trialab/server run bench:statement      # 100,000 priced events
//   BENCH_EVENTS=10000 BENCH_SECONDS=5 pnpm --filter @trialab/server run bench:statement
//
// Options (env): BENCH_EVENTS (100000 priced events: half as many released reports, each priced
// CBC and LFT and an unpriced RFT), BENCH_CONNECTIONS (20), BENCH_SECONDS (10), BENCH_DATABASE_URL.
//
// The server (production, demo seed, pool of 20) runs in a child process; the finance bench's seed
// (bench/finance-seed.ts) adds the reports and runs this month's generation. Then, as the super
// account: the statement drafted for KM-2026-001 this month (statement.generate), its PDF and xlsx
// (3 times each), its review and confirmation (e-signed by the finance account: each signature's
// content hash digests its 100,000 lines), and the bills list (bills.paging, the project's period, 20 a page) at 20
// connections and one at a time.
import { fileURLToPath } from 'node:url';
import { endpoints, endpointUrl } from '@trialab/api-contract';
import { eq, sql } from 'drizzle-orm';
import { files, projects, users } from '../src/db/schema.js';
import { DEMO_PASSWORD } from '../src/seed/demo-data.js';
import { generateThisPeriod, labToday, seedReleasedReports } from './finance-seed.js';
import { loginAsAdmin } from './login.js';
import { answerCpu, benchNumber, benchServer, listenChild } from './server-child.js';
import {
  baseUrl,
  CONNECTIONS,
  call,
  fixed,
  line,
  loadRun,
  type Session,
  sequential,
  signedRequest,
  withBenchServer,
} from './signed-calls.js';

const EVENTS = benchNumber('BENCH_EVENTS', 100_000);
const REPORTS = Math.ceil(EVENTS / 2);
const PRINTS = 3;

interface Ready {
  port: number;
  admin: Session;
  finance: Session;
  scanId: number;
  projectId: number;
  period: string;
  seedSeconds: number;
  generated: unknown;
}

async function serve(): Promise<void> {
  const { database, app } = await benchServer();
  const db = database.db;
  const now = new Date();
  const started = performance.now();
  await seedReleasedReports(db, REPORTS, now);
  const generated = await generateThisPeriod(db, now);
  const seedSeconds = (performance.now() - started) / 1000;
  // The state autovacuum leaves the freshly filled table in within a minute or two (its visibility
  // map set, its statistics fresh), as the users bench does for its table.
  await db.execute(sql`VACUUM ANALYZE finance_billable_events`);
  const [project] = await db.select().from(projects).where(eq(projects.projectNo, 'KM-2026-001'));
  if (!project) throw new Error('no demo project KM-2026-001');
  // The customer's signed statement the confirmation attaches.
  const scan = Buffer.from('%PDF-1.4 signed statement');
  const [signer] = await db.select({ id: users.id }).from(users).where(eq(users.mobile, '13800000005'));
  const [file] = await db
    .insert(files)
    .values({
      name: 'signed.pdf',
      mime: 'application/pdf',
      size: scan.length,
      sha256: await app.deps.files.put(scan),
      uploadedBy: signer?.id,
    })
    .returning({ id: files.id });
  const port = await listenChild(app, database);
  const ready: Ready = {
    port,
    admin: await loginAsAdmin(db, port),
    finance: await loginAsAdmin(db, port, '13800000005'),
    scanId: file?.id ?? 0,
    projectId: project.id,
    period: labToday(now).period,
    seedSeconds,
    generated,
  };
  process.send?.(ready);
  answerCpu();
}

async function main(): Promise<void> {
  await withBenchServer<Ready>(fileURLToPath(import.meta.url), async (ready) => {
    line(
      `seeded ${REPORTS} released reports, generated ${ready.period}`,
      `${fixed(ready.seedSeconds)} s ${JSON.stringify(ready.generated)}`,
    );
    const { statement, bills } = endpoints;
    const drafted = await call<{ ids: number[] }>(ready.admin, statement.generate, {
      body: { projectId: ready.projectId, period: ready.period },
    });
    const id = drafted.data.ids[0] ?? 0;
    const got = await call<{ version: number; kinds: Array<{ lines: number }> }>(ready.admin, statement.get, {
      params: { id },
    });
    const events = got.data.kinds.reduce((a, k) => a + k.lines, 0);
    line(
      `statement generated (${drafted.data.ids.length} statement(s), ${events} events)`,
      `${fixed(drafted.ms)} ms`,
      '< 2 s',
    );
    line('statement read (its totals, no lines)', `${fixed(got.ms)} ms, ${fixed(got.bytes / 1024)} KiB`);
    // Its lines a page at a time, as the detail page reads them: the first page and a far one.
    for (const page of [1, Math.max(1, Math.floor(events / 20))]) {
      const lines = await call(ready.admin, statement.lines, { params: { id }, body: { page, size: 20 } });
      line(`statement lines, page ${page} of 20`, `${fixed(lines.ms)} ms, ${fixed(lines.bytes / 1024)} KiB`);
    }
    for (const [name, endpoint] of [
      ['PDF', statement.pdf],
      ['xlsx', statement.xlsx],
    ] as const) {
      const runs: Array<{ ms: number; bytes: number }> = [];
      for (let i = 0; i < PRINTS; i++) runs.push(await call(ready.admin, endpoint, { params: { id } }));
      line(
        `statement ${name} (${PRINTS} times)`,
        `${runs.map((r) => fixed(r.ms, 0)).join(' / ')} ms, ${fixed((runs[0]?.bytes ?? 0) / 1024)} KiB`,
        '< 5 s',
      );
    }
    // Reviewed (not by its creator) and confirmed, each e-signed over a digest of every line.
    const signature = { password: DEMO_PASSWORD };
    const reviewed = await call<{ version: number }>(ready.finance, statement.review, {
      params: { id },
      body: { version: got.data.version, signature },
    });
    line(`statement reviewed, e-signed (${events} lines)`, `${fixed(reviewed.ms)} ms`);
    const confirmed = await call(ready.finance, statement.confirm, {
      params: { id },
      body: { version: reviewed.data.version, signedFileId: ready.scanId, signature },
    });
    line(`statement confirmed, e-signed, its PDF stored (${events} lines)`, `${fixed(confirmed.ms)} ms`);
    const body = { page: 1, size: 20, period: ready.period, projectId: ready.projectId };
    // Warm-up, as a running server is: the route compiled, the pool's 20 connections open.
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        for (let i = 0; i < 10; i++) await call(ready.admin, bills.paging, { body });
      }),
    );
    const result = await loadRun(`bills list (project, period, 20 a page), ${CONNECTIONS} conns`, {
      url: baseUrl(),
      requests: [signedRequest(ready.admin, endpointUrl(bills.paging), () => JSON.stringify(body))],
    });
    line('bills list at 20 connections, p99', `${result.latency.p99} ms`, '< 100 ms');
    await sequential('bills list, one at a time (100 calls)', 100, () =>
      call(ready.admin, bills.paging, { body }),
    );
  });
}

if (process.argv.includes('--serve')) await serve();
else await main();
