import { endpoints } from '@trialab/api-contract';
import type { FastifyInstance } from 'fastify';
import { registerGroup } from '../../lib/route.js';
import {
  deleteAddress,
  insertAddress,
  ownAddress,
  pageAddresses,
  pickAddresses,
  profileOf,
  toRow,
  updateAddress,
  updateProfile,
} from './repository.js';

const { address, personal } = endpoints;

/** The portal user's address book and personal centre. */
export async function addressRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, address, {
    page: async (ctx) => pageAddresses(ctx.db, ctx.principal.userId, ctx.body),
    receiveAddress: async (ctx) => pickAddresses(ctx.db, ctx.principal.userId, ctx.query.keyword),
    create: async (ctx) => {
      const values = { ...ctx.body, userId: ctx.principal.userId, createdAt: ctx.now, updatedAt: ctx.now };
      const row = toRow(await insertAddress(ctx.db, values));
      ctx.audit({ action: 'address.create', entity: 'address', entityId: row.id, newValue: row });
      return row;
    },
    update: async (ctx) => {
      const { id, version, ...fields } = ctx.body;
      const old = await ownAddress(ctx.db, ctx.principal.userId, id);
      const row = toRow(await updateAddress(ctx.db, id, version, { ...fields, updatedAt: ctx.now }));
      ctx.audit({
        action: 'address.update',
        entity: 'address',
        entityId: id,
        oldValue: toRow(old),
        newValue: row,
      });
      return row;
    },
    delete: async (ctx) => {
      const old = await ownAddress(ctx.db, ctx.principal.userId, ctx.params.id);
      await deleteAddress(ctx.db, old.id);
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
      await updateProfile(ctx.db, ctx.lang, p.userId, version, { ...fields, updatedAt: ctx.now });
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
