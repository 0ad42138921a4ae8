// Maintenance tasks of storage units (device-manage): defrost, service, calibration, alarm checks,
// due on a day, optionally repeating; recorded done with who, when and a remark. A due or overdue
// task is a reminder in the home to-do (workflows/library-maintenance.ts, docs/library.md).
import { z } from 'zod';
import { defineEndpoint, defineGroup } from '../endpoint.js';
import { id, idParams, isoTime, optionalText, pageFields, version } from '../schemas.js';
import { LIBRARY_PERMISSIONS as P, STORAGE_UNIT_STATUSES } from '../workflows/library.js';
import {
  MAINTENANCE_INTERVAL_MAX,
  MAINTENANCE_KINDS,
  MAINTENANCE_STATES,
  unitMaintenanceWorkflow,
} from '../workflows/library-maintenance.js';
import { firing } from '../workflows/machine.js';
import { dateString } from './portal-fields.js';

export const maintenanceTask = z.object({
  id: z.number(),
  unitId: z.number(),
  unitCode: z.string(),
  unitName: z.string(),
  unitStatus: z.enum(STORAGE_UNIT_STATUSES),
  roomName: z.string(),
  kind: z.enum(MAINTENANCE_KINDS),
  /** YYYY-MM-DD. */
  dueOn: z.string(),
  /** Repeats this many days after it is done (null: once). */
  intervalDays: z.number().nullable(),
  remark: z.string().nullable(),
  /** From the due day and today in the lab's time zone; `done` once recorded. */
  status: z.enum(MAINTENANCE_STATES),
  doneAt: isoTime.nullable(),
  doneByName: z.string().nullable(),
  doneRemark: z.string().nullable(),
  version: z.number(),
});
export type MaintenanceTask = z.infer<typeof maintenanceTask>;

/** A calendar day that exists (2026-02-30 does not). */
const day = dateString.refine((value) => {
  const at = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === value;
}, 'validation.date');

const plan = {
  kind: z.enum(MAINTENANCE_KINDS),
  dueOn: day,
  intervalDays: z.number().int().min(1).max(MAINTENANCE_INTERVAL_MAX).nullish(),
  remark: optionalText(255),
};

export const libraryMaintenance = defineGroup('libraryMaintenance', {
  taskList: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/library/maintenance/list',
    summary: 'Maintenance tasks of storage units, overdue and due first, with who did them and when',
    access: { permission: P.unitPage },
    mutates: false,
    paged: true,
    body: z.object({
      ...pageFields,
      keyword: z.string().trim().max(64).optional(),
      unitId: id.optional(),
      kind: z.enum(MAINTENANCE_KINDS).optional(),
      status: z.enum(MAINTENANCE_STATES).optional(),
    }),
    data: z.array(maintenanceTask),
  }),
  taskCreate: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/library/maintenance',
    summary: 'Plan a maintenance task of a unit: kind, due day, an optional repeat interval in days',
    access: { permission: P.unitMaintain },
    mutates: true,
    body: z.object({ unitId: id, ...plan }),
    data: z.object({ id: z.number() }),
  }),
  taskUpdate: defineEndpoint({
    service: 'container',
    method: 'PUT',
    path: '/library/maintenance/{id}',
    summary: 'Reschedule an open task: kind, due day, repeat interval, remark (a done task is kept as it is)',
    access: { permission: P.unitMaintain },
    mutates: true,
    params: idParams,
    body: z.object({ version, ...plan }),
    data: z.object({ version: z.number() }),
  }),
  taskComplete: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/library/maintenance/{id}/complete',
    summary: 'Record an open task done by the caller now, with a remark; a repeating task plans its next one',
    ...firing(unitMaintenanceWorkflow, 'complete', 'completeEarly'),
    mutates: true,
    params: idParams,
    body: z.object({ version, reason: optionalText(255) }),
    data: z.object({ next: z.object({ id: z.number(), dueOn: z.string() }).nullable() }),
  }),
  taskRemove: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/library/maintenance/{id}/remove',
    summary: 'Drop an open task planned by mistake (a done task stays on record)',
    access: { permission: P.unitMaintain },
    mutates: true,
    params: idParams,
    body: z.object({ version }),
    data: z.object({ removed: z.number() }),
  }),
});
