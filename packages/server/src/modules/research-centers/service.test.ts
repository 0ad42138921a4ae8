import { describe, expect, it } from 'vitest';
import { refusal } from '../../../test/refusal.js';
import { assertFree } from './service.js';

describe('research centre rules', () => {
  const union = { id: 1, code: 'RC-0001', name: '北京协和医院' };

  it('lets a free code or name pass, and a centre keep its own', () => {
    expect(refusal(() => assertFree('code', 'RC-0099', undefined))).toBeNull();
    expect(refusal(() => assertFree('code', 'RC-0001', union, 1))).toBeNull();
    expect(refusal(() => assertFree('name', '北京协和医院', union, 1))).toBeNull();
  });

  it("refuses another centre's code or name, naming that centre", () => {
    expect(refusal(() => assertFree('code', 'RC-0001', union))).toEqual({
      key: 'researchCenterCodeTaken',
      params: { value: 'RC-0001', other: '北京协和医院' },
    });
    expect(refusal(() => assertFree('name', '北京协和医院', union, 2))).toEqual({
      key: 'researchCenterNameTaken',
      params: { value: '北京协和医院', other: 'RC-0001' },
    });
  });
});
