// Maintenance of the library's storage units (device-manage): defrosting, service, calibration and
// temperature alarm checks, each due on a day and optionally repeating. A task due within
// MAINTENANCE_REMIND_DAYS, or overdue, is a reminder in the home to-do (docs/library.md).
import type { FormLang } from '../form-fields.js';
import { LIBRARY_PERMISSIONS } from './library.js';
import { defineWorkflow } from './machine.js';

export const MAINTENANCE_KINDS = ['defrost', 'service', 'calibration', 'alarm_check'] as const;
export type MaintenanceKind = (typeof MAINTENANCE_KINDS)[number];

/** A task's state follows its due day and the day it is seen on; `done` once recorded. */
export const MAINTENANCE_STATES = ['planned', 'due', 'overdue', 'done'] as const;
export type MaintenanceState = (typeof MAINTENANCE_STATES)[number];

/** An open task becomes due (a reminder) this many days before its due day. */
export const MAINTENANCE_REMIND_DAYS = 7;
/** A repeating task comes back at most this many days after it was done. */
export const MAINTENANCE_INTERVAL_MAX = 3650;

export const MAINTENANCE_KIND_WORDS: Readonly<Record<MaintenanceKind, Readonly<Record<FormLang, string>>>> = {
  defrost: { 'zh-CN': '除霜', 'en-US': 'Defrost', 'zh-HK': '除霜' },
  service: { 'zh-CN': '维护保养', 'en-US': 'Service', 'zh-HK': '維護保養' },
  calibration: { 'zh-CN': '温度校准', 'en-US': 'Calibration', 'zh-HK': '溫度校準' },
  alarm_check: { 'zh-CN': '温度报警检查', 'en-US': 'Temperature alarm check', 'zh-HK': '溫度報警檢查' },
};

export const unitMaintenanceWorkflow = defineWorkflow({
  id: 'unitMaintenance',
  states: MAINTENANCE_STATES,
  initial: 'planned',
  final: ['done'],
  words: {
    planned: { 'zh-CN': '计划中', 'en-US': 'Planned', 'zh-HK': '計劃中' },
    due: { 'zh-CN': '即将到期', 'en-US': 'Due soon', 'zh-HK': '即將到期' },
    overdue: { 'zh-CN': '已逾期', 'en-US': 'Overdue', 'zh-HK': '已逾期' },
    done: { 'zh-CN': '已完成', 'en-US': 'Done', 'zh-HK': '已完成' },
  },
  transitions: {
    /** The reminder answered: done, by whom and when, with a remark. */
    complete: {
      from: ['due', 'overdue'],
      to: 'done',
      permission: LIBRARY_PERMISSIONS.unitMaintain,
      actor: 'any',
      reason: { required: false, max: 255 },
      signature: false,
    },
    /** Done before it was due (a planned task is no one's to-do yet). */
    completeEarly: {
      from: ['planned'],
      to: 'done',
      permission: LIBRARY_PERMISSIONS.unitMaintain,
      actor: 'any',
      reason: { required: false, max: 255 },
      signature: false,
    },
  },
});
