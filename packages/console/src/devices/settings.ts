import { readText, writeText } from '../utils/storage';

/** Workstation setting (local storage): the face-comparison threshold, 0..100. */
export const FACE_THRESHOLD_KEY = 'kmct-face-threshold';
/** Vendor rule (VENDOR-NOTES): above 50 means the same person. */
export const DEFAULT_FACE_THRESHOLD = 50;

export function readFaceThreshold(): number {
  const value = Number(readText(FACE_THRESHOLD_KEY));
  return Number.isFinite(value) && value >= 0 && value <= 100 && readText(FACE_THRESHOLD_KEY) !== null
    ? value
    : DEFAULT_FACE_THRESHOLD;
}

export function writeFaceThreshold(value: number): void {
  if (Number.isFinite(value) && value >= 0 && value <= 100) writeText(FACE_THRESHOLD_KEY, String(value));
}
