// Labels of kit and tube codes (docs/supply.md "Barcodes and labels"): templates kept as versioned
// records (an edit is a new version), print jobs that freeze the template version and the field
// values they printed (a reprint renders from that snapshot, with a reason), every print audited.
// The server renders the ZPL; the console hands it to the workstation's bridge (`printer.print`).
import { z } from 'zod';
import { defineEndpoint, defineGroup } from '../endpoint.js';
import { id, idParams, optionalText, pageFields, text } from '../schemas.js';
import { BARCODE_BATCH_MAX, supplyBarcode } from './supply-barcodes.js';

export const LABEL_KINDS = ['tube', 'kit', 'requisition'] as const;
export const LABEL_SYMBOLOGIES = ['datamatrix', 'code128'] as const;
/**
 * What a label may print: the code and where it belongs. Nothing about a person (subject, name, ID,
 * birth date) is a field a template can name, so no template prints personal data.
 */
export const LABEL_FIELDS = ['code', 'projectNo', 'centerNo', 'siteName', 'visitName', 'kind'] as const;
export type LabelField = (typeof LABEL_FIELDS)[number];
/** Each kind's symbology when a template does not choose: tubes DataMatrix (ECC 200), the rest Code 128. */
export const DEFAULT_SYMBOLOGY = { tube: 'datamatrix', kit: 'code128', requisition: 'code128' } as const;

export const LABEL_PERMISSIONS = {
  page: 'supply:consum-barcode-list:page',
  template: 'supply:consum-barcode-list:update',
  print: 'supply:consum-barcode-list:print',
} as const;

/** A printer's profile as the bridge reports it (`printer.list`), sent back to render for it. */
export const labelPrinter = z.object({
  name: z.string().trim().min(1).max(64),
  dpi: z.union([z.literal(203), z.literal(300), z.literal(600)]),
  widthMm: z.number().min(10).max(220),
  heightMm: z.number().min(5).max(400),
  offsetXDots: z.int().min(-120).max(120),
  offsetYDots: z.int().min(-120).max(120),
  darkness: z.int().min(0).max(30),
  cjkFont: z.boolean(),
});
export type LabelPrinter = z.infer<typeof labelPrinter>;

export const labelTemplateRow = z.object({
  id: z.number(),
  code: z.string(),
  version: z.number(),
  name: z.string(),
  /** The English name (en-US readers see it, `localName`); null: none. */
  enName: z.string().nullable(),
  kind: z.enum(LABEL_KINDS),
  symbology: z.enum(LABEL_SYMBOLOGIES),
  widthMm: z.number(),
  heightMm: z.number(),
  fields: z.array(z.enum(LABEL_FIELDS)),
  /** Chinese text on the label (kit boxes): printed only on a printer with a CJK font. */
  cjk: z.boolean(),
  createdByName: z.string(),
  createdAt: z.string(),
});
export type LabelTemplateRow = z.infer<typeof labelTemplateRow>;

export const printJobRow = z.object({
  id: z.number(),
  templateCode: z.string(),
  templateVersion: z.number(),
  printer: z.string(),
  labels: z.number(),
  firstCode: z.string(),
  reprintOf: z.number().nullable(),
  reason: z.string().nullable(),
  printedByName: z.string(),
  printedAt: z.string(),
});

const printed = z.object({ jobId: z.number(), labels: z.number(), zpl: z.string() });

export const labels = defineGroup('labels', {
  templates: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/supply/label/templates',
    summary: 'The current version of every label template',
    access: { permission: LABEL_PERMISSIONS.page },
    mutates: false,
    data: z.array(labelTemplateRow),
  }),
  saveTemplate: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/supply/label/templates',
    summary:
      'Save a label template as a new version (a new code starts at 1); jobs printed with an older version keep it',
    access: { permission: LABEL_PERMISSIONS.template },
    mutates: true,
    body: z.object({
      code: z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9_-]{1,32}$/, 'validation.code'),
      name: text(64),
      enName: optionalText(64).transform((v) => v || null),
      kind: z.enum(LABEL_KINDS),
      symbology: z.enum(LABEL_SYMBOLOGIES).optional(),
      widthMm: z.number().min(10).max(220),
      heightMm: z.number().min(5).max(400),
      fields: z.array(z.enum(LABEL_FIELDS)).min(1).max(LABEL_FIELDS.length),
      cjk: z.boolean().default(false),
    }),
    data: labelTemplateRow,
  }),
  print: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/supply/label/print',
    summary:
      'Print labels of codes (not voided or used) with a template for a printer: the job keeps the template version and values, reserved codes become printed; answers the ZPL to send through the bridge',
    access: { permission: LABEL_PERMISSIONS.print },
    mutates: true,
    body: z.object({
      codes: z.array(supplyBarcode).min(1).max(BARCODE_BATCH_MAX),
      templateId: id,
      printer: labelPrinter,
    }),
    data: printed,
  }),
  reprint: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/supply/label/jobs/{id}/reprint',
    summary: 'Print a job again from its snapshot (never from the template as edited since), with a reason',
    access: { permission: LABEL_PERMISSIONS.print },
    mutates: true,
    params: idParams,
    body: z.object({ reason: text(255), printer: labelPrinter }),
    data: printed,
  }),
  testLabel: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/supply/label/test',
    summary:
      'A test label for a printer: its profile (dpi, size, offsets, darkness) printed as a frame and text',
    access: { permission: LABEL_PERMISSIONS.print },
    mutates: true,
    body: z.object({ printer: labelPrinter }),
    data: z.object({ zpl: z.string() }),
  }),
  templateVersions: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/supply/label/templates/versions',
    summary: 'Every version of one label template, newest first (what each print job was printed with)',
    access: { permission: LABEL_PERMISSIONS.page },
    mutates: false,
    query: z.object({
      code: z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9_-]{1,32}$/, 'validation.code'),
    }),
    data: z.array(labelTemplateRow),
  }),
  sheet: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/supply/label/jobs/{id}/sheet',
    summary:
      'The A4 PDF label sheet of a print job, from its snapshot (laser printers and adhesive sheets; binary body); audited as a print. `letterhead: false` prints the labels alone (adhesive label stock: no letterhead, job details or page footer)',
    access: { permission: LABEL_PERMISSIONS.print },
    mutates: true,
    params: idParams,
    body: z.object({ letterhead: z.boolean().optional() }).optional(),
    data: z.unknown(),
  }),
  jobs: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/supply/label/jobs/page',
    summary: 'Print jobs of codes in the caller’s projects, newest first (of one range, or one code)',
    access: { permission: LABEL_PERMISSIONS.page },
    mutates: false,
    paged: true,
    body: z.object({ ...pageFields, rangeId: id.optional() }),
    data: z.array(printJobRow),
  }),
});
