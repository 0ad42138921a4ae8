import { describe, expect, it } from 'vitest';
import { refusal } from '../../../test/refusal.js';
import {
  assertEditable,
  assertKeepsReceived,
  assertRevisable,
  assertSampleReferences,
  assertSubmittable,
  assertVisitNamesUnique,
  inView,
  isExcursion,
  planContentHash,
  receivedKey,
  reconcile,
  siteTotals,
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
    // The visit's English name is vouched for too; a blank one is no name.
    const english = { ...plan, visits: [{ name: 'V1', enName: 'Visit 1', samples: [sample] }] };
    expect(planContentHash(english)).not.toBe(planContentHash(plan));
    expect(planContentHash({ ...plan, visits: [{ name: 'V1', enName: ' ', samples: [sample] }] })).toBe(
      planContentHash(plan),
    );
  });

  it('hashes the visit windows too: a signed plan whose window changes no longer matches', () => {
    const visit = { name: 'V1', day: 28, windowBefore: 7, windowAfter: 7, samples: [sample] };
    const plan = { planNo: 'P', revision: 1, visits: [visit] };
    const signed = planContentHash(plan);
    expect(planContentHash({ ...plan, visits: [{ ...visit, windowAfter: 14 }] })).not.toBe(signed);
    expect(planContentHash({ ...plan, visits: [{ ...visit, windowBefore: 3 }] })).not.toBe(signed);
    expect(planContentHash({ ...plan, visits: [{ ...visit, day: 21 }] })).not.toBe(signed);
    expect(planContentHash({ ...plan, visits: [{ ...visit, day: null }] })).not.toBe(signed);
    // A visit without a window hashes alike whether its window fields are absent or zero.
    const bare = { name: 'V1', samples: [sample] };
    expect(planContentHash({ ...plan, visits: [bare] })).toBe(
      planContentHash({ ...plan, visits: [{ ...bare, day: null, windowBefore: 0, windowAfter: 0 }] }),
    );
  });

  it('reconciles every enrolled subject against the plan: missing visits and a site without tubes appear', () => {
    const visits = [
      {
        name: 'V0',
        label: 'Screening V0',
        day: 0,
        windowBefore: 0,
        windowAfter: 3,
        counts: new Map([[1, 1]]),
      },
      {
        name: 'V1',
        label: 'Baseline V1',
        day: 14,
        windowBefore: 2,
        windowAfter: 2,
        counts: new Map([
          [1, 2],
          [2, 1],
        ]),
      },
      { name: 'V2', label: 'V2', day: null, windowBefore: 0, windowAfter: 0, counts: new Map([[2, 1]]) },
    ];
    const subject = (id: number, siteId: number, enrolledOn: string, rejected = false) => ({
      id,
      subjectNo: `S-${id}`,
      siteId,
      enrolledOn,
      rejected,
    });
    const tube = (
      code: string,
      subjectId: number,
      visit: string,
      sampleTypeId: number,
      status = 'signed',
    ) => ({
      code,
      subjectId,
      visit,
      sampleTypeId,
      status,
      signedAt: status === 'signed' ? '2026-11-20T02:00:00.000Z' : null,
    });
    const subjects = [
      subject(1, 10, '2026-11-01'),
      // Site 20: enrolled, nothing labelled yet.
      subject(2, 20, '2026-11-26'),
      // Rejected: left out, unless samples came for them.
      subject(3, 10, '2026-11-01', true),
    ];
    const barcodes = [
      // V0 of subject 1 never came; V1: both tubes of type 1, type 2 labelled and on the way, an unplanned type 3.
      tube('A1', 1, 'V1', 1),
      tube('A2', 1, 'V1', 1),
      tube('A3', 1, 'V1', 2, 'registered'),
      tube('A4', 1, 'V1', 3),
      // A visit the plans do not have is not this plan's.
      tube('A5', 1, 'X9', 1),
    ];
    const rows = reconcile(visits, subjects, barcodes, '2026-11-28');
    const row = (subjectId: number, visit: string, sampleTypeId: number) =>
      rows.find((r) => r.subjectId === subjectId && r.visit === visit && r.sampleTypeId === sampleTypeId);
    expect(rows.filter((r) => r.subjectId === 3)).toEqual([]);
    expect(rows.some((r) => r.visit === 'X9')).toBe(false);
    expect(row(1, 'V0', 1)).toMatchObject({
      visitName: 'Screening V0',
      dueOn: '2026-11-01',
      windowFrom: '2026-11-01',
      windowTo: '2026-11-04',
      expected: 1,
      received: 0,
      missing: 1,
      state: 'overdue',
      barcodes: [],
    });
    expect(row(1, 'V1', 1)).toMatchObject({ expected: 2, received: 2, missing: 0, state: 'complete' });
    expect(row(1, 'V1', 2)).toMatchObject({
      windowFrom: '2026-11-13',
      windowTo: '2026-11-17',
      received: 0,
      labelled: 1,
      missing: 1,
      state: 'overdue',
      barcodes: [{ code: 'A3', status: 'registered', signedAt: null }],
    });
    expect(row(1, 'V1', 3)).toMatchObject({ expected: 0, received: 1, extra: 1, state: 'complete' });
    // No day in the plan: no window, never overdue.
    expect(row(1, 'V2', 2)).toMatchObject({ dueOn: null, windowTo: null, missing: 1, state: 'open' });
    // Site 20's subject: V0 inside its window today, V1 not yet due.
    expect(row(2, 'V0', 1)).toMatchObject({ state: 'due', missing: 1 });
    expect(row(2, 'V1', 1)).toMatchObject({ state: 'upcoming', dueOn: '2026-12-10' });
    expect(rows.filter((r) => r.subjectId === 2)).toHaveLength(4);

    const totals = siteTotals([10, 20, 30], subjects, rows);
    expect(totals).toEqual([
      // expected V0 1 + V1 3 + V2 1; received toward it 2; missing V0, V1 type 2, V2; extra 1.
      { siteId: 10, subjects: 1, expected: 5, received: 2, missing: 3, overdue: 2, extra: 1 },
      // Upcoming samples are not missing yet.
      { siteId: 20, subjects: 1, expected: 5, received: 0, missing: 2, overdue: 0, extra: 0 },
      { siteId: 30, subjects: 0, expected: 0, received: 0, missing: 0, overdue: 0, extra: 0 },
    ]);
    expect(
      rows.filter((r) => inView(r, 'overdue')).map((r) => [r.subjectId, r.visit, r.sampleTypeId]),
    ).toEqual([
      [1, 'V0', 1],
      [1, 'V1', 2],
    ]);
    expect(rows.filter((r) => inView(r, 'missing'))).toHaveLength(5);
  });

  it("counts a rejected subject's samples that came anyway as extra", () => {
    const visits = [
      { name: 'V1', label: 'V1', day: 0, windowBefore: 0, windowAfter: 0, counts: new Map([[1, 1]]) },
    ];
    const rows = reconcile(
      visits,
      [{ id: 3, subjectNo: 'S-3', siteId: 10, enrolledOn: '2026-11-01', rejected: true }],
      [{ code: 'R1', subjectId: 3, visit: 'V1', sampleTypeId: 1, status: 'signed', signedAt: null }],
      '2026-11-28',
    );
    expect(rows).toMatchObject([{ expected: 0, received: 1, extra: 1, state: 'complete' }]);
  });

  it('flags a reading at receipt outside the transport range, never a missing reading or an open bound', () => {
    expect(isExcursion(13.6, { min: 2, max: 8 })).toBe(true);
    expect(isExcursion(1.9, { min: 2, max: 8 })).toBe(true);
    expect(isExcursion(8, { min: 2, max: 8 })).toBe(false);
    expect(isExcursion(null, { min: 2, max: 8 })).toBe(false);
    expect(isExcursion(-90, { min: null, max: -60 })).toBe(false);
    expect(isExcursion(-50, { min: null, max: -60 })).toBe(true);
  });
});
