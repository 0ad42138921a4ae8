import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fileIdsAt, findFileIdFields } from './file-ids.js';
import { fileId, fileIdList } from './schemas.js';

describe('file-id fields', () => {
  const line = z.object({ certificateFileId: fileId.nullish(), lot: z.string() });
  const body = z
    .object({
      first: line,
      second: line,
      lines: z.array(line).min(1),
      photos: fileIdList(9, { images: true }),
      count: z.number(),
    })
    .transform((b) => b);

  it('finds marked fields through wrappers, arrays and a sub-schema used twice', () => {
    expect(findFileIdFields(body)).toEqual([
      { path: ['first', 'certificateFileId'], images: false },
      { path: ['second', 'certificateFileId'], images: false },
      { path: ['lines', '*', 'certificateFileId'], images: false },
      { path: ['photos', '*'], images: true },
    ]);
  });

  it('reads the ids a parsed body carries at each field', () => {
    const parsed = body.parse({
      first: { certificateFileId: 4, lot: 'a' },
      second: { certificateFileId: null, lot: 'b' },
      lines: [{ lot: 'c' }, { certificateFileId: 7, lot: 'd' }],
      count: 3,
    });
    expect(findFileIdFields(body).map((f) => fileIdsAt(parsed, f.path))).toEqual([[4], [], [7], []]);
  });
});
