// Legal holds and consent withdrawals (docs/library.md "Legal hold and consent withdrawal"). A flag
// sits on a specimen or a subject; which flags cover a specimen is computed when asked: its own, every
// ancestor's (an aliquot is covered by what covers the specimen it was split from, at any depth) and
// its subject's (or an ancestor's subject's). Nothing is copied onto the children.
//
// What each kind refuses (HOLD_RULES): a legal hold keeps the specimen as it is, so moves, outbound
// and destruction are refused, and so is a batch edit of its record (`edit`); a consent withdrawal
// stops every further use, so moves, outbound and edits are refused, but destruction is allowed
// (the consent form's instruction is usually to destroy).
// Placement, the rack-scanner import, a return from loan and an evacuation stay possible under
// both: a held specimen must stay stored, and a failing unit is emptied whatever it holds.
import {
  type CustodyAction,
  HELD_ACTION_WORDS,
  type HeldAction,
  type HoldKind,
  type HoldVia,
  holdKindWord,
  type Lang,
  type LineProblem,
  libraryWord,
  ResultCode,
} from '@trialab/api-contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { ApiError } from '../../lib/errors.js';

/** The actions each kind of flag refuses. */
export const HOLD_RULES: Readonly<Record<HoldKind, ReadonlySet<HeldAction>>> = {
  legal: new Set(['move', 'outbound', 'destroy', 'edit']),
  consent: new Set(['move', 'outbound', 'edit']),
};

/** How far up the aliquot tree a flag is looked for (aliquots of aliquots are rarely deeper than 3). */
const MAX_DEPTH = 16;

export interface CoveringHold {
  id: number;
  kind: HoldKind;
  via: HoldVia;
  /** The flagged specimen's barcode (via specimen or parent). */
  code: string | null;
  /** The flagged subject's number (via subject). */
  subjectNo: string | null;
  reason: string;
}

/**
 * The active flags covering each specimen (specimen id → flags, oldest first; a specimen without any
 * is not listed): one query, whatever the number of specimens.
 */
export async function coveringHolds(
  db: Executor,
  specimenIds: readonly number[],
): Promise<Map<number, CoveringHold[]>> {
  const out = new Map<number, CoveringHold[]>();
  if (specimenIds.length === 0) return out;
  const ids = sql.join(
    [...new Set(specimenIds)].map((id) => sql`${id}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    WITH RECURSIVE chain(origin, id, parent_id, subject_id, depth) AS (
      SELECT b.id, b.id, b.parent_id, b.subject_id, 0 FROM specimen_barcodes b WHERE b.id IN (${ids})
      UNION ALL
      SELECT c.origin, p.id, p.parent_id, p.subject_id, c.depth + 1
        FROM chain c JOIN specimen_barcodes p ON p.id = c.parent_id
        WHERE c.depth < ${MAX_DEPTH}
    )
    SELECT DISTINCT c.origin, h.id, h.kind, h.reason, s.code, subj.subject_no,
      CASE WHEN h.specimen_id IS NULL THEN 'subject'
           WHEN h.specimen_id = c.origin THEN 'specimen' ELSE 'parent' END AS via
      FROM chain c
      JOIN library_holds h ON h.lifted_at IS NULL
        AND (h.specimen_id = c.id OR (c.subject_id IS NOT NULL AND h.subject_id = c.subject_id))
      LEFT JOIN specimen_barcodes s ON s.id = h.specimen_id
      LEFT JOIN lab_subjects subj ON subj.id = h.subject_id
      ORDER BY c.origin, h.id
  `);
  const rows = (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
  for (const r of rows) {
    const origin = Number(r.origin);
    const list = out.get(origin) ?? [];
    list.push({
      id: Number(r.id),
      kind: r.kind as HoldKind,
      via: r.via as HoldVia,
      code: (r.code as string | null) ?? null,
      subjectNo: (r.subject_no as string | null) ?? null,
      reason: String(r.reason),
    });
    out.set(origin, list);
  }
  return out;
}

/** What a flag sits on, in words: the specimen's barcode or the subject's number. */
function holderText(hold: CoveringHold, lang: Lang): string {
  if (hold.via === 'subject') return HOLDER_WORDS.subject[lang].replace('{no}', hold.subjectNo ?? '');
  if (hold.via === 'parent') return HOLDER_WORDS.parent[lang].replace('{code}', hold.code ?? '');
  return '';
}
const HOLDER_WORDS = {
  subject: { zh_CN: '（受试者 {no}）', en_US: ' (subject {no})', zh_HK: '（受試者 {no}）' },
  parent: {
    zh_CN: '（来自母样本 {code}）',
    en_US: ' (from parent specimen {code})',
    zh_HK: '（來自母樣本 {code}）',
  },
} as const;

/** The first flag refusing this action on this specimen, if any. */
export function refusingHold(holds: readonly CoveringHold[] | undefined, action: HeldAction) {
  return holds?.find((h) => HOLD_RULES[h.kind].has(action));
}

/**
 * The position engine's check (positions/holds.ts HOLD_CHECKS): the first specimen a flag refuses
 * the action on, named with the flag and where it sits. No reference passes it: a flag has no
 * action of its own.
 */
export async function libraryHoldCheck(
  db: Executor,
  lang: Lang,
  specimens: Array<{ id: number; code: string; action: HeldAction }>,
  _reference: string | null,
): Promise<ApiError | undefined> {
  const guarded = specimens.filter((s) => HOLD_RULES.legal.has(s.action) || HOLD_RULES.consent.has(s.action));
  if (guarded.length === 0) return undefined;
  const covering = await coveringHolds(
    db,
    guarded.map((s) => s.id),
  );
  for (const s of guarded) {
    const hold = refusingHold(covering.get(s.id), s.action);
    if (hold)
      return new ApiError(ResultCode.INVALID_STATE, {
        key: 'holdRefused',
        params: {
          code: s.code,
          hold: holdKindWord(hold.kind, lang),
          holder: holderText(hold, lang),
          action: libraryWord(HELD_ACTION_WORDS, s.action, lang),
        },
      });
  }
  return undefined;
}

/**
 * The bills' line eligibility (bills/eligibility.ts LINE_CHECKS), one check per kind of flag: a legal
 * hold keeps any line from going; a consent withdrawal keeps an outbound line from going, not a
 * destruction's.
 */
export const holdLineCheck =
  (kind: HoldKind, problem: LineProblem) =>
  async (
    db: Executor,
    bill: { kind: string },
    lines: Array<{ specimenId: number }>,
  ): Promise<Map<number, LineProblem>> => {
    const action: CustodyAction = bill.kind === 'destroy' ? 'destroy' : 'outbound';
    if (!HOLD_RULES[kind].has(action)) return new Map();
    const covering = await coveringHolds(
      db,
      lines.map((l) => l.specimenId),
    );
    return new Map(
      [...covering]
        .filter(([, holds]) => holds.some((h) => h.kind === kind))
        .map(([id]) => [id, problem] as const),
    );
  };
