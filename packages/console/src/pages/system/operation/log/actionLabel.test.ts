import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, loadAllNamespaces } from '../../../../locales';
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
});
