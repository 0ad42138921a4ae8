import { describe, expect, it } from 'vitest';
import { holdKindOptions, holdLabel, holdsById } from './parts';

const words = { parent: (code: string) => `from ${code}`, subject: (no: string) => `subject ${no}` };
const hold = (via: 'specimen' | 'parent' | 'subject', kind: 'legal' | 'consent' = 'legal') => ({
  id: 1,
  kind,
  via,
  code: via === 'subject' ? null : 'LH-0001',
  subjectNo: via === 'subject' ? 'S-001-WD01' : null,
  reason: 'court order',
});

describe('library hold tags', () => {
  it('name the kind in the reader’s language and where the flag sits when it is not the specimen’s own', () => {
    expect(holdLabel(hold('specimen'), 'en-US', words)).toBe('legal hold');
    expect(holdLabel(hold('parent'), 'en-US', words)).toBe('legal hold · from LH-0001');
    expect(holdLabel(hold('subject', 'consent'), 'zh-CN', words)).toBe('撤回知情同意 · subject S-001-WD01');
    expect(holdLabel(hold('specimen'), 'zh-HK', words)).toBe('法律保全');
  });

  it('index the answer by specimen and offer both kinds', () => {
    const map = holdsById([{ specimenId: 7, holds: [hold('parent')] }]);
    expect(map.get(7)?.[0]?.code).toBe('LH-0001');
    expect(map.has(8)).toBe(false);
    expect(holdsById(undefined).size).toBe(0);
    expect(holdKindOptions('en-US')).toEqual([
      { value: 'legal', label: 'legal hold' },
      { value: 'consent', label: 'consent withdrawn' },
    ]);
  });
});
