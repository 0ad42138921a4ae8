// Request fields that name stored files (ids from POST /file/upload). Every such field is built
// with `fileId` / `imageFileId` / `fileIdList` (schemas.ts), which registers the id schema here, so
// the server can check every named file before any handler runs and tests can find every field by
// walking the contract (docs/api.md "File ids in requests").
import { z } from 'zod';

export interface FileIdMark {
  /** Only image uploads may be named here. */
  images: boolean;
}

/** The id schemas of file-id fields; `fileIdFields.get(schema)` says what they accept. */
export const fileIdFields = z.registry<FileIdMark>();

/** Where a file id sits in a parsed body: property names, `*` for every element of an array. */
export interface FileIdField extends FileIdMark {
  path: readonly string[];
}

interface Walkable {
  _zod: { def: Record<string, unknown> & { type: string } };
}

/** Every file-id field of a schema (objects, arrays, wrappers and unions are walked). */
export function findFileIdFields(schema: z.ZodType): FileIdField[] {
  const found: FileIdField[] = [];
  const seen = new Set<unknown>();
  const walk = (node: Walkable, path: readonly string[]): void => {
    const mark = fileIdFields.get(node as unknown as z.ZodType);
    if (mark) {
      found.push({ path, ...mark });
      return;
    }
    if (seen.has(node)) return;
    seen.add(node);
    const def = node._zod.def;
    const child = (key: string) => def[key] as Walkable;
    switch (def.type) {
      case 'object':
        for (const [key, value] of Object.entries(def.shape as Record<string, Walkable>))
          walk(value, [...path, key]);
        break;
      case 'array':
        walk(child('element'), [...path, '*']);
        break;
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'nonoptional':
      case 'readonly':
      case 'catch':
        walk(child('innerType'), path);
        break;
      case 'pipe':
        walk(child('in'), path);
        break;
      case 'union':
        for (const option of def.options as Walkable[]) walk(option, path);
        break;
      case 'intersection':
        walk(child('left'), path);
        walk(child('right'), path);
        break;
      case 'lazy':
        walk((def.getter as () => Walkable)(), path);
        break;
    }
  };
  walk(schema as unknown as Walkable, []);
  // A union whose options share a field lists it once.
  return found.filter(
    (field, i) => found.findIndex((other) => other.path.join('.') === field.path.join('.')) === i,
  );
}

/** The ids a parsed value carries at one field (absent and null values carry none). */
export function fileIdsAt(value: unknown, path: readonly string[]): number[] {
  if (value === undefined || value === null) return [];
  const [head, ...rest] = path;
  if (head === undefined) return typeof value === 'number' ? [value] : [];
  if (head === '*') return Array.isArray(value) ? value.flatMap((item) => fileIdsAt(item, rest)) : [];
  if (typeof value !== 'object' || Array.isArray(value)) return [];
  return fileIdsAt((value as Record<string, unknown>)[head], rest);
}
