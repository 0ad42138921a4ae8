import { ResultCode } from '@trialab/api-contract';
import { ApiError } from '../../../lib/errors.js';

/** Orders are placed only for an approved subject. */
export function assertSubjectApproved(subject: { status: string }): void {
  if (subject.status !== 'approved')
    throw new ApiError(ResultCode.INVALID_STATE, { key: 'reportSubjectNotApproved' });
}

/** Every requested test item is enabled: a bad id is a clear 400 naming it. */
export function assertItemsEnabled(requested: number[], enabled: number[]): void {
  const bad = requested.filter((id) => !enabled.includes(id));
  if (bad.length > 0)
    throw new ApiError(ResultCode.BAD_REQUEST, {
      key: 'reportItemInvalid',
      params: { items: bad.join(', ') },
    });
}

/** No barcode twice in one request. */
export function assertNoRepeats(barcodes: string[]): void {
  const repeated = barcodes.filter((b, i) => barcodes.indexOf(b) !== i);
  if (repeated.length > 0) {
    throw new ApiError(ResultCode.BAD_REQUEST, {
      key: 'orderBarcodeRepeated',
      params: { barcodes: [...new Set(repeated)].join(', ') },
    });
  }
}

/** No barcode another order already has. */
export function assertNoneTaken(taken: string[]): void {
  if (taken.length > 0) {
    throw new ApiError(ResultCode.DUPLICATE, {
      key: 'orderBarcodeTaken',
      params: { barcodes: taken.join(', ') },
    });
  }
}
