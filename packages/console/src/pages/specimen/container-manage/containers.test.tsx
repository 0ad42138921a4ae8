import { render, screen } from '@testing-library/react';
import { UNIT_KIND_WORDS, UNIT_STATUS_LABELS } from '@trialab/api-contract';
import { afterAll, describe, expect, it } from 'vitest';
import { wordLabel, wordOptions } from '../../../components/libraryWords';
import { Occupancy, occupancyPercent } from '../../../components/Occupancy';
import { changeLanguage } from '../../../locales';
import { fillSummary } from './device-manage/unitForm';
import { boxCells, CELL_MARKS } from './frozen-box-manage/cells';
import { boxPlace } from './frozen-box-manage/index';
import { freeSlots } from './frozen-box-move/slots';
import { labelsExample } from './frozen-box-type-manage/index';

afterAll(async () => {
  await changeLanguage('zh-CN');
});

describe('storage management page logic', () => {
  it('says what "fill with racks and boxes" makes, and when the racks do not fit', () => {
    const types = [{ id: 7, rows: 4, cols: 5 }];
    const values = { rows: 5, cols: 1, fill: true, fillWith: { rackTypeId: 7, racks: 2, boxTypeId: 3 } };
    expect(fillSummary(values, types)).toEqual({ racks: 2, slots: 5, boxes: 40, tooMany: false });
    expect(fillSummary({ ...values, fillWith: { rackTypeId: 7, racks: 2 } }, types)?.boxes).toBe(0);
    expect(
      fillSummary({ ...values, fillWith: { rackTypeId: 7, racks: 6, boxTypeId: 3 } }, types)?.tooMany,
    ).toBe(true);
    expect(fillSummary({ ...values, fill: false }, types)).toBeNull();
    expect(fillSummary({ ...values, fillWith: { rackTypeId: 9, racks: 2 } }, types)).toBeNull();
  });

  it('lays a box out row by row with every state marked by more than its colour', () => {
    const cells = boxCells({ rows: 2, cols: 3, labels: 'alnum' }, [
      { row: 1, col: 2, state: 'stored', barcode: 'S-1', heldForProjectId: null, reason: null },
      { row: 2, col: 1, state: 'blocked', barcode: null, heldForProjectId: null, reason: 'cracked' },
      { row: 2, col: 3, state: 'blocked', barcode: null, heldForProjectId: 4, reason: 'KM' },
      { row: 1, col: 3, state: 'reserved', barcode: null, heldForProjectId: null, reason: null },
    ]);
    expect(cells.map((row) => row.map((c) => `${c.position}:${c.state}`))).toEqual([
      ['A1:free', 'A2:stored', 'A3:reserved'],
      ['B1:blocked', 'B2:free', 'B3:held'],
    ]);
    expect(cells[0]?.[1]?.detail).toBe('S-1');
    expect(cells[1]?.[0]?.detail).toBe('cracked');
    // Every state but free carries a mark of its own.
    const marks = Object.entries(CELL_MARKS)
      .filter(([state]) => state !== 'free')
      .map(([, m]) => m);
    expect(new Set(marks).size).toBe(marks.length);
    expect(marks.every((m) => m.length > 0)).toBe(true);
    expect(boxCells({ rows: 10, cols: 10, labels: 'numeric' }, [])[1]?.[0]?.position).toBe('11');
    expect(boxCells({ rows: null, cols: null, labels: 'alnum' }, [])).toEqual([]);
  });

  it('offers the free slots of a rack as move targets, never the slot the box stands in', () => {
    const rack = { id: 1, rows: 2, cols: 2 };
    const boxes = [
      { id: 10, rackId: 1, rackRow: 1, rackCol: 1 },
      { id: 11, rackId: 1, rackRow: 2, rackCol: 2 },
      { id: 12, rackId: 2, rackRow: 1, rackCol: 2 },
    ];
    expect(freeSlots(rack, boxes, 99)).toEqual([
      { row: 1, col: 2 },
      { row: 2, col: 1 },
    ]);
    expect(freeSlots(rack, boxes, 10)).toEqual([
      { row: 1, col: 2 },
      { row: 2, col: 1 },
    ]);
    expect(freeSlots(rack, boxes, 12)).toHaveLength(2);
  });

  it('shows how a box type labels its positions, in its fill order', () => {
    expect(labelsExample({ rows: 9, cols: 9, labels: 'alnum', fillOrder: 'row' })).toEqual([
      'A1',
      'A2',
      'I9',
    ]);
    expect(labelsExample({ rows: 9, cols: 9, labels: 'alnum', fillOrder: 'column' })).toEqual([
      'A1',
      'B1',
      'I9',
    ]);
    expect(labelsExample({ rows: 10, cols: 10, labels: 'numeric', fillOrder: 'row' })).toEqual([
      '1',
      '2',
      '100',
    ]);
  });

  it('writes where a box is: its rack slot, or loose', () => {
    expect(boxPlace({ rackCode: 'ULT-01-R01', rackRow: 1, rackCol: 3 }, 'loose')).toBe('ULT-01-R01 · A3');
    expect(boxPlace({ rackCode: null, rackRow: null, rackCol: null }, 'loose')).toBe('loose');
  });

  it('writes occupancy out as figures beside the bar, a bag without capacity as its count', async () => {
    expect(occupancyPercent(80, 81)).toBe(98);
    expect(occupancyPercent(81, 81)).toBe(100);
    expect(occupancyPercent(3, null)).toBeNull();
    await changeLanguage('en-US');
    const { unmount } = render(<Occupancy stored={40} capacity={81} />);
    expect(screen.getByTestId('occupancy').textContent).toBe('40 / 81 · 49%');
    unmount();
    const bag = render(<Occupancy stored={3} capacity={null} />);
    expect(screen.getByTestId('occupancy').textContent).toBe('3 / no limit');
    bag.unmount();
    // A unit without racks has room for nothing yet: not "no limit".
    const empty = render(<Occupancy stored={0} capacity={0} />);
    expect(screen.getByTestId('occupancy').textContent).toBe('0 / 0');
    empty.unmount();
    render(<Occupancy stored={9} capacity={4455} />);
    expect(screen.getByTestId('occupancy').textContent).toBe('9 / 4455 · <1%');
  });

  it("names units' kinds and statuses in the contract's words, as labels", async () => {
    await changeLanguage('en-US');
    expect(wordLabel(UNIT_KIND_WORDS, 'ln2_tank')).toBe('LN2 tank');
    expect(wordLabel(UNIT_KIND_WORDS, 'freezer')).toBe('Freezer');
    expect(wordOptions(UNIT_STATUS_LABELS).map((o) => o.label)).toEqual([
      'Active',
      'Defrosting',
      'Backup',
      'Out of service',
    ]);
    await changeLanguage('zh-HK');
    expect(wordLabel(UNIT_KIND_WORDS, 'refrigerator')).toBe('冷藏櫃');
  });
});
