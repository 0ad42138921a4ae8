import type { Lang } from '@trialab/api-contract';
import { ResultCode } from '@trialab/api-contract';
import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.js';
import { constraintName, isUniqueViolation } from '../db/errors.js';
import { ApiError } from './errors.js';
import { fieldName } from './i18n.js';

/** After an update matched no row: the record is gone (404) or was edited meanwhile (stale). */
export function staleOrMissing(exists: boolean): ApiError {
  return exists
    ? new ApiError(ResultCode.STALE_VERSION, { key: 'staleVersion' })
    : new ApiError(ResultCode.NOT_FOUND, { key: 'notFound' });
}

/** Index name suffix -> field, for duplicate messages. */
const FIELD_OF_INDEX: Array<[RegExp, string]> = [
  [/job_number/, 'jobNumber'],
  [/mobile/, 'mobile'],
  [/email/, 'email'],
  [/project_no/, 'projectNo'],
  [/_code_/, 'code'],
  [/_name_/, 'name'],
  [/value/, 'value'],
];

/** Runs a write; a unique violation becomes DUPLICATE naming the field in the user's language. */
export async function uniqueOr<T>(lang: Lang, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const name = constraintName(error) ?? '';
    const field = FIELD_OF_INDEX.find(([re]) => re.test(name))?.[1] ?? 'value';
    throw new ApiError(ResultCode.DUPLICATE, { key: 'duplicate', params: { field: fieldName(lang, field) } });
  }
}

/** A table whose rows carry an id and a version counter (optimistic locking). */
type VersionedTable = PgTable & { id: PgColumn; version: PgColumn };

/**
 * The write of one table's rows at the version the caller read (the values set the next version):
 * it answers false when it matched nothing because the row is gone or the version moved on.
 */
export function versionedUpdate<T extends VersionedTable>(table: T) {
  return async (
    db: Executor,
    id: number,
    version: number,
    values: PgUpdateSetSource<T>,
  ): Promise<boolean> => {
    const rows = await db
      .update(table)
      .set(values)
      .where(and(eq(table.id, id), eq(table.version, version)))
      .returning({ id: table.id });
    return rows.length > 0;
  };
}
