import { describe, expect, it } from 'vitest';
import { refusal } from '../../../test/refusal.js';
import { checkCenterRows, checkContactRows, checkGroupRows } from './record-import.js';
import {
  assertDeletable,
  assertEditable,
  assertFree,
  assertManagers,
  assertReason,
  assertRecordConsistent,
  assertSitesRemovable,
} from './service.js';

describe('project rules', () => {
  it('names the project holding a unique value; the record itself and empty values pass', () => {
    const holder = { id: 7, projectNo: 'KM-1' };
    expect(refusal(() => assertFree('en_US', 'protocolNo', 'P-1', holder))).toEqual({
      key: 'projectValueTaken',
      params: { field: 'protocol number', value: 'P-1', other: 'KM-1' },
    });
    expect(refusal(() => assertFree('en_US', 'name', 'n', holder, 7))).toBeNull();
    expect(refusal(() => assertFree('en_US', 'protocolNo', null, holder))).toBeNull();
  });

  it('refuses repeated site numbers and group codes, and dates out of order', () => {
    const ok = { sites: [{ centerNo: '01' }, { centerNo: '02' }], groups: [{ code: 'A' }] };
    expect(refusal(() => assertRecordConsistent('en_US', ok))).toBeNull();
    expect(
      refusal(() =>
        assertRecordConsistent('zh_CN', { ...ok, sites: [{ centerNo: '01' }, { centerNo: '01' }] }),
      ),
    ).toEqual({ key: 'projectRowRepeated', params: { what: '中心编号', value: '01' } });
    expect(
      refusal(() => assertRecordConsistent('en_US', { ...ok, groups: [{ code: 'A' }, { code: 'A' }] }))
        ?.params,
    ).toEqual({ what: 'group code', value: 'A' });
    const dates = { ...ok, startDate: '2026-05-02', endDate: '2026-05-01' };
    expect(refusal(() => assertRecordConsistent('en_US', dates))?.key).toBe('projectDatesOrder');
  });

  it('takes managers only from those who may manage, the backup someone else', () => {
    const may = new Set([1, 2]);
    expect(refusal(() => assertManagers(1, 2, may))).toBeNull();
    expect(refusal(() => assertManagers(1, null, may))).toBeNull();
    expect(refusal(() => assertManagers(3, null, may))?.key).toBe('projectManagerInvalid');
    expect(refusal(() => assertManagers(1, 3, may))?.key).toBe('projectManagerInvalid');
    expect(refusal(() => assertManagers(1, 1, may))?.key).toBe('projectBackupSame');
  });

  it('keeps closed records, asks reasons of pause and close, deletes only unused records in preparation', () => {
    expect(refusal(() => assertEditable('paused'))).toBeNull();
    expect(refusal(() => assertEditable('closed'))?.key).toBe('projectClosed');
    expect(refusal(() => assertReason('start', undefined))).toBeNull();
    expect(refusal(() => assertReason('pause', undefined))?.key).toBe('projectReasonRequired');
    expect(refusal(() => assertReason('close', 'done'))).toBeNull();
    expect(refusal(() => assertDeletable('en_US', 'prepare', []))).toBeNull();
    expect(refusal(() => assertDeletable('en_US', 'ongoing', []))?.key).toBe('projectNotDeletable');
    expect(refusal(() => assertDeletable('en_US', 'prepare', ['barcodes', 'users']))).toEqual({
      key: 'projectInUse',
      params: { what: 'sample barcodes' },
    });
    expect(refusal(() => assertSitesRemovable('en_US', [{ centerNo: '01', usage: [] }]))).toBeNull();
    expect(refusal(() => assertSitesRemovable('en_US', [{ centerNo: '02', usage: ['subjects'] }]))).toEqual({
      key: 'projectSiteInUse',
      params: { centerNo: '02', what: 'subjects' },
    });
  });
});

describe('record import rows', () => {
  const problems = (rows: Array<{ action: string; errors: Array<{ problem: string }> }>) =>
    rows.map((r) => [r.action, ...r.errors.map((e) => e.problem)]);

  it('checks groups: required cells, lengths, a code once per record ignoring case', () => {
    const rows = checkGroupRows(
      [
        { line: 2, code: 'A', name: 'Arm A' },
        { line: 3, code: 'b', name: '' },
        { line: 4, code: 'X'.repeat(17), name: 'Long' },
        { line: 5, code: 'a', name: 'Again' },
      ],
      ['B'],
    );
    expect(problems(rows)).toEqual([
      ['insert'],
      ['skip', 'missing', 'inRecord'],
      ['skip', 'tooLong'],
      ['skip', 'repeated'],
    ]);
    expect(rows[3]?.errors[0]?.params).toEqual({ field: 'code', line: 2 });
  });

  it('finds a site research centre by code or name, case aside; unknown ones are errors', () => {
    const centers = [{ id: 9, code: 'RC-0009', name: 'Ruijin' }];
    const rows = checkCenterRows(
      [
        { line: 2, centerNo: '01', center: 'rc-0009', name: '' },
        { line: 3, centerNo: '02', center: 'RUIJIN', name: 'East' },
        { line: 4, centerNo: '03', center: 'Nowhere', name: '' },
      ],
      [],
      centers,
    );
    expect(rows.map((r) => r.researchCenterId)).toEqual([9, 9, null]);
    expect(problems(rows)).toEqual([['insert'], ['insert'], ['skip', 'unknownCenter']]);
  });

  it('checks contacts: phone and e-mail forms, the same person in the same role once', () => {
    const rows = checkContactRows(
      [
        { line: 2, name: 'Qian', role: 'CRA', phone: '021-66668888', email: '' },
        { line: 3, name: 'Qian', role: 'Auditor', phone: '', email: 'q@example.com' },
        { line: 4, name: 'Zhou', role: 'CRA', phone: '555', email: 'nope' },
        { line: 5, name: 'Sun', role: 'PM', phone: '', email: '' },
      ],
      [{ name: 'Sun', role: 'PM' }],
    );
    expect(problems(rows)).toEqual([
      ['insert'],
      ['insert'],
      ['skip', 'badPhone', 'badEmail'],
      ['skip', 'inRecord'],
    ]);
    expect(rows[3]?.errors[0]?.params).toEqual({ field: 'name', value: 'Sun' });
  });
});
