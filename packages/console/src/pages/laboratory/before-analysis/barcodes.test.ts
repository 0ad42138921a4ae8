import { describe, expect, it } from 'vitest';
import { parseBarcodes } from './barcodes';

describe('parseBarcodes', () => {
  it('reads one barcode per line and drops blanks and repeats', () => {
    expect(parseBarcodes('BC-1\n\nBC-2\r\nBC-1\n  BC-3  ')).toEqual(['BC-1', 'BC-2', 'BC-3']);
  });
  it('accepts comma, semicolon and full-width separators', () => {
    expect(parseBarcodes('A1,A2;A3，A4；A5 A6')).toEqual(['A1', 'A2', 'A3', 'A4', 'A5', 'A6']);
    expect(parseBarcodes('   ')).toEqual([]);
  });
});
