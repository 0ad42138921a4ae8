import {
  AUDIT_ENTITY_REF_KINDS,
  type AuditRefKind,
  auditDictKey,
  auditDictNo,
  auditRefKey,
  auditRefKind,
  type Lang,
  localName,
} from '@trialab/api-contract';
import { and, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  dictData,
  projects,
  researchCenters,
  roles,
  sampleTypes,
  temperatures,
  testItems,
  users,
} from '../../db/schema.js';
import { consumableKits } from '../../db/schema-portal.js';
import { supplyConsumables } from '../../db/schema-supply.js';
import { supplySuppliers } from '../../db/schema-supply-suppliers.js';

interface RefRow {
  entity: string;
  entityId: string | null;
  oldValue: unknown;
  newValue: unknown;
}

type Named = { id: number; name: string; enName?: string | null };

/** The records of a table with a Chinese and an English name, by id. */
const withEnglishName =
  (table: typeof testItems | typeof sampleTypes | typeof temperatures | typeof researchCenters) =>
  (db: Executor, ids: number[]): Promise<Named[]> =>
    db
      .select({ id: table.id, name: table.name, enName: table.enName })
      .from(table as typeof testItems)
      .where(inArray(table.id, ids));

/** A record kept by code and names, as its list shows it: `SC-PAD 采血垫巾` / `SC-PAD Phlebotomy pad`. */
const byCode =
  (table: typeof supplyConsumables | typeof supplySuppliers) =>
  async (db: Executor, ids: number[]): Promise<Named[]> =>
    (
      await db
        .select({ id: table.id, code: table.code, name: table.name, enName: table.enName })
        .from(table as typeof supplyConsumables)
        .where(inArray(table.id, ids))
    ).map((r) => ({ id: r.id, name: `${r.code} ${r.name}`, enName: r.enName && `${r.code} ${r.enName}` }));

/** Each kind's records by id, named as their pages name them (a project by number and name). */
const LOOKUPS: Record<AuditRefKind, (db: Executor, ids: number[]) => Promise<Named[]>> = {
  project: async (db, ids) =>
    (
      await db
        .select({ id: projects.id, no: projects.projectNo, name: projects.name, enName: projects.enName })
        .from(projects)
        .where(inArray(projects.id, ids))
    ).map((p) => ({ id: p.id, name: `${p.no} ${p.name}`, enName: p.enName && `${p.no} ${p.enName}` })),
  testItem: withEnglishName(testItems),
  sampleType: withEnglishName(sampleTypes),
  temperature: withEnglishName(temperatures),
  researchCenter: withEnglishName(researchCenters),
  user: (db, ids) =>
    db.select({ id: users.id, name: users.username }).from(users).where(inArray(users.id, ids)),
  role: (db, ids) =>
    db
      .select({ id: roles.id, name: roles.name, enName: roles.enName })
      .from(roles)
      .where(inArray(roles.id, ids)),
  supplyConsumable: byCode(supplyConsumables),
  supplier: byCode(supplySuppliers),
  supplyKit: (db, ids) =>
    db
      .select({ id: consumableKits.id, name: consumableKits.name })
      .from(consumableKits)
      .where(inArray(consumableKits.id, ids)),
};

const MAX_ID = 2 ** 31 - 1;
const asId = (v: unknown): number | undefined => {
  const n = typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 && n <= MAX_ID ? n : undefined;
};

/** The records a row points to: each reference field of its values (a list names several), and its entity id. */
function pointsTo(row: RefRow): Array<[AuditRefKind, number]> {
  const found: Array<[AuditRefKind, number]> = [];
  for (const value of [row.oldValue, row.newValue]) {
    if (!value || typeof value !== 'object' || Array.isArray(value)) continue;
    for (const [field, v] of Object.entries(value)) {
      const kind = auditRefKind(field);
      if (!kind) continue;
      for (const item of Array.isArray(v) ? v : [v]) {
        const id = asId(item);
        if (id !== undefined) found.push([kind, id]);
      }
    }
  }
  const id = asId(row.entityId);
  if (Object.hasOwn(AUDIT_ENTITY_REF_KINDS, row.entity) && id !== undefined) {
    found.push([AUDIT_ENTITY_REF_KINDS[row.entity as keyof typeof AUDIT_ENTITY_REF_KINDS], id]);
  }
  return found;
}

/** The dictionary-coded values a row carries: [dictionary, value] of each coded field (a list gives several). */
function codedValues(row: RefRow): Array<[number, string]> {
  const found: Array<[number, string]> = [];
  for (const value of [row.oldValue, row.newValue]) {
    if (!value || typeof value !== 'object' || Array.isArray(value)) continue;
    for (const [field, v] of Object.entries(value)) {
      const dictNo = auditDictNo(field);
      if (dictNo === undefined) continue;
      for (const item of Array.isArray(v) ? v : [v])
        if ((typeof item === 'string' && item.length <= 64) || typeof item === 'number')
          found.push([dictNo, String(item)]);
    }
  }
  return found;
}

/** The words of dictionary values in the reader's language (the English label, else the Chinese). */
async function dictWords(
  db: Executor,
  coded: Array<[number, string]>,
  lang: Lang,
): Promise<Map<string, string>> {
  const words = new Map<string, string>();
  if (coded.length === 0) return words;
  const rows = await db
    .select({
      dictNo: dictData.dictNo,
      value: dictData.value,
      label: dictData.label,
      enLabel: dictData.enLabel,
    })
    .from(dictData)
    .where(
      and(
        inArray(dictData.dictNo, [...new Set(coded.map(([d]) => d))]),
        inArray(dictData.value, [...new Set(coded.map(([, v]) => v))]),
      ),
    );
  for (const r of rows)
    words.set(auditDictKey(r.dictNo, r.value), localName({ name: r.label, enName: r.enLabel }, lang));
  return words;
}

/**
 * Each row with `refs`: the names of the records its values and its entity id point to, so the
 * logs show a project's number and a reference range's analyte rather than ids, and the words of
 * its dictionary-coded values (`AUDIT_DICT_FIELDS`) in the reader's language. Read only.
 */
export async function withRefs<R extends RefRow>(
  db: Executor,
  rows: R[],
  lang: Lang,
): Promise<Array<R & { refs: Record<string, string> }>> {
  const pointed = rows.map(pointsTo);
  const wanted = new Map<AuditRefKind, Set<number>>();
  for (const [kind, id] of pointed.flat()) wanted.get(kind)?.add(id) ?? wanted.set(kind, new Set([id]));
  const names = new Map<string, string>();
  for (const [kind, ids] of wanted) {
    for (const r of await LOOKUPS[kind](db, [...ids])) {
      names.set(auditRefKey(kind, r.id), localName(r, lang));
    }
  }
  const coded = rows.map(codedValues);
  const words = await dictWords(db, coded.flat(), lang);
  return rows.map((row, i) => {
    const refs: Record<string, string> = {};
    for (const [kind, id] of pointed[i] ?? []) {
      const name = names.get(auditRefKey(kind, id));
      if (name !== undefined) refs[auditRefKey(kind, id)] = name;
    }
    for (const [dictNo, value] of coded[i] ?? []) {
      const word = words.get(auditDictKey(dictNo, value));
      if (word !== undefined) refs[auditDictKey(dictNo, value)] = word;
    }
    return { ...row, refs };
  });
}
