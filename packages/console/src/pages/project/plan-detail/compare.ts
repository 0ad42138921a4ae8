import type { PlanVisit } from '../plan/parts';

type Sample = PlanVisit['samples'][number];
export type DiffKind = 'added' | 'removed' | 'changed' | 'same';
/** Sample fields a change is reported on (labels in `projectPlan.sample`). */
export type SampleField = 'container' | 'volume' | 'count' | 'transport' | 'storage' | 'testItems' | 'kit';

export interface SampleDiff {
  kind: DiffKind;
  sampleTypeName: string;
  /** Changed fields with the text before and after. */
  changes: { field: SampleField; before: string; after: string }[];
}
/** A visit's window: nominal day (null: none) and the days allowed before and after. */
export type VisitWindow = Pick<PlanVisit, 'day' | 'windowBefore' | 'windowAfter'>;
export interface VisitDiff {
  name: string;
  kind: DiffKind;
  samples: SampleDiff[];
  /** The window before and after, when it changed. */
  window?: { before: VisitWindow; after: VisitWindow };
}

const sameWindow = (a: VisitWindow, b: VisitWindow) =>
  a.day === b.day &&
  (a.day === null || (a.windowBefore === b.windowBefore && a.windowAfter === b.windowAfter));

const show: Record<SampleField, (s: Sample) => string> = {
  container: (s) => s.container ?? '',
  volume: (s) => `${s.volume} ${s.unit}`,
  count: (s) => String(s.count),
  transport: (s) => s.transportTemperature.name,
  storage: (s) => s.storageTemperature.name,
  testItems: (s) =>
    s.testItems
      .map((i) => i.name)
      .sort()
      .join(', '),
  kit: (s) => s.kitName ?? '',
};

/** Samples keyed by type and its occurrence in the visit (a visit may take two tubes of a type). */
function keyed(samples: readonly Sample[]): Map<string, Sample> {
  const seen = new Map<number, number>();
  return new Map(
    samples.map((s) => {
      const n = seen.get(s.sampleTypeId) ?? 0;
      seen.set(s.sampleTypeId, n + 1);
      return [`${s.sampleTypeId}#${n}`, s];
    }),
  );
}

function compareSamples(before: readonly Sample[], after: readonly Sample[]): SampleDiff[] {
  const old = keyed(before);
  const now = keyed(after);
  const out: SampleDiff[] = [];
  for (const [key, s] of now) {
    const was = old.get(key);
    if (!was) {
      out.push({ kind: 'added', sampleTypeName: s.sampleTypeName, changes: [] });
      continue;
    }
    const changes = (Object.keys(show) as SampleField[]).flatMap((field) => {
      const [b, a] = [show[field](was), show[field](s)];
      return b === a ? [] : [{ field, before: b, after: a }];
    });
    out.push({ kind: changes.length ? 'changed' : 'same', sampleTypeName: s.sampleTypeName, changes });
  }
  for (const [key, s] of old)
    if (!now.has(key)) out.push({ kind: 'removed', sampleTypeName: s.sampleTypeName, changes: [] });
  return out;
}

/**
 * What changed from one version's visits to another's: visits matched by name (a revision copies
 * them into new rows), samples by type within a visit. In the newer order, removed visits last.
 */
export function comparePlans(from: readonly PlanVisit[], to: readonly PlanVisit[]): VisitDiff[] {
  const before = new Map(from.map((v) => [v.name, v]));
  const names = new Set(to.map((v) => v.name));
  const diffs: VisitDiff[] = to.map((v) => {
    const was = before.get(v.name);
    if (!was) return { name: v.name, kind: 'added', samples: compareSamples([], v.samples) };
    const samples = compareSamples(was.samples, v.samples);
    const window = sameWindow(was, v) ? {} : { window: { before: was, after: v } };
    const changed = samples.some((s) => s.kind !== 'same') || 'window' in window;
    return { name: v.name, kind: changed ? 'changed' : 'same', samples, ...window };
  });
  for (const v of from)
    if (!names.has(v.name))
      diffs.push({ name: v.name, kind: 'removed', samples: compareSamples(v.samples, []) });
  return diffs;
}
