import { endpoints } from '@trialab/api-contract';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { outbox } from '../../db/schema.js';
import { registerGroup } from '../../lib/route.js';
import * as service from './service.js';

const { auth } = endpoints;

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const rateLimit = { max: app.deps.config.authRateLimit, timeWindow: 60_000 };
  // Login outcomes by method, for monitoring (lib/metrics.ts).
  const { metrics } = app.deps;
  registerGroup(app, auth, {
    captcha: { handler: (ctx) => service.newCaptcha(ctx), rateLimit },
    captchaVerify: {
      handler: (ctx) => service.verifyCaptcha(ctx, ctx.body.captchaId, ctx.body.x),
      rateLimit,
    },
    login: {
      handler: (ctx) => metrics.countLogin('password', service.passwordLogin(ctx, ctx.body)),
      rateLimit,
    },
    sendLoginSmsCode: {
      handler: (ctx) => service.sendLoginCode(ctx, 'sms', ctx.body.mobile, ctx.body.passToken),
      rateLimit,
    },
    sendLoginMailCode: {
      handler: (ctx) => service.sendLoginCode(ctx, 'email', ctx.body.email, ctx.body.passToken),
      rateLimit,
    },
    smsLogin: {
      handler: (ctx) =>
        'mobile' in ctx.body
          ? metrics.countLogin('sms', service.codeLogin(ctx, 'sms', ctx.body.mobile, ctx.body.code))
          : metrics.countLogin('email', service.codeLogin(ctx, 'email', ctx.body.email, ctx.body.code)),
      rateLimit,
    },
    checkSmsCode: {
      handler: (ctx) => service.checkCode(ctx, 'sms', ctx.body.mobile, ctx.body.code),
      rateLimit,
    },
    checkEmailCode: {
      handler: (ctx) => service.checkCode(ctx, 'email', ctx.body.email, ctx.body.code),
      rateLimit,
    },
    resetPassword: {
      handler: (ctx) => service.resetPassword(ctx, ctx.body.resetToken, ctx.body.password),
      rateLimit,
    },
    wxAuthUrl: { handler: (ctx) => service.wxAuthUrl(ctx, ctx.query.redirectUri), rateLimit },
    wxAuthorizationUrl: { handler: (ctx) => service.wxAuthUrl(ctx, ctx.body.redirectUri), rateLimit },
    wxLogin: {
      handler: (ctx) => metrics.countLogin('wechat', service.wxLogin(ctx, ctx.body.code, ctx.body.state)),
      rateLimit,
    },
    logout: (ctx) => service.logout(ctx, ctx.principal.sessionId),
    firstUpdatePassword: (ctx) => {
      const p = ctx.principal;
      return service.changePassword(ctx, p.user, p.sessionId, ctx.body.password, undefined);
    },
    // The outbox shows login codes: only in development and demo mode, never in production.
    outbox:
      app.deps.config.mode === 'production'
        ? null
        : async (ctx) => {
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
          },
  });
}
