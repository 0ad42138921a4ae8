// The console's test files share their worker's modules (isolate: false): a module mock in one file
// would leak into the next file of the worker, or miss it. Fakes go in through the seams instead
// (test/fakes.ts, docs/development.md "Tests").
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';

const src = join(import.meta.dirname, '..');

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return /\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

it('no console test file mocks a module', () => {
  const mocking = testFiles(src)
    .filter((file) => /\bvi\s*\.\s*(do)?[mM]ock\s*\(/.test(readFileSync(file, 'utf8')))
    .map((file) => relative(src, file));
  expect(mocking).toEqual([]);
});
