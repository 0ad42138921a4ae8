import { eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  marketingContracts,
  marketingContractVersions,
  marketingQuotations,
  marketingRateCards,
  marketingRateCardVersions,
} from '../src/db/schema-marketing.js';
import { DEMO_RESHIP_CONTRACT, seedMarketingDemo } from '../src/seed/marketing-demo.js';
import { ENGINES } from './engines.js';
import { startEnv, type TestEnv } from './helpers.js';

const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/** Thrown to roll the reseeded demo back. */
class Rollback extends Error {}

/**
 * The marketing demo counts its days from the lab's day (Asia/Shanghai), not the UTC day: seeded at
 * 17:00 UTC (already the next day in the lab) every contract, rate card and quotation day is counted
 * from the lab's day.
 */
describe.each(ENGINES)('marketing demo days on %s', (engine) => {
  let env: TestEnv;

  beforeAll(async () => {
    env = await startEnv(engine);
  });
  afterAll(() => env.close());

  it('counts every day from the lab day at 17:00 UTC', async () => {
    const now = new Date('2026-03-10T17:00:00Z');
    const lab = '2026-03-11';
    const seen = await env.handle.db
      .transaction(async (tx) => {
        // The demo reseeded on an empty marketing area, read, then rolled back.
        await tx.execute(sql`TRUNCATE marketing_customers, marketing_rate_cards, marketing_discount_limits,
          marketing_quotations, marketing_contracts CASCADE`);
        await seedMarketingDemo(tx, now, env.app.deps.files);
        const contracts = await tx
          .select({
            number: marketingContracts.number,
            from: marketingContracts.validFrom,
            to: marketingContracts.validTo,
          })
          .from(marketingContracts)
          .where(like(marketingContracts.number, 'DEMO-%'))
          .orderBy(marketingContracts.number);
        const versions = await tx
          .select({
            number: marketingContracts.number,
            no: marketingContractVersions.versionNo,
            from: marketingContractVersions.effectiveFrom,
          })
          .from(marketingContractVersions)
          .innerJoin(marketingContracts, eq(marketingContracts.id, marketingContractVersions.contractId))
          .where(inArray(marketingContracts.number, ['DEMO-HT-2026-001', 'DEMO-HT-2026-002']))
          .orderBy(marketingContracts.number, marketingContractVersions.versionNo);
        const cards = await tx
          .select({
            code: marketingRateCards.code,
            no: marketingRateCardVersions.versionNo,
            from: marketingRateCardVersions.validFrom,
          })
          .from(marketingRateCardVersions)
          .innerJoin(marketingRateCards, eq(marketingRateCards.id, marketingRateCardVersions.cardId))
          .orderBy(marketingRateCards.code, marketingRateCardVersions.versionNo);
        const quotations = await tx
          .select({ number: marketingQuotations.number, until: marketingQuotations.validUntil })
          .from(marketingQuotations)
          .where(eq(marketingQuotations.number, 'DEMO-QT-001'));
        throw new Rollback(JSON.stringify({ contracts, versions, cards, quotations }));
      })
      .then(
        () => {
          throw new Error('not rolled back');
        },
        (e: unknown) => {
          if (!(e instanceof Rollback)) throw e;
          return JSON.parse(e.message) as {
            contracts: Array<{ number: string; from: string; to: string }>;
            versions: Array<{ number: string; no: number; from: string }>;
            cards: Array<{ code: string; no: number; from: string }>;
            quotations: Array<{ number: string; until: string }>;
          };
        },
      );
    const day = (v: string) => String(v).slice(0, 10);
    const contract = (number: string) => seen.contracts.find((c) => c.number === number);
    // The contract in force, its amendment and the draft: from the lab day, as the newest one.
    expect(day(contract('DEMO-HT-2026-001')?.from ?? '')).toBe(addDays(lab, -45));
    expect(day(contract('DEMO-HT-2026-001')?.to ?? '')).toBe(addDays(lab, 320));
    expect(day(contract('DEMO-HT-2026-002')?.from ?? '')).toBe(lab);
    expect(day(contract(DEMO_RESHIP_CONTRACT)?.from ?? '')).toBe(addDays(lab, -150));
    expect(seen.versions.map((v) => [v.number, v.no, day(v.from)])).toEqual([
      ['DEMO-HT-2026-001', 1, addDays(lab, -45)],
      ['DEMO-HT-2026-001', 2, addDays(lab, -14)],
      ['DEMO-HT-2026-002', 1, lab],
    ]);
    // The standard card's second version from 60 days before the lab day; a quotation valid 60 days on.
    expect(seen.cards.map((c) => day(c.from))).toContain(addDays(lab, -60));
    expect(seen.cards.map((c) => day(c.from))).toContain(addDays(lab, -240));
    expect(seen.cards.map((c) => day(c.from))).toContain(addDays(lab, -30));
    expect([...new Set(seen.quotations.map((q) => day(q.until)))]).toEqual([addDays(lab, 60)]);
    // Nothing counted from the UTC day (the lab's yesterday).
    const all = [
      ...seen.contracts.flatMap((c) => [day(c.from), day(c.to)]),
      ...seen.versions.map((v) => day(v.from)),
      ...seen.cards.map((c) => day(c.from)),
    ];
    expect(all).not.toContain(addDays('2026-03-10', -45));
  });
});
