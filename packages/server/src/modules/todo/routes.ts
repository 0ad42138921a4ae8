import { endpoints } from '@trialab/api-contract';
import type { FastifyInstance } from 'fastify';
import { Page, registerGroup } from '../../lib/route.js';
import { countKinds, pageItems } from './repository.js';
import { kindsOf } from './service.js';
import { TODO_SOURCES } from './sources.js';

const { todo } = endpoints;

/** The home to-do list: what the caller may act on, from every workflow (docs/platform.md). */
export async function todoRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, todo, {
    counts: async (ctx) => {
      const kinds = kindsOf(TODO_SOURCES, ctx.principal);
      const counted = await countKinds(ctx.db, kinds, ctx.principal.userId, await ctx.scope());
      return counted.map(({ actor: _, ...kind }) => kind);
    },
    page: async (ctx) => {
      const { page, size, workflow, state } = ctx.body;
      const kinds = kindsOf(TODO_SOURCES, ctx.principal, { workflow, state });
      const scope = await ctx.scope();
      const counted = await countKinds(ctx.db, kinds, ctx.principal.userId, scope);
      const total = counted.reduce((sum, k) => sum + k.count, 0);
      const items = await pageItems(ctx.db, kinds, ctx.principal.userId, scope, { page, size });
      const rows = items.rows.map((row) => {
        const { actor: _, ...kind } = items.kinds[row.kind] as (typeof items.kinds)[number];
        return {
          ...kind,
          id: Number(row.id),
          number: row.number,
          createdAt: row.at === null ? null : new Date(row.at).toISOString(),
          createdBy: row.username,
        };
      });
      return new Page(rows, total);
    },
  });
}
