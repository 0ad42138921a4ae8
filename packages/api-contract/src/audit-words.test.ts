import { describe, expect, it } from 'vitest';
import { FORM_LANGS } from './form-fields.js';
import {
  AUDIT_FIELDS,
  AUDIT_OBJECT_FIELDS,
  AUDIT_OBJECTS,
  AUDIT_VERBS,
  allWorkflows,
  auditActionWord,
  auditActionWordOrNone,
  auditFieldWord,
  auditObjectWord,
  auditRecordText,
  auditStateWord,
  auditValueText,
  endpoints,
  hasAuditWords,
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

  it("names a field by its object's own words: a consumable's size is not a page size", () => {
    expect(['zh-CN', 'en-US', 'zh-HK'].map((l) => auditFieldWord('size', l, 'supplyConsumable'))).toEqual([
      '规格',
      'Size',
      '規格',
    ]);
    expect(auditFieldWord('size', 'en_US', 'supplyConsumable')).toBe('Size');
    // Other objects keep the shared word; a consumable's other fields too.
    expect(auditFieldWord('size', 'en-US', 'exportJob')).toBe('Page size');
    expect(auditFieldWord('size', 'en-US')).toBe('Page size');
    expect(auditFieldWord('vendor', 'en-US', 'supplyConsumable')).toBe('Vendor');
    expect(auditFieldWord('toString', 'en-US', 'toString')).toBe('to string');
  });

  it("names each object's own fields in every language, for objects the audit records", () => {
    for (const [object, fields] of Object.entries(AUDIT_OBJECT_FIELDS)) {
      expect(Object.hasOwn(AUDIT_OBJECTS, object), object).toBe(true);
      for (const [field, words] of Object.entries(fields)) {
        expect(Object.keys(words).sort(), `${object}.${field}`).toEqual([...FORM_LANGS].sort());
        expect(hasAuditWords(field, object), `${object}.${field}`).toBe(true);
      }
    }
  });

  it("names a shipment's fields as its pages do, the courier's pick-up by its own word", () => {
    expect(FORM_LANGS.map((l) => auditFieldWord('bookSendTime', l, 'sampleShipment'))).toEqual([
      '预约取件时间',
      'Booked pick-up',
      '預約取件時間',
    ]);
    expect(auditFieldWord('dispatchTime', 'zh-CN', 'sampleShipment')).toBe('揽收时间');
    expect(auditFieldWord('dispatchTime', 'zh-CN', 'consumableOrder')).toBe('发货时间');
    expect(auditFieldWord('consignee', 'zh-HK', 'sampleShipment')).toBe('收件人信息');
    expect(hasAuditWords('bookSendTime')).toBe(true);
    expect(hasAuditWords('sampleCount')).toBe(false);
    expect(hasAuditWords('toString')).toBe(false);
  });

  it('formats values as their pages do: coded values, ids by name, lists, yes and no, instants', () => {
    const row = {
      entity: 'projectTestItem',
      refs: { 'project:3': 'KM-2026-003 心血管', 'testItem:7': '肌酐' },
    };
    const time = (iso: string) => `T(${iso})`;
    expect(auditValueText(row, 'sex', 'F', 'en-US', time)).toBe('Female');
    // Dictionary-coded values by the words the server answered in refs; unknown ones as they are.
    const coded = {
      entity: 'voidedBarcode',
      refs: { 'dict:1025:misprint': 'Label misprinted', 'dict:1017:sale': 'Sale', 'dict:1017:loan': 'Loan' },
    };
    expect(auditValueText(coded, 'reasonCode', 'misprint', 'en-US', time)).toBe('Label misprinted');
    expect(auditValueText(coded, 'reasons', ['sale', 'loan'], 'en-US', time)).toBe('Sale, Loan');
    expect(auditValueText(coded, 'reasonCode', 'gone', 'en-US', time)).toBe('gone');
    expect(auditValueText(row, 'projectId', 3, 'en-US', time)).toBe('KM-2026-003 心血管');
    expect(auditValueText(row, 'projectId', 4, 'en-US', time)).toBe('4');
    expect(auditValueText(row, 'codes', ['A1', 'A2'], 'en-US', time)).toBe('A1, A2');
    expect(auditValueText(row, 'enabled', false, 'zh-HK', time)).toBe('否');
    expect(auditValueText(row, 'updatedAt', '2026-11-20T08:00:00.000Z', 'en-US', time)).toBe(
      'T(2026-11-20T08:00:00.000Z)',
    );
    expect(auditValueText(row, 'note', null, 'en-US', time)).toBe('');
    const range = { ...row, entityId: '9', oldValue: null, newValue: { projectId: 3, testItemId: 7 } };
    expect(auditRecordText(range)).toBe('KM-2026-003 心血管 · 肌酐');
    expect(auditRecordText({ ...range, newValue: {} })).toBe('9');
  });

  it("reads a workflow record's state in its workflow's words", () => {
    expect(auditStateWord('sampleShipment', 'status', 'signed', 'zh-CN')).toBe('已签收');
    expect(auditStateWord('sampleShipment', 'name', 'signed', 'zh-CN')).toBeUndefined();
    expect(auditStateWord('user', 'status', 1, 'zh-CN')).toBeUndefined();
  });
});

describe('auditRecordText for the supply master data', () => {
  const row = (entity: string, refs: Record<string, string>) => ({
    entity,
    entityId: '8',
    oldValue: null,
    newValue: { projectId: 3 },
    refs,
  });

  it('names a consumable, a supplier and a kit by their own record', () => {
    expect(auditRecordText(row('supplyConsumable', { 'supplyConsumable:8': 'SC-PAD Phlebotomy pad' }))).toBe(
      'SC-PAD Phlebotomy pad',
    );
    expect(auditRecordText(row('supplier', { 'supplier:8': 'S-01 Acme' }))).toBe('S-01 Acme');
    expect(
      auditRecordText(row('supplyKit', { 'supplyKit:8': 'Baseline kit', 'project:3': 'P-1 Trial' })),
    ).toBe('Baseline kit');
  });

  it('falls back to the records the values point to, then to the id', () => {
    expect(auditRecordText(row('supplyKit', { 'project:3': 'P-1 Trial' }))).toBe('P-1 Trial');
    expect(auditRecordText({ ...row('supplyConsumable', {}), newValue: null })).toBe('8');
    // Another entity's key of the same id is not its name.
    expect(auditRecordText({ ...row('labelTemplate', { 'supplier:8': 'S-01 Acme' }), newValue: null })).toBe(
      '8',
    );
  });
});
