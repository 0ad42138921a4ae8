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

/** What a wrapper (optional, nullable, default, pipe: its input...) stands for; undefined for others. */
export function unwrapSchema(schema: z.ZodType): z.ZodType | undefined {
  const def = (schema as unknown as Walkable)._zod.def;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return def.innerType as z.ZodType;
    case 'pipe':
      return def.in as z.ZodType;
    default:
      return undefined;
  }
}

/**
 * Every leaf of a schema with its path (objects, arrays, wrappers, pipes and unions are walked;
 * a file-id schema is a leaf). The contract test uses it to prove no file field escapes the mark.
 */
export function schemaLeaves(schema: z.ZodType): Array<{ path: readonly string[]; schema: z.ZodType }> {
  const found: Array<{ path: readonly string[]; schema: z.ZodType }> = [];
  // Schemas being walked (a lazy schema may contain itself); one used at two paths is walked twice.
  const walking = new Set<unknown>();
  const walk = (node: Walkable, path: readonly string[]): void => {
    if (fileIdFields.has(node as unknown as z.ZodType)) {
      found.push({ path, schema: node as unknown as z.ZodType });
      return;
    }
    if (walking.has(node)) return;
    walking.add(node);
    visit(node, path);
    walking.delete(node);
  };
  const visit = (node: Walkable, path: readonly string[]): void => {
    const inner = unwrapSchema(node as unknown as z.ZodType);
    if (inner) {
      walk(inner as unknown as Walkable, path);
      return;
    }
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
      default:
        found.push({ path, schema: node as unknown as z.ZodType });
    }
  };
  walk(schema as unknown as Walkable, []);
  return found;
}

/** Every file-id field of a schema; a union whose options share a field lists it once. */
export function findFileIdFields(schema: z.ZodType): FileIdField[] {
  const fields: FileIdField[] = [];
  for (const leaf of schemaLeaves(schema)) {
    const mark = fileIdFields.get(leaf.schema);
    if (mark && !fields.some((f) => f.path.join('.') === leaf.path.join('.')))
      fields.push({ path: leaf.path, ...mark });
  }
  return fields;
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
