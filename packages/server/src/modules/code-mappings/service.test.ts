import { describe, expect, it } from 'vitest';
import { refusal } from '../../../test/refusal.js';
import {
  assertTarget,
  checkMappingRows,
  type MappingSheetRow,
  mappingKey,
  pickMapping,
  type Target,
  targetKey,
} from './service.js';

const cbc: Target = { id: 1, code: 'CBC', name: '血常规', enabled: true, projectId: null };
const lft: Target = { id: 2, code: 'LFT', name: '肝功能', enabled: false, projectId: null };
const v1: Target = { id: 7, code: '基线 V1', name: '基线 V1', enabled: true, projectId: 10 };

describe('resolving an external code', () => {
  const all = { id: 1, projectId: null, enabled: true };
  const mine = { id: 2, projectId: 10, enabled: true };
  const other = { id: 3, projectId: 11, enabled: true };

  it("takes the project's own mapping first, then the one for all projects", () => {
    expect(pickMapping([all, mine, other], 10)).toBe(mine);
    expect(pickMapping([all, other], 10)).toBe(all);
    expect(pickMapping([mine, other], 12)).toBeNull();
    // Without a project only an all-projects mapping answers.
    expect(pickMapping([mine, all], null)).toBe(all);
  });

  it('ignores disabled mappings: a disabled project mapping falls back to the all-projects one', () => {
    expect(pickMapping([all, { ...mine, enabled: false }], 10)).toBe(all);
    expect(pickMapping([{ ...all, enabled: false }], 10)).toBeNull();
  });
});

describe('the lab record of a mapping', () => {
  it('must exist, be enabled when newly chosen, and for a visit or site belong to the project', () => {
    expect(refusal(() => assertTarget('testItem', null, undefined, true))?.key).toBe('mappingTargetUnknown');
    expect(refusal(() => assertTarget('testItem', null, lft, true))?.key).toBe('mappingTargetDisabled');
    expect(refusal(() => assertTarget('testItem', 10, lft, false))).toBeNull();
    expect(refusal(() => assertTarget('testItem', null, cbc, true))).toBeNull();
    expect(refusal(() => assertTarget('visit', null, v1, true))?.key).toBe('mappingNeedsProject');
    expect(refusal(() => assertTarget('visit', 11, v1, true))?.key).toBe('mappingNeedsProject');
    expect(refusal(() => assertTarget('visit', 10, v1, true))).toBeNull();
  });
});

describe('mapping import rows', () => {
  const row = (line: number, fields: Partial<MappingSheetRow>): MappingSheetRow => ({
    line,
    projectNo: 'KM-1',
    kind: '检测项目',
    source: '华康制药',
    externalCode: `E${line}`,
    externalName: '',
    targetCode: 'CBC',
    ...fields,
  });
  const known = {
    projects: new Map([['KM-1', 10]]),
    targets: new Map([
      [targetKey('testItem', null, 'CBC'), cbc],
      [targetKey('testItem', null, 'LFT'), lft],
      [targetKey('visit', 10, '基线 V1'), v1],
    ]),
    existing: new Map([
      [mappingKey(10, 'testItem', '华康制药', 'OLD'), 1],
      [mappingKey(10, 'testItem', '华康制药', 'KEPT'), 2],
    ]),
  };

  it('inserts new codes, re-points existing ones and skips rows with errors', () => {
    const checked = checkMappingRows(
      [
        row(2, {}),
        row(3, { externalCode: 'OLD', targetCode: 'CBC' }),
        row(4, { kind: 'visit', externalCode: 'V1', targetCode: '基线 V1' }),
        row(5, { projectNo: '', kind: 'Test item' }),
        row(6, { projectNo: 'KM-9' }),
        row(7, { kind: '药物' }),
        row(8, { targetCode: 'NOPE' }),
        row(9, { targetCode: 'LFT' }),
        row(10, { externalCode: 'KEPT', targetCode: 'LFT' }),
        row(11, { projectNo: '', kind: '访视', targetCode: '基线 V1' }),
        row(12, { externalCode: 'E2' }),
        row(13, { source: '', externalCode: '' }),
        row(14, { externalName: 'x'.repeat(129) }),
      ],
      known,
    );
    expect(checked.map((r) => [r.line, r.action, r.errors.map((e) => e.problem)])).toEqual([
      [2, 'insert', []],
      [3, 'update', []],
      [4, 'insert', []],
      [5, 'insert', []],
      [6, 'skip', ['unknownProject']],
      [7, 'skip', ['unknownKind']],
      [8, 'skip', ['unknownTarget']],
      [9, 'skip', ['disabledTarget']],
      [10, 'update', []],
      [11, 'skip', ['needsProject']],
      [12, 'skip', ['repeatedCode']],
      [13, 'skip', ['missingSource', 'missingCode']],
      [14, 'skip', ['tooLong']],
    ]);
    expect(checked[0]).toMatchObject({ projectId: 10, mappingKind: 'testItem', targetId: 1 });
    expect(checked[3]).toMatchObject({ projectId: null, mappingKind: 'testItem' });
    expect(checked[10]?.errors[0]?.params).toEqual({ line: 2 });
    expect(checked[12]?.errors[0]?.params).toEqual({ field: 'externalName', max: 128 });
  });
});
