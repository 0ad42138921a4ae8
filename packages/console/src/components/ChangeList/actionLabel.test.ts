import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, loadAllNamespaces } from '../../locales';
import { actionLabel, fieldLabel, objectLabel } from './actionLabel';

// Every audited action and object has words in every language: the contract's audit-words test.
describe('audit words in the console language', () => {
  beforeAll(async () => {
    await loadAllNamespaces();
  });

  it('names actions, objects and fields in the language chosen', async () => {
    await changeLanguage('en-US');
    expect(actionLabel('user.create')).toBe('User · create');
    expect(actionLabel('testOrder.approve')).toBe('Test order · approve');
    expect(objectLabel('captcha')).toBe('Slide puzzle');
    expect(fieldLabel('projectId')).toBe('Project');
    await changeLanguage('zh-CN');
    expect(actionLabel('auth.sendLoginSmsCode')).toBe('登录 · 发送短信验证码');
    expect(objectLabel('sampleShipment')).toBe('样本寄送');
    await changeLanguage('zh-HK');
    expect(actionLabel('auth.login')).toBe('登入 · 登入成功');
  });

  it('shows an id it has no words for as it is', async () => {
    await changeLanguage('en-US');
    expect(actionLabel('newArea.create')).toBe('newArea.create');
    expect(actionLabel('plain')).toBe('plain');
  });
});
