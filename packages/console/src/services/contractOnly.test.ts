import { describe, expect, it } from 'vitest';

// Every source file of the console except tests, as text.
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** A string literal (quoted or template) that names a server path. */
const LITERAL_API_PATH = /(['"`])[^'"`\n]*(?:\/sys\/|\/api\/kmct)[^'"`\n]*\1/;

describe('server calls', () => {
  it('go through the contract: no source spells a server path', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    const offenders = Object.entries(sources)
      .flatMap(([file, text]) =>
        text.split('\n').map((line, i) => ({ file, line: i + 1, text: line.trim() })),
      )
      .filter(({ text }) => !text.startsWith('*') && !text.startsWith('//') && LITERAL_API_PATH.test(text));
    expect(offenders).toEqual([]);
  });
});
