import { createHash } from 'node:crypto';
import {
  PLAN_EDITABLE_STATES,
  type PlanState,
  type RECONCILIATION_VIEWS,
  type ReconciliationState,
  ResultCode,
} from '@trialab/api-contract';
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
  before: ReadonlyArray<{ name: string; label?: string; sampleTypeIds: readonly number[] }>,
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
    // The visit's key is its Chinese name; the reader is told its name in their language.
    const shown = visit.label ?? visit.name;
    if (!kept) throw bad('planVisitHasSamples', { visit: shown });
    throw bad('planSampleTypeHasSamples', { visit: shown, sampleType: sampleTypeName(lost[0] ?? 0) });
  }
}

/** SHA-256 over the canonical JSON of what the approval vouches for: the version and its visits. */
export function planContentHash(plan: {
  planNo: string;
  revision: number;
  visits: ReadonlyArray<{
    name: string;
    enName?: string | null | undefined;
    day?: number | null | undefined;
    windowBefore?: number | undefined;
    windowAfter?: number | undefined;
    samples: readonly SampleRefs[];
  }>;
}): string {
  // The visit windows are part of what is approved: they decide when a sample is overdue. So is
  // the visit's English name: English readers (sites, the reconciliation) know the visit by it.
  const content = {
    planNo: plan.planNo,
    revision: plan.revision,
    visits: plan.visits.map((v) => ({
      name: v.name,
      enName: v.enName?.trim() || null,
      day: v.day ?? null,
      windowBefore: v.windowBefore ?? 0,
      windowAfter: v.windowAfter ?? 0,
      samples: v.samples,
    })),
  };
  return createHash('sha256').update(canonicalJson(content)).digest('hex');
}

/** A visit of the online plans: its window and, per sample type, how many each subject brings. */
export interface PlannedVisit {
  name: string;
  /** The name in the reader's language. */
  label: string;
  /** Nominal day from enrolment (day 0); null: no window. */
  day: number | null;
  windowBefore: number;
  windowAfter: number;
  /** Sample type id -> count per subject. */
  counts: ReadonlyMap<number, number>;
}
/** A subject of the project at a site of the caller's scope. */
export interface ReconSubject {
  id: number;
  subjectNo: string;
  siteId: number;
  /** Calendar day of enrolment in the caller's zone. */
  enrolledOn: string;
  /** Rejected at registration: counted only for the samples that came anyway. */
  rejected: boolean;
}
/** A primary barcode of a subject's visit (aliquots are not samples of their own; voided ones left out). */
export interface ReconBarcode {
  code: string;
  subjectId: number;
  visit: string;
  sampleTypeId: number | null;
  status: string;
  signedAt: string | null;
}
export interface ReconRow {
  siteId: number;
  subjectId: number;
  subjectNo: string;
  enrolledOn: string;
  visit: string;
  visitName: string;
  sampleTypeId: number;
  dueOn: string | null;
  windowFrom: string | null;
  windowTo: string | null;
  expected: number;
  received: number;
  labelled: number;
  missing: number;
  extra: number;
  state: ReconciliationState;
  barcodes: Array<{ code: string; status: string; signedAt: string | null }>;
}

/** `YYYY-MM-DD` plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Where a subject's expected samples stand on `today`: all received (extra ones do not matter),
 * else overdue after the window, due inside it, upcoming before it, open when the visit has no window.
 */
export function reconciliationState(
  missing: number,
  window: { from: string; to: string } | null,
  today: string,
): ReconciliationState {
  if (missing === 0) return 'complete';
  if (!window) return 'open';
  if (today > window.to) return 'overdue';
  return today >= window.from ? 'due' : 'upcoming';
}

/**
 * The daily reconciliation: every enrolled subject of the sites seen is expected to bring, at each
 * visit of the online plans, the plan's count of each sample type, within the visit's window counted
 * from the enrolment day. One row per subject, visit and sample type, whether anything came or not
 * (a visit nobody labelled a tube for, a site with subjects and no tubes); a sample type that came
 * without being planned is a row of extras. Barcodes of visits the plans do not have are left out.
 */
export function reconcile(
  visits: readonly PlannedVisit[],
  subjects: readonly ReconSubject[],
  barcodes: readonly ReconBarcode[],
  today: string,
): ReconRow[] {
  const key = (...parts: Array<string | number>) => parts.join('\u0000');
  const byKey = new Map<string, ReconBarcode[]>();
  const byVisit = new Map<string, ReconBarcode[]>();
  const withBarcodes = new Set<number>();
  const push = (map: Map<string, ReconBarcode[]>, k: string, b: ReconBarcode) => {
    const list = map.get(k);
    if (list) list.push(b);
    else map.set(k, [b]);
  };
  for (const b of barcodes) {
    if (b.sampleTypeId === null) continue;
    push(byKey, key(b.subjectId, b.visit, b.sampleTypeId), b);
    push(byVisit, key(b.subjectId, b.visit), b);
    withBarcodes.add(b.subjectId);
  }
  const rows: ReconRow[] = [];
  for (const subject of subjects) {
    if (subject.rejected && !withBarcodes.has(subject.id)) continue;
    for (const visit of visits) {
      const window =
        visit.day === null
          ? null
          : {
              due: addDays(subject.enrolledOn, visit.day),
              from: addDays(subject.enrolledOn, visit.day - visit.windowBefore),
              to: addDays(subject.enrolledOn, visit.day + visit.windowAfter),
            };
      const came = byVisit.get(key(subject.id, visit.name)) ?? [];
      const types = [
        ...(subject.rejected ? [] : visit.counts.keys()),
        ...came.flatMap((b) => (b.sampleTypeId === null ? [] : [b.sampleTypeId])),
      ];
      for (const sampleTypeId of [...new Set(types)]) {
        const tubes = byKey.get(key(subject.id, visit.name, sampleTypeId)) ?? [];
        const expected = subject.rejected ? 0 : (visit.counts.get(sampleTypeId) ?? 0);
        const received = tubes.filter((b) => b.status === 'signed').length;
        const missing = Math.max(0, expected - received);
        rows.push({
          siteId: subject.siteId,
          subjectId: subject.id,
          subjectNo: subject.subjectNo,
          enrolledOn: subject.enrolledOn,
          visit: visit.name,
          visitName: visit.label,
          sampleTypeId,
          dueOn: window?.due ?? null,
          windowFrom: window?.from ?? null,
          windowTo: window?.to ?? null,
          expected,
          received,
          labelled: tubes.length - received,
          missing,
          extra: Math.max(0, received - expected),
          state: reconciliationState(missing, window, today),
          barcodes: tubes.map(({ code, status, signedAt }) => ({ code, status, signedAt })),
        });
      }
    }
  }
  return rows;
}

/** Per site, the totals of its rows and its subjects; every site given is listed, rows or not. */
export function siteTotals(
  siteIds: readonly number[],
  subjects: readonly ReconSubject[],
  rows: readonly ReconRow[],
) {
  return siteIds.map((siteId) => {
    const mine = rows.filter((r) => r.siteId === siteId);
    const sum = (pick: (r: ReconRow) => number) => mine.reduce((n, r) => n + pick(r), 0);
    return {
      siteId,
      subjects: subjects.filter((s) => s.siteId === siteId && !s.rejected).length,
      expected: sum((r) => r.expected),
      received: sum((r) => Math.min(r.received, r.expected)),
      missing: sum((r) => (r.state === 'upcoming' ? 0 : r.missing)),
      overdue: sum((r) => (r.state === 'overdue' ? r.missing : 0)),
      extra: sum((r) => r.extra),
    };
  });
}

/** The rows a view shows: every row, those still missing (upcoming ones not yet), the overdue ones. */
export function inView(row: Pick<ReconRow, 'state'>, view: (typeof RECONCILIATION_VIEWS)[number] = 'all') {
  if (view === 'overdue') return row.state === 'overdue';
  if (view === 'missing') return row.state === 'overdue' || row.state === 'due' || row.state === 'open';
  return true;
}

/** A reading at receipt outside the plan's transport range (open bounds never breached; no reading, no excursion). */
export function isExcursion(
  celsius: number | null,
  range: { min: number | null; max: number | null },
): boolean {
  if (celsius === null) return false;
  return (range.min !== null && celsius < range.min) || (range.max !== null && celsius > range.max);
}
