// Benchmark of issue 28 "a barcode check at receipt under 50 ms p99" on PostgreSQL with a million
// specimens (docs/performance.md "Reports at a million specimens", "Receipt barcode check"). Figures
// only: nothing here fails on a target.
//
//   pnpm --filter @trialab/server run bench:receipt-barcodes      # 1,000,000 specimens, 200,000 codes
//   BENCH_SPECIMENS=50000 BENCH_UNITS=20 BENCH_CODES=20000 pnpm --filter @trialab/server run bench:receipt-barcodes
//
// Options (env): BENCH_SPECIMENS (1000000), BENCH_UNITS (200), BENCH_CODES (200000 reserved kit
// codes in all), BENCH_CONNECTIONS (20), BENCH_SECONDS (10), BENCH_DATABASE_URL (an empty database).
//
// The server (production, demo seed, pool of 20) runs in a child process; the library bench's seed
// (bench/library-seed.ts) adds the million specimens, then kit-code ranges are reserved the way the
// supply page reserves them (reserveRange). The desk scans into the demo's open kit shipment
// (ST-DEMO-KIT-001: KM-2026-001, site 01) with visit Baseline V1 chosen, through the signed route
// receiptBarcode.check, over a mix of answers: 4 in 10 good (each code once: a good scan marks it
// used), then one each of unknown, voided, already used, wrong project, wrong site, wrong visit.
import { fileURLToPath } from 'node:url';
import { type BarcodeCheckAnswer, endpoints, endpointUrl } from '@trialab/api-contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.js';
import * as s from '../src/db/schema.js';
import { sampleTransports } from '../src/db/schema-portal.js';
import { voidedBarcodes } from '../src/db/schema-project-config.js';
import { supplyBarcodes } from '../src/db/schema-supply-barcodes.js';
import { reserveRange, setStates } from '../src/modules/supply-barcodes/repository.js';
import { barcodeOf } from '../src/modules/supply-barcodes/service.js';
import { DEMO_KIT_SHIPMENT } from '../src/seed/supply-barcodes-demo.js';
import { seedLibrary } from './library-seed.js';
import { loginAsAdmin } from './login.js';
import { answerCpu, benchNumber, benchServer, listenChild } from './server-child.js';
import {
  baseUrl,
  CONNECTIONS,
  call,
  fixed,
  line,
  loadRun,
  percentile,
  type Session,
  signedRequest,
  withBenchServer,
} from './signed-calls.js';

const SPECIMENS = benchNumber('BENCH_SPECIMENS', 1_000_000);
const UNITS = benchNumber('BENCH_UNITS', 200);
const CODES = benchNumber('BENCH_CODES', 200_000);
const SEQUENTIAL = 200;
/** Each request's expected answer, in turn: 4 in 10 good. */
const MIX: BarcodeCheckAnswer[] = [
  'ok',
  'unknown',
  'ok',
  'voided',
  'alreadyUsed',
  'ok',
  'wrongProject',
  'wrongSite',
  'ok',
  'wrongVisit',
];
type Pools = Record<Exclude<BarcodeCheckAnswer, 'badCheck'>, string[]>;

interface Ready {
  port: number;
  desk: Session;
  shipmentId: number;
  visitId: number;
  pools: Pools;
  seedSeconds: number;
  codesSeconds: number;
}

// ---------------------------------------------------------------- the server (child process)

/** Reserves the kit codes: half good for the shipment, the rest in tenths for each refusal. */
async function seedCodes(db: Database) {
  const [desk] = await db.select().from(s.users).where(eq(s.users.mobile, '13800000001'));
  const [keeper] = await db.select().from(s.users).where(eq(s.users.mobile, '13800000004'));
  const [shipment] = await db
    .select()
    .from(sampleTransports)
    .where(eq(sampleTransports.orderNo, DEMO_KIT_SHIPMENT.orderNo));
  const [other] = await db.select().from(s.projects).where(eq(s.projects.projectNo, 'KM-2026-002'));
  if (!desk || !keeper || !shipment?.siteId || !other) throw new Error('demo data missing');
  const visits = await db
    .select()
    .from(s.visitPoints)
    .where(eq(s.visitPoints.projectId, shipment.projectId))
    .orderBy(asc(s.visitPoints.id));
  const visit = (enName: string) => visits.find((v) => v.enName === enName)?.id ?? 0;
  const [site2] = await db
    .select()
    .from(s.sites)
    .where(and(eq(s.sites.projectId, shipment.projectId), eq(s.sites.centerNo, '02')));
  const [otherSite] = await db.select().from(s.sites).where(eq(s.sites.projectId, other.id)).limit(1);
  if (!site2 || !otherSite) throw new Error('demo sites missing');
  const reservedAt = new Date(Date.now() - 30 * 86_400_000);
  const tenth = Math.max(1, Math.floor(CODES / 10));
  const reserve = async (projectId: number, siteId: number, visitId: number | null, count: number) => {
    const rangeId = await reserveRange(db, {
      projectId,
      siteId,
      visitId,
      kind: 'kit',
      count,
      remark: 'bench',
      reservedBy: keeper.id,
      reservedAt,
    });
    return db
      .select({ id: supplyBarcodes.id, code: supplyBarcodes.code })
      .from(supplyBarcodes)
      .where(eq(supplyBarcodes.rangeId, rangeId))
      .orderBy(asc(supplyBarcodes.serial));
  };
  const v1 = visit('Baseline V1');
  const good = await reserve(shipment.projectId, shipment.siteId, v1, CODES - 5 * tenth);
  const voided = await reserve(shipment.projectId, shipment.siteId, v1, tenth);
  const used = await reserve(shipment.projectId, shipment.siteId, v1, tenth);
  const wrongVisit = await reserve(shipment.projectId, shipment.siteId, visit('Week 4 V2'), tenth);
  const wrongSite = await reserve(shipment.projectId, site2.id, v1, tenth);
  const wrongProject = await reserve(other.id, otherSite.id, null, tenth);
  const now = new Date();
  await setStates(
    db,
    voided.map((r) => r.id),
    ['reserved'],
    { state: 'voided', voidedAt: now, voidedBy: keeper.id, voidReason: 'bench' },
  );
  for (let i = 0; i < voided.length; i += 5_000)
    await db.insert(voidedBarcodes).values(
      voided.slice(i, i + 5_000).map((r) => ({
        projectId: shipment.projectId,
        code: r.code,
        reasonCode: 'misprint',
        reason: 'bench',
        voidedBy: keeper.id,
        voidedAt: now,
      })),
    );
  await setStates(
    db,
    used.map((r) => r.id),
    ['reserved'],
    { state: 'used', usedAt: now, usedBy: desk.id, usedTransportId: shipment.id },
  );
  await db.execute(sql`VACUUM ANALYZE supply_barcodes`);
  await db.execute(sql`VACUUM ANALYZE voided_barcodes`);
  const codes = (rows: Array<{ code: string }>) => rows.map((r) => r.code);
  // Unknown: well-formed codes (right check character) of serials never reserved.
  const unknown = Array.from({ length: tenth }, (_, i) => barcodeOf('kit', 999_999_999 - i));
  const pools: Pools = {
    ok: codes(good),
    unknown,
    voided: codes(voided),
    alreadyUsed: codes(used),
    wrongVisit: codes(wrongVisit),
    wrongSite: codes(wrongSite),
    wrongProject: codes(wrongProject),
  };
  return { shipmentId: shipment.id, visitId: v1, pools };
}

async function serve(): Promise<void> {
  const { database, app } = await benchServer();
  let started = performance.now();
  await seedLibrary(database.db, { specimens: SPECIMENS, units: UNITS, backups: 0, awaiting: 1 });
  const seedSeconds = (performance.now() - started) / 1000;
  started = performance.now();
  const seeded = await seedCodes(database.db);
  const codesSeconds = (performance.now() - started) / 1000;
  const port = await listenChild(app, database);
  const ready: Ready = {
    port,
    desk: await loginAsAdmin(database.db, port, '13800000001'),
    ...seeded,
    seedSeconds,
    codesSeconds,
  };
  process.send?.(ready);
  answerCpu();
}

// ---------------------------------------------------------------- the bench

async function main(): Promise<void> {
  await withBenchServer<Ready>(fileURLToPath(import.meta.url), async (ready) => {
    line(`seeded ${SPECIMENS} specimens in ${UNITS} units`, `${fixed(ready.seedSeconds)} s`);
    line(`reserved ${CODES} kit codes in 6 ranges`, `${fixed(ready.codesSeconds)} s`);
    // Each answer's codes taken in turn (a good code once only: the check marks it used).
    const next = Object.fromEntries(Object.keys(ready.pools).map((k) => [k, 0])) as Record<
      keyof Pools,
      number
    >;
    let turn = 0;
    const scan = () => {
      const answer = MIX[turn++ % MIX.length] as keyof Pools;
      const pool = ready.pools[answer];
      const code = pool[next[answer]++ % pool.length] as string;
      return { answer, body: { code, visitId: ready.visitId } };
    };
    const check = endpoints.receiptBarcode.check;
    const params = { id: ready.shipmentId };

    // One at a time: what one scan costs, and that each answers what it should.
    const times: number[] = [];
    const byAnswer = new Map<string, number[]>();
    let wrong = 0;
    for (let i = 0; i < SEQUENTIAL; i++) {
      const { answer, body } = scan();
      const result = await call<{ answer: string }>(ready.desk, check, { params, body });
      if (result.data.answer !== answer) wrong++;
      times.push(result.ms);
      byAnswer.set(answer, [...(byAnswer.get(answer) ?? []), result.ms]);
    }
    line(
      `barcode check, one at a time (${SEQUENTIAL} calls)`,
      `p50 ${fixed(percentile(times, 50))} ms  p99 ${fixed(percentile(times, 99))} ms${wrong ? `  UNEXPECTED ANSWERS ${wrong}` : ''}`,
      '< 50 ms p99',
    );
    for (const [answer, ms] of byAnswer)
      line(
        `  ${answer} (${ms.length})`,
        `p50 ${fixed(percentile(ms, 50))} ms  max ${fixed(Math.max(...ms))} ms`,
      );

    const result = await loadRun(`barcode check, mix, ${CONNECTIONS} conns`, {
      url: baseUrl(),
      requests: [signedRequest(ready.desk, endpointUrl(check, params), () => JSON.stringify(scan().body))],
    });
    line('barcode check at 20 connections, p99', `${result.latency.p99} ms`, '< 50 ms');
  });
}

if (process.argv.includes('--serve')) await serve();
else await main();
