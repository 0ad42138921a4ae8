// Whether each line of an open bill may still go: shown per line on review, and checked again when
// the bill is approved and carried out. Each check answers the problems it finds; the legal hold and
// consent withdrawal flags and the retention rules (expired) belong to other parts of the library:
// they add their check to LINE_CHECKS (the problem words are declared in the contract, LINE_PROBLEMS).
import type { BillKind, LibraryState, LineProblem } from '@trialab/api-contract';
import type { Executor } from '../../db/client.js';
import { holdLineCheck } from '../library-holds/holds.js';
import { retentionOf } from '../retention/retention.js';

export interface LineFacts {
  specimenId: number;
  library: LibraryState;
  /** A live auto-allocation reservation holds the specimen. */
  reservedElsewhere: boolean;
}

type LineCheck = (
  db: Executor,
  bill: { kind: string; status: string },
  lines: LineFacts[],
  now: Date,
) => Promise<Map<number, LineProblem>>;

/** The library states a bill of this kind takes a specimen from (a post bill's are out once submitted). */
export function takesFrom(kind: BillKind | string, status: string): LibraryState[] {
  if (kind === 'destroy') return ['none', 'stored'];
  if (kind === 'post' && status !== 'draft') return ['out'];
  return ['stored'];
}

const stateCheck: LineCheck = async (_db, bill, lines) =>
  new Map(
    lines
      .filter((l) => !takesFrom(bill.kind, bill.status).includes(l.library))
      .map((l) => [l.specimenId, 'state' as const]),
  );

const reservedCheck: LineCheck = async (_db, _bill, lines) =>
  new Map(lines.filter((l) => l.reservedElsewhere).map((l) => [l.specimenId, 'reserved' as const]));

/**
 * Past its retention end (services/retention): shown on an outbound line as a warning the reviewer
 * weighs (LINE_WARNINGS); a destruction of an expired specimen is the normal end, nothing to show.
 */
const expiredCheck: LineCheck = async (db, bill, lines, now) => {
  if (bill.kind === 'destroy') return new Map();
  const retention = await retentionOf(
    db,
    lines.map((l) => l.specimenId),
    now,
  );
  return new Map(
    lines.filter((l) => retention.get(l.specimenId)?.expired).map((l) => [l.specimenId, 'expired' as const]),
  );
};

const LINE_CHECKS: readonly LineCheck[] = [
  stateCheck,
  reservedCheck,
  expiredCheck,
  holdLineCheck('legal', 'legalHold'),
  holdLineCheck('consent', 'consentWithdrawn'),
];

/** Every problem of every line (specimen id → problems; a line without any is not listed). */
export async function lineProblems(
  db: Executor,
  bill: { kind: string; status: string },
  lines: LineFacts[],
  now: Date,
): Promise<Map<number, LineProblem[]>> {
  const out = new Map<number, LineProblem[]>();
  for (const check of LINE_CHECKS)
    for (const [id, problem] of await check(db, bill, lines, now))
      out.set(id, [...(out.get(id) ?? []), problem]);
  return out;
}
