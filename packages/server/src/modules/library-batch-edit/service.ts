// Batch edit of specimen records (docs/library.md "Batch edit"): what a correction would do to each
// specimen, and the rules a row is refused by, computed the same way for the preview and inside the
// apply's transaction (after locking the specimens), so the two cannot disagree.
//
// What may be corrected: the remaining volume, the lab's remark, the visit and the sample type (the
// last two only as the project's online plan collects them). Never the barcode, the position or the
// library state: those change only through the position engine and the bills.
import { createHash } from 'node:crypto';
import {
  BATCH_EDIT_FIELDS,
  type BatchEditChanges,
  type BatchEditField,
  type BatchEditRow,
  type BatchEditValues,
  HELD_ACTION_WORDS,
  type Lang,
  LIBRARY_STATE_WORDS,
  type LibraryState,
  libraryWord,
  ResultCode,
} from '@trialab/api-contract';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { planVisitSamples, projectPlans, projects, sampleTypes, visitPoints } from '../../db/schema.js';
import { labSubjects } from '../../db/schema-lab.js';
import { specimenPositions, storageBoxes } from '../../db/schema-library.js';
import { specimenBarcodes } from '../../db/schema-specimen.js';
import type { AuditEntry } from '../../lib/audit.js';
import { ApiError } from '../../lib/errors.js';
import { type MessageKey, t } from '../../lib/i18n.js';
import { localNameColumn } from '../../lib/local-name.js';
import type { SiteScope } from '../../lib/scope.js';
import { chainsOf, restrictionProblem } from '../../services/positions/engine.js';
import { holdProblem } from '../../services/positions/holds.js';
import { barcodeScope } from '../specimen/repository.js';

/** The audited record (the specimen's own, as its timeline reads it) and the audit action. */
export const BATCH_EDIT_ENTITY = 'specimenBarcode';
export const BATCH_EDIT_ACTION = 'libraryBatchEdit.apply';

const SIGNATURE_MEANING: Record<Lang, string> = {
  zh_CN: '批量更正样本记录：确认按所述原因修改',
  en_US: 'Batch correction of specimen records: changed for the reason given',
  zh_HK: '批量更正樣本記錄：確認按所述原因修改',
};

const parent = alias(specimenBarcodes, 'parent');

/** A specimen as the rules read it. */
export interface EditedSpecimen {
  id: number;
  code: string;
  projectId: number;
  projectNo: string;
  subjectNo: string | null;
  parentCode: string | null;
  hasAliquots: boolean;
  status: string;
  library: string;
  temperatureId: number | null;
  version: number;
  boxId: number | null;
  before: BatchEditValues;
}

/** The specimens matching `where` in the caller's scope (with `lock`: FOR UPDATE, in id order). */
export async function editedSpecimens(
  db: Executor,
  scope: SiteScope,
  lang: Lang,
  where: SQL | undefined,
  lock = false,
): Promise<EditedSpecimen[]> {
  if (lock) {
    // Locked first, by id, like the position engine: a move or a hold checked at the same time waits.
    await db
      .select({ id: specimenBarcodes.id })
      .from(specimenBarcodes)
      .where(and(where, barcodeScope(scope)))
      .orderBy(specimenBarcodes.id)
      .for('update');
  }
  const rows = await db
    .select({
      id: specimenBarcodes.id,
      code: specimenBarcodes.code,
      projectId: specimenBarcodes.projectId,
      projectNo: projects.projectNo,
      subjectNo: labSubjects.subjectNo,
      parentCode: parent.code,
      hasAliquots: sql<boolean>`exists (select 1 from specimen_barcodes c where c.parent_id = ${specimenBarcodes.id})`,
      status: specimenBarcodes.status,
      library: specimenBarcodes.library,
      temperatureId: specimenBarcodes.temperatureId,
      version: specimenBarcodes.version,
      boxId: specimenPositions.boxId,
      volumeUl: specimenBarcodes.volumeUl,
      remark: specimenBarcodes.remark,
      visit: specimenBarcodes.visit,
      sampleTypeId: specimenBarcodes.sampleTypeId,
      sampleTypeName: localNameColumn(sampleTypes, lang),
    })
    .from(specimenBarcodes)
    .innerJoin(projects, eq(projects.id, specimenBarcodes.projectId))
    .leftJoin(labSubjects, eq(labSubjects.id, specimenBarcodes.subjectId))
    .leftJoin(parent, eq(parent.id, specimenBarcodes.parentId))
    .leftJoin(sampleTypes, eq(sampleTypes.id, specimenBarcodes.sampleTypeId))
    .leftJoin(
      specimenPositions,
      and(eq(specimenPositions.specimenId, specimenBarcodes.id), eq(specimenPositions.status, 'stored')),
    )
    .where(and(where, barcodeScope(scope)))
    .orderBy(specimenBarcodes.id);
  return rows.map(({ volumeUl, remark, visit, sampleTypeId, sampleTypeName, hasAliquots, ...r }) => ({
    ...r,
    hasAliquots: Boolean(hasAliquots),
    before: { volumeUl, remark, visit, sampleTypeId, sampleTypeName },
  }));
}

export const byIds = (ids: readonly number[]) => inArray(specimenBarcodes.id, [...ids, 0]);
export const byCodes = (codes: readonly string[]) => inArray(specimenBarcodes.code, [...codes, '']);

/** The visits of each project's online plans and the sample types each collects: project → visit → types. */
async function planOf(db: Executor, projectIds: number[]) {
  const rows = projectIds.length
    ? await db
        .select({
          projectId: projectPlans.projectId,
          visit: visitPoints.name,
          sampleTypeId: planVisitSamples.sampleTypeId,
        })
        .from(projectPlans)
        .innerJoin(visitPoints, eq(visitPoints.planId, projectPlans.id))
        .leftJoin(planVisitSamples, eq(planVisitSamples.visitId, visitPoints.id))
        .where(and(inArray(projectPlans.projectId, projectIds), eq(projectPlans.status, 'online')))
    : [];
  const plans = new Map<number, Map<string, Set<number>>>();
  for (const r of rows) {
    const visits = plans.get(r.projectId) ?? new Map<string, Set<number>>();
    const types = visits.get(r.visit) ?? new Set<number>();
    if (r.sampleTypeId !== null) types.add(r.sampleTypeId);
    visits.set(r.visit, types);
    plans.set(r.projectId, visits);
  }
  return plans;
}

const refuse = (key: MessageKey, params: Record<string, string | number>) =>
  new ApiError(ResultCode.INVALID_STATE, { key, params });

export interface Evaluated {
  specimen: EditedSpecimen;
  after: BatchEditValues;
  changed: BatchEditField[];
  refusal: ApiError | undefined;
}

/** Whether the changes name anything to change. */
export const anyChange = (changes: BatchEditChanges) =>
  BATCH_EDIT_FIELDS.some((f) => changes[f] !== undefined);

/**
 * Each specimen with its values after the changes, the fields that change and the first rule that
 * refuses it: its state, the project's plan, a restriction of the cell it is stored in, then the
 * holds of the position engine (an open bill or move request, a legal hold, a consent withdrawal),
 * asked about the action `edit`.
 */
export async function evaluate(
  db: Executor,
  lang: Lang,
  specimens: EditedSpecimen[],
  changes: BatchEditChanges,
): Promise<Evaluated[]> {
  const [type] =
    changes.sampleTypeId === undefined
      ? []
      : await db
          .select({
            id: sampleTypes.id,
            name: localNameColumn(sampleTypes, lang),
            enabled: sampleTypes.enabled,
          })
          .from(sampleTypes)
          .where(eq(sampleTypes.id, changes.sampleTypeId));
  if (changes.sampleTypeId !== undefined && !type?.enabled)
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'notFound' });
  const plans = await planOf(db, [...new Set(specimens.map((s) => s.projectId))]);
  const boxIds = [...new Set(specimens.flatMap((s) => (s.boxId === null ? [] : [s.boxId])))];
  const boxes = boxIds.length
    ? await db.select().from(storageBoxes).where(inArray(storageBoxes.id, boxIds))
    : [];
  const chains = changes.sampleTypeId !== undefined && boxes.length ? await chainsOf(db, boxes) : undefined;

  const out = specimens.map((s): Evaluated => {
    const after: BatchEditValues = {
      volumeUl: changes.volumeUl ?? s.before.volumeUl,
      remark: changes.remark === undefined ? s.before.remark : changes.remark || null,
      visit: changes.visit ?? s.before.visit,
      sampleTypeId: type?.id ?? s.before.sampleTypeId,
      sampleTypeName: type?.name ?? s.before.sampleTypeName,
    };
    const changed = BATCH_EDIT_FIELDS.filter((f) => after[f] !== s.before[f]);
    return {
      specimen: s,
      after,
      changed,
      refusal: changed.length ? ruleProblem(s, after, changed) : undefined,
    };
  });

  function ruleProblem(s: EditedSpecimen, after: BatchEditValues, changed: BatchEditField[]) {
    if (s.status !== 'signed') return refuse('batchEditNotReceived', { code: s.code });
    if (s.library === 'out' || s.library === 'destroyed')
      return refuse('positionsState', {
        code: s.code,
        state: libraryWord(LIBRARY_STATE_WORDS, s.library as LibraryState, lang),
        action: libraryWord(HELD_ACTION_WORDS, 'edit', lang),
      });
    if (!changed.includes('visit') && !changed.includes('sampleTypeId')) return undefined;
    if (s.parentCode) return refuse('batchEditAliquot', { code: s.code, parent: s.parentCode });
    if (s.hasAliquots) return refuse('batchEditHasAliquots', { code: s.code });
    const plan = plans.get(s.projectId);
    if (!plan) return refuse('batchEditNoPlan', { project: s.projectNo });
    const visit = after.visit ?? '';
    const types = plan.get(visit);
    if (!types) return refuse('batchEditVisitNotInPlan', { visit, project: s.projectNo });
    if (after.sampleTypeId === null || !types.has(after.sampleTypeId))
      return refuse('batchEditTypeNotAtVisit', {
        project: s.projectNo,
        visit,
        type: after.sampleTypeName ?? '',
      });
    const box = boxes.find((b) => b.id === s.boxId);
    if (changed.includes('sampleTypeId') && box && chains)
      return restrictionProblem(lang, chains, box, { ...s, sampleTypeId: after.sampleTypeId });
    return undefined;
  }

  // The engine's holds, asked once for every row still in question; a refusal names its specimen,
  // which is set aside and the rest asked again (a few queries for a few held rows).
  let open = out.filter((e) => e.changed.length > 0 && !e.refusal);
  while (open.length > 0) {
    const problem = await holdProblem(
      db,
      lang,
      open.map((e) => ({ id: e.specimen.id, code: e.specimen.code, action: 'edit' as const })),
      null,
    );
    if (!problem) break;
    const named = problem.options.params?.code ?? problem.options.params?.what;
    const held = open.find((e) => e.specimen.code === named);
    if (!held) throw problem;
    held.refusal = problem;
    open = open.filter((e) => e !== held);
  }
  return out;
}

/** A row of the preview, refusals in the caller's language. */
export function previewRow(e: Evaluated, lang: Lang): BatchEditRow {
  const { options } = e.refusal ?? { options: undefined };
  return {
    id: e.specimen.id,
    code: e.specimen.code,
    projectNo: e.specimen.projectNo,
    subjectNo: e.specimen.subjectNo,
    library: e.specimen.library as LibraryState,
    version: e.specimen.version,
    before: e.specimen.before,
    after: e.after,
    changed: e.changed,
    refusal: options?.key ? t(lang, options.key, options.params) : null,
  };
}

/** A barcode asked about that is not found in the caller's projects: a refused row naming only what was asked. */
export const unknownRow = (code: string, lang: Lang): BatchEditRow => ({
  id: null,
  code,
  projectNo: null,
  subjectNo: null,
  library: null,
  version: null,
  before: null,
  after: null,
  changed: [],
  refusal: t(lang, 'batchEditUnknown', { code }),
});

const hashOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

/** Only the fields that change, as the audit diff shows them (the sample type by id; the log names it). */
const diffValues = (values: BatchEditValues, changed: BatchEditField[]) =>
  Object.fromEntries(changed.map((f) => [f, values[f]]));

/** What one record's e-signature says (`eSign`'s argument). */
export interface SignedEdit {
  entity: string;
  entityId: number;
  action: string;
  meaning: string;
  contentHash: string;
  at: Date;
}

/**
 * Writes evaluated rows (none refused): each record updated where its version is still the one
 * evaluated, signed and audited with its before and after. Returns the number of records changed.
 */
export async function writeEdits(
  db: Executor,
  lang: Lang,
  rows: Evaluated[],
  edit: {
    reason: string;
    at: Date;
    /** The e-signature of one record (the route: `eSign` with the confirmed signer). */
    sign: (what: SignedEdit) => Promise<void>;
    audit: (entry: AuditEntry) => void;
  },
): Promise<number> {
  for (const e of rows) {
    const s = e.specimen;
    const updated = await db
      .update(specimenBarcodes)
      .set({
        volumeUl: e.after.volumeUl,
        remark: e.after.remark,
        visit: e.after.visit,
        sampleTypeId: e.after.sampleTypeId,
        version: sql`${specimenBarcodes.version} + 1`,
      })
      .where(and(eq(specimenBarcodes.id, s.id), eq(specimenBarcodes.version, s.version)))
      .returning({ id: specimenBarcodes.id });
    if (updated.length === 0) throw refuse('batchEditStale', { code: s.code });
    const oldValue = diffValues(s.before, e.changed);
    const newValue = diffValues(e.after, e.changed);
    await edit.sign({
      entity: BATCH_EDIT_ENTITY,
      entityId: s.id,
      action: 'batchEdit',
      meaning: SIGNATURE_MEANING[lang],
      contentHash: hashOf({ code: s.code, oldValue, newValue, reason: edit.reason }),
      at: edit.at,
    });
    edit.audit({
      action: BATCH_EDIT_ACTION,
      entity: BATCH_EDIT_ENTITY,
      entityId: s.id,
      oldValue,
      newValue,
      reason: edit.reason,
    });
  }
  return rows.length;
}
