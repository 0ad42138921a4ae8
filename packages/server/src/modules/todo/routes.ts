import { endpoints } from '@trialab/api-contract';
import type { FastifyInstance } from 'fastify';
import { Page, registerGroup } from '../../lib/route.js';
import { zonedTime } from '../../lib/time-zone.js';
import { COUNTED_TODOS } from './counted.js';
import { countKinds, pageItems } from './repository.js';
import { countedKindsOf, kindsOf } from './service.js';
import { TODO_SOURCES } from './sources.js';

const { todo } = endpoints;

/** The home to-do list: what the caller may act on, from every workflow and the counted to-dos (docs/platform.md). */
export async function todoRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, todo, {
    counts: async (ctx) => {
      const kinds = kindsOf(TODO_SOURCES, ctx.principal);
      const scope = await ctx.scope();
      const counted = await countKinds(ctx.db, kinds, ctx.principal, scope);
      const at = { today: zonedTime(ctx).date(ctx.now), scope, principal: ctx.principal };
      const others = [];
      for (const { todo: source, kind } of countedKindsOf(COUNTED_TODOS, ctx.principal))
        others.push({ ...kind, count: await source.count(ctx.db, at) });
      return [...counted.map(({ actor: _, ...kind }) => kind), ...others];
    },
    page: async (ctx) => {
      const { page, size, workflow, state } = ctx.body;
      const kinds = kindsOf(TODO_SOURCES, ctx.principal, { workflow, state });
      const scope = await ctx.scope();
      const counted = await countKinds(ctx.db, kinds, ctx.principal, scope);
      const total = counted.reduce((sum, k) => sum + k.count, 0);
      const items = await pageItems(ctx.db, kinds, ctx.principal, scope, { page, size });
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
