import { describe, expect, it } from 'vitest';
import { refusal } from '../../../test/refusal.js';
import {
  assertEditable,
  assertKeepsReceived,
  assertRevisable,
  assertSampleReferences,
  assertSubmittable,
  assertVisitNamesUnique,
  expectedVsReceived,
  planContentHash,
  receivedKey,
} from './service.js';

const temp = (name: string, forTransport: boolean, forStorage: boolean) => ({
  name,
  enabled: true,
  forTransport,
  forStorage,
});
const found = {
  sampleTypes: new Map([
    [1, { name: '血清', enabled: true }],
    [2, { name: '尿液', enabled: false }],
  ]),
  temperatures: new Map([
    [10, temp('冷藏', true, true)],
    [11, temp('液氮', false, true)],
  ]),
  testItems: new Map([[20, { name: '血常规', enabled: true }]]),
};
const sample = { sampleTypeId: 1, transportTemperatureId: 10, storageTemperatureId: 10, testItemIds: [20] };
const missing = (field: string) => new Error(field);

describe('plan rules', () => {
  it('edits only drafts and returned versions, revises only online ones, one revision at a time', () => {
    expect(refusal(() => assertEditable({ status: 'returned' }))).toBeNull();
    expect(refusal(() => assertEditable({ status: 'submitted' }))?.key).toBe('planNotEditable');
    expect(refusal(() => assertRevisable({ status: 'draft' }, undefined))?.key).toBe('planNotOnline');
    expect(refusal(() => assertRevisable({ status: 'online' }, { revision: 3 }))).toEqual({
      key: 'planRevisionExists',
      params: { revision: 3 },
    });
  });

  it('submits a plan only with visits that each collect something, under distinct names', () => {
    expect(refusal(() => assertSubmittable([]))?.key).toBe('planEmpty');
    expect(refusal(() => assertSubmittable([{ samples: [1] }, { samples: [] }]))?.key).toBe('planEmpty');
    expect(refusal(() => assertVisitNamesUnique([{ name: 'V1' }, { name: 'V1' }]))?.params).toEqual({
      visit: 'V1',
    });
  });

  it('checks the cold chain and that every reference is enabled', () => {
    expect(refusal(() => assertSampleReferences([sample], found, missing))).toBeNull();
    expect(
      refusal(() => assertSampleReferences([{ ...sample, transportTemperatureId: 11 }], found, missing)),
    ).toEqual({ key: 'planTemperatureNotForTransport', params: { name: '液氮' } });
    expect(refusal(() => assertSampleReferences([{ ...sample, sampleTypeId: 2 }], found, missing))?.key).toBe(
      'planReferenceDisabled',
    );
    expect(() => assertSampleReferences([{ ...sample, testItemIds: [99] }], found, missing)).toThrow(
      'testItemIds',
    );
  });

  it('keeps a visit and a sample type once samples of them were received', () => {
    const received = new Set([receivedKey('V1', 1)]);
    const before = [
      { name: 'V1', sampleTypeIds: [1, 2] },
      { name: 'V2', sampleTypeIds: [1] },
    ];
    const name = (id: number) => (id === 1 ? '血清' : '尿液');
    // V2 and V1's urine had nothing received: they may go.
    expect(
      refusal(() => assertKeepsReceived(before, [{ name: 'V1', sampleTypeIds: [1] }], received, name)),
    ).toBeNull();
    expect(
      refusal(() => assertKeepsReceived(before, [{ name: 'V2', sampleTypeIds: [1] }], received, name)),
    ).toEqual({
      key: 'planVisitHasSamples',
      params: { visit: 'V1' },
    });
    expect(
      refusal(() => assertKeepsReceived(before, [{ name: 'V1', sampleTypeIds: [2] }], received, name)),
    ).toEqual({
      key: 'planSampleTypeHasSamples',
      params: { visit: 'V1', sampleType: '血清' },
    });
  });

  it('hashes what the approval vouches for: a changed sample changes the hash', () => {
    const plan = { planNo: 'P', revision: 1, visits: [{ name: 'V1', samples: [sample] }] };
    expect(planContentHash(plan)).toMatch(/^[0-9a-f]{64}$/);
    expect(planContentHash(plan)).toBe(planContentHash(structuredClone(plan)));
    const changed = { ...plan, visits: [{ name: 'V1', samples: [{ ...sample, storageTemperatureId: 11 }] }] };
    expect(planContentHash(changed)).not.toBe(planContentHash(plan));
  });

  it('counts expected against received per subject: a surplus of one subject never covers a shortfall of another', () => {
    const planned = [
      { visit: 'V1', sampleTypeId: 1, count: 2 },
      { visit: 'V1', sampleTypeId: 2, count: 1 },
      { visit: 'V2', sampleTypeId: 1, count: 1 },
    ];
    const at = (
      siteId: number,
      subjectId: number,
      sampleTypeId: number | null,
      received = true,
      visit = 'V1',
    ) => ({
      siteId,
      subjectId,
      visit,
      sampleTypeId,
      received,
    });
    const rows = expectedVsReceived(planned, [
      at(1, 10, 1),
      at(1, 10, 1),
      at(1, 10, 1), // one more than planned
      at(1, 11, 1, false), // registered only: the subject visited, nothing arrived
      at(1, 11, 3), // a type the visit does not plan
      at(2, 20, 2),
      at(2, 20, 1, true, 'X9'), // not a visit of the plan
    ]);
    expect(rows).toEqual([
      {
        siteId: 1,
        visit: 'V1',
        sampleTypeId: 1,
        subjects: 2,
        expected: 4,
        received: 3,
        missing: 2,
        extra: 1,
      },
      {
        siteId: 1,
        visit: 'V1',
        sampleTypeId: 2,
        subjects: 2,
        expected: 2,
        received: 0,
        missing: 2,
        extra: 0,
      },
      {
        siteId: 1,
        visit: 'V1',
        sampleTypeId: 3,
        subjects: 2,
        expected: 0,
        received: 1,
        missing: 0,
        extra: 1,
      },
      {
        siteId: 2,
        visit: 'V1',
        sampleTypeId: 1,
        subjects: 1,
        expected: 2,
        received: 0,
        missing: 2,
        extra: 0,
      },
      {
        siteId: 2,
        visit: 'V1',
        sampleTypeId: 2,
        subjects: 1,
        expected: 1,
        received: 1,
        missing: 0,
        extra: 0,
      },
    ]);
  });
});
