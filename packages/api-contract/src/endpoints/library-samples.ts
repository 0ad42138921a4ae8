// The specimen library's specimen pages (docs/library.md "Specimen pages"): specimens received and
// awaiting storage (specimen-history) and the rack-scanner import, beside the storage tree and
// positions of `library.ts`. Every change of a position goes through the one position engine.
import { z } from 'zod';
import { defineEndpoint, defineGroup } from '../endpoint.js';
import { id, pageFields } from '../schemas.js';
import { LIBRARY_STATES, LIBRARY_PERMISSIONS as P } from '../workflows/library.js';
import { storageBoxRow } from './library.js';
import { dateString } from './portal-fields.js';

/** Most bytes of a rack-scanner file (a 96-position reader writes about 3 KB). */
export const SCAN_FILE_MAX = 64 * 1024;
/** How a position of a rack-scanner file was read. */
export const SCAN_READS = ['ok', 'noRead', 'noTube'] as const;
export type ScanRead = (typeof SCAN_READS)[number];
/** What saving does with a line: place the tube, mark the cell unreadable, nothing, or (error) refuse. */
export const SCAN_OUTCOMES = ['place', 'already', 'mark', 'marked', 'empty', 'error'] as const;
export type ScanOutcome = (typeof SCAN_OUTCOMES)[number];

/** A specimen signed for at the bench, out of temporary storage, not yet in the library. */
export const awaitingSpecimen = z.object({
  id: z.number(),
  code: z.string(),
  projectId: z.number(),
  projectNo: z.string(),
  centerNo: z.string().nullable(),
  subjectNo: z.string().nullable(),
  visit: z.string().nullable(),
  sampleTypeName: z.string().nullable(),
  temperatureName: z.string().nullable(),
  parentCode: z.string().nullable(),
  signedByName: z.string().nullable(),
  signedAt: z.string().nullable(),
  /** A live auto-allocation holds a cell for it until this time. */
  reservedUntil: z.string().nullable(),
});
export type AwaitingSpecimen = z.infer<typeof awaitingSpecimen>;

const scanFile = z.object({
  /** The box the rack was scanned as (its barcode, usually the rack barcode in the file). */
  boxCode: z.string().trim().min(1).max(64),
  fileName: z.string().trim().min(1).max(128),
  csv: z.string().min(1).max(SCAN_FILE_MAX),
});

export const scanLine = z.object({
  /** Line of the file (1-based). */
  line: z.number(),
  rack: z.string().nullable(),
  /** The position as the file writes it (`A01`), and as the box labels it (`A1`) when inside it. */
  written: z.string(),
  position: z.string().nullable(),
  tube: z.string().nullable(),
  read: z.enum(SCAN_READS),
  outcome: z.enum(SCAN_OUTCOMES),
  /** Why the line cannot be saved (outcome `error`), in the caller's language. */
  error: z.string().nullable(),
});
export type ScanLine = z.infer<typeof scanLine>;

export const scanPreview = z.object({
  box: storageBoxRow,
  /** The rack barcodes the file names (a warning when one is not the box). */
  racks: z.array(z.string()),
  lines: z.array(scanLine),
  counts: z.object({
    place: z.number(),
    mark: z.number(),
    error: z.number(),
  }),
});
export type ScanPreview = z.infer<typeof scanPreview>;

/** Rows a sample-list answer counts at most (the total shows this many, never a count of the whole table). */
export const SAMPLE_COUNT_CAP = 10_000;

/** The sample list's filters (sample-list and its export). Dates are whole days in the caller's zone. */
export const sampleFilters = {
  /** Barcode prefix. */
  code: z.string().trim().max(32).optional(),
  /** Sub-barcodes of this barcode. */
  parentCode: z.string().trim().max(32).optional(),
  subjectNo: z.string().trim().max(64).optional(),
  projectId: id.optional(),
  siteId: id.optional(),
  visit: z.string().trim().max(64).optional(),
  sampleTypeId: id.optional(),
  library: z.array(z.enum(LIBRARY_STATES)).max(4).optional(),
  /** Stored in this box (its barcode). */
  boxCode: z.string().trim().max(64).optional(),
  signedFrom: dateString.optional(),
  signedTo: dateString.optional(),
};

export const librarySample = z.object({
  id: z.number(),
  code: z.string(),
  parentCode: z.string().nullable(),
  projectId: z.number(),
  projectNo: z.string(),
  centerNo: z.string().nullable(),
  subjectNo: z.string().nullable(),
  visit: z.string().nullable(),
  sampleTypeName: z.string().nullable(),
  temperatureName: z.string().nullable(),
  library: z.enum(LIBRARY_STATES),
  freezeThaw: z.number(),
  /** The lab's remark on the specimen (set by a batch edit). */
  remark: z.string().nullable(),
  unitName: z.string().nullable(),
  box: z.string().nullable(),
  position: z.string().nullable(),
  signedAt: z.string().nullable(),
});
export type LibrarySample = z.infer<typeof librarySample>;

export const librarySamples = defineGroup('librarySamples', {
  awaiting: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/library/samples/awaiting',
    summary:
      'Specimens signed for at the bench and out of temporary storage that are not in the library yet (newest signed first)',
    access: { permission: P.historyPage },
    mutates: false,
    paged: true,
    body: z.object({
      ...pageFields,
      keyword: z.string().trim().max(64).optional(),
      projectId: z.coerce.number().int().positive().optional(),
    }),
    data: z.array(awaitingSpecimen),
  }),
  list: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/library/samples/list',
    summary:
      'Received specimens by barcode, sub-barcode, subject, project, site, visit, sample type, library state, box and signed days (newest first; the total counts to SAMPLE_COUNT_CAP)',
    access: { permission: P.listPage },
    mutates: false,
    paged: true,
    body: z.object({ ...pageFields, ...sampleFilters }),
    data: z.array(librarySample),
  }),
  export: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/library/samples/export',
    summary: 'The filtered sample list as an xlsx workbook (binary body, at most SAMPLE_COUNT_CAP rows)',
    access: { permission: P.listExport },
    mutates: false,
    body: z.object(sampleFilters),
    data: z.unknown(),
  }),
  boxByCode: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/library/samples/box/locate',
    summary: 'A box by its scanned barcode, with its grid and occupancy',
    access: { permission: P.historyPage },
    mutates: false,
    body: z.object({ code: z.string().trim().min(1).max(64) }),
    data: storageBoxRow.extend({ unitName: z.string() }),
  }),
  scanPreview: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/library/samples/scan/preview',
    summary:
      'Read a rack-scanner file (VisionMate / DataPaq: rack, position, tube, read errors) against a box: what saving would do per position, with each error',
    access: { permission: P.place },
    mutates: false,
    body: scanFile,
    data: scanPreview,
  }),
  scanImport: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/library/samples/scan/import',
    summary:
      'Save a rack-scanner file: the readable tubes placed through the position engine (import), unreadable positions blocked as NO READ; refused while a line has an error',
    access: { permission: P.place },
    mutates: true,
    body: scanFile,
    data: z.object({ placed: z.number(), marked: z.number() }),
  }),
});
