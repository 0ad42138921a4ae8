import { endpoints, fullPath, type Lang, ResultCode } from '@trialab/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_ENGINES } from './engines.js';
import { type CallOptions, call, envelope, login, type Session, startEnv, type TestEnv } from './helpers.js';

const { user } = endpoints;

/** How each reader's console asks (the console in zh-HK sends `lang: zh_CN` with `Accept-Language: zh-HK`). */
const READERS: Record<string, Pick<CallOptions, 'lang' | 'acceptLanguage'>> = {
  'the console in zh-HK': { lang: 'zh_CN', acceptLanguage: 'zh-HK' },
  'lang: zh_HK': { lang: 'zh_HK' },
  'the console in zh-CN': { lang: 'zh_CN', acceptLanguage: 'zh-CN' },
  'the console in en-US': { lang: 'en_US', acceptLanguage: 'en-US' },
};
const EXPECTED: Record<string, Lang> = {
  'the console in zh-HK': 'zh_HK',
  'lang: zh_HK': 'zh_HK',
  'the console in zh-CN': 'zh_CN',
  'the console in en-US': 'en_US',
};

describe.each(FEATURE_ENGINES)("the server's own messages in the reader's language on %s", (engine) => {
  let env: TestEnv;
  let admin: Session;
  let site: Session; // 陈中心, an external site user: no user administration

  beforeAll(async () => {
    env = await startEnv(engine);
    admin = await login(env, '13800000000');
    site = await login(env, '13900000001');
  });
  afterAll(() => env.close());

  const refusals: Record<Lang, { validation: string; permission: string; notFound: string }> = {
    zh_HK: {
      validation: '請求參數錯誤：body.size: 不能大於99999',
      permission: '對不起，您沒有操作權限：platform:account:page',
      notFound: '接口不存在',
    },
    zh_CN: {
      validation: '请求参数错误：body.size: 不能大于99999',
      permission: '对不起，您没有操作权限：platform:account:page',
      notFound: '接口不存在',
    },
    en_US: {
      validation: 'Invalid request: body.size: at most 99999',
      permission: 'Sorry, you are not allowed to: platform:account:page',
      notFound: 'No such API',
    },
  };

  it.each(Object.keys(READERS))('refuses bad input and a missing permission for %s', async (reader) => {
    const asked = READERS[reader];
    const expected = refusals[EXPECTED[reader] as Lang];
    const invalid = await call(
      env.app,
      user.page,
      { session: admin, ...asked, body: { size: 100_000 } },
      env.clock.now,
    );
    expect(invalid.statusCode).toBe(400);
    expect(envelope(invalid).msg).toBe(expected.validation);
    const forbidden = await call(env.app, user.page, { session: site, ...asked, body: {} }, env.clock.now);
    expect(envelope(forbidden)).toMatchObject({ code: ResultCode.FORBIDDEN, msg: expected.permission });
  });

  it('answers an unauthenticated call and a malformed body in Traditional Chinese for zh-HK', async () => {
    const headers = { lang: 'zh_CN', 'accept-language': 'zh-HK,zh;q=0.9' };
    const anonymous = await env.app.inject({
      method: 'POST',
      url: fullPath(user.page),
      headers,
      payload: {},
    });
    expect(anonymous.json()).toMatchObject({
      code: ResultCode.UNAUTHORIZED,
      msg: '登錄狀態已過期，請重新登錄',
    });
    const malformed = await env.app.inject({
      method: 'POST',
      url: fullPath(endpoints.auth.login),
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"account":',
    });
    expect(malformed.json()).toMatchObject({ code: ResultCode.BAD_REQUEST, msg: '請求內容不是有效的JSON' });
  });
});
