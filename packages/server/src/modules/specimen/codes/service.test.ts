import { SUB_BARCODE_MAX_SUFFIX } from '@trialab/api-contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/errors.js';
import { assertNoneTaken, assertSignable, assignToLines, nextSubBarcodes } from './service.js';

const barcode = (
  id: number,
  over: { sampleTypeId?: number | null; status?: 'registered' | 'signed' } = {},
) => ({
  id,
  code: `S${id}`,
  status: over.status ?? ('registered' as const),
  projectId: 1,
  siteId: null,
  parentId: null,
  sampleTypeId: over.sampleTypeId === undefined ? 10 : over.sampleTypeId,
});
const line = (itemId: number, sampleTypeId: number, receivedQuantity = 5, benchSigned = 0) => ({
  itemId,
  sampleTypeId,
  sampleTypeName: `type ${sampleTypeId}`,
  receivedQuantity,
  benchSigned,
});
const keyOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof ApiError ? error.options.key : error;
  }
  return null;
};

describe('assignToLines', () => {
  it('puts each barcode on the line of its sample type, an untyped one on the only line', () => {
    const plan = assignToLines(
      [barcode(1), barcode(2, { sampleTypeId: 20 }), barcode(3)],
      [line(100, 10), line(200, 20)],
    );
    expect([...plan.entries()].map(([item, { ids }]) => [item, ids])).toEqual([
      [100, [1, 3]],
      [200, [2]],
    ]);
    expect([...assignToLines([barcode(4, { sampleTypeId: null })], [line(100, 10)]).keys()]).toEqual([100]);
  });

  it('refuses untyped barcodes with several lines, types not shipped and more than received', () => {
    const lines = [line(100, 10, 2, 1), line(200, 20)];
    expect(keyOf(() => assignToLines([barcode(1, { sampleTypeId: null })], lines))).toBe(
      'specimenTypeAmbiguous',
    );
    expect(keyOf(() => assignToLines([barcode(1, { sampleTypeId: 30 })], lines))).toBe(
      'specimenTypeNotInShipment',
    );
    expect(keyOf(() => assignToLines([barcode(1), barcode(2)], lines))).toBe('specimenOverReceived');
    expect(keyOf(() => assignToLines([barcode(1)], lines))).toBeNull();
  });
});

describe('assertSignable', () => {
  it('refuses another project’s or site’s barcodes and ones signed already', () => {
    const shipment = { projectId: 1, siteId: 7 };
    expect(keyOf(() => assertSignable(shipment, [{ ...barcode(1), projectId: 2 }]))).toBe(
      'specimenWrongProject',
    );
    expect(keyOf(() => assertSignable(shipment, [{ ...barcode(1), siteId: 8 }]))).toBe(
      'specimenWrongProject',
    );
    expect(keyOf(() => assertSignable(shipment, [barcode(1, { status: 'signed' })]))).toBe(
      'specimenAlreadySigned',
    );
    expect(keyOf(() => assertSignable(shipment, [{ ...barcode(1), siteId: 7 }, barcode(2)]))).toBeNull();
  });
});

describe('nextSubBarcodes', () => {
  const parent = { code: 'AB0001', parentId: null, status: 'signed' as const, lastSuffix: 3 };
  it('numbers on from the last suffix', () => {
    expect(nextSubBarcodes(parent, 2)).toEqual({ suffixes: [4, 5], codes: ['AB0001-04', 'AB0001-05'] });
  });

  it('refuses aliquots of aliquots, unsigned parents, too long codes and exhausted suffixes', () => {
    expect(keyOf(() => nextSubBarcodes({ ...parent, parentId: 9 }, 1))).toBe('subBarcodeNested');
    expect(keyOf(() => nextSubBarcodes({ ...parent, status: 'registered' }, 1))).toBe(
      'subBarcodeParentState',
    );
    expect(keyOf(() => nextSubBarcodes({ ...parent, code: 'A'.repeat(31) }, 1))).toBe('subBarcodeTooLong');
    expect(keyOf(() => nextSubBarcodes(parent, SUB_BARCODE_MAX_SUFFIX - 2))).toBe('subBarcodeExhausted');
    expect(nextSubBarcodes(parent, SUB_BARCODE_MAX_SUFFIX - 3).codes.at(-1)).toBe(
      `AB0001-${SUB_BARCODE_MAX_SUFFIX}`,
    );
  });

  it('refuses codes that exist anywhere', () => {
    expect(keyOf(() => assertNoneTaken(['X']))).toBe('specimenCodesTaken');
    expect(keyOf(() => assertNoneTaken([]))).toBeNull();
  });
});
