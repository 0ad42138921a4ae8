import { ResultCode, type WorkflowDef } from '@trialab/api-contract';
import { ApiError } from '../../lib/errors.js';

/** Refuses a review action its workflow wants a reason for when none was given. */
export function assertReasonGiven<S extends string, A extends string>(
  workflow: WorkflowDef<S, A>,
  action: A,
  reason: string | null,
): void {
  if (workflow.transitions[action].reason?.required && !reason) {
    throw new ApiError(ResultCode.REASON_REQUIRED, { key: 'actionReasonRequired' });
  }
}
