import { describe, expect, it } from 'vitest';
import { dispatchedWaybill, mailRoomStates } from './service.js';

describe('staff portal views', () => {
  it('shows the mail room the bookings awaiting the courier unless states are asked for', () => {
    expect(mailRoomStates(undefined)).toEqual(['booked']);
    expect(mailRoomStates([])).toEqual(['booked']);
    expect(mailRoomStates(['picked_up', 'signed'])).toEqual(['picked_up', 'signed']);
  });

  it('lists a distribution only for an application sent with courier and waybill', () => {
    expect(dispatchedWaybill({ courier: 'SF', expressNo: 'X1' })).toEqual({ courier: 'SF', expressNo: 'X1' });
    expect(dispatchedWaybill({ courier: 'SF', expressNo: null })).toBeNull();
    expect(dispatchedWaybill({ courier: null, expressNo: 'X1' })).toBeNull();
    expect(dispatchedWaybill(undefined)).toBeNull();
  });
});
