// Benchmark of issue 28 "Reports": barcode-stat on PostgreSQL with the library's million specimens,
// and a 100,000-row xlsx export streamed as a job (docs/performance.md "Reports at a million
// specimens"). Figures only: nothing here fails on a target.
//
//   pnpm --filter @trialab/server run bench:reports                       # 1,000,000 specimens
//   BENCH_SPECIMENS=50000 BENCH_UNITS=20 pnpm --filter @trialab/server run bench:reports   # a small run
//
// Options (env): BENCH_SPECIMENS (1000000), BENCH_UNITS (200),
// BENCH_DATABASE_URL (an empty database; else one of its own in the local cluster, dropped after
// unless BENCH_KEEP=1). The seed is the library bench's (bench/library-seed.ts). The queries run as
// the report engine runs them for a request (engine.ts `reportPage`, the super account's scope and a
// project manager's); the export as the job runs (exports.ts), its first bytes timed where they reach
// the file store and the process's memory sampled every 20 ms while it runs.
import { cpus, freemem, loadavg, totalmem } from 'node:os';
import type { Readable } from 'node:stream';
import type { ReportCode } from '@trialab/api-contract';
import { eq } from 'drizzle-orm';
import { buildServer } from '../src/app.js';
import { openDatabase } from '../src/db/client.js';
import { users } from '../src/db/schema.js';
import { REPORTS } from '../src/modules/report-manage/catalogue.js';
import { columnsOf, type FilterValues, reportPage } from '../src/modules/report-manage/engine.js';
import { recordExport, startExport } from '../src/modules/report-manage/exports.js';
import { scopeOf } from '../src/services/scope.js';
import { provideDatabase } from './bench-database.js';
import { seedLibrary } from './library-seed.js';
import { benchConfig, benchNumber } from './server-child.js';

const env = process.env;
const num = benchNumber;
const SPECIMENS = num('BENCH_SPECIMENS', 1_000_000);
const UNITS = num('BENCH_UNITS', 200);
const ZONE = 'Asia/Shanghai';

const fixed = (n: number) => n.toFixed(0);
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const line = (what: string, figure: string, target = '') =>
  console.log(`${what.padEnd(64)} ${figure.padEnd(40)} ${target}  (load ${load()})`);

async function main() {
  const provided = provideDatabase();
  const database = await openDatabase({ databaseUrl: provided.url, dataDir: 'memory://', poolSize: 10 });
  try {
    const app = await buildServer({ database, config: benchConfig() });
    console.log(
      `machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, ${mb(totalmem())} MB (${mb(freemem())} free), Node ${process.version}`,
    );
    let started = performance.now();
    await seedLibrary(database.db, { specimens: SPECIMENS, units: UNITS, backups: 2, awaiting: 1_000 });
    await database.db.execute('ANALYZE');
    line(
      `seed of ${SPECIMENS} specimens in ${UNITS} units`,
      `${fixed((performance.now() - started) / 1000)} s`,
    );

    const person = async (mobile: string) => {
      const [user] = await database.db.select().from(users).where(eq(users.mobile, mobile));
      if (!user) throw new Error(`no demo user ${mobile}`);
      return { user, scope: await scopeOf(database.db, user, []) };
    };
    const admin = await person('13800000000');
    const pm = await person('13800000003');
    const ask = async (
      who: typeof admin,
      code: ReportCode,
      values: FilterValues,
      size = 20,
    ): Promise<{ ms: number; total: number }> => {
      const report = REPORTS.get(code);
      if (!report) throw new Error(`no report ${code}`);
      const t0 = performance.now();
      const page = await reportPage(database.db, report, who.scope, {
        values,
        page: 1,
        size,
        lang: 'en_US',
        zone: ZONE,
      });
      return { ms: performance.now() - t0, total: page.total };
    };
    const median = (values: number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const timed = async (what: string, who: typeof admin, code: ReportCode, values: FilterValues) => {
      await ask(who, code, values); // warm the cache once
      const runs: number[] = [];
      let total = 0;
      for (let i = 0; i < 5; i += 1) {
        const answer = await ask(who, code, values);
        runs.push(answer.ms);
        total = answer.total;
      }
      line(
        `${what} (${total} rows)`,
        `median ${fixed(median(runs))} ms, max ${fixed(Math.max(...runs))} ms`,
        '< 1000 ms',
      );
    };
    await timed('barcode-stat by month, every project (super account)', admin, 'lab-barcode-stat', {
      period: 'month',
    });
    await timed('barcode-stat by day, every project (super account)', admin, 'lab-barcode-stat', {
      period: 'day',
    });
    await timed('barcode-stat by month, their projects (project manager)', pm, 'lab-barcode-stat', {
      period: 'month',
    });
    await timed('project-overview (super account)', admin, 'project-project-overview', {});
    await timed('project-overview, their projects (project manager)', pm, 'project-project-overview', {});
    await timed('query-barcode, first page of 20 (super account)', admin, 'lab-query-barcode', {});
    await timed('sample-in-detail, first page of 20 (super account)', admin, 'sample-sample-in-detail', {});

    // The export: barcodes LS0000001..LS0099999 (99,999 of the stored ones), by their shared prefix.
    const report = REPORTS.get('lab-query-barcode');
    if (!report) throw new Error('no report');
    const values: FilterValues = { barcode: 'LS00' };
    const deps = app.deps;
    let firstByte = 0;
    const stage = deps.files.stage.bind(deps.files);
    deps.files.stage = (source, max) => {
      (source as Readable).once('data', () => {
        firstByte = performance.now();
      });
      return stage(source, max);
    };
    const request = {
      report,
      scope: admin.scope,
      values,
      format: 'xlsx' as const,
      columns: columnsOf(report, []),
      lang: 'en_US' as const,
      zone: ZONE,
      now: new Date(),
      user: { userId: admin.user.id, username: admin.user.username },
    };
    const { row } = await database.db.transaction((tx) => recordExport(tx, request));
    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    started = performance.now();
    await startExport(deps, row, request, (failure) => console.error('export failed', failure));
    clearInterval(sampler);
    const [done] = await database.db
      .execute(
        `select state, written, (select size from files where id = file_id) as size from report_exports where id = ${row.id}`,
      )
      .then((r) => (r as unknown as { rows: Array<{ state: string; written: number; size: number }> }).rows);
    line(
      `xlsx export of ${done?.written} rows (${done?.state}, ${mb(Number(done?.size ?? 0))} MB)`,
      `${fixed(performance.now() - started)} ms in all, first bytes after ${fixed(firstByte - started)} ms`,
      'first bytes < 2000 ms',
    );
    line(
      'memory while exporting (resident set)',
      `peak ${mb(peak)} MB, ${mb(peak - baseline)} MB above the ${mb(baseline)} MB before`,
      '< 200 MB',
    );
    await app.close();
  } finally {
    await database.close();
    if (!env.BENCH_KEEP) provided.drop();
  }
}

await main();
