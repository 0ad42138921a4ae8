import { describe, expect, it } from 'vitest';
import { exportName, pageWindow } from './service.js';

describe('specimen log rules', () => {
  it('reads page n of a size as a window of rows', () => {
    expect(pageWindow({ page: 1, size: 20 })).toEqual({ limit: 20, offset: 0 });
    expect(pageWindow({ page: 3, size: 50 })).toEqual({ limit: 50, offset: 100 });
  });

  it('names the export after the barcode, keeping file-name-safe characters only', () => {
    expect(exportName('SP-0001_a', '2026-01-02')).toBe('specimen-log-SP-0001_a-2026-01-02.xlsx');
    expect(exportName('a/b\\c "d".e', '2026-01-02')).toBe('specimen-log-abcde-2026-01-02.xlsx');
  });
});
