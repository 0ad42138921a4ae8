import { describe, expect, it } from 'vitest';
import { refusal } from '../../../test/refusal.js';
import {
  ageAt,
  assertBandFree,
  assertNoneVoided,
  assertNotVoidedYet,
  assertRangeValid,
  distinctCodes,
  type ProjectRange,
  projectRangeFor,
  rangeText,
  sexOfGender,
  withProjectRanges,
} from './service.js';

const range = (over: Partial<ProjectRange>): ProjectRange => ({
  id: 1,
  testItemId: 7,
  sex: null,
  ageMin: null,
  ageMax: null,
  low: null,
  high: null,
  unit: null,
  text: null,
  ...over,
});

describe('voided barcodes', () => {
  it('refuses voided barcodes, naming them, and lets none pass', () => {
    expect(refusal(() => assertNoneVoided([]))).toBeNull();
    expect(refusal(() => assertNoneVoided(['B1', 'B2']))).toEqual({
      key: 'barcodeVoided',
      params: { codes: 'B1, B2' },
    });
    expect(refusal(() => assertNotVoidedYet(['B1']))).toEqual({
      key: 'barcodeAlreadyVoided',
      params: { codes: 'B1' },
    });
  });

  it('splits a pasted list into distinct codes', () => {
    expect(distinctCodes(['A1\nA2', 'A2, A3', ' '])).toEqual(['A1', 'A2', 'A3']);
  });
});

describe('project reference ranges', () => {
  it('wants bounds or a text answer, ordered', () => {
    expect(refusal(() => assertRangeValid({ low: 1, high: 5 }))).toBeNull();
    expect(refusal(() => assertRangeValid({ text: '阴性' }))).toBeNull();
    for (const bad of [{}, { low: 5, high: 1 }, { low: 1, text: 'x' }, { high: 3, ageMin: 60, ageMax: 18 }])
      expect(refusal(() => assertRangeValid(bad))?.key).toBe('projectRangeInvalid');
  });

  it('refuses a second range for the same sex and age band, not the row itself', () => {
    const others = [{ id: 3, sex: 'M', ageMin: 18, ageMax: 65 }];
    expect(refusal(() => assertBandFree({ sex: 'M', ageMin: 18, ageMax: 65 }, others))?.key).toBe(
      'projectRangeDuplicate',
    );
    expect(refusal(() => assertBandFree({ id: 3, sex: 'M', ageMin: 18, ageMax: 65 }, others))).toBeNull();
    expect(refusal(() => assertBandFree({ sex: 'F', ageMin: 18, ageMax: 65 }, others))).toBeNull();
  });

  it('prints ranges the flagging reads', () => {
    expect(rangeText({ low: 3.5, high: 9.5, text: null })).toBe('3.5-9.5');
    expect(rangeText({ low: null, high: 40, text: null })).toBe('<=40');
    expect(rangeText({ low: 1, high: null, text: null })).toBe('>=1');
    expect(rangeText({ low: null, high: null, text: '阴性' })).toBe('阴性');
  });

  it('reads sex from dictionary 1002 and age in whole years', () => {
    expect([sexOfGender('1'), sexOfGender('2'), sexOfGender('3'), sexOfGender(null)]).toEqual([
      'M',
      'F',
      null,
      null,
    ]);
    const at = new Date('2026-03-11T00:00:00Z');
    expect(ageAt('1968-03-12', at)).toBe(57);
    expect(ageAt('1968-03-11', at)).toBe(58);
    expect(ageAt(null, at)).toBeNull();
  });

  it('picks the most specific fitting range: sex before none, then the narrower band', () => {
    const rows = [
      range({ id: 1, low: 1, high: 10 }),
      range({ id: 2, sex: 'M', low: 2, high: 9 }),
      range({ id: 3, sex: 'M', ageMin: 60, low: 3, high: 8 }),
      range({ id: 4, sex: 'F', ageMax: 17, low: 4, high: 7 }),
    ];
    expect(projectRangeFor(rows, 7, { sex: 'M', age: 70 })?.id).toBe(3);
    expect(projectRangeFor(rows, 7, { sex: 'M', age: 40 })?.id).toBe(2);
    expect(projectRangeFor(rows, 7, { sex: 'F', age: 40 })?.id).toBe(1);
    // Unknown age fits only open bands.
    expect(projectRangeFor(rows, 7, { sex: 'F', age: null })?.id).toBe(1);
    expect(projectRangeFor(rows, 8, { sex: 'M', age: 40 })).toBeNull();
  });

  it("puts the project's unit and range over the item's own, and leaves other items alone", () => {
    const items = [
      { id: 7, unit: 'g/L', referenceRange: '0-100' },
      { id: 8, unit: 'U/L', referenceRange: '<=40' },
    ];
    const out = withProjectRanges(items, [range({ low: 110, high: 150, unit: 'g/dL' })], {
      sex: 'M',
      age: 30,
    });
    expect(out).toEqual([
      { id: 7, unit: 'g/dL', referenceRange: '110-150' },
      { id: 8, unit: 'U/L', referenceRange: '<=40' },
    ]);
    const keepsUnit = withProjectRanges(items, [range({ text: '阴性' })], { sex: null, age: null });
    expect(keepsUnit[0]).toEqual({ id: 7, unit: 'g/L', referenceRange: '阴性' });
  });
});
