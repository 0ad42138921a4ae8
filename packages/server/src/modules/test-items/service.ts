import { ResultCode } from '@trialab/api-contract';
import { ApiError } from '../../lib/errors.js';

export type Settings = {
  sampleTypeId?: number | null | undefined;
  methodology?: string | null | undefined;
  unit?: string | null | undefined;
  referenceRange?: string | null | undefined;
  resultType: 'numeric' | 'text';
  decimals: number;
  tatHours?: number | null | undefined;
  remark?: string | null | undefined;
  fileIds: number[];
};

/** A bad sample type is a clear 400, never a foreign-key 500 (file ids: the route pipeline). */
export function assertSampleTypeKnown(settings: Settings, exists: boolean): void {
  if (settings.sampleTypeId != null && !exists) {
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'sampleTypeMissing' });
  }
}

/** The stored settings: absent fields as null, each file once, stamped with who and when. */
export function settingsValues(body: Settings, userId: number, now: Date) {
  return {
    sampleTypeId: body.sampleTypeId ?? null,
    methodology: body.methodology ?? null,
    unit: body.unit ?? null,
    referenceRange: body.referenceRange ?? null,
    resultType: body.resultType,
    decimals: body.decimals,
    tatHours: body.tatHours ?? null,
    remark: body.remark ?? null,
    fileIds: [...new Set(body.fileIds)],
    updatedBy: userId,
    updatedAt: now,
  };
}
