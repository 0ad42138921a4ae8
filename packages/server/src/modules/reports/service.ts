import {
  type Lang,
  labReportWorkflow,
  REPORT_STATES,
  type ReportState,
  ResultCode,
  stateWord,
} from '@trialab/api-contract';
import { ApiError } from '../../lib/errors.js';
import { dateStamp } from '../../lib/time-zone.js';
import { staleOrMissing } from '../../lib/versioned.js';
import { actionName } from '../../lib/workflow.js';
import { resultFlag, validNumeric } from './flags.js';

export type ResultInput = { testItemId: number; value: string; remark?: string | null | undefined };

type ResultItem = {
  id: number;
  code: string;
  enabled: boolean;
  unit: string | null;
  referenceRange: string | null;
  resultType: string | null;
  decimals: number | null;
};

/** Checks the items (existing, enabled, each once, numeric where numeric) and computes unit, range and flag. */
export function resultRows(reportId: number, input: ResultInput[], items: ResultItem[]) {
  const ids = [...new Set(input.map((r) => r.testItemId))];
  const bad = ids.filter((id) => !items.some((i) => i.id === id && i.enabled));
  if (bad.length > 0 || ids.length !== input.length) {
    throw new ApiError(ResultCode.BAD_REQUEST, {
      key: 'reportItemInvalid',
      params: { items: (bad.length ? bad : ids).join(', ') },
    });
  }
  return input.map((r) => {
    const item = items.find((i) => i.id === r.testItemId);
    if (!item) throw new Error('item vanished');
    const type = item.resultType === 'text' ? 'text' : 'numeric';
    const decimals = item.decimals ?? 2;
    if (type === 'numeric' && !validNumeric(r.value, decimals)) {
      throw new ApiError(ResultCode.BAD_REQUEST, {
        key: 'reportValueInvalid',
        params: { item: item.code, decimals },
      });
    }
    return {
      reportId,
      testItemId: r.testItemId,
      value: r.value.trim(),
      unit: item.unit ?? null,
      referenceRange: item.referenceRange ?? null,
      flag: resultFlag(r.value, item.referenceRange ?? null, type),
      remark: r.remark ?? null,
    };
  });
}

type Order = { subjectId: number; barcode: string; status: string };

/** An order's results are for its own subject and barcode, and only once it is approved. */
export function assertOrderMatches(
  body: { subjectId?: number | undefined; barcode?: string | undefined },
  order: Order,
) {
  if (
    (body.subjectId !== undefined && body.subjectId !== order.subjectId) ||
    (body.barcode !== undefined && body.barcode !== order.barcode)
  )
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'reportOrderMismatch' });
  if (order.status !== 'approved')
    throw new ApiError(ResultCode.INVALID_STATE, { key: 'reportOrderNotApproved' });
}

/** Without an order, the subject and barcode must both be given. */
export function unorderedTarget(body: { subjectId?: number | undefined; barcode?: string | undefined }) {
  if (body.subjectId === undefined || body.barcode === undefined)
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'reportOrderMismatch' });
  return { subjectId: body.subjectId, barcode: body.barcode, visit: null };
}

export function alreadyEntered(reportNo: string): ApiError {
  return new ApiError(ResultCode.DUPLICATE, { key: 'reportAlreadyEntered', params: { reportNo } });
}

/** Results only for the items the order asked for; the others are named. */
export function assertItemsOrdered(results: ResultInput[], ordered: number[]): void {
  const extra = results.filter((r) => !ordered.includes(r.testItemId)).map((r) => r.testItemId);
  if (extra.length > 0)
    throw new ApiError(ResultCode.BAD_REQUEST, {
      key: 'reportItemNotOrdered',
      params: { items: extra.join(', ') },
    });
}

/** Report numbers: RPT-<date in the user's zone>-<id>, unique because the id is. */
export function reportNumber(now: Date, zone: string, id: number): string {
  return `RPT-${dateStamp(now, zone)}-${String(id).padStart(6, '0')}`;
}

/** A revision starts from the released version read: an edited one is stale, any other state is refused. */
export function assertRevisable(
  lang: Lang,
  prior: { status: string; version: number },
  version: number,
): void {
  if (prior.status !== 'released' || prior.version !== version) {
    if (prior.status === 'released') throw staleOrMissing(true);
    throw new ApiError(ResultCode.INVALID_STATE, {
      key: 'invalidState',
      params: { state: stateWord(labReportWorkflow, prior.status, lang), action: actionName(lang, 'revise') },
    });
  }
}

/** The monitor's counts: every state (0 when none), and what waits for review and release. */
export function monitorOf(rows: Array<{ status: string; n: number }>, abnormal: number) {
  const byStatus = Object.fromEntries(
    REPORT_STATES.map((s) => [s, rows.find((r) => r.status === s)?.n ?? 0]),
  ) as Record<ReportState, number>;
  return {
    byStatus,
    abnormal,
    awaitingReview: byStatus.entered + byStatus.revision_pending,
    awaitingRelease: byStatus.reviewed,
  };
}
