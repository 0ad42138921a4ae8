// The rules of marketing as pure functions of plain values (docs/finance.md): who sees which
// customers, how a quotation is priced (api-contract money.ts, the one rounding rule), whether a
// reviewer's discount limit covers it, what a contract line's price is, and which contract version
// is in force on a day.
import {
  Decimal,
  type DecimalLike,
  type LineInput,
  priceDocument,
  type RateCardScope,
  ResultCode,
  WILDCARD_PERMISSION,
} from '@trialab/api-contract';
import { ApiError } from '../../lib/errors.js';
import type { Principal } from '../../lib/route.js';

/** Which customers a caller sees: every one, or those they own. */
export interface CustomerVisibility {
  all: boolean;
  userId: number;
}

/** External users see nothing of marketing; `customerAll` (or the super account) sees every customer. */
export function customerVisibility(principal: Principal, allPermission: string): CustomerVisibility {
  if (principal.type === 2) throw new ApiError(ResultCode.FORBIDDEN, { key: 'marketingExternal' });
  const all =
    principal.isSuper ||
    principal.permissions.has(WILDCARD_PERMISSION) ||
    principal.permissions.has(allPermission);
  return { all, userId: principal.userId };
}

/** A rate card names the customer or project its scope says, and nothing else. */
export function assertCardScope(
  scope: RateCardScope,
  customerId: number | null,
  projectId: number | null,
): void {
  const ok =
    (scope === 'all' && customerId === null && projectId === null) ||
    (scope === 'customer' && customerId !== null && projectId === null) ||
    (scope === 'project' && projectId !== null);
  if (!ok) throw new ApiError(ResultCode.BAD_REQUEST, { key: 'marketingCardScope' });
}

export function assertValidity(from: string, to: string | null | undefined): void {
  if (to && to < from)
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'marketingValidity', params: { from, to } });
}

/** No service twice in one list (a version, a contract version). */
export function assertUniqueServices(keys: readonly string[]): void {
  const seen = new Set<string>();
  for (const key of keys) {
    if (seen.has(key))
      throw new ApiError(ResultCode.BAD_REQUEST, { key: 'marketingDuplicateService', params: { key } });
    seen.add(key);
  }
}

/** The day before `day` (`YYYY-MM-DD`). */
export function dayBefore(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** A quotation's lines priced by the one rounding rule, and its whole discount as a rate of the list amount. */
export function priceQuotation(
  lines: readonly LineInput[],
  taxInclusive: boolean,
  discountRate: DecimalLike,
) {
  let priced: ReturnType<typeof priceDocument>;
  try {
    priced = priceDocument(lines, { taxInclusive, documentDiscountRate: discountRate });
  } catch {
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'marketingDiscountTooLarge' });
  }
  const effective = priced.listAmount.isZero() ? Decimal.ZERO : priced.discount.div(priced.listAmount, 6);
  return { ...priced, effectiveDiscountRate: effective };
}

/** A rate as a percentage for messages (`0.125` → `12.5%`). */
export const percent = (rate: DecimalLike): string => `${Decimal.of(rate).mul('100').round(2).toString()}%`;

/** The reviewer's discount limit must cover the quotation's whole discount. */
export function assertDiscountCovered(effective: DecimalLike, limit: DecimalLike): void {
  if (Decimal.of(effective).cmp(limit) > 0)
    throw new ApiError(ResultCode.FORBIDDEN, {
      key: 'marketingDiscountLimit',
      params: { rate: percent(effective), limit: percent(limit) },
    });
}

/**
 * A contract line's unit price: the quotation's unit price after its line discount and the
 * document discount, rounded half-up to 4 decimals (what billing multiplies by quantities).
 */
export function contractUnitPrice(
  unitPrice: DecimalLike,
  lineRate: DecimalLike,
  documentRate: DecimalLike,
): string {
  const one = Decimal.of('1');
  return Decimal.of(unitPrice).mul(one.sub(lineRate)).mul(one.sub(documentRate)).round(4).toFixed(4);
}

/** The version in force on `day`: the one with the latest first day not after it (none before the first). */
export function versionInForce<V extends { effectiveFrom: string }>(
  versions: readonly V[],
  day: string,
): V | undefined {
  let found: V | undefined;
  for (const v of versions)
    if (v.effectiveFrom <= day && (!found || v.effectiveFrom > found.effectiveFrom)) found = v;
  return found;
}

/**
 * Planned quantities per subject from an online plan: a test item's tests are the samples of every
 * visit that order it (visits × samples × test items); kits are one per visit.
 */
export function plannedPerSubject(
  visits: ReadonlyArray<{ samples: ReadonlyArray<{ count: number; testItemIds: readonly number[] }> }>,
): { tests: Map<number, number>; kits: number } {
  const tests = new Map<number, number>();
  for (const visit of visits)
    for (const sample of visit.samples)
      for (const item of sample.testItemIds) tests.set(item, (tests.get(item) ?? 0) + sample.count);
  return { tests, kits: visits.length };
}
