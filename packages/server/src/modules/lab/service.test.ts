import { subjectRegistrationWorkflow } from '@trialab/api-contract';
import { describe, expect, it } from 'vitest';
import { refusal } from '../../../test/refusal.js';
import { assertReasonGiven } from './service.js';

describe('lab review rules', () => {
  it('wants a reason only for an action whose workflow requires one', () => {
    expect(refusal(() => assertReasonGiven(subjectRegistrationWorkflow, 'reject', null))?.key).toBe(
      'actionReasonRequired',
    );
    expect(refusal(() => assertReasonGiven(subjectRegistrationWorkflow, 'reject', ''))?.key).toBe(
      'actionReasonRequired',
    );
    expect(
      refusal(() => assertReasonGiven(subjectRegistrationWorkflow, 'reject', 'blurred photo')),
    ).toBeNull();
    expect(refusal(() => assertReasonGiven(subjectRegistrationWorkflow, 'approve', null))).toBeNull();
  });
});
