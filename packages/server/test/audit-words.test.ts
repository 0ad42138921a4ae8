import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AUDIT_OBJECTS, auditActionWordOrNone, FORM_LANGS } from '@trialab/api-contract';
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
