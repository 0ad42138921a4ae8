import type { Lang } from '@trialab/api-contract';
import { ResultCode } from '@trialab/api-contract';
import { and, eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.js';
import { constraintName, isUniqueViolation } from '../db/errors.js';
import type { AuditEntry } from './audit.js';
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

/**
 * The same write where the database counts the version on: the values plus version + 1 at the version
 * read. It answers the new version, or nothing when the row is gone or the version moved on.
 */
export function versionedBump<T extends VersionedTable>(table: T) {
  return async (
    db: Executor,
    id: number,
    version: number,
    values: PgUpdateSetSource<T>,
  ): Promise<{ version: number } | undefined> => {
    const [row] = await db
      .update(table)
      .set({ ...values, version: sql`${table.version} + 1` })
      .where(and(eq(table.id, id), eq(table.version, version)))
      .returning({ version: table.version });
    return row as { version: number } | undefined;
  };
}

/**
 * Enabling what is enabled (or disabling what is disabled) changes nothing and answers the version
 * as it is: a second click, or two administrators at once, is not an error.
 */
export function statusChange(
  before: { enabled: boolean; version: number },
  enabled: boolean,
  version: number,
) {
  if (before.enabled === enabled) return { unchanged: true as const, version: before.version };
  return { unchanged: false as const, version };
}

type Versioned = { id: number; enabled: boolean; version: number };

type StatusCtx = {
  db: Executor;
  audit(entry: AuditEntry): void;
  params: { id: number };
  body: { enabled: boolean; version: number };
};

/** Enables or disables one record at the version read (the same state again changes nothing), audited. */
export async function setStatus(
  ctx: StatusCtx,
  names: { action: string; entity: string },
  read: (db: Executor, id: number) => Promise<Versioned>,
  write: (
    db: Executor,
    id: number,
    version: number,
    values: { enabled: boolean },
  ) => Promise<{ version: number } | undefined>,
): Promise<{ version: number }> {
  const before = await read(ctx.db, ctx.params.id);
  const change = statusChange(before, ctx.body.enabled, ctx.body.version);
  if (change.unchanged) return { version: change.version };
  const row = await write(ctx.db, before.id, ctx.body.version, { enabled: ctx.body.enabled });
  if (!row) throw staleOrMissing(true);
  ctx.audit({
    ...names,
    entityId: before.id,
    oldValue: { enabled: before.enabled },
    newValue: { enabled: ctx.body.enabled },
  });
  return row;
}
