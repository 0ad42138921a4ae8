// What keeps a specimen where it is, whatever the action: each check names the first specimen held
// and by what, or nothing. `assign` and `allocate` run them all (after locking the specimens); an
// action carried out for the holder itself passes its reference (`bill:<no>`). A part that adds a
// hold (legal hold, consent withdrawal) adds its check to HOLD_CHECKS.
import type { HeldAction, Lang } from '@trialab/api-contract';
import type { Executor } from '../../db/client.js';
import type { ApiError } from '../../lib/errors.js';
import { billHold } from '../bills/holds.js';
import { libraryHoldCheck } from '../library-holds/holds.js';
import { moveRequestHold } from './move-holds.js';

export interface HeldSpecimen {
  id: number;
  code: string;
  /** A custody action, or `edit` (a batch correction of the record). */
  action: HeldAction;
}

export type HoldCheck = (
  db: Executor,
  lang: Lang,
  specimens: HeldSpecimen[],
  reference: string | null,
) => Promise<ApiError | undefined>;

const HOLD_CHECKS: readonly HoldCheck[] = [billHold, moveRequestHold, libraryHoldCheck];

/** The first hold one of these specimens is under, unless the action is its holder's own. */
export async function holdProblem(
  db: Executor,
  lang: Lang,
  specimens: HeldSpecimen[],
  reference: string | null | undefined,
): Promise<ApiError | undefined> {
  if (specimens.length === 0) return undefined;
  for (const check of HOLD_CHECKS) {
    const problem = await check(db, lang, specimens, reference ?? null);
    if (problem) return problem;
  }
  return undefined;
}
