// What the batch edit opens with, passed in the navigation's state by the sample list: the barcodes
// of the selection, or the list's filter (no length limit, gone on a fresh visit: the page then asks
// for barcodes).
import type { BatchEditChanges, BodyOf, libraryBatchEdit } from '@trialab/api-contract';
import type { Location } from 'react-router-dom';

/** The sample list's filter, as the preview takes it. */
export type SampleListFilter = NonNullable<BodyOf<typeof libraryBatchEdit.preview>['filter']>;
export type BatchEditTarget = { barcodes: string[] } | { filter: SampleListFilter };

export const BATCH_EDIT_PATH = '/specimen/manage/batch-edit-sample';

/** The navigation state that opens the batch edit on these specimens. */
export const batchEditState = (target: BatchEditTarget) => ({ batchEdit: target });

/** The target the page was opened with, if any. */
export function batchEditTargetOf(location: Pick<Location, 'state'>): BatchEditTarget | null {
  const target = (location.state as { batchEdit?: BatchEditTarget } | null)?.batchEdit;
  if (!target) return null;
  if ('barcodes' in target && Array.isArray(target.barcodes)) return { barcodes: target.barcodes };
  if ('filter' in target && target.filter && typeof target.filter === 'object')
    return { filter: target.filter };
  return null;
}

/** Barcodes typed or pasted, one a line (commas and spaces also separate), blanks and repeats dropped. */
export function barcodesOf(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;，；]+/)
        .map((v) => v.trim())
        .filter(Boolean),
    ),
  ];
}

/** A filter in words for the page's notice: `key: value` of every field set. */
export function filterText(filter: SampleListFilter): string {
  return Object.entries(filter)
    .filter(([, v]) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0))
    .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join('/') : String(v)}`)
    .join('; ');
}

/** The form's new values, as typed. */
export interface ChangeValues {
  volumeUl?: string;
  remark?: string;
  visit?: string;
  sampleTypeId?: number;
}

/** The new values the form names (blank: unchanged). */
export function changesOf(values: ChangeValues): BatchEditChanges {
  const text = (v: string | undefined) => (v?.trim() ? v.trim() : undefined);
  const volume = text(values.volumeUl);
  return {
    ...(volume === undefined ? {} : { volumeUl: Number(volume) }),
    ...(text(values.remark) === undefined ? {} : { remark: text(values.remark) }),
    ...(text(values.visit) === undefined ? {} : { visit: text(values.visit) }),
    ...(values.sampleTypeId ? { sampleTypeId: values.sampleTypeId } : {}),
  };
}
