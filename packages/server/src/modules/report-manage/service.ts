// The export rules (docs/reports.md "Exports"): pure functions of plain values.
import { ResultCode, XLSX_MAX_ROWS } from '@trialab/api-contract';
import { ApiError } from '../../lib/errors.js';

/**
 * An xlsx sheet holds 1,048,576 rows with its header: more is refused with csv offered (never a
 * file silently cut at the limit); csv has no limit.
 */
export function assertFormatFits(format: 'xlsx' | 'csv', rows: number): void {
  if (format === 'xlsx' && rows > XLSX_MAX_ROWS)
    throw new ApiError(ResultCode.BAD_REQUEST, {
      key: 'reportExportTooLarge',
      params: { rows, max: XLSX_MAX_ROWS },
      data: { rows, max: XLSX_MAX_ROWS, offer: 'csv' },
    });
}
