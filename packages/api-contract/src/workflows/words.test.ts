import { describe, expect, it } from 'vitest';
import { FORM_LANGS } from '../form-fields.js';
import {
  accountApplicationWorkflow,
  allWorkflows,
  consumableOrderWorkflow,
  projectPlanWorkflow,
  stateWord,
  workflowById,
} from '../index.js';

describe('workflow state words', () => {
  it.each(allWorkflows().map((w) => [w.id, w] as const))(
    '%s names every state, and only its states, in every console language',
    (_, workflow) => {
      expect(Object.keys(workflow.words).sort()).toEqual([...workflow.states].sort());
      for (const state of workflow.states) {
        const words = workflow.words[state];
        expect(Object.keys(words ?? {}).sort(), state).toEqual([...FORM_LANGS].sort());
        for (const lang of FORM_LANGS) expect(words?.[lang].trim(), `${state} ${lang}`).not.toBe('');
      }
    },
  );

  it('reads per workflow: the same state name is called what it means there', () => {
    expect(stateWord(consumableOrderWorkflow, 'approved', 'zh-CN')).toBe('待发货');
    expect(stateWord(accountApplicationWorkflow, 'approved', 'zh-CN')).toBe('已通过');
    expect(stateWord(accountApplicationWorkflow, 'approved', 'en-US')).toBe('Approved');
    expect(stateWord(projectPlanWorkflow, 'reviewed', 'zh-HK')).toBe('已批准');
  });

  it("takes the server's language names, falls back to Chinese, and shows an unknown state as is", () => {
    expect(stateWord(consumableOrderWorkflow, 'approved', 'en_US')).toBe('Awaiting dispatch');
    expect(stateWord(consumableOrderWorkflow, 'approved', 'fr-FR')).toBe('待发货');
    expect(stateWord(consumableOrderWorkflow, 'toString', 'zh-CN')).toBe('toString');
  });

  it('finds a workflow by the id its records carry', () => {
    expect(workflowById('consumableOrder')).toBe(consumableOrderWorkflow);
    expect(workflowById('nope')).toBeUndefined();
  });
});
