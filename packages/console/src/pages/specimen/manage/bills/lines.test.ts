import { describe, expect, it } from 'vitest';
import { boxesOf, parseLines, placeOf } from './lines';

describe('bill lines from pasted or scanned text', () => {
  it('takes one barcode a line, a quantity after a comma, tab or space, and skips blanks and repeats', () => {
    expect(parseLines('LB-0001\r\n\nLB-0002,200\nLB-0003\t50\nLB-0001\n  LB-0004 1000  ')).toEqual({
      lines: [
        { barcode: 'LB-0001' },
        { barcode: 'LB-0002', quantityUl: 200 },
        { barcode: 'LB-0003', quantityUl: 50 },
        { barcode: 'LB-0004', quantityUl: 1000 },
      ],
    });
  });

  it('reports the first malformed line, a zero quantity included', () => {
    expect(parseLines('LB-0001\nnot a barcode!')).toEqual({ bad: { line: 2, text: 'not a barcode!' } });
    expect(parseLines('LB-0001,0')).toEqual({ bad: { line: 1, text: 'LB-0001,0' } });
    expect(parseLines('')).toEqual({ lines: [] });
  });
});

describe('the pick list', () => {
  const line = (box: string | null, position: string | null) => ({
    roomName: 'Room A',
    unitName: 'ULT-01',
    rack: 'R01',
    box,
    position,
  });

  it('names a place from room to cell, and a dash for a specimen not in the library', () => {
    expect(placeOf(line('BOX-1', 'A1'))).toBe('Room A / ULT-01 / R01 / BOX-1 A1');
    expect(placeOf(line(null, null))).toBe('-');
  });

  it('counts the tubes each box gives, boxes in pick order', () => {
    expect(boxesOf([line('B1', 'A1'), line('B1', 'A2'), line('B2', 'A1'), line(null, null)])).toEqual([
      { box: 'B1', tubes: 2 },
      { box: 'B2', tubes: 1 },
    ]);
  });
});
