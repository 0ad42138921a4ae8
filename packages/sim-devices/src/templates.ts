import { randomBytes } from 'node:crypto';

/**
 * Synthetic fingerprint templates. Real ones are opaque vendor blobs; these carry the finger's name
 * behind a per-vendor magic so that comparisons can tell same from different fingers, and a
 * template from one vendor is rejected by the other.
 */
const MAGIC = { za: 'ZASIM', zk: 'ZKSIM', fp: 'FPSIM' } as const;
export type TemplateVendor = keyof typeof MAGIC;
const KINDS = ['feature', 'template'] as const;
export type TemplateKind = (typeof KINDS)[number];
const SIZE = 512;

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

export function isBase64(text: string): boolean {
  return text.length > 0 && text.length % 4 === 0 && BASE64.test(text);
}

export function makeTemplate(vendor: TemplateVendor, finger: string, kind: TemplateKind): string {
  const name = Buffer.from(finger, 'utf8').subarray(0, 200);
  const head = Buffer.concat([
    Buffer.from(MAGIC[vendor], 'ascii'),
    Buffer.from([KINDS.indexOf(kind), name.length]),
    name,
  ]);
  // Random filler: two presses of one finger never give identical bytes, as with a real reader.
  return Buffer.concat([head, randomBytes(SIZE - head.length)]).toString('base64');
}

export function readTemplate(
  vendor: TemplateVendor,
  base64: string,
): { finger: string; kind: TemplateKind } | undefined {
  if (!isBase64(base64)) return undefined;
  const bytes = Buffer.from(base64, 'base64');
  const magic = MAGIC[vendor];
  if (bytes.length < magic.length + 2 || bytes.subarray(0, magic.length).toString('ascii') !== magic)
    return undefined;
  const kind = KINDS[bytes[magic.length] ?? -1];
  const length = bytes[magic.length + 1] ?? 0;
  const start = magic.length + 2;
  if (!kind || bytes.length < start + length) return undefined;
  return { finger: bytes.subarray(start, start + length).toString('utf8'), kind };
}

/** The score of a different finger: far below any sensible threshold. */
export const MISMATCH_SCORE = 8;

/** Same finger: the configured score; different fingers: a low one. Exact, so tests can assert it. */
export function compareScore(a: string, b: string, matchScore: number): number {
  return a === b ? matchScore : MISMATCH_SCORE;
}
