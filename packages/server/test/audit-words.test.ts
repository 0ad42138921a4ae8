import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AUDIT_OBJECTS, auditActionWordOrNone, FORM_LANGS, hasAuditWords } from '@trialab/api-contract';
import { getTableColumns, getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';

// Every audit entry the server writes by hand names its action and entity in the source; those
// written for an endpoint (its id) and by a workflow are checked in the contract's audit-words test.
const SRC = join(import.meta.dirname, '..', 'src');
const sources = (readdirSync(SRC, { recursive: true }) as string[])
  .filter((f) => f.endsWith('.ts'))
  .map((f) => readFileSync(join(SRC, f), 'utf8'));
const found = (pattern: RegExp) => [
  ...new Set(sources.flatMap((s) => [...s.matchAll(pattern)].map((m) => m[1] ?? ''))),
];

describe('audit words for what the server writes', () => {
  const actions = found(/\baction: '([A-Za-z]+\.[A-Za-z.]+)'/g);
  const entities = found(/\bentity: '([A-Za-z.]+)'/g);
  // Template ids: the object is literal, the verb typed (`report.${action}`): the object is named.
  const templated = found(/\baction: `([A-Za-z]+)\.\$\{/g);

  it('finds them', () => {
    expect(actions.length).toBeGreaterThan(40);
    expect(entities.length).toBeGreaterThan(30);
  });

  it.each(FORM_LANGS)('names every action written by hand in %s', (lang) => {
    expect(actions.filter((a) => auditActionWordOrNone(a, lang) === undefined)).toEqual([]);
  });

  it('names every entity and templated object', () => {
    expect([...entities, ...templated].filter((e) => !Object.hasOwn(AUDIT_OBJECTS, e))).toEqual([]);
  });
});

// The fields of an audit record's values are the columns of the tables whose rows it records (a
// record's before and after) and the keys of the values the server builds by hand; the operation
// log names each with the contract's field words, else spells the key out (`bookSendTime` → book
// send time), in Chinese too. Every such field has words in every language.
const DB = join(SRC, 'db');
const tables = (
  await Promise.all(
    readdirSync(DB)
      .filter((f) => /^schema.*\.ts$/.test(f))
      .map((f) => import(join(DB, f)) as Promise<Record<string, unknown>>),
  )
).flatMap((m) => Object.values(m).filter((t): t is PgTable => is(t, PgTable)));

/** Tables whose rows never go into an audit record's values, and why. */
const NOT_AUDITED_TABLES: Readonly<Record<string, string>> = {
  audit_log: 'the audit trail itself',
  audit_checkpoints: 'signed checkpoints of the audit chain',
  idempotency_keys: 'request replay keys (an answer kept for a retry)',
  nonces: 'request-signature nonces',
  login_throttle: 'failed sign-in counters per account and address',
  captchas: 'slide puzzles: their events record only whether one passed',
  login_codes: 'sign-in codes (hashed): their events record only where one was sent',
  sessions: 'sign-in sessions (token hashes, signing keys): their events record hand-built values',
  outbox: 'e-mail and SMS messages waiting to be sent',
  specimen_barcode_counts: 'running counts behind the dashboards',
  finance_billable_event_counts: 'running counts behind the dashboards',
  supply_barcode_counter: 'the next barcode serial',
  finance_statement_series: 'the last statement number of each series',
};

/** Columns of audited tables that never go into a record's values, and why. */
const NOT_AUDITED_COLUMNS: Readonly<Record<string, string>> = {};

/** Keys of the values written by hand (`oldValue: { … }`, `newValue: { … }`, a transition's `patch: { … }`). */
function handBuiltKeys(source: string): string[] {
  const keys: string[] = [];
  for (const m of source.matchAll(/\b(?:oldValue|newValue|patch): \{/g)) {
    let depth = 0;
    let top = '';
    for (const c of source.slice((m.index ?? 0) + m[0].length)) {
      if ('{[('.includes(c)) depth++;
      else if ('}])'.includes(c)) {
        if (depth === 0) break;
        depth--;
        if (depth === 0) top += ' ';
      } else if (depth === 0) top += c;
    }
    // `key: value`, a shorthand `key`; spreads (`...row`) are rows of the tables above.
    for (const k of top.matchAll(/(?:^|,)\s*(\.\.\.)?([A-Za-z_]\w*)\s*(?=[:,]|$)/g)) {
      if (!k[1] && k[2]) keys.push(k[2]);
    }
  }
  return keys;
}

describe('audit field words', () => {
  const audited = tables.filter((t) => !Object.hasOwn(NOT_AUDITED_TABLES, getTableName(t)));
  const columns = audited.flatMap((t) =>
    Object.keys(getTableColumns(t))
      .filter((key) => !Object.hasOwn(NOT_AUDITED_COLUMNS, `${getTableName(t)}.${key}`))
      .map((key) => ({ table: getTableName(t), key })),
  );
  const handBuilt = [...new Set(sources.flatMap(handBuiltKeys))];

  it('walks the schema and the values written by hand', () => {
    expect(tables.length).toBeGreaterThan(100);
    expect(columns.length).toBeGreaterThan(1000);
    expect(handBuilt).toEqual(expect.arrayContaining(['status', 'reason', 'wrong', 'putBack', 'supersedes']));
    // Every exclusion names a table or column that exists (a renamed one would exclude nothing).
    const names = new Set(tables.map(getTableName));
    expect(Object.keys(NOT_AUDITED_TABLES).filter((t) => !names.has(t))).toEqual([]);
  });

  it('names every column of the audited tables in every language', () => {
    const missing = columns.filter((c) => !hasAuditWords(c.key)).map((c) => `${c.table}.${c.key}`);
    expect(missing).toEqual([]);
  });

  it('names every key of the values written by hand in every language', () => {
    expect(handBuilt.filter((k) => !hasAuditWords(k))).toEqual([]);
  });
});
