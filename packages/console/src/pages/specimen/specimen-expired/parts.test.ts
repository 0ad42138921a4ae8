import type { ExpiredSpecimen } from '@trialab/api-contract';
import { describe, expect, it } from 'vitest';
import { billPrefillOf, billPrefillState } from '../manage/bills/prefill';
import { actionRows, billPrefill, daysLeftWord } from './parts';

const row = (code: string, over: Partial<ExpiredSpecimen> = {}): ExpiredSpecimen => ({
  id: Number(code.replace(/\D/g, '')),
  code,
  projectId: 1,
  projectNo: 'KM-2026-001',
  subjectNo: null,
  visit: null,
  sampleTypeName: 'Plasma',
  unitName: 'ULT-01',
  rack: 'R01',
  box: 'B1',
  position: 'A1',
  endsOn: '2026-12-01',
  daysLeft: 2,
  instruction: 'destroy',
  start: 'received',
  ruleId: 1,
  note: null,
  returnTypeId: null,
  extendedUntil: null,
  bill: null,
  ...over,
});

describe('specimen-expired page rules', () => {
  it('says days left, due today or days over', () => {
    expect(daysLeftWord(12)).toEqual({ key: 'left', count: 12 });
    expect(daysLeftWord(0)).toEqual({ key: 'today', count: 0 });
    expect(daysLeftWord(-3)).toEqual({ key: 'over', count: 3 });
  });

  it('takes only chosen rows of the instruction, of one project for a bill, none already on a bill', () => {
    expect(actionRows([], 'destroy')).toEqual({ refuse: 'chooseFirst' });
    const onBill = row('R2', { bill: { id: 9, billNo: 'XH1', kind: 'destroy', status: 'draft' } });
    expect(actionRows([row('R1'), onBill], 'destroy')).toEqual({ refuse: 'onBill', count: 1 });
    expect(actionRows([row('R1'), row('R3', { instruction: 'keep' })], 'destroy')).toEqual({
      refuse: 'otherInstruction',
      count: 1,
    });
    expect(actionRows([row('R1'), row('R4', { projectId: 2 })], 'destroy')).toEqual({ refuse: 'oneProject' });
    // Keeping longer is no bill: several projects at once.
    const keep = [row('R5', { instruction: 'keep' }), row('R6', { instruction: 'keep', projectId: 2 })];
    expect(actionRows(keep, 'keep')).toEqual({ rows: keep });
  });

  it('opens the bill page with the project, the barcodes and a return type with its first reason', () => {
    expect(billPrefill([row('R1'), row('R7')])).toEqual({ projectId: 1, barcodes: ['R1', 'R7'] });
    const back = [row('R8', { instruction: 'return', returnTypeId: 3 })];
    expect(billPrefill(back, [{ id: 3, reasons: ['3', '4'] }])).toEqual({
      projectId: 1,
      barcodes: ['R8'],
      stockOutTypeId: 3,
      reason: '3',
    });
    const state = billPrefillState(billPrefill(back, [{ id: 3, reasons: ['3', '4'] }]));
    expect(billPrefillOf({ state })?.barcodes).toEqual(['R8']);
    expect(billPrefillOf({ state: null })).toBeNull();
    expect(billPrefillOf({ state: { billPrefill: { projectId: 'x' } } })).toBeNull();
  });
});
