// Legal holds and consent withdrawals of the specimen library (docs/library.md "Legal hold and
// consent withdrawal"): a flag on a specimen (covering its aliquots) or on a subject (covering the
// subject's specimens) that the position engine checks on every action. Setting and lifting are
// e-signed (the password again) and audited; the history of every flag is kept.
import { z } from 'zod';
import { defineEndpoint, defineGroup } from '../endpoint.js';
import { type FormLang, wordIn } from '../form-fields.js';
import { id, idParams, pageFields, text } from '../schemas.js';
import { LIBRARY_PERMISSIONS } from '../workflows/library.js';
import { barcode } from './lab.js';
import { signatureInput } from './reports.js';

/** `legal`: a legal hold (litigation, regulator, sponsor's instruction); `consent`: consent withdrawn. */
export const HOLD_KINDS = ['legal', 'consent'] as const;
export type HoldKind = (typeof HOLD_KINDS)[number];
/** How a specimen is covered: its own flag, an ancestor's (it is an aliquot of it), its subject's. */
export const HOLD_VIAS = ['specimen', 'parent', 'subject'] as const;
export type HoldVia = (typeof HOLD_VIAS)[number];
/** Most specimens one request flags (a selection of the sample list). */
export const HOLD_MAX_SPECIMENS = 500;

type Words = Readonly<Record<FormLang, string>>;
export const HOLD_KIND_WORDS: Readonly<Record<HoldKind, Words>> = {
  legal: { 'zh-CN': '法律保全', 'en-US': 'legal hold', 'zh-HK': '法律保全' },
  consent: { 'zh-CN': '撤回知情同意', 'en-US': 'consent withdrawn', 'zh-HK': '撤回知情同意' },
};
/** A hold kind in words, in a language given as `zh_CN` or `zh-CN`. */
export const holdKindWord = (kind: string, lang: string) => wordIn(HOLD_KIND_WORDS, kind, lang) ?? kind;

export const LIBRARY_HOLD_PERMISSIONS = {
  /** Seeing the flags: whoever sees the sample list. */
  page: LIBRARY_PERMISSIONS.listPage,
  /** Setting a legal hold or recording a consent withdrawal (e-signed). */
  set: 'specimen:manage-sample-list:hold',
  /** Lifting one (e-signed): a regulated act, granted apart from setting. */
  lift: 'specimen:manage-sample-list:lift',
} as const;

export const libraryHoldRow = z.object({
  id: z.number(),
  kind: z.enum(HOLD_KINDS),
  /** The flagged specimen, or null for a subject's flag. */
  specimenId: z.number().nullable(),
  specimenCode: z.string().nullable(),
  /** The flagged subject (or the flagged specimen's subject). */
  subjectId: z.number().nullable(),
  subjectNo: z.string().nullable(),
  projectId: z.number(),
  projectNo: z.string(),
  reason: z.string(),
  setByName: z.string(),
  setAt: z.string(),
  liftedByName: z.string().nullable(),
  liftedAt: z.string().nullable(),
  liftReason: z.string().nullable(),
});
export type LibraryHoldRow = z.infer<typeof libraryHoldRow>;

/** The active flags covering one specimen, each with how it reaches it. */
export const specimenHolds = z.object({
  specimenId: z.number(),
  holds: z.array(
    z.object({
      id: z.number(),
      kind: z.enum(HOLD_KINDS),
      via: z.enum(HOLD_VIAS),
      /** The flagged specimen's barcode (via specimen or parent), or null. */
      code: z.string().nullable(),
      /** The flagged subject's number (via subject), or null. */
      subjectNo: z.string().nullable(),
      reason: z.string(),
    }),
  ),
});
export type SpecimenHolds = z.infer<typeof specimenHolds>;

const signed = { reason: text(255), signature: signatureInput };

export const libraryHolds = defineGroup('libraryHolds', {
  page: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/library/holds/page',
    summary:
      'Legal holds and consent withdrawals in the caller’s projects, newest first: active ones, lifted ones (their history) or both',
    access: { permission: LIBRARY_HOLD_PERMISSIONS.page },
    mutates: false,
    paged: true,
    body: z.object({
      ...pageFields,
      kind: z.enum(HOLD_KINDS).optional(),
      /** true: active only (default), false: lifted only, absent with `all`: both. */
      active: z.boolean().optional(),
      all: z.boolean().optional(),
      /** The flagged specimen's barcode (exact). */
      code: z.string().trim().max(32).optional(),
      subjectId: id.optional(),
      subjectNo: z.string().trim().max(64).optional(),
      projectId: id.optional(),
    }),
    data: z.array(libraryHoldRow),
  }),
  specimens: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/library/holds/specimens',
    summary:
      'The active flags covering each of these specimens (their own, an ancestor’s, their subject’s); specimens without any are left out',
    access: { permission: LIBRARY_HOLD_PERMISSIONS.page },
    mutates: false,
    body: z.object({ ids: z.array(id).min(1).max(HOLD_MAX_SPECIMENS) }),
    data: z.array(specimenHolds),
  }),
  set: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/library/holds',
    summary:
      'Put specimens (by barcode) or one subject under a legal hold, or record a consent withdrawal, with a reason and an e-signature; refused for a specimen or subject already flagged so (named)',
    access: { permission: LIBRARY_HOLD_PERMISSIONS.set },
    mutates: true,
    body: z.object({
      kind: z.enum(HOLD_KINDS),
      barcodes: z.array(barcode).min(1).max(HOLD_MAX_SPECIMENS).optional(),
      subjectId: id.optional(),
      ...signed,
    }),
    data: z.object({
      ids: z.array(z.number()),
      /** Open bills and move requests that now cannot carry out a covered specimen (to settle). */
      openBills: z.array(z.string()),
      openMoves: z.array(z.string()),
    }),
  }),
  lift: defineEndpoint({
    service: 'container',
    method: 'PUT',
    path: '/library/holds/{id}/lift',
    summary: 'Lift an active legal hold or consent withdrawal, with a reason and an e-signature',
    access: { permission: LIBRARY_HOLD_PERMISSIONS.lift },
    mutates: true,
    params: idParams,
    body: z.object(signed),
    data: z.object({ id: z.number() }),
  }),
});
