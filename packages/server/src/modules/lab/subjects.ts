import { createHmac, randomBytes } from 'node:crypto';
import {
  endpoints,
  FACE_MIN_THRESHOLD,
  ResultCode,
  type SubjectRow,
  subjectRegistrationWorkflow,
} from '@trialab/api-contract';
import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { projects, sites, users } from '../../db/schema.js';
import { labSubjects } from '../../db/schema-lab.js';
import { ApiError, notFound } from '../../lib/errors.js';
import { pageOf } from '../../lib/paging.js';
import { registerGroup } from '../../lib/route.js';
import { containsAny } from '../../lib/search.js';
import { getOrCreateSetting } from '../../lib/secrets.js';
import { staleOrMissing } from '../../lib/versioned.js';
import { actorOf, assertTransition } from '../../lib/workflow.js';
import { assertInScope, checkedSite, type SiteScope, scopeWhere } from '../portal/scope.js';

const api = endpoints.subject;
const reviewer = alias(users, 'reviewer');

/** Keeps the first 3 and last 4 characters: enough to recognise a card, not to reuse it. */
export function maskCardNo(cardId: string): string {
  const s = cardId.trim();
  if (s.length <= 7) return `${s.slice(0, 1)}${'*'.repeat(Math.max(0, s.length - 2))}${s.slice(-1)}`;
  return `${s.slice(0, 3)}${'*'.repeat(s.length - 7)}${s.slice(-4)}`;
}

/** Keyed hash of the card number (duplicate check without keeping the number). */
async function cardHash(db: Executor, cardType: string, cardId: string): Promise<string> {
  const key = await getOrCreateSetting(db, 'subject-card-hmac', () => randomBytes(32).toString('base64'));
  return createHmac('sha256', Buffer.from(key, 'base64'))
    .update(`${cardType}:${cardId.trim().toUpperCase()}`)
    .digest('hex');
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

export async function findSubject(db: Executor, scope: SiteScope, id: number): Promise<SubjectRow> {
  const [row] = await query(db).where(eq(labSubjects.id, id));
  if (!row) throw notFound();
  const subject = toRow(row);
  assertInScope(scope, subject);
  return subject;
}

type Fields = {
  projectId: number;
  siteId: number;
  subjectNo: string;
  name: string;
  gender?: string | null | undefined;
  birthday?: string | null | undefined;
  cardType: string;
  cardId: string;
  face: { confidence: number; threshold: number };
  fingerprint?: { vendor: 'za' | 'zk'; template: string } | null | undefined;
};

/** The checks every registration passes: face above threshold (not below the floor), fingerprint enrolled. */
async function values(db: Executor, body: Fields) {
  if (body.face.threshold < FACE_MIN_THRESHOLD) {
    throw new ApiError(ResultCode.BAD_REQUEST, {
      key: 'subjectThresholdTooLow',
      params: { min: FACE_MIN_THRESHOLD },
    });
  }
  if (!(body.face.confidence > body.face.threshold)) {
    throw new ApiError(ResultCode.BAD_REQUEST, {
      key: 'subjectFaceMismatch',
      params: { confidence: body.face.confidence, threshold: body.face.threshold },
    });
  }
  if (!body.fingerprint) throw new ApiError(ResultCode.BAD_REQUEST, { key: 'subjectFingerprintRequired' });
  return {
    projectId: body.projectId,
    siteId: body.siteId,
    subjectNo: body.subjectNo,
    name: body.name,
    gender: body.gender ?? null,
    birthday: body.birthday ? body.birthday.replace(/^(\d{4})-?(\d{2})-?(\d{2})$/, '$1-$2-$3') : null,
    cardType: body.cardType,
    cardNoMasked: maskCardNo(body.cardId),
    cardNoHash: await cardHash(db, body.cardType, body.cardId),
    faceConfidence: body.face.confidence,
    faceThreshold: body.face.threshold,
    fingerprintVendor: body.fingerprint.vendor,
    fingerprintTemplate: body.fingerprint.template,
  };
}

async function duplicateOr<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(ResultCode.DUPLICATE, { key: 'subjectDuplicate' });
    throw error;
  }
}

/** What the audit keeps of a registration: never the card number or the template. */
function auditable(body: Fields) {
  const { cardId, fingerprint, ...rest } = body;
  return { ...rest, cardNoMasked: maskCardNo(cardId), fingerprintVendor: fingerprint?.vendor ?? null };
}

export async function subjectRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, api, {
    paging: async (ctx) => {
      const p = ctx.principal;
      const scope = await ctx.scope();
      const { page, size, status, projectId, keyword, othersOnly } = ctx.body;
      const where = and(
        scopeWhere(scope, labSubjects.projectId, labSubjects.siteId),
        status ? eq(labSubjects.status, status) : undefined,
        projectId ? eq(labSubjects.projectId, projectId) : undefined,
        othersOnly ? ne(labSubjects.createdBy, p.userId) : undefined,
        containsAny([labSubjects.subjectNo, labSubjects.name], keyword),
      );
      return pageOf(
        ctx.db.select({ n: count() }).from(labSubjects).where(where),
        query(ctx.db).where(where).orderBy(desc(labSubjects.createdAt), desc(labSubjects.id)),
        { page, size },
        toRow,
      );
    },
    get: async (ctx) => findSubject(ctx.db, await ctx.scope(), ctx.params.id),
    create: async (ctx) => {
      const p = ctx.principal;
      await checkedSite(ctx.db, await ctx.scope(), ctx.body.projectId, ctx.body.siteId);
      const row = await values(ctx.db, ctx.body);
      const [created] = await duplicateOr(() =>
        ctx.db
          .insert(labSubjects)
          .values({
            ...row,
            status: subjectRegistrationWorkflow.initial,
            createdBy: p.userId,
            createdAt: ctx.now,
          })
          .returning({ id: labSubjects.id, version: labSubjects.version }),
      );
      if (!created) throw new Error('insert returned nothing');
      ctx.audit({
        action: 'subject.create',
        entity: 'subject',
        entityId: created.id,
        newValue: auditable(ctx.body),
      });
      return created;
    },
    resubmit: async (ctx) => {
      const p = ctx.principal;
      const scope = await ctx.scope();
      const before = await findSubject(ctx.db, scope, ctx.body.id);
      const to = assertTransition(
        ctx.lang,
        subjectRegistrationWorkflow,
        before.status,
        'resubmit',
        actorOf(p, before.createdBy),
      );
      await checkedSite(ctx.db, scope, ctx.body.projectId, ctx.body.siteId);
      const row = await values(ctx.db, ctx.body);
      const [updated] = await duplicateOr(() =>
        ctx.db
          .update(labSubjects)
          .set({
            ...row,
            status: to,
            reviewedBy: null,
            reviewedAt: null,
            reviewReason: null,
            version: sql`${labSubjects.version} + 1`,
          })
          .where(and(eq(labSubjects.id, before.id), eq(labSubjects.version, ctx.body.version)))
          .returning({ version: labSubjects.version }),
      );
      if (!updated) throw staleOrMissing(true);
      ctx.audit({
        action: 'subject.resubmit',
        entity: 'subject',
        entityId: before.id,
        oldValue: before,
        newValue: auditable(ctx.body),
      });
      return updated;
    },
    review: async (ctx) => {
      const p = ctx.principal;
      const before = await findSubject(ctx.db, await ctx.scope(), ctx.params.id);
      const { action, version } = ctx.body;
      const to = assertTransition(
        ctx.lang,
        subjectRegistrationWorkflow,
        before.status,
        action,
        actorOf(p, before.createdBy),
      );
      const reason = ctx.body.reason ?? null;
      if (subjectRegistrationWorkflow.transitions[action].reason?.required && !reason) {
        throw new ApiError(ResultCode.REASON_REQUIRED, { key: 'actionReasonRequired' });
      }
      const [updated] = await ctx.db
        .update(labSubjects)
        .set({
          status: to,
          reviewedBy: p.userId,
          reviewedAt: ctx.now,
          reviewReason: reason,
          version: sql`${labSubjects.version} + 1`,
        })
        .where(and(eq(labSubjects.id, before.id), eq(labSubjects.version, version)))
        .returning({ version: labSubjects.version });
      if (!updated) throw staleOrMissing(true);
      ctx.audit({
        action: `subject.${action}`,
        entity: 'subject',
        entityId: before.id,
        oldValue: { status: before.status },
        newValue: { status: to },
        reason,
      });
      return updated;
    },
  });
}
