// The console's test files share their worker's modules (isolate: false): a module mock in one file
// would leak into the next file of the worker, or miss it. Fakes go in through the seams instead
// (test/fakes.ts, docs/development.md "Tests").
import { expect, it } from 'vitest';

// Every test file of the console as text, by its path from src/.
const testFiles = import.meta.glob<string>(['../**/*.test.{ts,tsx}', '!./no-module-mocks.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

it('no console test file mocks a module', () => {
  const mocking = Object.entries(testFiles)
    .filter(([, text]) => /\bvi\s*\.\s*(do)?[mM]ock\s*\(/.test(text))
    .map(([path]) => path);
  expect(Object.keys(testFiles).length).toBeGreaterThan(50);
  expect(mocking).toEqual([]);
});
