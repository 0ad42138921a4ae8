import { describe, expect, it } from 'vitest';
import { auditObjectText } from './audit-records.js';

const row = (entity: string, refs: Record<string, string>) => ({
  entity,
  entityId: '8',
  oldValue: null,
  newValue: { projectId: 3 },
  refs,
});

describe('auditObjectText: which record a row is about', () => {
  it('names a consumable, a supplier and a kit by their own record', () => {
    expect(auditObjectText(row('supplyConsumable', { 'supplyConsumable:8': 'SC-PAD Phlebotomy pad' }))).toBe(
      'SC-PAD Phlebotomy pad',
    );
    expect(auditObjectText(row('supplier', { 'supplier:8': 'S-01 Acme' }))).toBe('S-01 Acme');
    expect(
      auditObjectText(row('supplyKit', { 'supplyKit:8': 'Baseline kit', 'project:3': 'P-1 Trial' })),
    ).toBe('Baseline kit');
  });

  it('falls back to the records the values point to, then to the id', () => {
    expect(auditObjectText(row('supplyKit', { 'project:3': 'P-1 Trial' }))).toBe('P-1 Trial');
    expect(auditObjectText({ ...row('supplyConsumable', {}), newValue: null })).toBe('8');
    // Another entity's key of the same id is not its name.
    expect(auditObjectText({ ...row('labelTemplate', { 'supplier:8': 'S-01 Acme' }), newValue: null })).toBe(
      '8',
    );
  });
});
