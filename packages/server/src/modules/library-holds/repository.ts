// Reads of the library's legal holds and consent withdrawals: the list (active ones and their
// history), what a set of specimens a flag on specimens or a subject covers, and the open bills and
// move requests a new flag stops.
import { type LibraryHoldRow, MOVE_REQUEST_OPEN_STATES } from '@trialab/api-contract';
import { and, count, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { projects, users } from '../../db/schema.js';
import { labSubjects } from '../../db/schema-lab.js';
import { libraryHolds } from '../../db/schema-library-holds.js';
import { moveLines, moveRequests } from '../../db/schema-library-moves.js';
import { specimenBarcodes } from '../../db/schema-specimen.js';
import { pageOf } from '../../lib/paging.js';
import type { Page } from '../../lib/route.js';
import type { SiteScope } from '../../lib/scope.js';
import { holdingBills } from '../../services/bills/holds.js';

const setter = alias(users, 'hold_setter');
const lifter = alias(users, 'hold_lifter');
const subject = alias(labSubjects, 'hold_subject');

export interface HoldFilter {
  kind?: string | undefined;
  active?: boolean | undefined;
  all?: boolean | undefined;
  code?: string | undefined;
  subjectId?: number | undefined;
  subjectNo?: string | undefined;
  projectId?: number | undefined;
}

/** The flags in the caller's scope (a specimen's flag by the specimen's site, a subject's by the subject's). */
function holdsWhere(scope: SiteScope, f: HoldFilter): SQL | undefined {
  const subjectOf = sql`coalesce(${libraryHolds.subjectId}, ${specimenBarcodes.subjectId})`;
  return and(
    scope.all
      ? undefined
      : scope.siteIds
        ? sql`coalesce(${subject.siteId}, ${specimenBarcodes.siteId}) in (${sql.join(
            [...scope.siteIds, -1].map((id) => sql`${id}`),
            sql`, `,
          )})`
        : inArray(libraryHolds.projectId, [...scope.projectIds, -1]),
    f.kind ? eq(libraryHolds.kind, f.kind) : undefined,
    f.all ? undefined : f.active === false ? isNotNull(libraryHolds.liftedAt) : isNull(libraryHolds.liftedAt),
    f.code ? eq(specimenBarcodes.code, f.code) : undefined,
    f.subjectId ? sql`${subjectOf} = ${f.subjectId}` : undefined,
    f.subjectNo ? eq(subject.subjectNo, f.subjectNo) : undefined,
    f.projectId ? eq(libraryHolds.projectId, f.projectId) : undefined,
  );
}

export async function pageHolds(
  db: Executor,
  scope: SiteScope,
  filter: HoldFilter,
  paging: { page: number; size: number },
): Promise<Page<LibraryHoldRow>> {
  const where = holdsWhere(scope, filter);
  const subjectJoin = sql`${subject.id} = coalesce(${libraryHolds.subjectId}, ${specimenBarcodes.subjectId})`;
  return pageOf(
    db
      .select({ n: count() })
      .from(libraryHolds)
      .leftJoin(specimenBarcodes, eq(specimenBarcodes.id, libraryHolds.specimenId))
      .leftJoin(subject, subjectJoin)
      .where(where),
    db
      .select({
        id: libraryHolds.id,
        kind: libraryHolds.kind,
        specimenId: libraryHolds.specimenId,
        specimenCode: specimenBarcodes.code,
        subjectId: subject.id,
        subjectNo: subject.subjectNo,
        projectId: libraryHolds.projectId,
        projectNo: projects.projectNo,
        reason: libraryHolds.reason,
        setByName: setter.username,
        setAt: libraryHolds.setAt,
        liftedByName: lifter.username,
        liftedAt: libraryHolds.liftedAt,
        liftReason: libraryHolds.liftReason,
      })
      .from(libraryHolds)
      .innerJoin(projects, eq(projects.id, libraryHolds.projectId))
      .innerJoin(setter, eq(setter.id, libraryHolds.setBy))
      .leftJoin(lifter, eq(lifter.id, libraryHolds.liftedBy))
      .leftJoin(specimenBarcodes, eq(specimenBarcodes.id, libraryHolds.specimenId))
      .leftJoin(subject, subjectJoin)
      .where(where)
      .orderBy(desc(libraryHolds.id)),
    paging,
    (r) => ({
      ...r,
      kind: r.kind as LibraryHoldRow['kind'],
      setAt: r.setAt.toISOString(),
      liftedAt: r.liftedAt?.toISOString() ?? null,
    }),
  );
}

/**
 * The specimens a new flag covers: the flagged specimens and every aliquot below them, or every
 * specimen of the subject and its aliquots (ids in order, to be locked).
 */
export async function coveredSpecimens(
  db: Executor,
  target: { specimenIds: number[] } | { subjectId: number },
): Promise<number[]> {
  const roots =
    'subjectId' in target
      ? sql`SELECT id, 0 FROM specimen_barcodes WHERE subject_id = ${target.subjectId}`
      : target.specimenIds.length > 0
        ? sql`SELECT id, 0 FROM specimen_barcodes WHERE id IN (${sql.join(
            target.specimenIds.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : null;
  if (!roots) return [];
  const result = await db.execute(sql`
    WITH RECURSIVE tree(id, depth) AS (
      ${roots}
      UNION
      SELECT c.id, t.depth + 1 FROM tree t JOIN specimen_barcodes c ON c.parent_id = t.id WHERE t.depth < 16
    )
    SELECT DISTINCT id FROM tree ORDER BY id
  `);
  return (result as unknown as { rows: Array<{ id: number | string }> }).rows.map((r) => Number(r.id));
}

/** The open bills and move requests holding any of these specimens (their numbers). */
export async function openHolders(db: Executor, specimenIds: number[]) {
  if (specimenIds.length === 0) return { openBills: [], openMoves: [] };
  const bills = [...new Set((await holdingBills(db, specimenIds)).values())].sort();
  const moves = await db
    .selectDistinct({ no: moveRequests.number })
    .from(moveLines)
    .innerJoin(moveRequests, eq(moveRequests.id, moveLines.requestId))
    .where(
      and(
        inArray(moveRequests.status, [...MOVE_REQUEST_OPEN_STATES]),
        inArray(moveLines.specimenId, specimenIds),
      ),
    )
    .orderBy(moveRequests.number);
  return { openBills: bills, openMoves: moves.map((m) => m.no) };
}
