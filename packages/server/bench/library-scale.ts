// Benchmark of issue 27 "Scale": the specimen library at a million specimens on PostgreSQL, through
// the real server (signed requests, sessions), in one run (docs/performance.md "Specimen library at
// a million specimens"). Figures only: nothing here fails on a target.
//
//   pnpm --filter @trialab/console run build          # the map is drawn in Chromium from the built console
//   pnpm --filter @trialab/server run bench:library   # 1,000,000 specimens in 200 units
//   BENCH_SPECIMENS=50000 BENCH_UNITS=20 pnpm --filter @trialab/server run bench:library   # a small run
//
// Options (env): BENCH_SPECIMENS (1000000), BENCH_UNITS (200 active units; 2 empty backup units
// are added), BENCH_CONNECTIONS (20), BENCH_SECONDS (10 per load run), BENCH_ROUNDS (3: signed and
// query-only sample-list runs alternating), BENCH_DRAWS (5 map draws in Chromium), BENCH_ONLY
// (comma-separated parts: list, map, locate, allocate, bill, evacuate), BENCH_DATABASE_URL (an empty
// database; else a role and database are made in the local PostgreSQL cluster and dropped after),
// BENCH_CPU_PROFILE (a folder for the server's V8 CPU profile).
//
// The server runs in a child process (autocannon and the timing do not share its event loop). It
// is the production server with the demo seed; then bench/library-seed.ts adds the library with
// set-based SQL. The map is drawn by ../../../bench/library-map-draw.ts (the e2e Chromium driver).
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { endpoints, endpointUrl } from '@trialab/api-contract';
import type autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { users } from '../src/db/schema.js';
import { pageSamples } from '../src/modules/library-samples/sample-list.js';
import { DEMO_PASSWORD } from '../src/seed/demo-data.js';
import { scopeOf } from '../src/services/scope.js';
import { awaitingCode, type Seeded, seedLibrary, storedCode, unitCode } from './library-seed.js';
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
  sequential,
  signedRequest,
  withBenchServer,
} from './signed-calls.js';

const env = process.env;
const num = benchNumber;
const SPECIMENS = num('BENCH_SPECIMENS', 1_000_000);
const UNITS = num('BENCH_UNITS', 200);
const ROUNDS = num('BENCH_ROUNDS', 3);
const DRAWS = num('BENCH_DRAWS', 5);
const ALLOCATE = 1_000;
const BILL = 1_000;
const BACKUPS = 2;
const ONLY = new Set((env.BENCH_ONLY ?? 'list,map,locate,allocate,bill,evacuate').split(','));
const QUERY_ONLY = '/bench/sample-list-query';
const root = resolve(fileURLToPath(import.meta.url), '../../../..');
const { library, libraryBills: bills, libraryMoves: moves, librarySamples } = endpoints;

interface Ready {
  port: number;
  keeper: Session;
  reviewer: Session;
  admin: Session;
  seeded: Seeded;
  seedSeconds: number;
}

// ---------------------------------------------------------------- the server (child process)

async function serve(): Promise<void> {
  const { database, app } = await benchServer(resolve(root, 'packages/console/dist'));
  const started = performance.now();
  const seeded = await seedLibrary(database.db, {
    specimens: SPECIMENS,
    units: UNITS,
    backups: BACKUPS,
    awaiting: ALLOCATE,
  });
  const seedSeconds = (performance.now() - started) / 1000;
  // The same query as the sample list without signing, session and permission: the same body
  // schema, repository call and envelope; the keeper's scope read once here (the signed route reads
  // it per request, as part of the session's security).
  const [keeper] = await database.db.select().from(users).where(eq(users.mobile, '13800000004'));
  if (!keeper) throw new Error('no demo keeper');
  const scope = await scopeOf(database.db, keeper, []);
  const schema = librarySamples.list.body;
  app.post(QUERY_ONLY, async (request) => {
    const parsed = schema?.safeParse(request.body);
    if (!parsed?.success) return { code: 400, msg: 'Bad request', data: null };
    const { page, size, ...filter } = parsed.data as { page: number; size: number };
    const result = await pageSamples(
      database.db,
      scope,
      { ...filter, zone: 'Asia/Shanghai' },
      { page, size },
      'en_US',
    );
    return { code: 200, msg: 'Success', data: result.rows, total: result.total };
  });
  const port = await listenChild(app, database);
  const ready: Ready = {
    port,
    keeper: await loginAsAdmin(database.db, port, '13800000004'),
    reviewer: await loginAsAdmin(database.db, port, '13800000002'),
    admin: await loginAsAdmin(database.db, port),
    seeded,
    seedSeconds,
  };
  process.send?.(ready);
  answerCpu();
}

async function main(): Promise<void> {
  await withBenchServer<Ready>(fileURLToPath(import.meta.url), async (ready, url) => {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      const version = (await client.query('SHOW server_version')).rows[0]?.server_version;
      const { seeded } = ready;
      line(
        `seeded ${SPECIMENS} specimens in ${UNITS} units (+${BACKUPS} backup), ${seeded.boxes} boxes of 81`,
        `${fixed(ready.seedSeconds)} s, PostgreSQL ${version}`,
      );
      const unitIds = new Map(
        (await client.query<{ id: number; code: string }>(`SELECT id, code FROM storage_units`)).rows.map(
          (r) => [r.code, r.id],
        ),
      );
      const unitId = (n: number) => unitIds.get(unitCode(n)) ?? 0;

      if (ONLY.has('list')) await sampleList(ready);
      if (ONLY.has('map')) await unitMap(ready, unitId);
      if (ONLY.has('locate')) await locate(ready);
      if (ONLY.has('allocate')) await allocate(ready);
      if (ONLY.has('bill')) await bill(ready, client);
      if (ONLY.has('evacuate')) await evacuate(ready, unitId);
    } finally {
      await client.end().catch(() => undefined);
    }
  });
}

// ---------------------------------------------------------------- the parts

/** Sample list, typical filters (project, stored, sample type), signed route against the query alone. */
async function sampleList(ready: Ready): Promise<void> {
  const body = JSON.stringify({
    page: 1,
    size: 20,
    projectId: ready.seeded.projectIds[0],
    library: ['stored'],
    sampleTypeId: ready.seeded.sampleTypeIds[1],
  });
  const path = endpointUrl(librarySamples.list);
  const signed: autocannon.Options = {
    url: baseUrl(),
    requests: [signedRequest(ready.keeper, path, () => body)],
    headers: { lang: 'en_US' },
  };
  // The query-only route gets the same signed requests (headers it ignores), so autocannon's signing
  // weighs the same on both sides of the ratio.
  const query: autocannon.Options = {
    url: baseUrl(),
    requests: [signedRequest(ready.keeper, QUERY_ONLY, () => body)],
  };
  await loadRun('sample list: warm-up query only (discarded)', { ...query, duration: 3 });
  await loadRun('sample list: warm-up signed (discarded)', { ...signed, duration: 3 });
  const totals = { signed: 0, query: 0 };
  const p99 = { signed: [] as number[], query: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? (['signed', 'query'] as const) : (['query', 'signed'] as const);
    for (const name of order) {
      const result = await loadRun(
        name === 'signed'
          ? `sample list, signed + session, ${CONNECTIONS} conns`
          : `sample list, query only, ${CONNECTIONS} conns`,
        name === 'signed' ? signed : query,
      );
      totals[name] += result.requests.average;
      p99[name].push(result.latency.p99);
    }
  }
  line('sample list, signed p99 (worst round)', `${Math.max(...p99.signed)} ms`, '< 100 ms');
  await sequential('sample list, signed, one at a time (100 calls)', 100, () =>
    call(ready.keeper, librarySamples.list, { body: JSON.parse(body) }),
  );
  line('sample list, signed / query-only throughput', fixed(totals.signed / totals.query, 2), '>= 0.85');
}

/** One unit's map answered (sequential signed GETs), and drawn in Chromium from a click. */
async function unitMap(ready: Ready, unitId: (n: number) => number): Promise<void> {
  const times: number[] = [];
  let bytes = 0;
  let boxes = 0;
  for (let i = 0; i < 30; i++) {
    const answer = await call<{ boxes: unknown[] }>(ready.keeper, library.unitMap, {
      params: { id: unitId(1 + (i % UNITS)) },
    });
    if (i >= 5) times.push(answer.ms);
    bytes = answer.bytes;
    boxes = answer.data.boxes.length;
  }
  line(
    `unit map answered (${boxes} boxes, ${fixed(bytes / 1024)} KB), 25 calls`,
    `p50 ${fixed(percentile(times, 50))} ms  p99 ${fixed(percentile(times, 99))} ms`,
    '< 200 ms',
  );
  const units = Array.from({ length: DRAWS + 1 }, (_, i) => unitCode(Math.min(UNITS, 2 + i)));
  const drawn = await new Promise<string>((done, reject) => {
    const draw = spawn(
      process.execPath,
      [
        '--conditions=@trialab/source',
        '--import',
        'tsx',
        resolve(root, 'bench/library-map-draw.ts'),
        baseUrl(),
        ...units,
      ],
      { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    draw.stdout.on('data', (chunk) => {
      out += chunk;
    });
    draw.on('exit', (code) =>
      code === 0 ? done(out) : reject(new Error(`map draw exited ${code}: ${out}`)),
    );
  });
  const figures = JSON.parse(drawn.trim().split('\n').pop() ?? '{}') as { draw: number[]; answer: number[] };
  line(
    `unit map drawn in Chromium, click to racks and boxes (${figures.draw.length} units)`,
    `median ${fixed(percentile(figures.draw, 50))} ms  max ${fixed(Math.max(...figures.draw))} ms  [${figures.draw.map((v) => fixed(v, 0)).join(' ')}], its answer ${figures.answer.map((v) => fixed(v, 0)).join(' ')} ms`,
    '< 500 ms',
  );
}

/** A scanned barcode resolved to its position: random stored barcodes, 20 connections. */
async function locate(ready: Ready): Promise<void> {
  const path = endpointUrl(library.specimenPosition);
  const random = () => JSON.stringify({ barcode: storedCode(1 + Math.floor(Math.random() * SPECIMENS)) });
  const result = await loadRun(`barcode located (random of ${SPECIMENS}), ${CONNECTIONS} conns`, {
    url: baseUrl(),
    requests: [signedRequest(ready.keeper, path, random)],
  });
  line('barcode located, p99', `${result.latency.p99} ms`, '< 50 ms');
  await sequential('barcode located, one at a time (100 calls)', 100, () =>
    call(ready.keeper, library.specimenPosition, { body: JSON.parse(random()) }),
  );
}

/** 1,000 specimens awaiting storage auto-allocated (no unit chosen) and committed. */
async function allocate(ready: Ready): Promise<void> {
  const barcodes = Array.from({ length: ALLOCATE }, (_, i) => awaitingCode(i + 1));
  const allocated = await call<{ reservationId: string; cells: unknown[] }>(ready.keeper, library.allocate, {
    body: { barcodes },
  });
  const committed = await call<{ placed: unknown[] }>(ready.keeper, library.commit, {
    params: { reservationId: allocated.data.reservationId },
  });
  line(
    `${allocated.data.cells.length} specimens allocated, ${committed.data.placed.length} committed`,
    `allocate ${fixed(allocated.ms)} ms + commit ${fixed(committed.ms)} ms = ${fixed(allocated.ms + committed.ms)} ms`,
    '< 1000 ms',
  );
}

/** An outbound bill of 1,000 stored specimens of one project: created, reviewed, confirmed by box scans. */
async function bill(ready: Ready, client: pg.Client): Promise<void> {
  // The first 1,000 specimens of the first unit of KM-2026-001 after the evacuated one (unit 4).
  const first = 3 * ready.seeded.perUnit;
  const barcodes = Array.from({ length: BILL }, (_, i) => storedCode(first + i + 1));
  const boxCodes = (
    await client.query<{ code: string }>(
      `SELECT DISTINCT b.code FROM specimen_barcodes s JOIN specimen_positions p ON p.specimen_id = s.id
       JOIN storage_boxes b ON b.id = p.box_id WHERE s.code = ANY($1) ORDER BY b.code`,
      [barcodes],
    )
  ).rows.map((r) => r.code);
  const type = (await client.query<{ id: number }>(`SELECT id FROM stock_out_types WHERE code = 'TEST'`))
    .rows[0];
  const projects = (
    await client.query<{ project_id: number }>(
      `SELECT DISTINCT project_id FROM specimen_barcodes WHERE code = ANY($1)`,
      [barcodes],
    )
  ).rows;
  const created = await call<{ id: number; lines: number }>(ready.keeper, bills.outboundCreate, {
    body: {
      kind: 'out',
      projectId: projects[0]?.project_id,
      stockOutTypeId: type?.id,
      reason: '1',
      recipient: 'Dr. Bench',
      destination: 'Central lab B',
      lines: barcodes.map((barcode) => ({ barcode })),
    },
  });
  const id = created.data.id;
  const submitted = await call<{ version: number }>(ready.keeper, bills.outboundSubmit, {
    params: { id },
    body: { version: 1 },
  });
  const detail = await call(ready.reviewer, bills.outboundDetail, { params: { id } });
  const reviewed = await call<{ version: number }>(ready.reviewer, bills.outboundReview, {
    params: { id },
    body: { version: submitted.data.version, action: 'approve', signature: { password: DEMO_PASSWORD } },
  });
  const pickList = await call(ready.keeper, bills.outboundPickList, { params: { id } });
  const scans: number[] = [];
  for (const code of boxCodes) {
    scans.push(
      (await call(ready.keeper, bills.outboundScan, { params: { id }, body: { barcodes: [code] } })).ms,
    );
  }
  const confirmed = await call(ready.keeper, bills.outboundConfirm, {
    params: { id },
    body: { version: reviewed.data.version, receiverName: 'Dr. Bench' },
  });
  line(
    `bill of ${created.data.lines} specimens: created`,
    `${fixed(created.ms)} ms (submitted ${fixed(submitted.ms)} ms)`,
    '< 2000 ms',
  );
  line('bill: reviewed', `detail ${fixed(detail.ms)} ms + approve ${fixed(reviewed.ms)} ms`, '< 2000 ms');
  line(
    `bill: confirmed by ${scans.length} box scans`,
    `pick list ${fixed(pickList.ms)} ms, scans ${fixed(scans.reduce((a, b) => a + b, 0))} ms (max ${fixed(Math.max(...scans))}), confirm ${fixed(confirmed.ms)} ms`,
    '< 2000 ms each',
  );
}

/** Evacuation of unit 1 into the two backup units: planned, printed, approved and carried out. */
async function evacuate(ready: Ready, unitId: (n: number) => number): Promise<void> {
  const planned = await call<{ id: number; specimens: number; boxesKept: number }>(
    ready.keeper,
    moves.evacuate,
    {
      body: {
        unitId: unitId(1),
        backupUnitIds: [unitId(UNITS + 1), unitId(UNITS + 2)],
        reason: 'bench: compressor failure',
      },
    },
  );
  line(
    `evacuation of ${planned.data.specimens} specimens (${planned.data.boxesKept} kept by box): planned`,
    `${fixed(planned.ms)} ms`,
    '< 2000 ms',
  );
  const id = planned.data.id;
  const detail = await call(ready.admin, moves.get, { params: { id } });
  const pickList = await call(ready.keeper, moves.pickList, { params: { id } });
  const approved = await call<{ version: number }>(ready.admin, moves.approve, {
    params: { id },
    body: { version: 1, signature: { password: DEMO_PASSWORD } },
  });
  const executed = await call(ready.keeper, moves.execute, {
    params: { id },
    body: { version: approved.data.version },
  });
  line(
    'evacuation: reviewed and carried out',
    `detail ${fixed(detail.ms)} ms, pick-and-put PDF ${fixed(pickList.ms)} ms (${fixed(pickList.bytes / 1024)} KB), approve ${fixed(approved.ms)} ms, execute ${fixed(executed.ms)} ms`,
  );
}

if (process.argv.includes('--serve')) await serve();
else await main();
