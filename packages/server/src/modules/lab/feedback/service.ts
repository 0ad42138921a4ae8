import { ResultCode } from '@trialab/api-contract';
import { ApiError } from '../../../lib/errors.js';

export type FeedbackTarget = {
  projectId: number;
  siteId: number;
  subjectNo: string | null;
  barcode: string | null;
};

/** Feedback is raised by lab staff, never by a site user (principal type 2). */
export function assertStaff(principalType: number): void {
  if (principalType === 2) throw new ApiError(ResultCode.FORBIDDEN, { key: 'staffOnly' });
}

/** A sample barcode's feedback is about its test order's project, site and subject; none is a 400. */
export function orderTarget(
  barcode: string,
  order: { projectId: number; siteId: number; subjectNo: string; barcode: string } | null,
): FeedbackTarget {
  if (!order)
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'feedbackBarcodeUnknown', params: { barcode } });
  return {
    projectId: order.projectId,
    siteId: order.siteId,
    subjectNo: order.subjectNo,
    barcode: order.barcode,
  };
}
