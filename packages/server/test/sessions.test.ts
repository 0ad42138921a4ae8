import { endpoints, endpointUrl, ResultCode } from '@trialab/api-contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaled } from '../../../vitest.machine.js';
import { auditLog, loginCodes } from '../src/db/schema.js';
import { FEATURE_ENGINES } from './engines.js';
import {
  call,
  DEMO_PASSWORD,
  dropListenConnections,
  envelope,
  lastSentCode,
  login,
  passToken,
  type Session,
  startEnv,
  type TestEnv,
} from './helpers.js';

const { auth, user } = endpoints;

describe.each(FEATURE_ENGINES)('sessions and password changes on %s', (engine) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await startEnv(engine);
  });
  afterAll(() => env.close());
  const me = (session: Awaited<ReturnType<typeof login>>) =>
    call(env.app, user.getCurrentUser, { session }, env.clock.now);

  it('gates every endpoint with PASSWORD_CHANGE_REQUIRED until first-update-password is done', async () => {
    const session = await login(env, 'newstaff@trialab.local');
    expect(session.login.isNeedUpdatePassword).toBe(true);
    expect(session.login.passwordChangeReason).toBe('first-login');
    const blocked = await me(session);
    expect(blocked.statusCode).toBe(403);
    expect(envelope(blocked).code).toBe(ResultCode.PASSWORD_CHANGE_REQUIRED);
    const menus = await call(env.app, user.getMenus, { session }, env.clock.now);
    expect(envelope(menus).code).toBe(ResultCode.PASSWORD_CHANGE_REQUIRED);
    const weak = await call(
      env.app,
      auth.firstUpdatePassword,
      { session, body: { password: 'weakpass' } },
      env.clock.now,
    );
    expect(weak.statusCode).toBe(400);
    expect(envelope(weak).msg).toContain('at least three of');
    const same = await call(
      env.app,
      auth.firstUpdatePassword,
      { session, body: { password: DEMO_PASSWORD } },
      env.clock.now,
    );
    expect(envelope(same).code).toBe(ResultCode.PASSWORD_POLICY);
    const done = await call(
      env.app,
      auth.firstUpdatePassword,
      { session, body: { password: 'Fresh#Pass1' } },
      env.clock.now,
    );
    expect(envelope(done)).toMatchObject({ code: 200, data: true });
    expect(envelope(await me(session)).code).toBe(200);
  });

  it('forces a change once the password is older than the validity period', async () => {
    const session = await login(env, '13800000006');
    expect(session.login.isNeedUpdatePassword).toBe(false);
    env.clock.advance(91 * 86_400_000);
    const expired = await login(env, '13800000006');
    expect(expired.login.passwordChangeReason).toBe('expired');
    expect(envelope(await me(expired)).code).toBe(ResultCode.PASSWORD_CHANGE_REQUIRED);
    const changed = await call(
      env.app,
      auth.firstUpdatePassword,
      { session: expired, body: { password: 'Sales#2027x' } },
      env.clock.now,
    );
    expect(envelope(changed).code).toBe(200);
    // The session that changed the password stays; the older one ended.
    expect(envelope(await me(expired)).code).toBe(200);
    expect((await me(session)).statusCode).toBe(401);
    env.clock.advance(-91 * 86_400_000);
  });

  it('ends the session at logout and after the idle timeout', async () => {
    const session = await login(env, '13800000003');
    expect(envelope(await me(session)).code).toBe(200);
    const out = await call(env.app, auth.logout, { session }, env.clock.now);
    expect(envelope(out).code).toBe(200);
    const after = await me(session);
    expect(after.statusCode).toBe(401);
    expect(envelope(after).msg).toMatch(/session has expired/);

    const idle = await login(env, '13800000003');
    env.clock.advance(59 * 60_000);
    expect(envelope(await me(idle)).code).toBe(200);
    env.clock.advance(59 * 60_000);
    expect(envelope(await me(idle)).code).toBe(200);
    env.clock.advance(61 * 60_000);
    expect((await me(idle)).statusCode).toBe(401);
  });

  it('a session ended on one instance is refused by another that had it cached', async () => {
    const second = await env.secondInstance();
    const session = await login(env, '13800000003');
    const there = () => call(second, user.getCurrentUser, { session }, env.clock.now);
    // The login's own NOTIFY (users.login_date) may still be on its way and empty the cache once.
    await expect
      .poll(async () => envelope(await there()).code === 200 && second.deps.sessionCache.size > 0, {
        timeout: scaled(5000),
        interval: 50,
      })
      .toBe(true);
    expect(envelope(await call(env.app, auth.logout, { session }, env.clock.now)).code).toBe(200);
    // NOTIFY reaches the other instance asynchronously, within milliseconds.
    await expect
      .poll(async () => (await there()).statusCode, { timeout: scaled(5000), interval: 20 })
      .toBe(401);
  });

  it('a disabled user is refused within a second even when the change notification never arrives', async () => {
    const session = await login(env, '13800000005');
    const cache = env.app.deps.sessionCache;
    // The login's own NOTIFY (users.login_date) may still be on its way and empty the cache once.
    await expect
      .poll(async () => envelope(await me(session)).code === 200 && cache.size > 0, {
        timeout: scaled(5000),
        interval: 50,
      })
      .toBe(true);
    const { db } = env.handle;
    // A change this instance does not hear of: as if its LISTEN connection had died silently.
    await db.execute(sql`ALTER TABLE users DISABLE TRIGGER users_auth_changed`);
    try {
      await db.execute(sql`UPDATE users SET status = 0 WHERE mobile = '13800000005'`);
    } finally {
      await db.execute(sql`ALTER TABLE users ENABLE TRIGGER users_auth_changed`);
    }
    try {
      expect(envelope(await me(session)).code).toBe(200); // still the cached look-up
      env.clock.advance(1_000);
      expect((await me(session)).statusCode).toBe(401);
    } finally {
      await db.execute(sql`UPDATE users SET status = 1 WHERE mobile = '13800000005'`);
    }
  });

  it('caches nothing while the change channel is down and listens again after a reconnect', async () => {
    const cache = env.app.deps.sessionCache;
    expect(cache.isLive).toBe(true);
    if (engine !== 'postgres') return; // PGlite is in-process: there is no connection to lose.
    await dropListenConnections(env);
    await expect.poll(() => cache.isLive, { timeout: scaled(5000), interval: 10 }).toBe(false);
    const session = await login(env, '13800000003');
    await expect.poll(() => cache.isLive, { timeout: scaled(10_000), interval: 50 }).toBe(true);
    expect(envelope(await me(session)).code).toBe(200);
  });

  it('updatePassword checks the old password and ends the other sessions', async () => {
    const a = await login(env, '13800000004');
    const b = await login(env, '13800000004');
    const wrongOld = await call(
      env.app,
      user.updatePassword,
      { session: a, body: { oldPassword: 'Nope#1234', password: 'Keeper#2027' } },
      env.clock.now,
    );
    expect(envelope(wrongOld).code).toBe(ResultCode.OLD_PASSWORD_WRONG);
    const ok = await call(
      env.app,
      user.updatePassword,
      { session: a, body: { oldPassword: DEMO_PASSWORD, password: 'Keeper#2027' } },
      env.clock.now,
    );
    expect(envelope(ok).code).toBe(200);
    expect(envelope(await me(a)).code).toBe(200);
    expect((await me(b)).statusCode).toBe(401);
    await expect(login(env, '13800000004')).rejects.toThrow(/failed/);
    expect((await login(env, '13800000004', 'Keeper#2027')).token).toBeTruthy();
  });

  it('wrong old passwords count like failed logins, are audited and the 4th ends the session', async () => {
    const session = await login(env, '13800000007');
    const change = () =>
      call(
        env.app,
        user.updatePassword,
        { session, body: { oldPassword: 'Nope#1234', password: 'Keeper#2028' } },
        env.clock.now,
      );
    for (const remaining of [3, 2, 1]) {
      expect(envelope(await change())).toMatchObject({
        code: ResultCode.OLD_PASSWORD_WRONG,
        data: { remaining },
      });
    }
    const fourth = await change();
    expect(fourth.statusCode).toBe(401);
    expect(envelope(fourth).msg).toMatch(/More than 3/);
    expect((await me(session)).statusCode).toBe(401);
    // The account's login counter holds the four: the next login waits, then shows them.
    await expect(login(env, '13800000007')).rejects.toThrow();
    env.clock.advance(2_100);
    expect((await login(env, '13800000007')).login.user.loginFailCount).toBe(4);
    const audited = await env.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.passwordWrong'), eq(auditLog.userId, session.login.user.id)));
    expect(audited.filter((a) => (a.newValue as { purpose: string }).purpose === 'oldPassword')).toHaveLength(
      4,
    );
  });

  it('lock screen: wrong passwords are counted and the 4th ends the session', async () => {
    const session = await login(env, '13800000002');
    const check = (password: string) =>
      call(env.app, user.checkPwd, { session, body: { account: '13800000002', password } }, env.clock.now);
    expect(envelope(await check(DEMO_PASSWORD))).toMatchObject({ code: 200, data: true });
    for (let i = 1; i <= 3; i++) {
      const wrong = envelope(await check('Wrong#pass1'));
      expect(wrong.code).toBe(ResultCode.LOCK_PASSWORD_WRONG);
      expect(wrong.msg).toMatch(/3 wrong attempts/);
    }
    const fourth = await check('Wrong#pass1');
    expect(fourth.statusCode).toBe(401);
    expect(envelope(fourth).msg).toMatch(/More than 3/);
    expect((await me(session)).statusCode).toBe(401);
  });
});

describe.each(FEATURE_ENGINES)('code and WeChat login on %s', (engine) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await startEnv(engine);
  });
  afterAll(() => env.close());

  const lastCode = (recipient: string) => lastSentCode(env, recipient);
  /** Binds the WeChat code to the session's user, then logs in by WeChat as that user. */
  const bindThenLogIn = async (session: Session, code: string, state: string, mobile: string) => {
    const bind = await call(env.app, user.wxBind, { session, body: { code, state } }, env.clock.now);
    expect(envelope(bind)).toMatchObject({ code: 200, data: true });
    const viaWx = await call(
      env.app,
      auth.wxLogin,
      { body: { code, state, agreement: true } },
      env.clock.now,
    );
    expect((envelope(viaWx).data as { user: { mobile: string } }).user.mobile).toBe(mobile);
  };

  it('sends an SMS code to the outbox and logs in with it once', async () => {
    const sent = await call(
      env.app,
      auth.sendLoginSmsCode,
      { body: { mobile: '13800000001', passToken: await passToken(env) } },
      env.clock.now,
    );
    expect(envelope(sent)).toMatchObject({ code: 200, data: null });
    const code = await lastCode('13800000001');
    expect(code).toMatch(/^\d{6}$/);
    const viaOutbox = envelope(
      await call(env.app, auth.outbox, { query: { recipient: '13800000001' } }, env.clock.now),
    );
    expect(JSON.stringify(viaOutbox.data)).toContain(code ?? 'missing');
    const ok = await call(
      env.app,
      auth.smsLogin,
      { body: { mobile: '13800000001', code, agreement: true } },
      env.clock.now,
    );
    expect(envelope(ok).code).toBe(200);
    const reused = await call(
      env.app,
      auth.smsLogin,
      { body: { mobile: '13800000001', code, agreement: true } },
      env.clock.now,
    );
    expect(envelope(reused).code).toBe(ResultCode.CODE_INVALID);
  });

  it('e-mail codes: 5 wrong tries spend the code, and it expires after 10 minutes', async () => {
    const email = 'pm@trialab.local';
    await call(
      env.app,
      auth.sendLoginMailCode,
      { body: { email, passToken: await passToken(env) } },
      env.clock.now,
    );
    const code = (await lastCode(email)) ?? '';
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      // Past the account's login throttle, which wrong codes feed too (auth.test.ts).
      env.clock.advance(5_000);
      const r = await call(
        env.app,
        auth.smsLogin,
        { body: { email, code: wrong, agreement: true } },
        env.clock.now,
      );
      expect(envelope(r).code).toBe(ResultCode.CODE_INVALID);
    }
    env.clock.advance(5_000);
    const right = await call(
      env.app,
      auth.smsLogin,
      { body: { email, code, agreement: true } },
      env.clock.now,
    );
    expect(envelope(right).code).toBe(ResultCode.CODE_INVALID);

    env.clock.advance(61_000);
    await call(
      env.app,
      auth.sendLoginMailCode,
      { body: { email, passToken: await passToken(env) } },
      env.clock.now,
    );
    const fresh = (await lastCode(email)) ?? '';
    env.clock.advance(10 * 60_000 + 1);
    const late = await call(
      env.app,
      auth.smsLogin,
      { body: { email, code: fresh, agreement: true } },
      env.clock.now,
    );
    expect(envelope(late).code).toBe(ResultCode.CODE_INVALID);
  });

  it('limits sending per number and answers the same for unknown numbers', async () => {
    const known = await call(
      env.app,
      auth.sendLoginSmsCode,
      { body: { mobile: '13800000003', passToken: await passToken(env) } },
      env.clock.now,
    );
    const unknown = await call(
      env.app,
      auth.sendLoginSmsCode,
      { body: { mobile: '13711112222', passToken: await passToken(env) } },
      env.clock.now,
    );
    expect(envelope(known)).toEqual(envelope(unknown));
    expect(await lastCode('13711112222')).toBeUndefined();
    const stored = await env.handle.db.select().from(loginCodes).where(eq(loginCodes.target, '13711112222'));
    expect(stored).toHaveLength(1);
    for (const mobile of ['13800000003', '13711112222']) {
      const again = await call(
        env.app,
        auth.sendLoginSmsCode,
        { body: { mobile, passToken: await passToken(env) } },
        env.clock.now,
      );
      expect(again.statusCode).toBe(429);
      expect(envelope(again).code).toBe(ResultCode.SEND_LIMITED);
    }
    const guessed = await call(
      env.app,
      auth.smsLogin,
      { body: { mobile: '13711112222', code: '123456', agreement: true } },
      env.clock.now,
    );
    expect(envelope(guessed).code).toBe(ResultCode.CODE_INVALID);
  });

  it('WeChat: unbound accounts are told to bind; after binding the code logs in', async () => {
    const redirectUri = 'http://127.0.0.1/login/wx';
    const start = envelope(await call(env.app, auth.wxAuthUrl, { query: { redirectUri } }, env.clock.now))
      .data as { url: string; state: string };
    expect(start.url).toContain('code=sim_');
    const code = 'sim_wx-lab-user';
    const unbound = await call(
      env.app,
      auth.wxLogin,
      { body: { code, state: start.state, agreement: true } },
      env.clock.now,
    );
    expect(envelope(unbound).code).toBe(ResultCode.WX_NOT_BOUND);
    const session = await login(env, '13800000001');
    await bindThenLogIn(session, code, start.state, '13800000001');
    const forged = await call(
      env.app,
      auth.wxLogin,
      { body: { code, state: `${start.state}x`, agreement: true } },
      env.clock.now,
    );
    expect(envelope(forged).code).toBe(ResultCode.CODE_INVALID);
    expect(envelope(await call(env.app, user.wxUnBind, { session }, env.clock.now)).data).toBe(true);
    const after = await call(
      env.app,
      auth.wxLogin,
      { body: { code, state: start.state, agreement: true } },
      env.clock.now,
    );
    expect(envelope(after).code).toBe(ResultCode.WX_NOT_BOUND);
  });

  it('WeChat binding: POST /api/kmct-base/wx/authorization-url gives a signed-in user the URL and a state that binds', async () => {
    const endpoint = auth.wxAuthorizationUrl;
    expect(endpointUrl(endpoint)).toBe('/api/kmct-base/wx/authorization-url');
    const redirectUri = 'http://127.0.0.1/personal/account';
    const anonymous = await call(env.app, endpoint, { body: { redirectUri } }, env.clock.now);
    expect(anonymous.statusCode).toBe(401);
    const session = await login(env, '13800000002');
    const malformed = await call(
      env.app,
      endpoint,
      { session, body: { redirectUri: 'not a url' } },
      env.clock.now,
    );
    expect(malformed.statusCode).toBe(400);
    expect(envelope(malformed).code).toBe(ResultCode.BAD_REQUEST);
    const start = envelope(await call(env.app, endpoint, { session, body: { redirectUri } }, env.clock.now))
      .data as { url: string; state: string };
    expect(start.url).toContain(`state=${encodeURIComponent(start.state)}`);
    const code = 'sim_wx-binding-user';
    await bindThenLogIn(session, code, start.state, '13800000002');
  });
});
