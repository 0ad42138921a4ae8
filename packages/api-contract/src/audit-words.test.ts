import { describe, expect, it } from 'vitest';
import { FORM_LANGS } from './form-fields.js';
import {
  AUDIT_FIELDS,
  AUDIT_OBJECTS,
  AUDIT_VERBS,
  allWorkflows,
  auditActionWord,
  auditActionWordOrNone,
  auditFieldWord,
  auditObjectWord,
  auditStateWord,
  endpoints,
} from './index.js';

const mutating = Object.values(endpoints).flatMap((group) =>
  Object.values(group as Record<string, { id: string; mutates: boolean }>)
    .filter((e) => e.mutates)
    .map((e) => e.id),
);
const workflowActions = allWorkflows().flatMap((w) => Object.keys(w.transitions).map((t) => `${w.id}.${t}`));

describe('audit words', () => {
  it.each(Object.entries({ AUDIT_OBJECTS, AUDIT_VERBS, AUDIT_FIELDS }))(
    '%s has every entry in every console language',
    (_, table) => {
      for (const [key, words] of Object.entries(table)) {
        expect(Object.keys(words).sort(), key).toEqual([...FORM_LANGS].sort());
        for (const lang of FORM_LANGS) expect(words[lang].trim(), `${key} ${lang}`).not.toBe('');
      }
    },
  );

  it('names every action a mutating endpoint audits (its id) and its object, in every language', () => {
    expect(mutating.length).toBeGreaterThan(100);
    for (const id of mutating) {
      for (const lang of FORM_LANGS) expect(auditActionWordOrNone(id, lang), `${id} ${lang}`).toBeDefined();
      expect(Object.hasOwn(AUDIT_OBJECTS, id.split('.')[0] ?? ''), id).toBe(true);
    }
  });

  it('names every workflow (an object) and each of its actions', () => {
    for (const id of workflowActions) {
      for (const lang of FORM_LANGS) expect(auditActionWordOrNone(id, lang), `${id} ${lang}`).toBeDefined();
    }
    for (const w of allWorkflows()) expect(Object.hasOwn(AUDIT_OBJECTS, w.id), w.id).toBe(true);
  });

  it('reads ids as words in the language asked for, the server spelling too', () => {
    expect(auditActionWord('auth.sendLoginSmsCode', 'en-US')).toBe('Sign-in · send an SMS code');
    expect(auditActionWord('auth.sendLoginSmsCode', 'zh_CN')).toMatch(/^登录 · /);
    expect(auditActionWord('sharedDocument.original.publish', 'en-US')).toBe('Source document · publish');
    expect(auditObjectWord('captcha', 'zh-HK')).toBe('滑塊驗證');
    expect(auditObjectWord('sampleShipment', 'en_US')).toBe('Sample shipment');
    expect(auditActionWord('nope.nothing', 'en-US')).toBe('nope.nothing');
    expect(auditObjectWord('toString', 'en-US')).toBe('toString');
  });

  it('names fields, spelling out the keys it has no words for', () => {
    expect(auditFieldWord('projectId', 'zh-CN')).toBe('项目');
    expect(auditFieldWord('projectId', 'en-US')).toBe('Project');
    expect(auditFieldWord('sampleCount', 'en-US')).toBe('sample count');
  });

  it("reads a workflow record's state in its workflow's words", () => {
    expect(auditStateWord('sampleShipment', 'status', 'signed', 'zh-CN')).toBe('已签收');
    expect(auditStateWord('sampleShipment', 'name', 'signed', 'zh-CN')).toBeUndefined();
    expect(auditStateWord('user', 'status', 1, 'zh-CN')).toBeUndefined();
  });
});
