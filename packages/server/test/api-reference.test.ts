import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_DOC, withCurrentTable } from '../scripts/api-reference.js';

describe('docs/api.md endpoint reference', () => {
  it('lists every declared endpoint as declared (run `pnpm run docs:api` after changing one)', () => {
    const doc = readFileSync(API_DOC, 'utf8');
    expect(doc === withCurrentTable(doc), 'docs/api.md is behind the declarations: pnpm run docs:api').toBe(
      true,
    );
  });
});
