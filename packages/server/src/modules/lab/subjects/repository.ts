import { createHmac } from 'node:crypto';
import { ResultCode, type SubjectRow } from '@trialab/api-contract';
import { and, count, desc, eq, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../db/client.js';
import { isUniqueViolation } from '../../../db/errors.js';
import { projects, sites, users } from '../../../db/schema.js';
import { labSubjects } from '../../../db/schema-lab.js';
import { ApiError, notFound } from '../../../lib/errors.js';
import { pageOf } from '../../../lib/paging.js';
import type { Page } from '../../../lib/route.js';
import { assertInScope, type SiteScope, scopeWhere } from '../../../lib/scope.js';
import { containsAny } from '../../../lib/search.js';
import { versionedBump } from '../../../lib/versioned.js';

const reviewer = alias(users, 'reviewer');

/** Keyed hash of the card number (duplicate check without keeping the number); key outside the database. */
export function cardHash(key: Buffer, cardType: string, cardId: string): string {
  return createHmac('sha256', key).update(`${cardType}:${cardId.trim().toUpperCase()}`).digest('hex');
}

function query(db: Executor) {
  return db
    .select({
      id: labSubjects.id,
      projectId: labSubjects.projectId,
      projectNo: projects.projectNo,
      siteId: labSubjects.siteId,
      centerNo: sites.centerNo,
      siteName: sites.name,
      subjectNo: labSubjects.subjectNo,
      name: labSubjects.name,
      gender: labSubjects.gender,
      birthday: labSubjects.birthday,
      cardType: labSubjects.cardType,
      cardNoMasked: labSubjects.cardNoMasked,
      faceConfidence: labSubjects.faceConfidence,
      faceThreshold: labSubjects.faceThreshold,
      fingerprintVendor: labSubjects.fingerprintVendor,
      fingerprintTemplate: labSubjects.fingerprintTemplate,
      status: labSubjects.status,
      createdBy: labSubjects.createdBy,
      createdByName: users.username,
      createdAt: labSubjects.createdAt,
      reviewedByName: reviewer.username,
      reviewedAt: labSubjects.reviewedAt,
      reviewReason: labSubjects.reviewReason,
      version: labSubjects.version,
    })
    .from(labSubjects)
    .innerJoin(projects, eq(projects.id, labSubjects.projectId))
    .innerJoin(sites, eq(sites.id, labSubjects.siteId))
    .innerJoin(users, eq(users.id, labSubjects.createdBy))
    .leftJoin(reviewer, eq(reviewer.id, labSubjects.reviewedBy));
}

type Raw = Awaited<ReturnType<typeof query>>[number];

function toRow({ fingerprintTemplate, ...raw }: Raw): SubjectRow {
  return {
    ...raw,
    cardType: raw.cardType as SubjectRow['cardType'],
    status: raw.status as SubjectRow['status'],
    fingerprintVendor:
      raw.fingerprintVendor === 'za' || raw.fingerprintVendor === 'zk' ? raw.fingerprintVendor : null,
    fingerprintEnrolled: Boolean(fingerprintTemplate),
    createdAt: raw.createdAt.toISOString(),
    reviewedByName: raw.reviewedByName ?? null,
    reviewedAt: raw.reviewedAt?.toISOString() ?? null,
  };
}

export function pageSubjects(
  db: Executor,
  scope: SiteScope,
  filter: {
    status?: string | undefined;
    projectId?: number | undefined;
    keyword?: string | undefined;
    /** Leaves out the caller's own registrations (a reviewer's queue). */
    notCreatedBy?: number | undefined;
  },
  page: { page: number; size: number },
): Promise<Page<SubjectRow>> {
  const where = and(
    scopeWhere(scope, labSubjects.projectId, labSubjects.siteId),
    filter.status ? eq(labSubjects.status, filter.status) : undefined,
    filter.projectId ? eq(labSubjects.projectId, filter.projectId) : undefined,
    filter.notCreatedBy === undefined ? undefined : ne(labSubjects.createdBy, filter.notCreatedBy),
    containsAny([labSubjects.subjectNo, labSubjects.name], filter.keyword),
  );
  return pageOf(
    db.select({ n: count() }).from(labSubjects).where(where),
    query(db).where(where).orderBy(desc(labSubjects.createdAt), desc(labSubjects.id)),
    page,
    toRow,
  );
}

export async function findSubject(db: Executor, scope: SiteScope, id: number): Promise<SubjectRow> {
  const [row] = await query(db).where(eq(labSubjects.id, id));
  if (!row) throw notFound();
  const subject = toRow(row);
  assertInScope(scope, subject);
  return subject;
}

/** Runs a write; a second registration of the same card or subject number is a DUPLICATE. */
async function duplicateOr<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(ResultCode.DUPLICATE, { key: 'subjectDuplicate' });
    throw error;
  }
}

export async function insertSubject(
  db: Executor,
  values: typeof labSubjects.$inferInsert,
): Promise<{ id: number; version: number }> {
  const [created] = await duplicateOr(() =>
    db.insert(labSubjects).values(values).returning({ id: labSubjects.id, version: labSubjects.version }),
  );
  if (!created) throw new Error('insert returned nothing');
  return created;
}

/** Writes the subject at the version read; nothing comes back when the version moved on. */
export async function updateSubject(
  db: Executor,
  id: number,
  version: number,
  values: Partial<typeof labSubjects.$inferInsert>,
): Promise<{ version: number } | undefined> {
  return duplicateOr(() => versionedBump(labSubjects)(db, id, version, values));
}
