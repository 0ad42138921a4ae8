import { XLSX_MAX_ROWS } from '@trialab/api-contract';
import { describe, expect, it } from 'vitest';
import { refusal } from '../../../test/refusal.js';
import { safeCell } from '../../lib/xlsx.js';
import { assertFormatFits } from './service.js';

describe('export rules', () => {
  it('writes a cell a spreadsheet would run as a formula as text', () => {
    for (const lead of ['=', '+', '-', '@', '\t', '\r'])
      expect(safeCell(`${lead}SUM(A1:A9)`)).toBe(`'${lead}SUM(A1:A9)`);
    expect(safeCell('S-002-0201')).toBe('S-002-0201');
    expect(safeCell('')).toBe('');
    // A decimal number as text (a credit) is no formula.
    expect(safeCell('-10.00')).toBe('-10.00');
    expect(safeCell('-1e5')).toBe("'-1e5");
    // Numbers stay numbers (a negative count is not a formula).
    expect(safeCell(-3)).toBe(-3);
    expect(safeCell(null)).toBe(null);
  });

  it('refuses xlsx above its row limit and offers csv, which has none', () => {
    expect(() => assertFormatFits('xlsx', XLSX_MAX_ROWS)).not.toThrow();
    expect(refusal(() => assertFormatFits('xlsx', XLSX_MAX_ROWS + 1))).toMatchObject({
      key: 'reportExportTooLarge',
      params: { rows: XLSX_MAX_ROWS + 1, max: XLSX_MAX_ROWS },
    });
    expect(() => assertFormatFits('csv', 5_000_000)).not.toThrow();
  });
});
