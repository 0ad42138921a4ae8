/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import * as entry from './signing-entry.js';

const HERE = dirname(fileURLToPath(import.meta.url));

/** Every module a file pulls in (relative imports followed, packages listed by name). */
function graph(file: string, seen = new Set<string>(), packages = new Set<string>()) {
  if (seen.has(file)) return { seen, packages };
  seen.add(file);
  const source = readFileSync(join(HERE, file), 'utf8');
  for (const [, specifier] of source.matchAll(/(?:import|export)[^'"]*from\s+'([^']+)'/g)) {
    if (!specifier) continue;
    if (specifier.startsWith('./')) graph(specifier.slice(2).replace(/\.js$/, '.ts'), seen, packages);
    else packages.add(specifier);
  }
  return { seen, packages };
}

it('imports no library (zod included), so the console can load it with /login', () => {
  const { seen, packages } = graph('signing-entry.ts');
  expect([...packages]).toEqual([]);
  expect([...seen].sort()).toEqual(['codes.ts', 'local-name.ts', 'signing-entry.ts', 'signing.ts']);
});

it('exports what signing and answer handling need', () => {
  expect(typeof entry.canonicalString).toBe('function');
  expect(typeof entry.serializeQuery).toBe('function');
  expect(entry.SIGNING_HEADERS.signature).toBe('Signature');
  expect(entry.ResultCode.TIMESTAMP_OUT_OF_WINDOW).toBeGreaterThan(0);
});
