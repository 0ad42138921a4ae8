/**
 * Flags a result against its printed reference range: `a-b` (inclusive), `<x`, `<=x`, `>x`, `>=x`, or a
 * text range (`阴性`, `negative`) where any other text is abnormal. Unparseable ranges judge nothing.
 */
export function resultFlag(
  value: string,
  referenceRange: string | null,
  resultType: 'numeric' | 'text',
): 'H' | 'L' | 'A' | null {
  if (!referenceRange) return null;
  const range = referenceRange.trim();
  if (resultType === 'text') return value.trim().toLowerCase() === range.toLowerCase() ? null : 'A';
  const n = Number(value);
  if (!Number.isFinite(n)) return null;
  const between = /^(-?\d+(?:\.\d+)?)\s*[-~–]\s*(-?\d+(?:\.\d+)?)$/.exec(range);
  if (between) {
    const low = Number(between[1]);
    const high = Number(between[2]);
    if (n < low) return 'L';
    if (n > high) return 'H';
    return null;
  }
  const bound = /^(<=|≤|<|>=|≥|>)\s*(-?\d+(?:\.\d+)?)$/.exec(range);
  if (bound) {
    const limit = Number(bound[2]);
    switch (bound[1]) {
      case '<':
        return n < limit ? null : 'H';
      case '<=':
      case '≤':
        return n <= limit ? null : 'H';
      case '>':
        return n > limit ? null : 'L';
      default:
        return n >= limit ? null : 'L';
    }
  }
  return null;
}

/** A numeric result: a decimal number with at most `decimals` places. */
export function validNumeric(value: string, decimals: number): boolean {
  const m = /^-?\d{1,12}(?:\.(\d+))?$/.exec(value.trim());
  return m !== null && (m[1]?.length ?? 0) <= decimals;
}
