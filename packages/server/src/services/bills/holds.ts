// A specimen on an open bill is held by it: the position engine refuses every other action on it
// (positions/holds.ts); the bill's own confirmation passes `bill:<no>` as its custody reference.
import {
  HELD_ACTION_WORDS,
  type HeldAction,
  type Lang,
  libraryWord,
  ResultCode,
} from '@trialab/api-contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { specimenBillLines, specimenBills } from '../../db/schema-library-bills.js';
import { ApiError } from '../../lib/errors.js';

/** The custody reference of a bill's own actions. */
export const billReference = (billNo: string) => `bill:${billNo}`;

/** The open bills holding these specimens: specimen id → bill number. */
export async function holdingBills(db: Executor, specimenIds: number[]): Promise<Map<number, string>> {
  if (specimenIds.length === 0) return new Map();
  const rows = await db
    .select({ specimenId: specimenBillLines.specimenId, billNo: specimenBills.billNo })
    .from(specimenBillLines)
    .innerJoin(specimenBills, eq(specimenBills.id, specimenBillLines.billId))
    .where(and(eq(specimenBillLines.held, true), inArray(specimenBillLines.specimenId, specimenIds)));
  return new Map(rows.map((r) => [r.specimenId, r.billNo]));
}

export async function billHold(
  db: Executor,
  lang: Lang,
  specimens: Array<{ id: number; code: string; action: HeldAction }>,
  reference: string | null,
): Promise<ApiError | undefined> {
  const held = await holdingBills(
    db,
    specimens.map((s) => s.id),
  );
  for (const s of specimens) {
    const bill = held.get(s.id);
    if (bill && billReference(bill) !== reference)
      return new ApiError(ResultCode.INVALID_STATE, {
        key: 'billHeld',
        params: { code: s.code, bill, action: libraryWord(HELD_ACTION_WORDS, s.action, lang) },
      });
  }
  return undefined;
}
