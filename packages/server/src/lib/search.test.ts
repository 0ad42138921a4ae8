import { sql } from 'drizzle-orm';
import { PgDialect, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, FEATURE_ENGINES } from '../../test/engines.js';
import type { DatabaseHandle } from '../db/client.js';
import { contains, containsAny, containsPattern } from './search.js';

const names = pgTable('names', { id: serial('id').primaryKey(), name: text('name').notNull() });
const ROWS = [
  '张伟',
  '用户12',
  '用户123',
  'Zhang Wei',
  'zhang wei',
  'ZHANG',
  '100%',
  '1000',
  'a_b',
  'axb',
  'c\\d',
];

// The patterns are PostgreSQL's LIKE and ILIKE, the same on both engines: proven on the feature
// engine, where the table goes into a copy of the migrated database (a bare PGlite ran initdb, some
// 4 CPU s in the worker).
describe.each(FEATURE_ENGINES)('contains on %s', (engine) => {
  let db: DatabaseHandle['db'];
  beforeAll(async () => {
    const testDb = await createTestDatabase(engine);
    db = (await testDb.open()).db;
    await db.execute(sql`CREATE TABLE names (id serial PRIMARY KEY, name text NOT NULL)`);
    await db.insert(names).values(ROWS.map((name) => ({ name })));
    return () => testDb.drop();
  });

  const found = async (term: string) =>
    (
      await db.select({ name: names.name }).from(names).where(contains(names.name, term)).orderBy(names.id)
    ).map((r) => r.name);
  const byIlike = async (term: string) =>
    (
      await db
        .select({ name: names.name })
        .from(names)
        .where(sql`${names.name} ILIKE ${containsPattern(term)}`)
        .orderBy(names.id)
    ).map((r) => r.name);

  it('is case-insensitive for terms with cased letters', async () => {
    expect(await found('zhang')).toEqual(['Zhang Wei', 'zhang wei', 'ZHANG']);
    expect(await found('WEI')).toEqual(['Zhang Wei', 'zhang wei']);
  });

  it('finds exactly what ILIKE finds for caseless terms, which it searches with LIKE', async () => {
    for (const term of ['用户12', '张', '100', '1', ' ']) {
      expect(await found(term)).toEqual(await byIlike(term));
    }
    expect(await found('用户12')).toEqual(['用户12', '用户123']);
    const rendered = (term: string) => new PgDialect().sqlToQuery(contains(names.name, term)).sql;
    expect(rendered('用户12')).toMatch(/ like /);
    expect(rendered('Zhang')).toMatch(/ ilike /);
  });

  it('treats LIKE wildcards in the term literally', async () => {
    expect(await found('%')).toEqual(['100%']);
    expect(await found('_')).toEqual(['a_b']);
    expect(await found('\\')).toEqual(['c\\d']);
  });

  it('searches a keyword in several columns, and adds no condition without one', async () => {
    expect(containsAny([names.name], undefined)).toBeUndefined();
    expect(containsAny([names.name], '')).toBeUndefined();
    const rows = await db
      .select({ name: names.name })
      .from(names)
      .where(containsAny([names.name, sql`'x' || ${names.name}`], 'xzh'))
      .orderBy(names.id);
    // None of the names contains 'xzh': only the second column matches.
    expect(rows.map((r) => r.name)).toEqual(['Zhang Wei', 'zhang wei', 'ZHANG']);
  });
});
