import { createHash } from 'node:crypto';
import { type PlanState, ResultCode } from '@trialab/api-contract';
import { canonicalJson } from '../../lib/audit.js';
import { ApiError } from '../../lib/errors.js';
import type { MessageKey } from '../../lib/i18n.js';

/** Plan rules that need no database. */

const invalid = (key: MessageKey) => new ApiError(ResultCode.INVALID_STATE, { key });
const bad = (key: MessageKey, params: Record<string, string | number>) =>
  new ApiError(ResultCode.BAD_REQUEST, { key, params });

/** Visits and samples change only in a draft or a returned version. */
export function assertEditable(plan: { status: PlanState }): void {
  if (plan.status !== 'draft' && plan.status !== 'returned') throw invalid('planNotEditable');
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
