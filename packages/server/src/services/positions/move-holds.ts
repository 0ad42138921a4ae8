// A specimen on an open move request is held by it, as one on an open bill is by the bill
// (holds.ts): the engine refuses every other action on it, naming the request; the request's own
// execution passes `move:<number>` as its custody reference.
import { type HeldAction, type Lang, MOVE_REQUEST_OPEN_STATES, ResultCode } from '@trialab/api-contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { moveLines, moveRequests } from '../../db/schema-library-moves.js';
import { ApiError } from '../../lib/errors.js';

/** The custody reference of a move request's own execution. */
export const moveReference = (number: string) => `move:${number}`;

export async function moveRequestHold(
  db: Executor,
  _lang: Lang,
  specimens: Array<{ id: number; code: string; action: HeldAction }>,
  reference: string | null,
): Promise<ApiError | undefined> {
  const rows = await db
    .select({ specimenId: moveLines.specimenId, number: moveRequests.number })
    .from(moveLines)
    .innerJoin(moveRequests, eq(moveRequests.id, moveLines.requestId))
    .where(
      and(
        inArray(moveRequests.status, [...MOVE_REQUEST_OPEN_STATES]),
        inArray(
          moveLines.specimenId,
          specimens.map((s) => s.id),
        ),
      ),
    );
  const held = new Map(rows.map((r) => [r.specimenId, r.number]));
  for (const s of specimens) {
    const number = held.get(s.id);
    if (number && moveReference(number) !== reference)
      return new ApiError(ResultCode.INVALID_STATE, { key: 'movesHeld', params: { what: s.code, number } });
  }
  return undefined;
}
