// The rules of statements and adjustments as pure functions (docs/finance.md "Statements"): the
// number series, the foreign-currency rate at confirmation, an adjustment line's money by the one
// rounding rule (money.ts) and the red-letter rule.
import {
  ADJUSTMENT_REVERSAL_REASON,
  DEFAULT_CURRENCY,
  Decimal,
  type DecimalLike,
  priceLine,
  ResultCode,
} from '@trialab/api-contract';
import type { Executor } from '../../db/client.js';
import { files } from '../../db/schema.js';
import { ApiError } from '../../lib/errors.js';
import type { FileStore } from '../../lib/file-store.js';
import {
  type AdjustmentLineInsert,
  creditedOn,
  insertAdjustment,
  lockStatement,
  reversalsToLand,
} from './statements-repository.js';

/** Statements are numbered per calendar year of confirmation (lab days): `JS2026-0001`. */
export const statementSeries = (labDay: string): string => `JS${labDay.slice(0, 4)}`;

/** A CNY statement has no rate; a foreign one is confirmed with its rate to CNY and the rate's date. */
export function lockedRate(
  currency: string,
  fxRate: string | null | undefined,
  fxDate: string | null | undefined,
): { fxRate: string | null; fxDate: string | null } {
  if (currency === DEFAULT_CURRENCY) return { fxRate: null, fxDate: null };
  if (!fxRate || !fxDate) throw new ApiError(ResultCode.BAD_REQUEST, { key: 'statementFxRequired' });
  return { fxRate: Decimal.of(fxRate).toString(), fxDate };
}

/**
 * An adjustment line's money: the amount is in the line's price basis (gross when tax-inclusive,
 * net otherwise), priced as one unit at the line's tax rate; a credit's amounts are negative.
 */
export function adjustmentMoney(
  direction: 'credit' | 'debit',
  amount: DecimalLike,
  line: { taxRate: string | null; taxInclusive: boolean | null },
) {
  const priced = priceLine(
    { quantity: '1', unitPrice: amount, taxRate: line.taxRate ?? '0' },
    line.taxInclusive ?? false,
  );
  const sign = (d: Decimal) => (direction === 'credit' ? d.neg() : d).toFixed(2);
  return { net: sign(priced.net), tax: sign(priced.tax), gross: sign(priced.gross) };
}

/**
 * The red-letter rule: a credit never exceeds the original line net of earlier credits. `credit`
 * and `earlier` are negative gross amounts (credits); the line's gross is what was billed.
 */
export function assertWithinLine(
  line: { gross: string; sourceLabel: string },
  earlier: string | undefined,
  credit: string,
): void {
  const remaining = Decimal.of(line.gross).add(earlier ?? '0');
  const asked = Decimal.of(credit).neg();
  if (asked.cmp(remaining) > 0)
    throw new ApiError(ResultCode.BAD_REQUEST, {
      key: 'adjustmentRedLetter',
      params: {
        amount: asked.toFixed(2),
        line: line.sourceLabel,
        remaining: (remaining.cmp('0') < 0 ? Decimal.of('0') : remaining).toFixed(2),
      },
    });
}

/** Sums of lines' money (the document's totals are the sums of its rounded lines). */
export function sumLines(lines: ReadonlyArray<{ net: string; tax: string; gross: string }>) {
  let net = Decimal.of('0');
  let tax = Decimal.of('0');
  let gross = Decimal.of('0');
  for (const line of lines) {
    net = net.add(line.net);
    tax = tax.add(line.tax);
    gross = gross.add(line.gross);
  }
  return { net: net.toFixed(2), tax: tax.toFixed(2), gross: gross.toFixed(2) };
}

/**
 * Reversals of work already on a confirmed statement land as credits on a new draft adjustment of
 * that statement (one per statement and run), within the red-letter rule; a reversal the rule leaves
 * no room for stays on the bills list. Runs after each generation of billable events.
 */
export async function landReversals(
  db: Executor,
  input: { userId: number; now: Date; lang: keyof typeof ADJUSTMENT_REVERSAL_REASON },
): Promise<Array<{ id: number; statementId: number; lines: number }>> {
  const found = await reversalsToLand(db);
  const byStatement = new Map<number, typeof found>();
  for (const r of found) byStatement.set(r.statementId, [...(byStatement.get(r.statementId) ?? []), r]);
  const made: Array<{ id: number; statementId: number; lines: number }> = [];
  for (const [statementId, reversals] of byStatement) {
    await lockStatement(db, statementId);
    const credited = await creditedOn(
      db,
      reversals.map((r) => r.lineId),
      ['draft', 'reviewed'],
    );
    const lines: AdjustmentLineInsert[] = [];
    for (const r of reversals) {
      try {
        assertWithinLine({ gross: r.lineGross, sourceLabel: r.sourceLabel }, credited.get(r.lineId), r.gross);
      } catch {
        continue;
      }
      lines.push({
        statementLineId: r.lineId,
        eventId: r.eventId,
        direction: 'credit',
        net: r.net,
        tax: r.tax,
        gross: r.gross,
      });
    }
    if (lines.length === 0) continue;
    const id = await insertAdjustment(
      db,
      {
        statementId,
        reason: ADJUSTMENT_REVERSAL_REASON[input.lang],
        userId: input.userId,
        now: input.now,
        totals: sumLines(lines),
      },
      lines,
    );
    made.push({ id, statementId, lines: lines.length });
  }
  return made;
}

/** A confirmed statement's PDF kept as a file; its SHA-256 is stored on the statement. */
export async function storePdf(db: Executor, store: FileStore, pdf: Buffer, name: string, userId: number) {
  const sha256 = await store.put(pdf);
  const [file] = await db
    .insert(files)
    .values({ name, mime: 'application/pdf', size: pdf.length, sha256, uploadedBy: userId })
    .returning({ id: files.id });
  if (!file) throw new Error('statement pdf not stored');
  return { id: file.id, sha256 };
}
