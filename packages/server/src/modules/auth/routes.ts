import { endpoints } from '@trialab/api-contract';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { outbox } from '../../db/schema.js';
import { route } from '../../lib/route.js';
import * as service from './service.js';

const { auth, user } = endpoints;

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const limit = { rateLimit: { max: app.deps.config.authRateLimit, timeWindow: 60_000 } };

  route(app, auth.captcha, (ctx) => service.newCaptcha(ctx), limit);
  route(app, auth.captchaVerify, (ctx) => service.verifyCaptcha(ctx, ctx.body.captchaId, ctx.body.x), limit);
  route(app, auth.login, (ctx) => service.passwordLogin(ctx, ctx.body), limit);
  route(
    app,
    auth.sendLoginSmsCode,
    (ctx) => service.sendLoginCode(ctx, 'sms', ctx.body.mobile, ctx.body.passToken),
    limit,
  );
  route(
    app,
    auth.sendLoginMailCode,
    (ctx) => service.sendLoginCode(ctx, 'email', ctx.body.email, ctx.body.passToken),
    limit,
  );
  route(
    app,
    auth.smsLogin,
    (ctx) =>
      'mobile' in ctx.body
        ? service.codeLogin(ctx, 'sms', ctx.body.mobile, ctx.body.code)
        : service.codeLogin(ctx, 'email', ctx.body.email, ctx.body.code),
    limit,
  );
  route(
    app,
    auth.checkSmsCode,
    (ctx) => service.checkCode(ctx, 'sms', ctx.body.mobile, ctx.body.code),
    limit,
  );
  route(
    app,
    auth.checkEmailCode,
    (ctx) => service.checkCode(ctx, 'email', ctx.body.email, ctx.body.code),
    limit,
  );
  route(
    app,
    auth.resetPassword,
    (ctx) => service.resetPassword(ctx, ctx.body.resetToken, ctx.body.password),
    limit,
  );
  route(app, auth.wxAuthUrl, (ctx) => service.wxAuthUrl(ctx, ctx.query.redirectUri), limit);
  route(app, auth.wxLogin, (ctx) => service.wxLogin(ctx, ctx.body.code, ctx.body.state), limit);
  route(app, auth.logout, (ctx) => service.logout(ctx, ctx.principal.sessionId));
  route(app, auth.firstUpdatePassword, (ctx) => {
    const p = ctx.principal;
    return service.changePassword(ctx, p.user, p.sessionId, ctx.body.password, undefined);
  });
  route(app, user.updatePassword, (ctx) => {
    const p = ctx.principal;
    return service.changePassword(ctx, p.user, p.sessionId, ctx.body.password, ctx.body.oldPassword);
  });
  route(app, user.checkPwd, (ctx) => {
    const p = ctx.principal;
    return service.checkLockPassword(ctx, p.user, p.sessionId, p.session.lockFailCount, ctx.body.password);
  });
  route(app, user.wxBind, (ctx) => service.wxBind(ctx, ctx.principal.userId, ctx.body.code, ctx.body.state));
  route(app, user.wxUnBind, (ctx) => service.wxUnbind(ctx, ctx.principal.userId));

  // The outbox shows login codes: only in development and demo mode, never in production.
  if (app.deps.config.mode !== 'production') {
    route(app, auth.outbox, async (ctx) => {
      const rows = await ctx.db
        .select()
        .from(outbox)
        .where(ctx.query.recipient ? eq(outbox.recipient, ctx.query.recipient) : undefined)
        .orderBy(desc(outbox.id))
        .limit(50);
      return rows.map((r) => ({
        id: r.id,
        channel: r.channel === 'sms' ? ('sms' as const) : ('email' as const),
        recipient: r.recipient,
        subject: r.subject,
        body: r.body,
        createdAt: r.createdAt.toISOString(),
      }));
    });
  }
}
