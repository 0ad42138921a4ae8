import { render, screen, within } from '@testing-library/react';
import { accountApplicationWorkflow, allWorkflows, consumableOrderWorkflow } from '@trialab/api-contract';
import { afterAll, describe, expect, it } from 'vitest';
import { changeLanguage, LANGUAGES } from '../../locales';
import { col } from '../columns';
import { EventTimeline, StatusTag } from './index';

afterAll(async () => {
  await changeLanguage('zh-CN');
});

// A state's words are its workflow's (the contract's declaration): the same state name reads
// differently in each workflow, and every place the console shows a state says them.
describe('workflow states on screen', () => {
  it.each(LANGUAGES)(
    '%s: every state of every workflow shows as its own words, as tag and column',
    async (lang) => {
      await changeLanguage(lang);
      // One render of every workflow's states, each workflow in a section of its own: a state name
      // recurs across workflows, never within one.
      render(
        <div>
          {allWorkflows().map((workflow) => (
            <section key={workflow.id} data-testid={`workflow-${workflow.id}`}>
              {workflow.states.map((state) => (
                <span key={state}>
                  <StatusTag workflow={workflow} status={state} />
                  {col.status(workflow).render?.(state, { status: state }, 0) as never}
                </span>
              ))}
            </section>
          ))}
        </div>,
      );
      for (const workflow of allWorkflows()) {
        const section = within(screen.getByTestId(`workflow-${workflow.id}`));
        for (const state of workflow.states) {
          const words = workflow.words[state]?.[lang];
          // The tag, then the list column's tag.
          const shown = section.getAllByTestId(`status-${state}`).map((tag) => tag.textContent);
          expect(shown, `${workflow.id} ${state}`).toEqual([words, words]);
        }
      }
    },
  );

  it('says "approved" as each workflow means it, not as consumable applications do', async () => {
    await changeLanguage('zh-CN');
    render(
      <>
        <StatusTag workflow={consumableOrderWorkflow} status="approved" />
        <StatusTag workflow={accountApplicationWorkflow} status="approved" />
      </>,
    );
    expect(screen.getAllByTestId('status-approved').map((tag) => tag.textContent)).toEqual([
      '待发货',
      '已通过',
    ]);
  });

  it('names the state a transition led to in its workflow’s words', async () => {
    await changeLanguage('en-US');
    render(
      <EventTimeline
        workflow={accountApplicationWorkflow}
        group="application"
        ns="portalAdmin"
        events={[
          {
            id: 1,
            action: 'approve',
            toState: 'approved',
            username: 'reviewer',
            at: '2026-11-28T01:00:00Z',
            reason: null,
          },
        ]}
      />,
    );
    expect(screen.getByTestId('event').textContent).toContain('Approved');
    expect(screen.getByTestId('event').textContent).not.toContain('dispatch');
  });
});
