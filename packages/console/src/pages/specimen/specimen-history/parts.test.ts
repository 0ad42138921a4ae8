import { describe, expect, it } from 'vitest';
import { clock, rackOf } from './parts';

describe('awaiting-storage parts', () => {
  it('finds the rack barcode a scanner file names, in either layout', () => {
    expect(rackOf('Rack Barcode,Tube Position,Tube Barcode\nRK-7,A01,T1\n')).toBe('RK-7');
    expect(rackOf('Rack ID: SCAN-96-01\nA01,T1\n')).toBe('SCAN-96-01');
    expect(rackOf('"RK-8";"B02";"T2"')).toBe('RK-8');
    expect(rackOf('A01,T1\nA02,NO READ\n')).toBe('');
  });

  it('counts the reservation down as m:ss, never below zero', () => {
    expect(clock(5 * 60_000)).toBe('5:00');
    expect(clock(61_001)).toBe('1:02');
    expect(clock(0)).toBe('0:00');
    expect(clock(-3000)).toBe('0:00');
  });
});
