// The specimen-expired page's rules, apart from React: the days-left words, which selected rows an
// instruction's action may take, and the bill prefill it opens (tested in parts.test.ts).
import type { ExpiredSpecimen, RetentionInstruction } from '@trialab/api-contract';
import type { BillPrefill } from '../manage/bills/prefill';

/** Days left as the key and count of the page's words: left, today, over. */
export function daysLeftWord(daysLeft: number): { key: 'left' | 'today' | 'over'; count: number } {
  if (daysLeft > 0) return { key: 'left', count: daysLeft };
  if (daysLeft === 0) return { key: 'today', count: 0 };
  return { key: 'over', count: -daysLeft };
}

/** Why an instruction's action cannot take these rows, or the rows it takes. */
export type Selection =
  | { refuse: 'chooseFirst' }
  | { refuse: 'onBill'; count: number }
  | { refuse: 'otherInstruction'; count: number }
  | { refuse: 'oneProject' }
  | { rows: ExpiredSpecimen[] };

/**
 * The rows an action may take: some chosen, none already on a bill, all of that instruction, and
 * (for a bill) all of one project.
 */
export function actionRows(rows: ExpiredSpecimen[], instruction: RetentionInstruction): Selection {
  if (rows.length === 0) return { refuse: 'chooseFirst' };
  const onBill = rows.filter((r) => r.bill !== null).length;
  if (onBill > 0) return { refuse: 'onBill', count: onBill };
  const other = rows.filter((r) => r.instruction !== instruction).length;
  if (other > 0) return { refuse: 'otherInstruction', count: other };
  if (instruction !== 'keep' && new Set(rows.map((r) => r.projectId)).size > 1)
    return { refuse: 'oneProject' };
  return { rows };
}

/** What the create page opens with: the rows' project and barcodes; a return its stock-out type and first reason. */
export function billPrefill(
  rows: ExpiredSpecimen[],
  returnTypes: ReadonlyArray<{ id: number; reasons: string[] }> = [],
): BillPrefill {
  const first = rows[0];
  const type = returnTypes.find((x) => x.id === first?.returnTypeId);
  return {
    projectId: first?.projectId ?? 0,
    barcodes: rows.map((r) => r.code),
    ...(type ? { stockOutTypeId: type.id } : {}),
    ...(type?.reasons[0] ? { reason: type.reasons[0] } : {}),
  };
}
