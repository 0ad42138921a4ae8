import { endpoints } from '@trialab/api-contract';
import { and, asc, count, desc, eq, ne, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.js';
import { depts, users } from '../../db/schema.js';
import { addresses } from '../../db/schema-portal.js';
import { notFound } from '../../lib/errors.js';
import { pageOf } from '../../lib/paging.js';
import { registerGroup } from '../../lib/route.js';
import { containsAny } from '../../lib/search.js';
import { staleOrMissing, uniqueOr } from '../../lib/versioned.js';
import { rolesOf } from '../access/repository.js';

const { address, personal } = endpoints;

type AddressRecord = typeof addresses.$inferSelect;
const toRow = (a: AddressRecord) => ({
  id: a.id,
  label: a.label,
  name: a.name,
  phone: a.phone,
  area: a.area,
  company: a.company,
  detail: a.detail,
  email: a.email,
  isDefault: a.isDefault,
  version: a.version,
  updatedAt: a.updatedAt.toISOString(),
});

const keywordWhere = (keyword: string | undefined): SQL | undefined =>
  containsAny(
    [addresses.name, addresses.phone, addresses.company, addresses.area, addresses.detail],
    keyword,
  );

/** Only one default address per user. */
async function clearDefault(db: Executor, userId: number, except: number): Promise<void> {
  await db
    .update(addresses)
    .set({ isDefault: false })
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true), ne(addresses.id, except)));
}

async function profileOf(db: Executor, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      mobile: users.mobile,
      email: users.email,
      gender: users.gender,
      type: users.type,
      deptName: depts.name,
      loginDate: users.loginDate,
      createdAt: users.createdAt,
      version: users.version,
    })
    .from(users)
    .leftJoin(depts, eq(depts.id, users.deptId))
    .where(eq(users.id, userId));
  if (!row) throw notFound();
  const roles = (await rolesOf(db, [userId])).filter((r) => r.status === 1);
  return {
    ...row,
    roleNames: roles.map((r) => r.name),
    loginDate: row.loginDate?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function addressRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, address, {
    page: async (ctx) => {
      const p = ctx.principal;
      const where = and(eq(addresses.userId, p.userId), keywordWhere(ctx.body.keyword));
      return pageOf(
        ctx.db.select({ n: count() }).from(addresses).where(where),
        ctx.db
          .select()
          .from(addresses)
          .where(where)
          .orderBy(desc(addresses.isDefault), desc(addresses.updatedAt), desc(addresses.id)),
        ctx.body,
        toRow,
      );
    },
    receiveAddress: async (ctx) => {
      const p = ctx.principal;
      const rows = await ctx.db
        .select()
        .from(addresses)
        .where(and(eq(addresses.userId, p.userId), keywordWhere(ctx.query.keyword)))
        .orderBy(desc(addresses.isDefault), asc(addresses.label), desc(addresses.id))
        .limit(200);
      return rows.map(toRow);
    },
    create: async (ctx) => {
      const p = ctx.principal;
      const [row] = await ctx.db
        .insert(addresses)
        .values({ ...ctx.body, userId: p.userId, createdAt: ctx.now, updatedAt: ctx.now })
        .returning();
      if (!row) throw new Error('insert returned no row');
      if (row.isDefault) await clearDefault(ctx.db, p.userId, row.id);
      ctx.audit({ action: 'address.create', entity: 'address', entityId: row.id, newValue: toRow(row) });
      return toRow(row);
    },
    update: async (ctx) => {
      const p = ctx.principal;
      const { id, version, ...fields } = ctx.body;
      const [old] = await ctx.db.select().from(addresses).where(eq(addresses.id, id));
      // Another user's address is answered exactly like a missing one.
      if (!old || old.userId !== p.userId) throw notFound();
      const [row] = await ctx.db
        .update(addresses)
        .set({ ...fields, version: version + 1, updatedAt: ctx.now })
        .where(and(eq(addresses.id, id), eq(addresses.version, version)))
        .returning();
      if (!row) throw staleOrMissing(true);
      if (row.isDefault) await clearDefault(ctx.db, p.userId, row.id);
      ctx.audit({
        action: 'address.update',
        entity: 'address',
        entityId: id,
        oldValue: toRow(old),
        newValue: toRow(row),
      });
      return toRow(row);
    },
    delete: async (ctx) => {
      const p = ctx.principal;
      const [old] = await ctx.db.select().from(addresses).where(eq(addresses.id, ctx.params.id));
      if (!old || old.userId !== p.userId) throw notFound();
      await ctx.db.delete(addresses).where(eq(addresses.id, old.id));
      ctx.audit({ action: 'address.delete', entity: 'address', entityId: old.id, oldValue: toRow(old) });
      return true;
    },
  });

  registerGroup(app, personal, {
    profile: async (ctx) => profileOf(ctx.db, ctx.principal.userId),
    updateProfile: async (ctx) => {
      const p = ctx.principal;
      const old = await profileOf(ctx.db, p.userId);
      const { version, ...fields } = ctx.body;
      const [row] = await uniqueOr(ctx.lang, () =>
        ctx.db
          .update(users)
          .set({ ...fields, version: version + 1, updatedAt: ctx.now })
          .where(and(eq(users.id, p.userId), eq(users.version, version)))
          .returning({ id: users.id }),
      );
      if (!row) throw staleOrMissing(true);
      const next = await profileOf(ctx.db, p.userId);
      ctx.audit({
        action: 'personal.updateProfile',
        entity: 'user',
        entityId: p.userId,
        oldValue: { username: old.username, email: old.email, gender: old.gender },
        newValue: fields,
      });
      return next;
    },
  });
}
