import { endpoints } from '@trialab/api-contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { Page, route } from '../../lib/route.js';
import { contains } from '../../lib/search.js';
import { menuTree } from '../access/menus.js';
import { buildCurrentUser } from './current-user.js';
import * as repo from './repository.js';
import * as service from './service.js';

const { user } = endpoints;

export async function userRoutes(app: FastifyInstance): Promise<void> {
  route(app, user.getMenus, async (ctx) => menuTree(ctx.db, ctx.principal));
  route(app, user.getCurrentUser, async (ctx) => {
    const p = ctx.principal;
    return buildCurrentUser(ctx.db, p.user, {
      now: ctx.now,
      expireDays: ctx.deps.config.passwordExpireDays,
      loginFailCount: p.session.loginFailCount,
      loginDate: p.user.loginDate,
    });
  });
  route(app, user.create, (ctx) => service.createUser(ctx, ctx.body));
  route(app, user.update, (ctx) => service.updateUser(ctx, ctx.body));
  route(app, user.page, async (ctx) => {
    const { page, size, ...filter } = ctx.body;
    const result = await repo.pageUsers(ctx.db, filter, page, size);
    return new Page(result.rows, result.total);
  });
  route(app, user.listAllSimple, (ctx) => repo.simpleUsers(ctx.db, undefined));
  route(app, user.listInnerSimple, (ctx) => repo.simpleUsers(ctx.db, eq(users.type, 1)));
  route(app, user.listOutSimple, (ctx) => {
    const name = ctx.query.username;
    return repo.simpleUsers(
      ctx.db,
      and(eq(users.type, 2), name ? contains(users.username, name) : undefined),
    );
  });
  route(app, user.get, async (ctx) => {
    const row = await repo.getUserRow(ctx.db, eq(users.id, ctx.params.id));
    if (!row) throw notFound();
    return row;
  });
  route(app, user.delete, (ctx) => service.deleteUser(ctx, ctx.params.id, ctx.query.reason));
  route(
    app,
    user.getByMobile,
    async (ctx) => (await repo.getUserRow(ctx.db, eq(users.mobile, ctx.params.phone))) ?? null,
  );
  route(app, user.updateStatus, (ctx) =>
    service.updateStatus(ctx, ctx.body.id, ctx.body.status, ctx.body.version),
  );
  route(app, user.checkJobNumExist, (ctx) => service.jobNumberTaken(ctx, ctx.body.jobNumber, ctx.body.id));
  route(app, user.loginLogPage, async (ctx) => {
    const { page, size, ...filter } = ctx.body;
    const result = await repo.pageLoginLogs(ctx.db, filter, page, size);
    return new Page(result.rows, result.total);
  });
  route(app, user.operateLogPaging, async (ctx) => {
    const { page, size, ...filter } = ctx.body;
    const result = await repo.pageAudit(ctx.db, filter, page, size);
    return new Page(result.rows, result.total);
  });
}
