import { FACE_MIN_THRESHOLD } from '@trialab/api-contract';
import { describe, expect, it } from 'vitest';
import { refusal } from '../../../../test/refusal.js';
import { assertRegistrable, auditable, maskCardNo, type Registration, subjectValues } from './service.js';

const registration = (over: Partial<Registration> = {}): Registration => ({
  projectId: 1,
  siteId: 2,
  subjectNo: 'S-001',
  name: 'Li Lei',
  birthday: '19900102',
  cardType: 'id',
  cardId: '110101199001021234',
  face: { confidence: FACE_MIN_THRESHOLD + 0.1, threshold: FACE_MIN_THRESHOLD },
  fingerprint: { vendor: 'zk', template: 'tpl' },
  ...over,
});

describe('subject registration rules', () => {
  it('masks all but the first 3 and last 4 characters, short numbers all but the ends', () => {
    expect(maskCardNo(' 110101199001021234 ')).toBe('110***********1234');
    expect(maskCardNo('AB12345')).toBe('A*****5');
  });

  it('checks the threshold floor, then the face match, then the fingerprint', () => {
    const low = { confidence: 0.99, threshold: FACE_MIN_THRESHOLD - 0.01 };
    expect(refusal(() => assertRegistrable(registration({ face: low, fingerprint: null })))?.key).toBe(
      'subjectThresholdTooLow',
    );
    const equal = { confidence: FACE_MIN_THRESHOLD, threshold: FACE_MIN_THRESHOLD };
    expect(refusal(() => assertRegistrable(registration({ face: equal, fingerprint: null })))?.key).toBe(
      'subjectFaceMismatch',
    );
    expect(refusal(() => assertRegistrable(registration({ fingerprint: null })))?.key).toBe(
      'subjectFingerprintRequired',
    );
    expect(refusal(() => assertRegistrable(registration()))).toBeNull();
  });

  it('stores the card only masked and hashed, the birthday as yyyy-mm-dd', () => {
    const body = registration();
    assertRegistrable(body);
    const row = subjectValues(body, 'hash');
    expect(row).toMatchObject({
      birthday: '1990-01-02',
      cardNoMasked: '110***********1234',
      cardNoHash: 'hash',
    });
    expect(Object.values(row)).not.toContain(body.cardId);
    expect(JSON.stringify(auditable(body))).not.toMatch(/110101199001021234|tpl/);
  });
});
