import { subjectRegistrationWorkflow } from '@trialab/api-contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/errors.js';
import { assertReasonGiven } from './service.js';

const keyOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof ApiError ? error.options.key : error;
  }
  return null;
};

describe('lab review rules', () => {
  it('wants a reason only for an action whose workflow requires one', () => {
    expect(keyOf(() => assertReasonGiven(subjectRegistrationWorkflow, 'reject', null))).toBe(
      'actionReasonRequired',
    );
    expect(keyOf(() => assertReasonGiven(subjectRegistrationWorkflow, 'reject', ''))).toBe(
      'actionReasonRequired',
    );
    expect(keyOf(() => assertReasonGiven(subjectRegistrationWorkflow, 'reject', 'blurred photo'))).toBeNull();
    expect(keyOf(() => assertReasonGiven(subjectRegistrationWorkflow, 'approve', null))).toBeNull();
  });
});
