import { describe, expect, it } from 'vitest';
import { refusal } from '../../../test/refusal.js';
import { assertShipmentOf, requireStaff, resolvesOnView } from './service.js';

describe('clarification rules', () => {
  it('keeps raising and closing to staff', () => {
    const staff = { type: 1, userId: 7 };
    expect(requireStaff(staff)).toBe(staff);
    expect(refusal(() => requireStaff({ type: 2 }))?.key).toBe('staffOnly');
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
    expect(refusal(() => assertShipmentOf({ projectId: 1, siteId: 2 }, query))).toBeNull();
    expect(refusal(() => assertShipmentOf({ projectId: 1, siteId: 3 }, query))?.key).toBe(
      'queryShipmentInvalid',
    );
    expect(refusal(() => assertShipmentOf({ projectId: 9, siteId: 2 }, query))?.key).toBe(
      'queryShipmentInvalid',
    );
    expect(refusal(() => assertShipmentOf(undefined, query))?.key).toBe('queryShipmentInvalid');
  });
});
