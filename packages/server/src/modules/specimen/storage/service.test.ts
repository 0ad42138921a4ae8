import type { SpecimenBarcodeRow } from '@trialab/api-contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/errors.js';
import {
  assertImportSize,
  assertPlanClean,
  cellOutside,
  changedFields,
  IMPORT_MAX_ROWS,
  planStorage,
  wellFormedCodes,
} from './service.js';

// A 2 x 2 rack at temperature 1; a code that starts with a dash is malformed.
const rack = { rows: 2, cols: 2, temperatureId: 1 };
const message = { deviceName: 'F1', rows: 2, cols: 2, capacity: 4, stored: 0 };
let nextId = 1;
const sample = (code: string, over: Partial<SpecimenBarcodeRow> = {}) =>
  [code, { id: nextId++, code, status: 'signed', storage: 'unstored', temperatureId: 1, ...over }] as [
    string,
    SpecimenBarcodeRow,
  ];
const ask = (...codes: Array<string | [string, string]>) =>
  codes.map((c, i) => ({
    line: i + 1,
    barcode: Array.isArray(c) ? c[0] : c,
    position: Array.isArray(c) ? c[1] : null,
  }));

describe('planStorage', () => {
  it('fills free positions row by row around the asked and taken ones', () => {
    const found = new Map([sample('AB00000001'), sample('AB00000002'), sample('AB00000003')]);
    const plan = planStorage(
      rack,
      new Set(['A1']),
      found,
      ask('AB00000001', ['AB00000002', 'A2'], 'AB00000003'),
    );
    expect(plan.map((i) => [i.position, i.problem])).toEqual([
      ['B1', null],
      ['A2', null],
      ['B2', null],
    ]);
  });

  it('names each row’s problem and runs out of room with "full"', () => {
    const found = new Map([
      sample('AB00000001'),
      sample('AB00000002', { status: 'disabled' }),
      sample('AB00000003', { storage: 'stored' }),
      sample('AB00000004', { temperatureId: 2 }),
      sample('AB00000005'),
      sample('AB00000006'),
      sample('AB00000007'),
    ]);
    const plan = planStorage(
      rack,
      new Set(['A1']),
      found,
      ask(
        '-bad',
        'AB00000009',
        'AB00000001',
        'AB00000001',
        'AB00000002',
        'AB00000003',
        'AB00000004',
        ['AB00000005', 'C1'],
        ['AB00000006', 'A1'],
        'AB00000007',
      ),
    );
    expect(plan.map((i) => i.problem)).toEqual([
      'malformed',
      'unknown',
      null,
      'duplicate',
      'disabled',
      'stored',
      'temperature',
      'positionInvalid',
      'positionTaken',
      null,
    ]);
    expect(planStorage(rack, new Set(['A1', 'A2', 'B1', 'B2']), found, ask('AB00000001'))[0]?.problem).toBe(
      'full',
    );
  });

  it('only looks up well-formed codes', () => {
    expect(wellFormedCodes(ask('-bad', 'AB00000001'))).toEqual(['AB00000001']);
  });
});

describe('assertPlanClean', () => {
  it('refuses with every sample of the first kind of problem', () => {
    const found = new Map([
      sample('AB00000001', { storage: 'stored' }),
      sample('AB00000002', { storage: 'stored' }),
    ]);
    const plan = planStorage(rack, new Set(), found, ask('AB00000001', 'AB00000009', 'AB00000002'));
    try {
      assertPlanClean(plan, message);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).options).toMatchObject({
        key: 'storageAlreadyStored',
        params: { codes: 'AB00000001, AB00000002', needed: 2 },
      });
    }
    expect(() => assertPlanClean(planStorage(rack, new Set(), found, []), message)).not.toThrow();
  });
});

describe('the small rules', () => {
  it('bounds an import between one row and the maximum', () => {
    expect(() => assertImportSize(null)).toThrow(ApiError);
    expect(() => assertImportSize([])).toThrow(ApiError);
    expect(() => assertImportSize(Array.from({ length: IMPORT_MAX_ROWS + 1 }, () => 0))).toThrow(ApiError);
    expect(assertImportSize([1])).toEqual([1]);
  });

  it('finds the occupied cell a smaller grid or another device would strand', () => {
    const occupied = [
      { row: 1, col: 1 },
      { row: 2, col: 3 },
    ];
    expect(cellOutside(occupied, { rows: 2, cols: 2, deviceId: 1 }, 1)).toEqual({ row: 2, col: 3 });
    expect(cellOutside(occupied, { rows: 3, cols: 3, deviceId: 2 }, 1)).toEqual({ row: 1, col: 1 });
    expect(cellOutside(occupied, { rows: 3, cols: 3, deviceId: 1 }, 1)).toBeUndefined();
  });

  it('keeps only the fields an update changes', () => {
    expect(changedFields({ name: 'a', code: 'X' }, { name: 'b', code: 'X' })).toEqual({
      oldValue: { name: 'a' },
      newValue: { name: 'b' },
    });
  });
});
