import { createHash } from 'node:crypto';
import { PLAN_EDITABLE_STATES, type PlanState, ResultCode } from '@trialab/api-contract';
import { canonicalJson } from '../../lib/audit.js';
import { ApiError } from '../../lib/errors.js';
import type { MessageKey } from '../../lib/i18n.js';

/** Plan rules that need no database. */

const invalid = (key: MessageKey) => new ApiError(ResultCode.INVALID_STATE, { key });
const bad = (key: MessageKey, params: Record<string, string | number>) =>
  new ApiError(ResultCode.BAD_REQUEST, { key, params });

/** Visits and samples change only in a version that can be submitted (a draft or a returned one). */
export function assertEditable(plan: { status: PlanState }): void {
  if (!PLAN_EDITABLE_STATES.includes(plan.status)) throw invalid('planNotEditable');
}

/** A revision starts from an online version, and a plan no has one revision in progress at most. */
export function assertRevisable(plan: { status: PlanState }, open: { revision: number } | undefined): void {
  if (plan.status !== 'online') throw invalid('planNotOnline');
  if (open)
    throw new ApiError(ResultCode.INVALID_STATE, {
      key: 'planRevisionExists',
      params: { revision: open.revision },
    });
}

/** Submitted only with at least one visit, each collecting at least one sample. */
export function assertSubmittable(visits: ReadonlyArray<{ samples: readonly unknown[] }>): void {
  if (visits.length === 0 || visits.some((v) => v.samples.length === 0)) throw invalid('planEmpty');
}

export function assertVisitNamesUnique(visits: ReadonlyArray<{ name: string }>): void {
  const seen = new Set<string>();
  for (const { name } of visits) {
    if (seen.has(name)) throw bad('planVisitNameTaken', { visit: name });
    seen.add(name);
  }
}

interface Temperature {
  name: string;
  enabled: boolean;
  forTransport: boolean;
  forStorage: boolean;
}
interface Named {
  name: string;
  enabled: boolean;
}
export interface SampleRefs {
  sampleTypeId: number;
  transportTemperatureId: number;
  storageTemperatureId: number;
  testItemIds: readonly number[];
}

/**
 * Every sample names an enabled sample type and test items, a transport condition meant for transport
 * and a storage condition meant for storage; a missing reference is refused by `missing`.
 */
export function assertSampleReferences(
  samples: readonly SampleRefs[],
  found: {
    sampleTypes: ReadonlyMap<number, Named>;
    temperatures: ReadonlyMap<number, Temperature>;
    testItems: ReadonlyMap<number, Named>;
  },
  missing: (field: string) => Error,
): void {
  const enabled = <T extends Named>(map: ReadonlyMap<number, T>, id: number, field: string): T => {
    const row = map.get(id);
    if (!row) throw missing(field);
    if (!row.enabled) throw bad('planReferenceDisabled', { name: row.name });
    return row;
  };
  for (const s of samples) {
    enabled(found.sampleTypes, s.sampleTypeId, 'sampleTypeId');
    const transport = enabled(found.temperatures, s.transportTemperatureId, 'transportTemperatureId');
    if (!transport.forTransport) throw bad('planTemperatureNotForTransport', { name: transport.name });
    const storage = enabled(found.temperatures, s.storageTemperatureId, 'storageTemperatureId');
    if (!storage.forStorage) throw bad('planTemperatureNotForStorage', { name: storage.name });
    for (const id of s.testItemIds) enabled(found.testItems, id, 'testItemIds');
  }
}

/** `visit name` + sample type id: the key received samples are counted under. */
export const receivedKey = (visit: string, sampleTypeId: number) => `${visit}\u0000${sampleTypeId}`;

/**
 * Once samples of a visit were received, the plan keeps that visit (under its name) and, in it, every
 * sample type received: the receipts, reports and storage refer to them.
 */
export function assertKeepsReceived(
  before: ReadonlyArray<{ name: string; sampleTypeIds: readonly number[] }>,
  after: ReadonlyArray<{ name: string; sampleTypeIds: readonly number[] }>,
  received: ReadonlySet<string>,
  sampleTypeName: (id: number) => string,
): void {
  const next = new Map(after.map((v) => [v.name, new Set(v.sampleTypeIds)]));
  for (const visit of before) {
    const kept = next.get(visit.name);
    const lost = visit.sampleTypeIds.filter(
      (id) => received.has(receivedKey(visit.name, id)) && !kept?.has(id),
    );
    if (lost.length === 0) continue;
    if (!kept) throw bad('planVisitHasSamples', { visit: visit.name });
    throw bad('planSampleTypeHasSamples', { visit: visit.name, sampleType: sampleTypeName(lost[0] ?? 0) });
  }
}

/** SHA-256 over the canonical JSON of what the approval vouches for: the version and its visits. */
export function planContentHash(plan: {
  planNo: string;
  revision: number;
  visits: ReadonlyArray<{ name: string; samples: readonly SampleRefs[] }>;
}): string {
  const content = {
    planNo: plan.planNo,
    revision: plan.revision,
    visits: plan.visits.map((v) => ({ name: v.name, samples: v.samples })),
  };
  return createHash('sha256').update(canonicalJson(content)).digest('hex');
}

/** A sample the plan expects at a visit: its type and how many per subject. */
export interface PlannedSample {
  visit: string;
  sampleTypeId: number;
  count: number;
}
/** A primary barcode of a subject's visit at a site (aliquots are not samples of their own). */
export interface VisitBarcode {
  siteId: number;
  subjectId: number;
  visit: string;
  sampleTypeId: number | null;
  /** Signed for at the bench: the sample arrived. */
  received: boolean;
}
export interface ExpectedReceived {
  siteId: number;
  visit: string;
  sampleTypeId: number;
  subjects: number;
  expected: number;
  received: number;
  missing: number;
  extra: number;
}

/**
 * The plan's samples against what arrived, per site, visit and sample type. A subject counts at a
 * visit once a barcode of that visit names them; each such subject is expected to bring the plan's
 * count of each sample type. Short and surplus counts are summed per subject (one subject's extra
 * tube does not make up for another's missing one); types the visit does not plan are all extra.
 * Visits the plan does not have are left out (they are not this plan's).
 */
export function expectedVsReceived(
  planned: readonly PlannedSample[],
  barcodes: readonly VisitBarcode[],
): ExpectedReceived[] {
  const perVisit = new Map<string, Map<number, number>>();
  for (const p of planned) {
    const types = perVisit.get(p.visit) ?? new Map<number, number>();
    types.set(p.sampleTypeId, (types.get(p.sampleTypeId) ?? 0) + p.count);
    perVisit.set(p.visit, types);
  }
  const key = (...parts: Array<string | number>) => parts.join('\u0000');
  const subjects = new Map<string, { siteId: number; visit: string; ids: Set<number> }>();
  const arrived = new Map<string, number>();
  for (const b of barcodes) {
    if (!perVisit.has(b.visit)) continue;
    const group = subjects.get(key(b.siteId, b.visit)) ?? {
      siteId: b.siteId,
      visit: b.visit,
      ids: new Set(),
    };
    group.ids.add(b.subjectId);
    subjects.set(key(b.siteId, b.visit), group);
    if (b.received && b.sampleTypeId !== null) {
      const k = key(b.siteId, b.visit, b.subjectId, b.sampleTypeId);
      arrived.set(k, (arrived.get(k) ?? 0) + 1);
    }
  }
  const rows: ExpectedReceived[] = [];
  for (const { siteId, visit, ids } of subjects.values()) {
    const plan = perVisit.get(visit) ?? new Map<number, number>();
    const receivedTypes = new Set<number>();
    for (const k of arrived.keys()) {
      const [s, v, , type] = k.split('\u0000');
      if (s === String(siteId) && v === visit) receivedTypes.add(Number(type));
    }
    for (const sampleTypeId of [...new Set([...plan.keys(), ...receivedTypes])]) {
      const each = plan.get(sampleTypeId) ?? 0;
      const row = {
        siteId,
        visit,
        sampleTypeId,
        subjects: ids.size,
        expected: 0,
        received: 0,
        missing: 0,
        extra: 0,
      };
      for (const subjectId of ids) {
        const got = arrived.get(key(siteId, visit, subjectId, sampleTypeId)) ?? 0;
        row.expected += each;
        row.received += got;
        row.missing += Math.max(0, each - got);
        row.extra += Math.max(0, got - each);
      }
      rows.push(row);
    }
  }
  return rows;
}
