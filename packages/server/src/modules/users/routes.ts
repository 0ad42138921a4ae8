import { endpoints } from '@trialab/api-contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema.js';
import { download } from '../../lib/download.js';
import { notFound } from '../../lib/errors.js';
import { Page, registerGroup } from '../../lib/route.js';
import { contains } from '../../lib/search.js';
import { zonedTime } from '../../lib/time-zone.js';
import { XLSX_MIME } from '../../lib/xlsx.js';
import { AUDIT_EXPORT_MAX, auditWorkbook } from '../../services/audit-trail/export.js';
import { auditOptions, auditRows, pageAudit } from '../../services/audit-trail/queries.js';
import { withRefs } from '../../services/audit-trail/refs.js';
import { buildCurrentUser } from '../../services/identity/current-user.js';
import { menuTree } from '../../services/identity/menus.js';
import { findUserById } from '../auth/repository.js';
import * as account from '../auth/service.js';
import * as repo from './repository.js';
import * as service from './service.js';

const { user } = endpoints;

export async function userRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, user, {
    // Password and WeChat binding: the rules live in the auth module's service.
    updatePassword: (ctx) => {
      const p = ctx.principal;
      return account.changePassword(ctx, p.user, p.sessionId, ctx.body.password, ctx.body.oldPassword);
    },
    checkPwd: (ctx) => account.checkLockPassword(ctx, ctx.body.password),
    wxBind: (ctx) => account.wxBind(ctx, ctx.principal.userId, ctx.body.code, ctx.body.state),
    wxUnBind: (ctx) => account.wxUnbind(ctx, ctx.principal.userId),
    getMenus: async (ctx) => menuTree(ctx.db, ctx.principal),
    getCurrentUser: async (ctx) => {
      const p = ctx.principal;
      // The principal's row may come from the per-instance session cache (up to a second old):
      // the answer reads the row itself, so a change the user just made (WeChat binding) shows.
      const user = (await findUserById(ctx.db, p.userId)) ?? p.user;
      return buildCurrentUser(ctx.db, user, {
        now: ctx.now,
        expireDays: ctx.deps.config.passwordExpireDays,
        loginFailCount: p.session.loginFailCount,
        loginDate: p.user.loginDate,
        lang: ctx.lang,
      });
    },
    create: (ctx) => service.createUser(ctx, ctx.body),
    update: (ctx) => service.updateUser(ctx, ctx.body),
    page: async (ctx) => {
      const { page, size, ...filter } = ctx.body;
      const result = await repo.pageUsers(ctx.db, filter, page, size);
      return new Page(result.rows, result.total);
    },
    listAllSimple: (ctx) => repo.simpleUsers(ctx.db, undefined),
    listInnerSimple: (ctx) => repo.simpleUsers(ctx.db, eq(users.type, 1)),
    listOutSimple: (ctx) => {
      const name = ctx.query.username;
      return repo.simpleUsers(
        ctx.db,
        and(eq(users.type, 2), name ? contains(users.username, name) : undefined),
      );
    },
    get: async (ctx) => {
      const row = await repo.getUserRow(ctx.db, eq(users.id, ctx.params.id));
      if (!row) throw notFound();
      return row;
    },
    delete: (ctx) => service.deleteUser(ctx, ctx.params.id, ctx.query.reason),
    getByMobile: async (ctx) => (await repo.getUserRow(ctx.db, eq(users.mobile, ctx.params.phone))) ?? null,
    updateStatus: (ctx) => service.updateStatus(ctx, ctx.body.id, ctx.body.status, ctx.body.version),
    resetPassword: (ctx) => service.resetPassword(ctx, ctx.body.id, ctx.body.send),
    checkJobNumExist: (ctx) => service.jobNumberTaken(ctx, ctx.body.jobNumber, ctx.body.id),
    loginLogPage: async (ctx) => {
      const { page, size, ...filter } = ctx.body;
      const result = await repo.pageLoginLogs(ctx.db, filter, page, size);
      return new Page(result.rows, result.total);
    },
    operateLogPaging: async (ctx) => {
      const { page, size, ...filter } = ctx.body;
      const result = await pageAudit(ctx.db, filter, page, size);
      return new Page(await withRefs(ctx.db, result.rows, ctx.lang), result.total);
    },
    operateLogOptions: (ctx) => auditOptions(ctx.db, {}),
    operateLogExport: async (ctx) => {
      const rows = await withRefs(ctx.db, await auditRows(ctx.db, ctx.body, AUDIT_EXPORT_MAX), ctx.lang);
      const time = zonedTime(ctx);
      const book = await auditWorkbook(rows, ctx.lang, time);
      return download({
        name: `operation-log-${time.date(ctx.now)}.xlsx`,
        mime: XLSX_MIME,
        content: book,
      });
    },
  });
}
