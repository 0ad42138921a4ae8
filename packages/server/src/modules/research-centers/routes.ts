import { endpoints } from '@trialab/api-contract';
import type { FastifyInstance } from 'fastify';
import { registerGroup } from '../../lib/route.js';
import { setStatus, staleOrMissing, uniqueOr } from '../../lib/versioned.js';
import {
  centerById,
  contactById,
  contactsOf,
  deleteContact,
  holderOf,
  insertCenter,
  insertContact,
  pageCenters,
  projectsOf,
  updateCenter,
  updateContact,
} from './repository.js';
import { assertFree } from './service.js';

/** /platform/research-center: the institutions the lab works with, their contacts and projects; audited. */
export async function researchCenterRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, endpoints.researchCenter, {
    paging: (ctx) => pageCenters(ctx.db, ctx.body),
    get: async (ctx) => {
      const center = await centerById(ctx.db, ctx.params.id);
      return {
        ...center,
        contacts: await contactsOf(ctx.db, center.id),
        projects: await projectsOf(ctx.db, center.id, ctx.lang),
      };
    },
    checkExist: async (ctx) =>
      (await holderOf(ctx.db, ctx.body.field, ctx.body.value, ctx.body.id)) !== undefined,
    create: async (ctx) => {
      assertFree('code', ctx.body.code, await holderOf(ctx.db, 'code', ctx.body.code));
      assertFree('name', ctx.body.name, await holderOf(ctx.db, 'name', ctx.body.name));
      const row = await uniqueOr(ctx.lang, () => insertCenter(ctx.db, ctx.body));
      ctx.audit({
        action: 'researchCenter.create',
        entity: 'researchCenter',
        entityId: row.id,
        newValue: ctx.body,
      });
      return row;
    },
    update: async (ctx) => {
      const { version, ...values } = ctx.body;
      const before = await centerById(ctx.db, ctx.params.id);
      assertFree('code', values.code, await holderOf(ctx.db, 'code', values.code), before.id);
      assertFree('name', values.name, await holderOf(ctx.db, 'name', values.name), before.id);
      const row = await uniqueOr(ctx.lang, () => updateCenter(ctx.db, before.id, version, values));
      if (!row) throw staleOrMissing(true);
      const { projectCount: _, createdAt: _c, updatedAt: _u, ...old } = before;
      ctx.audit({
        action: 'researchCenter.update',
        entity: 'researchCenter',
        entityId: before.id,
        oldValue: old,
        newValue: ctx.body,
      });
      return row;
    },
    setStatus: (ctx) =>
      setStatus(
        ctx,
        { action: 'researchCenter.setStatus', entity: 'researchCenter' },
        centerById,
        updateCenter,
      ),
    addContact: async (ctx) => {
      const center = await centerById(ctx.db, ctx.params.id);
      const row = await insertContact(ctx.db, { ...ctx.body, centerId: center.id });
      ctx.audit({
        action: 'researchCenter.addContact',
        entity: 'researchCenterContact',
        entityId: row.id,
        newValue: { ...ctx.body, centerId: center.id },
      });
      return row;
    },
    updateContact: async (ctx) => {
      const { version, ...values } = ctx.body;
      const before = await contactById(ctx.db, ctx.params.id);
      const row = await updateContact(ctx.db, before.id, version, values);
      if (!row) throw staleOrMissing(true);
      ctx.audit({
        action: 'researchCenter.updateContact',
        entity: 'researchCenterContact',
        entityId: before.id,
        oldValue: before,
        newValue: ctx.body,
      });
      return row;
    },
    removeContact: async (ctx) => {
      const before = await contactById(ctx.db, ctx.params.id);
      await deleteContact(ctx.db, before.id);
      ctx.audit({
        action: 'researchCenter.removeContact',
        entity: 'researchCenterContact',
        entityId: before.id,
        oldValue: before,
      });
      return true;
    },
  });
}
