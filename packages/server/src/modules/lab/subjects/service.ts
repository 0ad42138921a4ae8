import { FACE_MIN_THRESHOLD, ResultCode } from '@trialab/api-contract';
import { ApiError } from '../../../lib/errors.js';

/** Keeps the first 3 and last 4 characters: enough to recognise a card, not to reuse it. */
export function maskCardNo(cardId: string): string {
  const s = cardId.trim();
  if (s.length <= 7) return `${s.slice(0, 1)}${'*'.repeat(Math.max(0, s.length - 2))}${s.slice(-1)}`;
  return `${s.slice(0, 3)}${'*'.repeat(s.length - 7)}${s.slice(-4)}`;
}

export type Registration = {
  projectId: number;
  siteId: number;
  subjectNo: string;
  name: string;
  gender?: string | null | undefined;
  birthday?: string | null | undefined;
  cardType: string;
  cardId: string;
  face: { confidence: number; threshold: number };
  fingerprint?: { vendor: 'za' | 'zk'; template: string } | null | undefined;
};

type Fingerprint = NonNullable<Registration['fingerprint']>;

/** The checks every registration passes: face above threshold (not below the floor), fingerprint enrolled. */
export function assertRegistrable(body: Registration): asserts body is Registration & {
  fingerprint: Fingerprint;
} {
  if (body.face.threshold < FACE_MIN_THRESHOLD) {
    throw new ApiError(ResultCode.BAD_REQUEST, {
      key: 'subjectThresholdTooLow',
      params: { min: FACE_MIN_THRESHOLD },
    });
  }
  if (!(body.face.confidence > body.face.threshold)) {
    throw new ApiError(ResultCode.BAD_REQUEST, {
      key: 'subjectFaceMismatch',
      params: { confidence: body.face.confidence, threshold: body.face.threshold },
    });
  }
  if (!body.fingerprint) throw new ApiError(ResultCode.BAD_REQUEST, { key: 'subjectFingerprintRequired' });
}

/** The stored columns of a checked registration; the card number is kept only masked and hashed. */
export function subjectValues(body: Registration & { fingerprint: Fingerprint }, cardNoHash: string) {
  return {
    projectId: body.projectId,
    siteId: body.siteId,
    subjectNo: body.subjectNo,
    name: body.name,
    gender: body.gender ?? null,
    birthday: body.birthday ? body.birthday.replace(/^(\d{4})-?(\d{2})-?(\d{2})$/, '$1-$2-$3') : null,
    cardType: body.cardType,
    cardNoMasked: maskCardNo(body.cardId),
    cardNoHash,
    faceConfidence: body.face.confidence,
    faceThreshold: body.face.threshold,
    fingerprintVendor: body.fingerprint.vendor,
    fingerprintTemplate: body.fingerprint.template,
  };
}

/** What the audit keeps of a registration: never the card number or the template. */
export function auditable(body: Registration) {
  const { cardId, fingerprint, ...rest } = body;
  return { ...rest, cardNoMasked: maskCardNo(cardId), fingerprintVendor: fingerprint?.vendor ?? null };
}
