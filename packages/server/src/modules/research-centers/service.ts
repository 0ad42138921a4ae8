import { ResultCode } from '@trialab/api-contract';
import { ApiError } from '../../lib/errors.js';

/** Another centre holding a code or name: its code and name. */
export interface Holder {
  id: number;
  code: string;
  name: string;
}

/**
 * A code or a name belongs to one centre. The centre being edited (`selfId`) may keep its own;
 * the refusal names the centre that holds it, so the administrator can open that one instead.
 */
export function assertFree(
  field: 'code' | 'name',
  value: string,
  holder: Holder | undefined,
  selfId?: number,
) {
  if (!holder || holder.id === selfId) return;
  throw new ApiError(ResultCode.DUPLICATE, {
    key: field === 'code' ? 'researchCenterCodeTaken' : 'researchCenterNameTaken',
    params: { value, other: field === 'code' ? holder.name : holder.code },
  });
}
