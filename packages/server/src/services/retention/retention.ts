// A specimen's retention end and end-of-study instruction (docs/library.md "Retention and expired
// specimens"), for a set of specimens in one statement: every rule of the specimen's project that
// covers its sample type (or every type) gives an end day, counted from the specimen's receipt (its
// day in the rule's zone) or the project's end date; the longest wins, and on a tie the instruction
// that keeps the specimen longest in hand (keep, then return, then destroy). A `studyEnd` rule of a
// project without an end date has no end yet: it wins as the longest, so such a specimen is not due.
// An extension (keep) moves the end to its day when that is later. The specimen-expired page and the
// bills' eligibility (services/bills/eligibility.ts) both read this, never a second computation.
import type { RetentionInstruction, RetentionStart } from '@trialab/api-contract';
import { and, asc, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { projects } from '../../db/schema.js';
import {
  retentionExtensionSpecimens,
  retentionExtensions,
  retentionRules,
} from '../../db/schema-library-retention.js';
import { specimenBarcodes } from '../../db/schema-specimen.js';

const R = retentionRules;
const S = specimenBarcodes;

/**
 * One row per specimen matching `where` (a condition on `specimen_barcodes`) that some rule covers
 * and whose end is known: `ends_on` (a date), the winning rule and the latest extension beyond it.
 * Joined by the page's list; `retentionOf` reads it for a few ids.
 */
export function retentionSubquery(db: Executor, where: SQL | undefined) {
  const months = sql`(case ${R.unit} when 'year' then ${R.period} * 12 else ${R.period} end)::int`;
  const startDay = sql`(case ${R.start}
    when 'received' then (coalesce(${S.signedAt}, ${S.createdAt}) at time zone ${R.timeZone})::date
    else ${projects.endDate}::date end)`;
  const applicable = db
    .select({
      specimenId: sql<number>`${S.id}`.as('specimen_id'),
      ruleId: sql<number>`${R.id}`.as('rule_id'),
      instruction: R.instruction,
      start: R.start,
      note: R.note,
      returnTypeId: R.returnTypeId,
      timeZone: R.timeZone,
      ruleEnd: sql<string | null>`(${startDay} + make_interval(months => ${months}))::date`.as('rule_end'),
      rank: sql<number>`(case ${R.instruction} when 'keep' then 3 when 'return' then 2 else 1 end)`.as(
        'rank',
      ),
    })
    .from(S)
    .innerJoin(
      R,
      and(eq(R.projectId, S.projectId), or(isNull(R.sampleTypeId), eq(R.sampleTypeId, S.sampleTypeId))),
    )
    .innerJoin(projects, eq(projects.id, S.projectId))
    .where(where)
    .as('applicable');
  const winner = db
    .selectDistinctOn([applicable.specimenId], {
      specimenId: applicable.specimenId,
      ruleId: applicable.ruleId,
      instruction: applicable.instruction,
      start: applicable.start,
      note: applicable.note,
      returnTypeId: applicable.returnTypeId,
      timeZone: applicable.timeZone,
      ruleEnd: applicable.ruleEnd,
    })
    .from(applicable)
    .orderBy(
      applicable.specimenId,
      sql`${applicable.ruleEnd} desc nulls first`,
      desc(applicable.rank),
      asc(applicable.ruleId),
    )
    .as('winner');
  const extended = db
    .select({
      specimenId: sql<number>`${retentionExtensionSpecimens.specimenId}`.as('ext_specimen_id'),
      until: sql<string>`max(${retentionExtensions.until})`.as('ext_until'),
    })
    .from(retentionExtensionSpecimens)
    .innerJoin(retentionExtensions, eq(retentionExtensions.id, retentionExtensionSpecimens.extensionId))
    .groupBy(retentionExtensionSpecimens.specimenId)
    .as('extended');
  return db
    .select({
      specimenId: sql<number>`${winner.specimenId}`.as('retention_specimen_id'),
      ruleId: sql<number>`${winner.ruleId}`.as('retention_rule_id'),
      instruction: sql<RetentionInstruction>`${winner.instruction}`.as('retention_instruction'),
      start: sql<RetentionStart>`${winner.start}`.as('retention_start'),
      note: sql<string | null>`${winner.note}`.as('retention_note'),
      returnTypeId: sql<number | null>`${winner.returnTypeId}`.as('retention_return_type_id'),
      timeZone: sql<string>`${winner.timeZone}`.as('retention_time_zone'),
      endsOn: sql<string>`greatest(${winner.ruleEnd}, ${extended.until})`.as('ends_on'),
      extendedUntil: sql<string | null>`(case when ${extended.until} > ${winner.ruleEnd}
        then ${extended.until} end)`.as('extended_until'),
    })
    .from(winner)
    .leftJoin(extended, eq(extended.specimenId, winner.specimenId))
    .where(sql`${winner.ruleEnd} is not null`)
    .as('retention');
}

export interface Retention {
  specimenId: number;
  /** YYYY-MM-DD: the day retention ends. */
  endsOn: string;
  instruction: RetentionInstruction;
  ruleId: number;
  extendedUntil: string | null;
  /** Its end day has come, today counted in the rule's zone at `now`. */
  expired: boolean;
}

/** The retention of these specimens (one statement); a specimen no rule covers, or not yet ending, is absent. */
export async function retentionOf(
  db: Executor,
  specimenIds: number[],
  now: Date,
): Promise<Map<number, Retention>> {
  if (specimenIds.length === 0) return new Map();
  const r = retentionSubquery(db, inArray(S.id, specimenIds));
  const rows = await db
    .select({
      specimenId: r.specimenId,
      endsOn: sql<string>`${r.endsOn}::text`,
      instruction: r.instruction,
      ruleId: r.ruleId,
      extendedUntil: sql<string | null>`${r.extendedUntil}::text`,
      expired: sql<boolean>`${r.endsOn} <= (${now.toISOString()}::timestamptz at time zone ${r.timeZone})::date`,
    })
    .from(r);
  return new Map(rows.map((row) => [Number(row.specimenId), { ...row, specimenId: Number(row.specimenId) }]));
}
