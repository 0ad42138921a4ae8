import type { ReportCode } from '@trialab/api-contract';
import { and, asc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects, sites, users } from '../src/db/schema.js';
import { specimenBarcodeCounts, specimenBarcodes } from '../src/db/schema-specimen.js';
import { type SiteScope, scopeWhere } from '../src/lib/scope.js';
import { REPORTS } from '../src/modules/report-manage/catalogue.js';
import { daysWithin, type FilterValues, reportPage } from '../src/modules/report-manage/engine.js';
import { scopeOf } from '../src/services/scope.js';
import { FEATURE_ENGINES } from './engines.js';
import { startEnv, type TestEnv } from './helpers.js';

const sb = specimenBarcodes;
const STATES = ['registered', 'signed', 'disabled'] as const;
const LIBRARY = ['none', 'stored', 'out', 'destroyed'] as const;
/** Whole-hour, half-hour and quarter-hour zones: the summary's quarter hours start each one's days. */
const ZONES = ['Asia/Shanghai', 'Asia/Kolkata', 'Asia/Kathmandu', 'America/New_York'] as const;

/** One change to the barcodes, as any module (or a seed's SQL) could make it. */
type Change =
  | {
      kind: 'insert';
      rows: Array<{
        place: number;
        state: number;
        library: number;
        minutes: number;
        signed: boolean;
        child: boolean;
      }>;
    }
  | {
      kind: 'update';
      pick: number;
      field: 'status' | 'library' | 'place' | 'createdAt' | 'signedAt' | 'parent';
      value: number;
    }
  | { kind: 'delete'; pick: number }
  | { kind: 'rolledBack'; pick: number };

const change: fc.Arbitrary<Change> = fc.oneof(
  fc.record({
    kind: fc.constant('insert' as const),
    rows: fc.array(
      fc.record({
        place: fc.nat(20),
        state: fc.nat(STATES.length - 1),
        library: fc.nat(LIBRARY.length - 1),
        minutes: fc.nat(4 * 24 * 60),
        signed: fc.boolean(),
        child: fc.boolean(),
      }),
      { minLength: 1, maxLength: 4 },
    ),
  }),
  fc.record({
    kind: fc.constant('update' as const),
    pick: fc.nat(),
    field: fc.constantFrom('status', 'library', 'place', 'createdAt', 'signedAt', 'parent'),
    value: fc.nat(4 * 24 * 60),
  }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('rolledBack' as const), pick: fc.nat() }),
);

/**
 * lab/barcode-stat and project-overview's received read `specimen_barcode_counts`, which the
 * database keeps from every change of `specimen_barcodes` (docs/reports.md "barcode-stat"): after
 * any sequence of changes it equals a recount of the barcodes, and the reports answer what a recount
 * within the caller's scope answers, in any zone.
 */
describe.each(FEATURE_ENGINES)('barcode counts kept by the database on %s', (engine) => {
  let env: TestEnv;
  let creator = 0;
  /** (project, site) pairs: every demo site, and each project without a site. */
  let places: Array<{ projectId: number; siteId: number | null }> = [];
  const mine: number[] = [];
  let serial = 0;

  beforeAll(async () => {
    env = await startEnv(engine);
    const db = env.handle.db;
    const [admin] = await db.select().from(users).where(eq(users.mobile, '13800000000'));
    creator = admin?.id ?? 0;
    const siteRows = await db.select({ projectId: sites.projectId, siteId: sites.id }).from(sites);
    const projectRows = await db.select({ projectId: projects.id }).from(projects);
    places = [...siteRows, ...projectRows.map((p) => ({ projectId: p.projectId, siteId: null }))];
  });
  afterAll(async () => {
    await env.close();
  });

  const minutesAgo = (minutes: number) => new Date(env.clock.now - minutes * 60_000 - (minutes % 7) * 1000);
  const chosen = (pick: number) => mine[pick % Math.max(mine.length, 1)];

  async function apply(c: Change) {
    const db = env.handle.db;
    if (c.kind === 'insert') {
      const parent = chosen(c.rows.length);
      const rows = c.rows.map((r) => {
        serial += 1;
        const place = places[r.place % places.length] ?? { projectId: 1, siteId: null };
        return {
          code: `BSS${engine.slice(0, 2)}${String(serial).padStart(6, '0')}`,
          ...place,
          status: STATES[r.state] ?? 'registered',
          library: LIBRARY[r.library] ?? 'none',
          parentId: r.child && parent !== undefined ? parent : null,
          suffix: r.child && parent !== undefined ? serial % 99 || 1 : null,
          signedAt: r.signed ? minutesAgo(r.minutes / 2) : null,
          createdBy: creator,
          createdAt: minutesAgo(r.minutes),
        };
      });
      const ids = await db.insert(sb).values(rows).onConflictDoNothing().returning({ id: sb.id });
      mine.push(...ids.map((r) => r.id));
      return;
    }
    const id = chosen(c.pick);
    if (id === undefined) return;
    // A few barcodes at once, as the engine's batch updates do.
    const some = mine.filter((_, i) => i % 3 === c.pick % 3).slice(0, 5);
    if (c.kind === 'update') {
      const place = places[c.value % places.length] ?? { projectId: 1, siteId: null };
      const set = {
        status: { status: STATES[c.value % STATES.length] },
        library: { library: LIBRARY[c.value % LIBRARY.length] },
        place,
        createdAt: { createdAt: minutesAgo(c.value) },
        signedAt: { signedAt: c.value % 2 === 0 ? null : minutesAgo(c.value) },
        parent: { parentId: null, suffix: null },
      }[c.field];
      await db.update(sb).set(set).where(inArray(sb.id, some));
    } else if (c.kind === 'delete') {
      // Barcodes no other one was split from.
      const gone = await db
        .delete(sb)
        .where(
          and(
            inArray(sb.id, some),
            sql`not exists (select 1 from specimen_barcodes c where c.parent_id = ${sb.id})`,
          ),
        )
        .returning({ id: sb.id });
      for (const { id: removed } of gone) mine.splice(mine.indexOf(removed), 1);
    } else {
      // A transaction that changes barcodes and then fails: the counts go back with it.
      await db
        .transaction(async (tx) => {
          await tx.update(sb).set({ status: 'disabled', library: 'destroyed' }).where(inArray(sb.id, some));
          throw new Error('rolled back');
        })
        .catch(() => undefined);
    }
  }

  const key = (r: Record<string, unknown>) =>
    Object.values(r)
      .map((v) => (v instanceof Date ? v.toISOString() : String(v)))
      .join('|');

  /** The summary's rows that count anything, and the same counted over the barcodes. */
  async function summaryAndRecount() {
    const db = env.handle.db;
    const c = specimenBarcodeCounts;
    const summary = await db
      .select({
        projectId: c.projectId,
        siteId: c.siteId,
        quarter: c.quarter,
        status: c.status,
        library: c.library,
        received: c.received,
        n: c.n,
      })
      .from(c)
      .where(sql`${c.n} <> 0`);
    const recount = await db
      .select({
        projectId: sb.projectId,
        siteId: sb.siteId,
        quarter:
          sql<Date>`date_bin('15 minutes', ${sb.createdAt}, timestamptz '2000-01-01 00:00:00+00')`.mapWith(
            (v) => new Date(v),
          ),
        status: sb.status,
        library: sb.library,
        received: sql<boolean>`${sb.parentId} is null and ${sb.signedAt} is not null`,
        n: sql<number>`count(*)`.mapWith(Number),
      })
      .from(sb)
      .groupBy(sql`1, 2, 3, 4, 5, 6`);
    return { summary: summary.map(key).sort(), recount: recount.map(key).sort() };
  }

  /** barcode-stat by day in `zone`, counted over the barcodes within the scope and the day range. */
  async function recountedStat(scope: SiteScope, zone: string, days: [string, string] | null) {
    const db = env.handle.db;
    const countOf = (condition?: SQL) =>
      (condition ? sql<number>`count(*) filter (where ${condition})` : sql<number>`count(*)`).mapWith(Number);
    const rows = await db
      .select({
        period: sql<string>`to_char(${sb.createdAt} at time zone ${zone}, 'YYYY-MM-DD')`,
        projectNo: projects.projectNo,
        centerNo: sites.centerNo,
        total: countOf(),
        registered: countOf(eq(sb.status, 'registered')),
        signed: countOf(eq(sb.status, 'signed')),
        disabled: countOf(eq(sb.status, 'disabled')),
        stored: countOf(eq(sb.library, 'stored')),
        out: countOf(eq(sb.library, 'out')),
        destroyed: countOf(eq(sb.library, 'destroyed')),
      })
      .from(sb)
      .innerJoin(projects, eq(projects.id, sb.projectId))
      .leftJoin(sites, eq(sites.id, sb.siteId))
      .where(
        and(
          scopeWhere(scope, sb.projectId, sb.siteId),
          days ? daysWithin(sb.createdAt)(days, zone) : undefined,
        ),
      )
      .groupBy(sql`1`, sb.projectId, sb.siteId, projects.projectNo, sites.centerNo);
    return rows.map(key).sort();
  }

  /** Every row of a report as the engine answers a caller of this scope in this zone. */
  async function reportRows(code: ReportCode, scope: SiteScope, values: FilterValues, zone: string) {
    const report = REPORTS.get(code);
    if (!report) throw new Error(`no report ${code}`);
    const page = await reportPage(env.handle.db, report, scope, {
      values,
      page: 1,
      size: 100_000,
      lang: 'en_US',
      zone,
    });
    return page.rows;
  }

  /** The scope of a demo account. */
  async function scopeOfAccount(mobile: string) {
    const [user] = await env.handle.db.select().from(users).where(eq(users.mobile, mobile));
    if (!user) throw new Error(`no demo user ${mobile}`);
    return scopeOf(env.handle.db, user, []);
  }

  async function reportedStat(scope: SiteScope, zone: string, days: [string, string] | null) {
    const rows = await reportRows(
      'lab-barcode-stat',
      scope,
      { period: 'day', ...(days ? { createdAt: days } : {}) },
      zone,
    );
    return rows.map(key).sort();
  }

  it('equals a recount of the barcodes after any sequence of changes, and the report answers it in the caller’s scope and zone', async () => {
    const scopes = {
      all: await scopeOfAccount('13800000000'),
      projectManager: await scopeOfAccount('13800000003'),
      external: await scopeOfAccount('13900000001'),
    };
    expect(scopes.external.siteIds?.size).toBeGreaterThan(0);
    await fc.assert(
      fc.asyncProperty(
        fc.array(change, { minLength: 1, maxLength: 10 }),
        fc.constantFrom(...ZONES),
        fc.option(fc.nat(3)),
        async (changes, zone, daysBack) => {
          for (const c of changes) await apply(c);
          const { summary, recount } = await summaryAndRecount();
          expect(summary).toEqual(recount);
          const day = daysBack === null ? null : new Date(env.clock.now - daysBack * 86_400_000);
          const days: [string, string] | null = day
            ? [new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(day), '']
            : null;
          for (const scope of Object.values(scopes))
            expect(await reportedStat(scope, zone, days)).toEqual(await recountedStat(scope, zone, days));
        },
      ),
      { numRuns: 6 },
    );
    // The scope held: the external user saw only their own sites' barcodes.
    const seen = await reportedStat(scopes.external, 'Asia/Shanghai', null);
    const every = await reportedStat(scopes.all, 'Asia/Shanghai', null);
    expect(seen.length).toBeLessThan(every.length);
  });

  it("answers project-overview's received from the counts: root barcodes signed for, per project in scope", async () => {
    const db = env.handle.db;
    const scope = await scopeOfAccount('13800000003');
    const rows = await reportRows('project-project-overview', scope, {}, 'Asia/Shanghai');
    const recount = await db
      .select({ projectNo: projects.projectNo, n: sql<number>`count(*)`.mapWith(Number) })
      .from(sb)
      .innerJoin(sites, eq(sites.id, sb.siteId))
      .innerJoin(projects, eq(projects.id, sites.projectId))
      .where(and(scopeWhere(scope, sites.projectId, sites.id), isNull(sb.parentId), isNotNull(sb.signedAt)))
      .groupBy(projects.projectNo)
      .orderBy(asc(projects.projectNo));
    const received = new Map(recount.map((r) => [r.projectNo, r.n]));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.received).toBe(received.get(String(row.projectNo)) ?? 0);
    expect(recount.some((r) => r.n > 0)).toBe(true);
  });
});
