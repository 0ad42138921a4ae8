import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/errors.js';
import { assertShipmentOf, requireStaff, resolvesOnView } from './service.js';

const failure = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error.options.key;
    throw error;
  }
  return null;
};

describe('clarification rules', () => {
  it('keeps raising and closing to staff', () => {
    const staff = { type: 1, userId: 7 };
    expect(requireStaff(staff)).toBe(staff);
    expect(failure(() => requireStaff({ type: 2 }))).toBe('staffOnly');
  });

  it('resolves an open query that needs no clarification when a site user views it', () => {
    const open = { status: 'open' as const, needsClarification: false };
    expect(resolvesOnView({ type: 2 }, open)).toBe(true);
    expect(resolvesOnView({ type: 1 }, open)).toBe(false);
    expect(resolvesOnView({ type: 2 }, { ...open, needsClarification: true })).toBe(false);
    expect(resolvesOnView({ type: 2 }, { ...open, status: 'answered' })).toBe(false);
  });

  it('takes a shipment only of the query project and site', () => {
    const query = { projectId: 1, siteId: 2 };
    expect(failure(() => assertShipmentOf({ projectId: 1, siteId: 2 }, query))).toBeNull();
    expect(failure(() => assertShipmentOf({ projectId: 1, siteId: 3 }, query))).toBe('queryShipmentInvalid');
    expect(failure(() => assertShipmentOf({ projectId: 9, siteId: 2 }, query))).toBe('queryShipmentInvalid');
    expect(failure(() => assertShipmentOf(undefined, query))).toBe('queryShipmentInvalid');
  });
});
