// The supplier rule other modules use: whether a lot from a supplier may be stocked in.
import { QUALIFICATION_WORDS, ResultCode, wordIn } from '@trialab/api-contract';
import type { Executor } from '../../db/client.js';
import { ApiError } from '../../lib/errors.js';
import { deliveryBlockers } from './repository.js';

/**
 * Refuses stock-in from a supplier that is blocked or whose required qualification expired before
 * `today`, naming the supplier and the reason or the document, in the caller's language.
 */
export async function assertSupplierMayDeliver(
  db: Executor,
  supplierId: number,
  today: string,
  lang: string,
): Promise<void> {
  const found = await deliveryBlockers(db, supplierId, today);
  if (!found) throw new ApiError(ResultCode.BAD_REQUEST, { key: 'supplierUnknown' });
  const supplier = `${found.code} ${found.name}`;
  if (found.status === 'blocked')
    throw new ApiError(ResultCode.INVALID_STATE, {
      key: 'supplierBlocked',
      params: { supplier, reason: found.blockReason ?? '' },
    });
  const [doc] = found.expired;
  if (doc)
    throw new ApiError(ResultCode.INVALID_STATE, {
      key: 'supplierQualificationExpired',
      params: {
        supplier,
        document: wordIn(QUALIFICATION_WORDS, doc.kind, lang) ?? doc.kind,
        docNo: doc.docNo,
        expiry: doc.expiryDate,
      },
    });
}
