import {
  accountApplicationWorkflow,
  consumableOrderWorkflow,
  projectPlanWorkflow,
} from '@trialab/api-contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.js';
import type { Principal } from './route.js';
import { actorOf, assertTransition, authorIdsOf } from './workflow.js';

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

describe('separation of duties', () => {
  const reviewer = { userId: 7, isSuper: true, permissions: new Set<string>() } as unknown as Principal;
  const refused = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      if (error instanceof ApiError) return error.options.key;
      throw error;
    }
    return null;
  };
  const approve = (creatorId: number | null, authorIds?: number[]) =>
    refused(() =>
      assertTransition(
        'en_US',
        projectPlanWorkflow,
        'submitted',
        'approve',
        actorOf(reviewer, creatorId, authorIds),
      ),
    );

  it('refuses an approval to whoever created, last edited or submitted the version', () => {
    expect(approve(3, authorIdsOf(3, 7, null))).toBe('authorMayNotApprove');
    expect(approve(3, authorIdsOf(3, null, 7))).toBe('authorMayNotApprove');
    expect(approve(7, authorIdsOf(7))).toBe('authorMayNotApprove');
    expect(approve(3, authorIdsOf(3, 4, 5))).toBeNull();
  });

  it('keeps the creator rule for records that keep no editor or submitter', () => {
    expect(approve(7)).toBe('selfAudit');
    expect(approve(3)).toBeNull();
    expect(authorIdsOf(3, 3, null, undefined)).toEqual([3]);
  });
});
