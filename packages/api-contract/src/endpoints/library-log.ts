// The specimen library's custody log (specimen-log-manage) and the one timeline per specimen and per
// box (docs/library.md "Custody log and timelines"). Reads only: the log is written by the position
// engine, the timelines gather every record that tells a specimen's or a box's story.
import { z } from 'zod';
import { defineEndpoint, defineGroup } from '../endpoint.js';
import { id, pageFields } from '../schemas.js';
import { CUSTODY_ACTIONS, LIBRARY_STATES, LIBRARY_PERMISSIONS as P } from '../workflows/library.js';
import { dateString } from './portal-fields.js';

/** Rows a log answer counts and an export writes at most (the total never counts the whole log). */
export const LIBRARY_LOG_CAP = 10_000;

/** The log's filters (list and export). Days are whole days in the caller's zone. */
const logFilters = {
  /** A barcode (a parent's finds its aliquots too; a sub-barcode finds that aliquot). */
  barcode: z.string().trim().max(32).optional(),
  /** The box a specimen left or entered (its barcode). */
  boxCode: z.string().trim().max(64).optional(),
  /** The unit a specimen left or entered. */
  unitId: id.optional(),
  actions: z.array(z.enum(CUSTODY_ACTIONS)).max(CUSTODY_ACTIONS.length).optional(),
  /** Who did it. */
  userId: id.optional(),
  from: dateString.optional(),
  to: dateString.optional(),
  /** A bill or move request number. */
  reference: z.string().trim().max(64).optional(),
};

export const custodyLogRow = z.object({
  id: z.number(),
  specimenId: z.number(),
  barcode: z.string(),
  projectNo: z.string(),
  action: z.enum(CUSTODY_ACTIONS),
  /** Where it was and where it went, as "ULT-01 / R01 / A3 / B4" (null outside the library). */
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** The bill or move number (or scanner file) that caused it. */
  reference: z.string().nullable(),
  reason: z.string().nullable(),
  userName: z.string(),
  at: z.string(),
});
export type CustodyLogRow = z.infer<typeof custodyLogRow>;

/** What a timeline event is about (the console's icon and colour; the words come with the event). */
export const TIMELINE_KINDS = [
  'collection',
  'shipment',
  'receipt',
  'bench',
  'test',
  'aliquot',
  'storage',
  'bill',
  'record',
  'box',
  'maintenance',
] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

export const timelineEvent = z.object({
  at: z.string(),
  kind: z.enum(TIMELINE_KINDS),
  /** What happened, in the caller's language. */
  title: z.string(),
  /** The particulars (where from and to, reading, method), in the caller's language. */
  detail: z.string().nullable(),
  /** Who, by name. */
  who: z.string().nullable(),
  /** The bill, move, shipment or report number. */
  reference: z.string().nullable(),
  /** Files captured with it, downloadable through GET /file/{id} (its own checks apply). */
  files: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type TimelineEvent = z.infer<typeof timelineEvent>;

export const specimenTimeline = z.object({
  specimen: z.object({
    id: z.number(),
    code: z.string(),
    projectNo: z.string(),
    subjectNo: z.string().nullable(),
    visit: z.string().nullable(),
    sampleTypeName: z.string().nullable(),
    library: z.enum(LIBRARY_STATES),
    freezeThaw: z.number(),
    /** Where it is now ("ULT-01 / R01 / A3 / B4"). */
    place: z.string().nullable(),
  }),
  events: z.array(timelineEvent),
});
export type SpecimenTimeline = z.infer<typeof specimenTimeline>;

export const boxTimeline = z.object({
  box: z.object({ id: z.number(), code: z.string(), place: z.string() }),
  events: z.array(timelineEvent),
});
export type BoxTimeline = z.infer<typeof boxTimeline>;

export const libraryLog = defineGroup('libraryLog', {
  list: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/library/log/list',
    summary:
      'The custody log: who moved which specimen from where to where, by barcode, box, unit, action, person, days and bill or move number (newest first; the total counts to LIBRARY_LOG_CAP)',
    access: { permission: P.logPage },
    mutates: false,
    paged: true,
    body: z.object({ ...pageFields, ...logFilters }),
    data: z.array(custodyLogRow),
  }),
  export: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/library/log/export',
    summary: 'The filtered custody log as an xlsx workbook (binary body, at most LIBRARY_LOG_CAP rows)',
    access: { permission: P.logExport },
    mutates: false,
    body: z.object(logFilters),
    data: z.unknown(),
  }),
  specimenTimeline: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/library/log/specimen-timeline',
    summary:
      "A specimen's story in time order: collection, shipment, receipt and its cold-chain reading, tests, aliquots, storage, moves, freeze-thaw, outbound and return, destruction, record changes",
    access: { permission: P.logPage },
    mutates: false,
    body: z.object({ code: z.string().trim().min(1).max(32) }),
    data: specimenTimeline,
  }),
  boxTimeline: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/library/log/box-timeline',
    summary:
      "A box's story in time order: created, moved between slots and units, tubes in and out, its unit's maintenance",
    access: { permission: P.logPage },
    mutates: false,
    body: z.object({ id }),
    data: boxTimeline,
  }),
});
