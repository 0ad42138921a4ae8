// Identity-verified custody (docs/library.md "Identity-verified custody"): the lab's settings, the
// projects' authorised recipients and witnesses, and a confirmed bill's identity check. The check
// itself runs inside the bills' confirmation (service.ts `identify`).
import { BILL_PERMISSIONS, endpoints, ResultCode } from '@trialab/api-contract';
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isUniqueViolation } from '../../db/errors.js';
import { users } from '../../db/schema.js';
import { specimenBills } from '../../db/schema-library-bills.js';
import { ApiError, notFound } from '../../lib/errors.js';
import { registerGroup, type SessionCtx } from '../../lib/route.js';
import { assertProjectInScope } from '../../lib/scope.js';
import { staleOrMissing } from '../../lib/versioned.js';
import { hasPermission } from '../../services/identity/permissions.js';
import { cardHash } from '../lab/subjects/repository.js';
import { maskCardNo } from '../lab/subjects/service.js';
import {
  billCustodyCheck,
  insertRecipient,
  pageRecipients,
  projectNoOf,
  readCustodySettings,
  recipientById,
  updateRecipient,
  writeCustodySettings,
} from './repository.js';

const api = endpoints.libraryCustody;

async function projectNo(ctx: SessionCtx, projectId: number): Promise<string> {
  const no = await projectNoOf(ctx.db, projectId);
  if (no === undefined) throw notFound();
  return no;
}

/** A linked account must be an active lab employee (not a site user). */
async function assertStaff(ctx: SessionCtx, userId: number | null | undefined) {
  if (!userId) return;
  const [u] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.status, 1), ne(users.type, 2)));
  if (!u) throw new ApiError(ResultCode.BAD_REQUEST, { key: 'custodyUserUnknown' });
}

/** Runs an insert or update of an entry; a second entry with the same card in a project is refused. */
async function uniqueCard<T>(ctx: SessionCtx, projectId: number, write: () => Promise<T>): Promise<T> {
  // Named before the write: after a unique violation the transaction takes no further query.
  const project = await projectNo(ctx, projectId);
  try {
    return await write();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new ApiError(ResultCode.DUPLICATE, { key: 'custodyCardTaken', params: { project } });
  }
}

export async function libraryCustodyRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, api, {
    settings: async (ctx) => readCustodySettings(ctx.db),
    settingsUpdate: async (ctx) => {
      const before = await readCustodySettings(ctx.db);
      await writeCustodySettings(ctx.db, ctx.body);
      ctx.audit({
        action: 'libraryCustody.settingsUpdate',
        entity: 'libraryCustodySettings',
        oldValue: before,
        newValue: ctx.body,
      });
      return ctx.body;
    },
    recipientList: async (ctx) => pageRecipients(ctx.db, await ctx.scope(), ctx.body),
    recipientCreate: async (ctx) => {
      const { cardId, ...rest } = ctx.body;
      assertProjectInScope(await ctx.scope(), rest.projectId);
      await assertStaff(ctx, rest.userId);
      const values = {
        ...rest,
        phone: rest.phone || null,
        userId: rest.userId ?? null,
        cardNoMasked: maskCardNo(cardId),
        createdBy: ctx.principal.userId,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      };
      const created = await uniqueCard(ctx, rest.projectId, () =>
        insertRecipient(ctx.db, {
          ...values,
          cardNoHash: cardHash(ctx.deps.secrets.subjectCard, rest.cardType, cardId),
        }),
      );
      // The audit keeps the masked number only.
      ctx.audit({
        action: 'libraryCustody.recipientCreate',
        entity: 'libraryRecipient',
        entityId: created.id,
        newValue: values,
      });
      return created;
    },
    recipientUpdate: async (ctx) => {
      const before = await recipientById(ctx.db, ctx.params.id);
      if (!before) throw notFound();
      assertProjectInScope(await ctx.scope(), before.projectId);
      const { version, cardId, cardType, ...rest } = ctx.body;
      await assertStaff(ctx, rest.userId);
      const card =
        cardId && cardType
          ? {
              cardType,
              cardNoMasked: maskCardNo(cardId),
              cardNoHash: cardHash(ctx.deps.secrets.subjectCard, cardType, cardId),
            }
          : {};
      const values = { ...rest, phone: rest.phone || null, userId: rest.userId ?? null, updatedAt: ctx.now };
      const updated = await uniqueCard(ctx, before.projectId, () =>
        updateRecipient(ctx.db, before.id, version, { ...values, ...card }),
      );
      if (!updated) throw staleOrMissing(true);
      const { cardNoHash: _old, ...shown } = before;
      const { cardNoHash: _new, ...changedCard } = card as { cardNoHash?: string };
      ctx.audit({
        action: 'libraryCustody.recipientUpdate',
        entity: 'libraryRecipient',
        entityId: before.id,
        oldValue: shown,
        newValue: { ...values, ...changedCard },
      });
      return updated;
    },
    billCheck: async (ctx) => {
      const [bill] = await ctx.db
        .select({ id: specimenBills.id, projectId: specimenBills.projectId, kind: specimenBills.kind })
        .from(specimenBills)
        .where(eq(specimenBills.id, ctx.params.id));
      const page = bill?.kind === 'destroy' ? BILL_PERMISSIONS.destroyPage : BILL_PERMISSIONS.outPage;
      if (!bill || !hasPermission(ctx.principal, page)) throw notFound();
      assertProjectInScope(await ctx.scope(), bill.projectId);
      return billCustodyCheck(ctx.db, bill.id);
    },
  });
}
