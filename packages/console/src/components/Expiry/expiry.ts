import { QUALIFICATION_WINDOWS } from '@trialab/api-contract';

/** How near an expiry is (a supplier document, a lot): expired, within a window of 30/60/90 days, or further. */
export type ExpiryState =
  | { kind: 'expired'; days: number }
  | { kind: 'today' }
  | { kind: 'left'; days: number; window: number }
  | { kind: 'valid' };

export function expiryState(daysLeft: number): ExpiryState {
  if (daysLeft < 0) return { kind: 'expired', days: -daysLeft };
  if (daysLeft === 0) return { kind: 'today' };
  const window = QUALIFICATION_WINDOWS.find((w) => daysLeft <= w);
  return window === undefined ? { kind: 'valid' } : { kind: 'left', days: daysLeft, window };
}

/** The tag colour beside the words (never the colour alone): red to 30 days, orange to 60, gold to 90. */
export function expiryColor(state: ExpiryState): string {
  if (state.kind === 'expired' || state.kind === 'today') return 'error';
  if (state.kind === 'valid') return 'default';
  return state.window <= 30 ? 'error' : state.window <= 60 ? 'warning' : 'gold';
}
