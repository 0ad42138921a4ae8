import { type EndpointDef, endpoints } from '@trialab/api-contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, LANGUAGES, loadAllNamespaces } from '../../locales';
import { actionLabel } from './actionLabel';

describe('actionLabel', () => {
  beforeAll(async () => {
    await loadAllNamespaces();
  });

  it("names the area and the verb, from the log's texts or the workflow declarations' words", async () => {
    await changeLanguage('en-US');
    expect(actionLabel('user.create')).toBe('User · create');
    expect(actionLabel('testOrder.approve')).toBe('Test orders · approve');
    expect(actionLabel('report.release')).toBe('Report · release');
    await changeLanguage('zh-CN');
    expect(actionLabel('role.updateStatus')).toBe('角色 · 启用/停用');
    await changeLanguage('zh-HK');
    expect(actionLabel('auth.login')).toBe('登入 · 登入成功');
  });

  it('shows an id it has no words for as it is', async () => {
    await changeLanguage('en-US');
    expect(actionLabel('newArea.create')).toBe('newArea.create');
    expect(actionLabel('user.somethingNew')).toBe('user.somethingNew');
    expect(actionLabel('plain')).toBe('plain');
  });

  // The server records every changing call under its endpoint id when the handler records nothing finer.
  it.each(LANGUAGES)('%s: has words for every changing endpoint', async (lang) => {
    await changeLanguage(lang);
    const changing = Object.values(endpoints)
      .flatMap((group) => Object.values(group as Record<string, EndpointDef>))
      .filter((endpoint) => endpoint.mutates)
      .map((endpoint) => endpoint.id);
    expect(changing.filter((id) => actionLabel(id) === id)).toEqual([]);
  });
});
