import { endpoints } from '@trialab/api-contract';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.js';
import { registerGroup } from '../../lib/route.js';
import { staleOrMissing, uniqueOr } from '../../lib/versioned.js';
import {
  allDepts,
  deptById,
  enabledContents,
  insertDept,
  pageDepts,
  parentMap,
  siblingNames,
  statusOf,
  updateDept,
} from './repository.js';
import { assertMayDisable, assertNoCycle, assertParentEnabled, assertSiblingNameFree } from './service.js';

const { dept } = endpoints;

/** Where a department may go: an existing parent, not under itself, a name free among its new siblings. */
async function checkPlace(db: Executor, id: number | null, parentId: number | null, name: string) {
  assertNoCycle(id, parentId, await parentMap(db));
  assertSiblingNameFree(name, await siblingNames(db, parentId, id ?? undefined));
}

/** The status a department may take: disabled only when empty, enabled only under an enabled parent. */
async function checkStatus(db: Executor, id: number, parentId: number | null, from: number, to: number) {
  if (from === 1 && to === 0) assertMayDisable(await enabledContents(db, id));
  assertParentEnabled(to, await statusOf(db, parentId));
}

export async function deptRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, dept, {
    page: async (ctx) => {
      const { page, size, ...filter } = ctx.body;
      return pageDepts(ctx.db, filter, { page, size });
    },
    tree: (ctx) => allDepts(ctx.db),
    create: async (ctx) => {
      const { parentId = null, ...fields } = ctx.body;
      await checkPlace(ctx.db, null, parentId, fields.name);
      assertParentEnabled(1, await statusOf(ctx.db, parentId));
      const values = {
        ...fields,
        parentId,
        code: fields.code || null,
        leader: fields.leader || null,
        phone: fields.phone || null,
      };
      const id = await uniqueOr(ctx.lang, () => insertDept(ctx.db, values));
      ctx.audit({ action: 'dept.create', entity: 'dept', entityId: id, newValue: values });
      return { id };
    },
    update: async (ctx) => {
      const { id, version, parentId = null, status, ...fields } = ctx.body;
      const before = await deptById(ctx.db, id);
      await checkPlace(ctx.db, id, parentId, fields.name);
      await checkStatus(ctx.db, id, parentId, before.status, status ?? before.status);
      const values = {
        ...fields,
        parentId,
        code: fields.code || null,
        leader: fields.leader || null,
        phone: fields.phone || null,
        status: status ?? before.status,
        updatedAt: ctx.now,
      };
      const row = await uniqueOr(ctx.lang, () => updateDept(ctx.db, id, version, values));
      if (!row) throw staleOrMissing(true);
      ctx.audit({ action: 'dept.update', entity: 'dept', entityId: id, oldValue: before, newValue: values });
      return { version: row.version };
    },
    updateStatus: async (ctx) => {
      const { id, version, status } = ctx.body;
      const before = await deptById(ctx.db, id);
      await checkStatus(ctx.db, id, before.parentId, before.status, status);
      const row = await updateDept(ctx.db, id, version, { status, updatedAt: ctx.now });
      if (!row) throw staleOrMissing(true);
      ctx.audit({
        action: 'dept.updateStatus',
        entity: 'dept',
        entityId: id,
        oldValue: { status: before.status },
        newValue: { status },
      });
      return { version: row.version };
    },
  });
}
