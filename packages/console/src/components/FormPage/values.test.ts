import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { blanksToNull } from './values';

describe('blanksToNull', () => {
  it('sends blank text as null at any depth and leaves the rest as typed', () => {
    const day = dayjs('2026-11-28');
    expect(
      blanksToNull({
        name: ' V1 ',
        remark: '  ',
        none: undefined,
        count: 0,
        on: false,
        ids: [1, 2],
        day,
        visits: [{ name: 'V2', container: '', samples: [{ unit: '' }] }],
      }),
    ).toEqual({
      name: ' V1 ',
      remark: null,
      none: undefined,
      count: 0,
      on: false,
      ids: [1, 2],
      day,
      visits: [{ name: 'V2', container: null, samples: [{ unit: null }] }],
    });
  });
});
