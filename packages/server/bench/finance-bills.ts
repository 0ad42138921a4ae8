// Benchmark of issue 29 "Performance" (billable events) on PostgreSQL, in process (no HTTP: the
// generation is one call), figures in docs/performance.md "Billable events". Figures only: nothing
// here fails on a target.
//
//   pnpm --filter @trialab/server run bench:finance
//   BENCH_REPORTS=2000 BENCH_SPECIMENS=100000 pnpm --filter @trialab/server run bench:finance
//
// Options (env): BENCH_REPORTS (10000 released reports of 3 test items each, this month, in the demo
// contract's project), BENCH_SPECIMENS (1000000 stored specimens, one custody interval each, accrued
// for this month, then last month's generation with its accrual end to end), BENCH_ONLY (generation, storage), BENCH_DATABASE_URL (an empty database).
import { cpus, freemem, loadavg, totalmem } from 'node:os';
import { sql } from 'drizzle-orm';
import { buildServer } from '../src/app.js';
import { openDatabase } from '../src/db/client.js';
import { generatePeriod, storageFigures } from '../src/modules/finance/generate.js';
import { provideDatabase } from './bench-database.js';
import { generateThisPeriod, labToday, seedReleasedReports, ZONE } from './finance-seed.js';
import { seedLibrary } from './library-seed.js';
import { benchConfig } from './server-child.js';

const env = process.env;
const num = (name: string, fallback: number) => {
  const value = Number(env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
};
const REPORTS = num('BENCH_REPORTS', 10_000);
const SPECIMENS = num('BENCH_SPECIMENS', 1_000_000);
const ONLY = new Set((env.BENCH_ONLY ?? 'generation,storage').split(','));

/** The month before `YYYY-MM`. */
const previousPeriod = (period: string) => {
  const [y = 0, m = 1] = period.split('-').map(Number);
  return new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 7);
};

const seconds = (from: number) => ((performance.now() - from) / 1000).toFixed(2);

async function main(): Promise<void> {
  const database = provideDatabase();
  const handle = await openDatabase({ databaseUrl: database.url, dataDir: 'memory://', poolSize: 4 });
  try {
    // The production server's start seeds the demo (customers, the contract in force, its project).
    const app = await buildServer({ database: handle, consoleDir: '/nonexistent', config: benchConfig() });
    await app.close();
    const db = handle.db;
    const now = new Date();
    const { period } = labToday(now);
    console.log(
      `machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, ${Math.round(totalmem() / 2 ** 30)} GiB (${Math.round(freemem() / 2 ** 30)} free), load ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );

    if (ONLY.has('generation')) {
      let started = performance.now();
      await seedReleasedReports(db, REPORTS, now);
      console.log(`seeded ${REPORTS} released reports × 3 test items in ${seconds(started)} s`);
      started = performance.now();
      const first = await generateThisPeriod(db, now);
      console.log(`generation ${period}: ${seconds(started)} s, ${JSON.stringify(first)}`);
      started = performance.now();
      const second = await generateThisPeriod(db, now);
      console.log(`second run: ${seconds(started)} s, ${JSON.stringify(second)}`);
    }

    if (ONLY.has('storage')) {
      let started = performance.now();
      await seedLibrary(db, { specimens: SPECIMENS, units: 200, backups: 0, awaiting: 1 });
      const [{ n } = { n: 0 }] = (
        (await db.execute(
          sql`SELECT count(*)::int AS n FROM custody_events WHERE to_unit_id IS NOT NULL`,
        )) as unknown as {
          rows: Array<{ n: number }>;
        }
      ).rows;
      console.log(`seeded ${n} custody intervals in ${seconds(started)} s`);
      // The custody log is append-only: the seeded intervals are this month's, so the accrual's
      // figures (what the period close computes) are timed for this month.
      started = performance.now();
      const figures = await storageFigures(db, { period, timeZone: ZONE });
      console.log(
        `storage figures ${period}: ${seconds(started)} s, ${figures.length} lines, ${figures.reduce((a, f) => a + f.specimens, 0)} specimens`,
      );
      // The seed's intervals began over the past year (one specimen signed every 30 s), so last
      // month has ended with most of them in place: its generation, storage accrual included, end to end.
      const previous = previousPeriod(period);
      const [{ n: before } = { n: 0 }] = (
        (await db.execute(
          sql`SELECT count(*)::int AS n FROM custody_events WHERE to_unit_id IS NOT NULL AND at < ${`${period}-01`}::date`,
        )) as unknown as { rows: Array<{ n: number }> }
      ).rows;
      started = performance.now();
      const accrued = await db.transaction((tx) =>
        generatePeriod(tx, { period: previous, now, today: labToday(now).today, timeZone: ZONE }),
      );
      console.log(
        `generation ${previous} with its storage accrual (${before} intervals begun before ${period}): ${seconds(started)} s, ${JSON.stringify(accrued)}`,
      );
    }
  } finally {
    await handle.close();
    database.drop();
  }
}

await main();
