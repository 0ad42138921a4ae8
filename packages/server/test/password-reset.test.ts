import { endpoints, ResultCode } from '@trialab/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_TTL_MS } from '../src/modules/auth/service.js';
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

describe.each(FEATURE_ENGINES)('forgot password on %s', (engine) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await startEnv(engine);
  });
  afterAll(() => env.close());

  /** Step 1 as the console does it: code sent after the puzzle, then checked for a reset token. */
  const resetTokenFor = async (account: { mobile: string } | { email: string }) => {
    const recipient = 'mobile' in account ? account.mobile : account.email.toLowerCase();
    const sent = await call(
      env.app,
      'mobile' in account ? auth.sendLoginSmsCode : auth.sendLoginMailCode,
      { body: { ...account, passToken: await passToken(env) } },
      env.clock.now,
    );
    expect(envelope(sent).code).toBe(200);
    const code = (await lastSentCode(env, recipient)) ?? '';
    const checked = envelope(
      await call(
        env.app,
        'mobile' in account ? auth.checkSmsCode : auth.checkEmailCode,
        { body: { ...account, code } },
        env.clock.now,
      ),
    );
    expect(checked.code).toBe(200);
    // Each test sends to its own account, but the next code to one target waits a minute.
    env.clock.advance(61_000);
    return (checked.data as { resetToken: string }).resetToken;
  };
  const reset = async (resetToken: string, password: string) =>
    envelope(await call(env.app, auth.resetPassword, { body: { resetToken, password } }, env.clock.now));

  it('by SMS: the reset token sets a policy-conforming password once and ends every session', async () => {
    const old = await login(env, '13800000007');
    const resetToken = await resetTokenFor({ mobile: '13800000007' });
    const weak = await call(
      env.app,
      auth.resetPassword,
      { body: { resetToken, password: 'short' } },
      env.clock.now,
    );
    expect(weak.statusCode).toBe(400);
    expect(envelope(weak).msg).toContain('at least three of');
    expect((await reset(resetToken, DEMO_PASSWORD)).code).toBe(ResultCode.PASSWORD_POLICY);
    // Refusals above spent nothing: the token still works.
    expect(await reset(resetToken, 'Reset#2026a')).toMatchObject({ code: 200, data: true });
    const reused = await reset(resetToken, 'Reset#2026b');
    expect(reused.code).toBe(ResultCode.CODE_INVALID);
    expect(reused.msg).toContain('confirm your account again');
    expect((await call(env.app, user.getCurrentUser, { session: old }, env.clock.now)).statusCode).toBe(401);
    await expect(login(env, '13800000007')).rejects.toThrow(/failed/);
    env.clock.advance(1_100);
    expect((await login(env, '13800000007', 'Reset#2026a')).login.isNeedUpdatePassword).toBe(false);
  });

  it('by e-mail: any case of the address, ending in a login with the new password', async () => {
    const resetToken = await resetTokenFor({ email: 'Finance@Trialab.local' });
    expect(await reset(resetToken, 'Mail#Reset1')).toMatchObject({ code: 200, data: true });
    expect((await login(env, 'finance@trialab.local', 'Mail#Reset1')).login.user.username).toBeTruthy();
    expect((await login(env, '13800000005', 'Mail#Reset1')).token).toBeTruthy();
  });

  it('refuses an expired token, a superseded one and a code of another account', async () => {
    const expired = await resetTokenFor({ mobile: '13800000004' });
    env.clock.advance(RESET_TTL_MS - 61_000 + 1);
    expect((await reset(expired, 'Late#Reset1')).code).toBe(ResultCode.CODE_INVALID);

    // Only the newest token of an account is valid.
    const first = await resetTokenFor({ mobile: '13800000004' });
    const second = await resetTokenFor({ email: 'biobank@trialab.local' });
    expect((await reset(first, 'First#Reset1')).code).toBe(ResultCode.CODE_INVALID);
    expect((await reset(second, 'Second#Reset1')).code).toBe(200);

    // A code sent to one account does not confirm another.
    await call(
      env.app,
      auth.sendLoginSmsCode,
      { body: { mobile: '13800000006', passToken: await passToken(env) } },
      env.clock.now,
    );
    const othersCode = (await lastSentCode(env, '13800000006')) ?? '';
    const crossed = await call(
      env.app,
      auth.checkSmsCode,
      { body: { mobile: '13800000003', code: othersCode } },
      env.clock.now,
    );
    expect(envelope(crossed).code).toBe(ResultCode.CODE_INVALID);
    // The token answers for its own account only: the reset above changed nobody else.
    expect((await login(env, '13800000006')).token).toBeTruthy();
    expect((await login(env, '13800000004', 'Second#Reset1')).token).toBeTruthy();
  });

  it('answers an unknown account like a wrong code, and throttles guesses per account', async () => {
    const unknown = envelope(
      await call(
        env.app,
        auth.checkEmailCode,
        { body: { email: 'nobody@nowhere.example', code: '123456' } },
        env.clock.now,
      ),
    );
    expect(unknown.code).toBe(ResultCode.CODE_INVALID);
    const guess = (body: { mobile: string; code: string } | { email: string; code: string }) =>
      call(env.app, 'mobile' in body ? auth.checkSmsCode : auth.checkEmailCode, { body }, env.clock.now);
    for (const body of [
      { mobile: '13800000002', code: '000001' },
      { email: 'reviewer@trialab.local', code: '000002' },
      { mobile: '13800000002', code: '000003' },
    ]) {
      expect(envelope(await guess(body)).code).toBe(ResultCode.CODE_INVALID);
    }
    const throttled = await guess({ email: 'reviewer@trialab.local', code: '000004' });
    expect(envelope(throttled).code).toBe(ResultCode.LOGIN_THROTTLED);
  });
});
