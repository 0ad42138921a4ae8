import { formFields, type PlanStage } from '@trialab/api-contract';
import { describe, expect, it } from 'vitest';
import { refusal } from '../../../test/refusal.js';
import {
  addDays,
  assertEditable,
  assertFormValues,
  assertOwned,
  assertTaskEdits,
  copyTasks,
  dayIn,
  fileIdsOf,
  isOverdue,
  withTaskPlans,
} from './service.js';

const task = (name: string, offsetDays: number, durationDays: number, ownerRoleId: number | null) => ({
  name,
  offsetDays,
  durationDays,
  ownerRoleId,
  needsApproval: false,
  formTemplateId: null,
});
const stages: PlanStage[] = [
  { name: 'A', tasks: [task('a1', 0, 7, 1), task('a2', 7, 1, 2)] },
  { name: 'B', tasks: [task('b1', 30, 2, 9)] },
];

describe('progress plan rules', () => {
  it('copies tasks in stage order with dates from the start and the first staff holding the role', () => {
    const staff = [
      { id: 10, roleIds: [2] },
      { id: 11, roleIds: [1, 2] },
    ];
    expect(copyTasks(stages, '2026-12-30', staff)).toEqual([
      expect.objectContaining({
        stage: 'A',
        sort: 0,
        ownerId: 11,
        plannedStart: '2026-12-30',
        plannedDue: '2027-01-05',
      }),
      expect.objectContaining({ sort: 1, ownerId: 10, plannedStart: '2027-01-06', plannedDue: '2027-01-06' }),
      expect.objectContaining({
        stage: 'B',
        ownerId: null,
        plannedStart: '2027-01-29',
        plannedDue: '2027-01-30',
      }),
    ]);
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('applies the owners and dates chosen on the form by task place, checked like an adjustment', () => {
    const copies = copyTasks(stages, '2026-12-30', [{ id: 10, roleIds: [1] }]);
    const chosen = { sort: 2, ownerId: 12, plannedStart: '2027-02-01', plannedDue: '2027-02-03' };
    const tasks = withTaskPlans(copies, [chosen], new Set([10, 12]));
    expect(tasks[2]).toMatchObject({
      name: 'b1',
      ownerId: 12,
      plannedStart: '2027-02-01',
      plannedDue: '2027-02-03',
    });
    expect(tasks[0]).toEqual(copies[0]);
    expect(refusal(() => withTaskPlans(copies, [{ ...chosen, sort: 3 }], new Set([12])))?.key).toBe(
      'progressTaskUnknown',
    );
    expect(refusal(() => withTaskPlans(copies, [chosen], new Set([10])))?.key).toBe('progressOwnerNotStaff');
    expect(
      refusal(() => withTaskPlans(copies, [{ ...chosen, plannedDue: '2027-01-31' }], new Set([12])))?.params,
    ).toEqual({ task: 'b1' });
  });

  it('refuses edits of another plan, backwards dates, owners outside the staff, and plans past drafting', () => {
    const tasks = [{ id: 1, name: 'a1' }];
    const edit = { id: 1, ownerId: 10, plannedStart: '2027-01-02', plannedDue: '2027-01-02' };
    expect(refusal(() => assertTaskEdits(tasks, [edit], new Set([10])))).toBeNull();
    expect(refusal(() => assertTaskEdits(tasks, [{ ...edit, id: 2 }], new Set([10])))?.key).toBe(
      'progressTaskUnknown',
    );
    expect(
      refusal(() => assertTaskEdits(tasks, [{ ...edit, plannedDue: '2027-01-01' }], new Set([10]))),
    ).toEqual({
      key: 'progressDueBeforeStart',
      params: { task: 'a1' },
    });
    expect(refusal(() => assertTaskEdits(tasks, [edit], new Set([11])))?.key).toBe('progressOwnerNotStaff');
    expect(refusal(() => assertOwned([{ name: 'a1', ownerId: null }]))?.params).toEqual({ task: 'a1' });
    expect(refusal(() => assertEditable({ status: 'returned' }))).toBeNull();
    expect(refusal(() => assertEditable({ status: 'submitted' }))?.key).toBe('progressPlanNotEditable');
  });

  it("checks a task's values against its form and finds the files they name", () => {
    const fields = formFields.parse([
      {
        key: 'day',
        type: 'date',
        label: { 'zh-CN': '日期', 'en-US': 'Day', 'zh-HK': '日期' },
        required: true,
      },
      {
        key: 'scan',
        type: 'file',
        label: { 'zh-CN': '扫描件', 'en-US': 'Scan', 'zh-HK': '掃描件' },
        maxFiles: 2,
      },
    ]);
    expect(refusal(() => assertFormValues(fields, { day: '2027-01-01', scan: [4] }, 'en_US'))).toBeNull();
    expect(refusal(() => assertFormValues(fields, {}, 'en_US'))).toEqual({
      key: 'progressFormInvalid',
      params: { field: 'Day', code: 'required' },
    });
    expect(refusal(() => assertFormValues(null, { x: 1 }, 'zh_CN'))?.params).toEqual({
      field: 'x',
      code: 'unknown',
    });
    expect(fileIdsOf(fields, { day: '2027-01-01', scan: [4, 5] })).toEqual([4, 5]);
  });

  it('marks open tasks past their due day as overdue, in the lab time zone', () => {
    expect(isOverdue({ status: 'doing', plannedDue: '2027-01-01' }, '2027-01-02')).toBe(true);
    expect(isOverdue({ status: 'doing', plannedDue: '2027-01-02' }, '2027-01-02')).toBe(false);
    expect(isOverdue({ status: 'done', plannedDue: '2027-01-01' }, '2027-01-05')).toBe(false);
    expect(dayIn(new Date('2027-01-01T17:00:00Z'), 'Asia/Shanghai')).toBe('2027-01-02');
  });
});
