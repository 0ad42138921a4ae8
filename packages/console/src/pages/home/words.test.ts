import { allWorkflows, projectReportWorkflow } from '@trialab/api-contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, LANGUAGES, loadAllNamespaces, t } from '../../locales';
import { kindName } from './words';

// A workflow declared without words shows its ids on the home page and in the operation log.
describe('the words of every declared workflow', () => {
  beforeAll(async () => {
    await loadAllNamespaces();
  });

  it.each(LANGUAGES)(
    "%s: each workflow and its actions are named (states: in their workflow's words)",
    async (lang) => {
      await changeLanguage(lang);
      const missing = allWorkflows().flatMap((workflow) =>
        [
          `home.workflows.${workflow.id}`,
          ...Object.keys(workflow.transitions).map((action) => `home.actions.${action}`),
        ].filter((key) => t(key, { defaultValue: '' }) === ''),
      );
      expect([...new Set(missing)]).toEqual([]);
    },
  );
  it("names a home to-do's state in its workflow's words", async () => {
    await changeLanguage('zh-CN');
    // A project report waiting for review, not a kit supply waiting for confirmation.
    const kind = { workflow: projectReportWorkflow.id, state: 'pending', actions: ['approve'], route: '/p' };
    expect(kindName(kind)).toBe('项目报告审核 · 待审核');
  });
});
