import { PROJECT_STATES, projectFileWorkflow } from '@trialab/api-contract';
import { describe, expect, it } from 'vitest';

// Every source file of the console except tests and texts (a column title may be called projectStatus).
const sources = import.meta.glob<string>(
  ['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**', '!../locales/**'],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
);

/** A dictionary look-up of number 1010, the retired project-status dictionary. */
const DICT_1010 = /(?:dictNo\s*[=:]\s*\{?\s*|DICT\w*\s*=\s*)1010\b/;
/** A page that shows a project's state: the research centre's projects, the project list, the overview. */
const SHOWS_PROJECT_STATE = /projectStatus|projectStateOf\(|project\.status\b/;

describe('project states', () => {
  it('every page shows them in the words of the project workflow, never through a dictionary', () => {
    const files = Object.entries(sources);
    expect(files.length).toBeGreaterThan(50);
    expect(files.filter(([, text]) => DICT_1010.test(text)).map(([file]) => file)).toEqual([]);
    const showing = files.filter(([, text]) => SHOWS_PROJECT_STATE.test(text));
    // The research-centre detail, the project list and the project overview at least.
    expect(showing.length).toBeGreaterThanOrEqual(3);
    expect(showing.filter(([, text]) => !text.includes('projectFileWorkflow')).map(([file]) => file)).toEqual(
      [],
    );
  });

  it('the workflow names every state in every language (筹备中 included)', () => {
    for (const state of PROJECT_STATES)
      for (const lang of ['zh-CN', 'en-US', 'zh-HK'] as const)
        expect(projectFileWorkflow.words[state][lang]).toBeTruthy();
    expect(projectFileWorkflow.words.prepare['zh-CN']).toBe('筹备中');
  });
});
