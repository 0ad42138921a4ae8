import {
  accountApplicationWorkflow,
  consumableOrderWorkflow,
  projectPlanWorkflow,
} from '@trialab/api-contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.js';
import { assertTransition } from './workflow.js';

const anyone = { can: () => true, isApplicant: true };

function refusal(run: () => unknown): ApiError['options']['params'] {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error.options.params;
    throw error;
  }
  throw new Error('not refused');
}

describe('assertTransition', () => {
  it("names the refused state with its own workflow's words, not another workflow's", () => {
    // "approved" is awaiting dispatch for a consumable application, approved for an account application.
    expect(
      refusal(() => assertTransition('zh_CN', consumableOrderWorkflow, 'approved', 'withdraw', anyone)),
    ).toEqual({ state: '待发货', action: '撤回' });
    expect(
      refusal(() => assertTransition('zh_CN', accountApplicationWorkflow, 'approved', 'withdraw', anyone)),
    ).toEqual({ state: '已通过', action: '撤回' });
    expect(
      refusal(() => assertTransition('en_US', projectPlanWorkflow, 'reviewed', 'submit', anyone)),
    ).toMatchObject({ state: 'Approved' });
  });
});
