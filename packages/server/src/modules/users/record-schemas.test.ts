import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RECORD_SCHEMAS } from './repository.js';

describe('records that keep a user', () => {
  it('looks in every schema module, so deleting a user who wrote one of its records is refused', () => {
    const modules = readdirSync(join(import.meta.dirname, '../../db')).filter((f) =>
      /^schema.*\.ts$/.test(f),
    );
    expect(new Set(RECORD_SCHEMAS).size).toBe(modules.length);
  });
});
