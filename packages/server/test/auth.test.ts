import { endpoints, ResultCode } from '@trialab/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_ENGINES } from './engines.js';
import {
  call,
  DEMO_PASSWORD,
  envelope,
  lastSentCode,
  login,
  passToken,
  startEnv,
  type TestEnv,
} from './helpers.js';

const { auth, user } = endpoints;

describe.each(FEATURE_ENGINES)('account login on %s', (engine) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await startEnv(engine);
  });
  afterAll(() => env.close());

  it('logs in by mobile and by e-mail, returning a session token and signing key', async () => {
    const byMobile = await login(env, '13800000000');
    expect(byMobile.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(byMobile.signingKey, 'base64')).toHaveLength(32);
    expect(byMobile.login.user.isSuper).toBe(true);
    expect(byMobile.login.user.permissions).toEqual(['*:*:*']);
    const byEmail = await login(env, 'LAB@trialab.local');
    expect(byEmail.login.user.username).toBe('李实验');
    const me = envelope(await call(env.app, user.getCurrentUser, { session: byEmail }, env.clock.now));
    expect(me.code).toBe(200);
    expect(me.data).toMatchObject({ id: byEmail.login.user.id, type: 1 });
  });

  it('answers the same for a wrong password and an unknown account', async () => {
    const wrong = await call(
      env.app,
      auth.login,
      {
        body: {
          account: '13800000001',
          password: 'Wrong@1234',
          passToken: await passToken(env),
          agreement: true,
        },
      },
      env.clock.now,
    );
    const unknown = await call(
      env.app,
      auth.login,
      {
        body: {
          account: '13899999999',
          password: 'Wrong@1234',
          passToken: await passToken(env),
          agreement: true,
        },
      },
      env.clock.now,
    );
    expect(wrong.statusCode).toBe(unknown.statusCode);
    expect(envelope(wrong)).toEqual(envelope(unknown));
    expect(envelope(wrong).code).toBe(ResultCode.LOGIN_FAILED);
  });

  it('requires a solved, unused slide puzzle and the agreement', async () => {
    const token = await passToken(env);
    const first = await call(
      env.app,
      auth.login,
      {
        body: { account: '13800000002', password: DEMO_PASSWORD, passToken: token, agreement: true },
      },
      env.clock.now,
    );
    expect(envelope(first).code).toBe(200);
    const reused = await call(
      env.app,
      auth.login,
      {
        body: { account: '13800000002', password: DEMO_PASSWORD, passToken: token, agreement: true },
      },
      env.clock.now,
    );
    expect(envelope(reused).code).toBe(ResultCode.CAPTCHA_INVALID);
    const noAgreement = await call(
      env.app,
      auth.login,
      {
        body: {
          account: '13800000002',
          password: DEMO_PASSWORD,
          passToken: await passToken(env),
          agreement: false,
        },
      },
      env.clock.now,
    );
    expect(noAgreement.statusCode).toBe(400);
    expect(envelope(noAgreement).msg).toContain('accept the agreement');
  });

  it('refuses a puzzle answer outside the tolerance and spends the puzzle', async () => {
    const challenge = envelope(await call(env.app, auth.captcha, {}, env.clock.now)).data as {
      captchaId: string;
      background: string;
      piece: string;
      width: number;
    };
    expect(challenge.background).toMatch(/^data:image\/png;base64,/);
    expect(challenge.width).toBe(310);
    const miss = await call(
      env.app,
      auth.captchaVerify,
      { body: { captchaId: challenge.captchaId, x: -500 } },
      env.clock.now,
    );
    expect(envelope(miss).code).toBe(ResultCode.CAPTCHA_INVALID);
    const again = await call(
      env.app,
      auth.captchaVerify,
      { body: { captchaId: challenge.captchaId, x: 100 } },
      env.clock.now,
    );
    expect(envelope(again).code).toBe(ResultCode.CAPTCHA_INVALID);
  });

  it('delays further attempts progressively after failures, for unknown accounts too', async () => {
    const attempt = async (account: string) =>
      envelope(
        await call(
          env.app,
          auth.login,
          {
            body: { account, password: 'Wrong@1234', passToken: await passToken(env), agreement: true },
          },
          env.clock.now,
        ),
      );
    for (const account of ['13800000005', 'ghost@nowhere.example']) {
      for (let i = 0; i < 3; i++) expect((await attempt(account)).code).toBe(ResultCode.LOGIN_FAILED);
      const throttled = await attempt(account);
      expect(throttled.code).toBe(ResultCode.LOGIN_THROTTLED);
      expect(throttled.data).toMatchObject({ retryAfterMs: expect.any(Number) });
      env.clock.advance(1_100);
      expect((await attempt(account)).code).toBe(ResultCode.LOGIN_FAILED);
      // 4 failures now: the next wait is 2 s.
      env.clock.advance(1_100);
      expect((await attempt(account)).code).toBe(ResultCode.LOGIN_THROTTLED);
    }
    env.clock.advance(2_000);
    const ok = await login(env, '13800000005');
    expect(ok.login.user.loginFailCount).toBe(4);
  });

  const passwordAttempt = async (account: string, password = 'Wrong@1234') =>
    envelope(
      await call(
        env.app,
        auth.login,
        { body: { account, password, passToken: await passToken(env), agreement: true } },
        env.clock.now,
      ),
    );

  it('weighs at most three guesses of a parallel burst, the others wait like sequential ones', async () => {
    // Eight wrong guesses at once (each with its own puzzle) for an account and for an unknown
    // name: the throttle claims each attempt in one locked step, so a burst cannot slip past it.
    for (const account of ['13800000007', 'burst@nowhere.example']) {
      const tokens = [];
      for (let i = 0; i < 8; i++) tokens.push(await passToken(env));
      const answers = await Promise.all(
        tokens.map(async (token) =>
          envelope(
            await call(
              env.app,
              auth.login,
              { body: { account, password: 'Wrong@1234', passToken: token, agreement: true } },
              env.clock.now,
            ),
          ),
        ),
      );
      const codes = answers.map((a) => a.code);
      expect(codes.filter((c) => c === ResultCode.LOGIN_FAILED)).toHaveLength(3);
      expect(codes.filter((c) => c === ResultCode.LOGIN_THROTTLED)).toHaveLength(5);
    }
    env.clock.advance(1_100);
    // The account counted three failures, not eight: the next correct password is let in.
    expect((await login(env, '13800000007')).login.user.loginFailCount).toBe(3);
  });

  it('counts failures per account whichever of its names is typed, unknown names the same way', async () => {
    // An account's phone and e-mail share one counter: 3 failures across both, then the delay.
    for (const name of ['13800000004', 'biobank@trialab.local', '13800000004']) {
      expect((await passwordAttempt(name)).code).toBe(ResultCode.LOGIN_FAILED);
    }
    const known = await passwordAttempt('BIOBANK@trialab.local', DEMO_PASSWORD);
    expect(known).toMatchObject({ code: ResultCode.LOGIN_THROTTLED, data: { retryAfterMs: 1_000 } });
    expect(known.msg).toBe('Too many failed attempts; try again in 1 s');
    // An unknown name: same number of failures, same answer, same wait.
    for (let i = 0; i < 3; i++) {
      expect((await passwordAttempt('nobody@nowhere.example')).code).toBe(ResultCode.LOGIN_FAILED);
    }
    const unknown = await passwordAttempt('nobody@nowhere.example');
    expect(unknown).toEqual(known);
    env.clock.advance(1_100);
    expect((await login(env, 'biobank@trialab.local')).login.user.loginFailCount).toBe(3);
  });

  it('puts SMS and e-mail code guesses on the same per-account counter as passwords', async () => {
    const mobile = '13800000006';
    const email = 'sales@trialab.local';
    for (const body of [
      { mobile, passToken: await passToken(env) },
      { email, passToken: await passToken(env) },
    ]) {
      const sent = 'mobile' in body ? auth.sendLoginSmsCode : auth.sendLoginMailCode;
      expect(envelope(await call(env.app, sent, { body }, env.clock.now)).code).toBe(200);
    }
    const smsCode = (await lastSentCode(env, mobile)) ?? '';
    const mailCode = (await lastSentCode(env, email)) ?? '';
    const wrong = (code: string) => (code === '000000' ? '111111' : '000000');
    const codeAttempt = async (body: { mobile: string; code: string } | { email: string; code: string }) =>
      envelope(await call(env.app, auth.smsLogin, { body: { ...body, agreement: true } }, env.clock.now));

    expect((await passwordAttempt(mobile)).code).toBe(ResultCode.LOGIN_FAILED);
    expect((await codeAttempt({ email, code: wrong(mailCode) })).code).toBe(ResultCode.CODE_INVALID);
    expect((await codeAttempt({ mobile, code: wrong(smsCode) })).code).toBe(ResultCode.CODE_INVALID);
    // Three failures on the account: even the right code waits.
    expect((await codeAttempt({ mobile, code: smsCode })).code).toBe(ResultCode.LOGIN_THROTTLED);
    expect((await codeAttempt({ email, code: mailCode })).code).toBe(ResultCode.LOGIN_THROTTLED);
    // A code for an unknown number is throttled after as many guesses.
    for (let i = 0; i < 3; i++) {
      expect((await codeAttempt({ mobile: '13722223333', code: '123456' })).code).toBe(
        ResultCode.CODE_INVALID,
      );
    }
    expect((await codeAttempt({ mobile: '13722223333', code: '123456' })).code).toBe(
      ResultCode.LOGIN_THROTTLED,
    );
    env.clock.advance(1_100);
    expect((await codeAttempt({ mobile, code: smsCode })).code).toBe(200);
    // Success cleared the counter: the next wrong password is a plain failure again.
    expect((await passwordAttempt(email)).code).toBe(ResultCode.LOGIN_FAILED);
    expect((await passwordAttempt(email)).code).toBe(ResultCode.LOGIN_FAILED);
    expect((await codeAttempt({ email, code: mailCode })).code).toBe(200);
  });
});
