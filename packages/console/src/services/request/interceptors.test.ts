import { IDEMPOTENCY_HEADERS, IDEMPOTENCY_KEY_PATTERN, ResultCode } from '@trialab/api-contract/signing';
import axios, { AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { createClock } from './clock';
import {
  acceptsStatus,
  attachSession,
  browserTimeZone,
  installInterceptors,
  normalizeMethod,
  placeParams,
  requestPath,
  signRequest,
  trimParams,
} from './interceptors';
import { contentMd5, signature } from './signer';
import { type RequestDeps, RequestError } from './types';

const KEY = 'q7Lw3m0XvV1d2kYb8pN4sR6tU9xZ0aC5eG7iJ2lO4Qw=';
const texts: Record<string, string> = {
  'request.sessionExpired': '登录状态已过期，请重新登录',
  'request.validation': '校验错误',
  'request.network': '网络异常，请稍后再试',
  'request.business': '网络请求错误，请稍后再试',
  // The zh-HK table's words (a 503 is said from the console's own tables).
  'request.databaseUnavailable': '數據庫暫時不可用，請稍後再試',
  'request.unavailable': '服務暫時不可用，請稍後再試',
};

function config(partial: Partial<InternalAxiosRequestConfig>): InternalAxiosRequestConfig {
  return { headers: new AxiosHeaders(), ...partial } as InternalAxiosRequestConfig;
}

type Notify = (message: string) => void;
let deps: RequestDeps & {
  notifyError: Mock<Notify>;
  notifyWarning: Mock<Notify>;
  onUnauthorized: Mock<() => void>;
};
let token: string | null;
let key: string | null;
let lang: string;
let timeZone: string | undefined;

beforeEach(() => {
  token = 'Bearer abc';
  key = KEY;
  lang = 'zh-CN';
  timeZone = 'Asia/Shanghai';
  deps = {
    getAuthorization: () => token,
    getSigningKey: () => key,
    getLanguage: () => lang,
    getTimeZone: () => timeZone,
    notifyError: vi.fn<Notify>(),
    notifyWarning: vi.fn<Notify>(),
    onUnauthorized: vi.fn<() => void>(),
    translate: (k) => texts[k] ?? k,
    clock: createClock(() => 1_767_225_600_000),
    networkRetryDelaysMs: [0, 0],
  };
});

describe('placeParams', () => {
  it('sends GET and DELETE parameters as query', () => {
    const c = placeParams(config({ method: 'get', data: { a: 1 }, params: { b: 2 } }));
    expect(c.method).toBe('GET');
    expect(c.params).toEqual({ a: 1, b: 2 });
    expect(c.data).toBeUndefined();
    expect(placeParams(config({ method: 'delete', data: { id: 3 } })).params).toEqual({ id: 3 });
  });
  it('keeps POST and PUT bodies', () => {
    const c = placeParams(config({ method: 'put', data: { a: 1 } }));
    expect(c.method).toBe('PUT');
    expect(c.data).toEqual({ a: 1 });
  });
  it('falls back to GET for unknown methods', () => {
    expect(normalizeMethod('patch')).toBe('GET');
    expect(normalizeMethod(undefined)).toBe('GET');
    const c = placeParams(config({ method: 'options', data: { q: 'x' } }));
    expect(c.method).toBe('GET');
    expect(c.params).toEqual({ q: 'x' });
  });
});

describe('trimParams', () => {
  it('trims top-level strings of query and body', () => {
    const c = trimParams(config({ params: { a: ' x ', n: 1 }, data: { b: '\ty\n', list: [' k '] } }));
    expect(c.params).toEqual({ a: 'x', n: 1 });
    expect(c.data).toEqual({ b: 'y', list: [' k '] });
  });
  it('leaves arrays and skipped calls alone', () => {
    expect(trimParams(config({ data: [' a '] })).data).toEqual([' a ']);
    expect(trimParams(config({ data: { a: ' a ' }, skipTrim: true })).data).toEqual({ a: ' a ' });
  });
});

describe('attachSession', () => {
  it('adds the Authorization header', () => {
    const c = attachSession(deps)(config({ url: '/x' }));
    expect(c.headers.get('Authorization')).toBe('Bearer abc');
  });
  it('refuses a protected call without a session, with the SPEC warning', () => {
    token = null;
    expect(() => attachSession(deps)(config({ url: '/x' }))).toThrow(RequestError);
    expect(deps.notifyWarning).toHaveBeenCalledWith('登录状态已过期，请重新登录');
    expect(deps.onUnauthorized).toHaveBeenCalledOnce();
  });
  it('lets public calls through without a session', () => {
    token = null;
    const c = attachSession(deps)(config({ url: '/login', public: true }));
    expect(c.headers.has('Authorization')).toBe(false);
    expect(deps.notifyWarning).not.toHaveBeenCalled();
  });
});

describe('signRequest', () => {
  it('sets lang, timestamp, nonce and a verifiable signature on GET', async () => {
    lang = 'en-US';
    const c = await signRequest(deps)(
      config({
        method: 'GET',
        baseURL: '',
        url: '/api/kmct-user/sys/user/listOutSimple',
        params: { username: '张 三' },
      }),
    );
    expect(c.headers.get('lang')).toBe('en_US');
    // The query is sent exactly as the canonical string has it.
    expect(c.url).toBe('/api/kmct-user/sys/user/listOutSimple?username=%E5%BC%A0%20%E4%B8%89');
    expect(c.params).toBeUndefined();
    expect(c.headers.get('timestamp')).toBe('1767225600000');
    const nonce = String(c.headers.get('nonce'));
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(c.headers.has('Content-MD5')).toBe(false);
    expect(c.headers.get('Signature')).toBe(
      signature({
        method: 'GET',
        path: '/api/kmct-user/sys/user/listOutSimple',
        params: { username: '张 三' },
        timestamp: '1767225600000',
        nonce,
        contentMd5: '',
        key: KEY,
      }),
    );
  });
  it("sends the browser's time zone as tz, outside the signature", async () => {
    timeZone = 'America/New_York';
    const c = await signRequest(deps)(config({ method: 'POST', url: '/api/kmct/x', data: { a: 1 } }));
    expect(c.headers.get('tz')).toBe('America/New_York');
    timeZone = 'Asia/Shanghai';
    const same = await signRequest(deps)(
      config({ method: 'POST', url: '/api/kmct/x', data: { a: 1 }, headers: new AxiosHeaders() }),
    );
    expect(same.headers.get('tz')).toBe('Asia/Shanghai');
    // Exports use the zone of the screen: the one Intl reports for this browser.
    expect(browserTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    timeZone = undefined;
    const none = await signRequest(deps)(config({ method: 'GET', url: '/api/kmct/x' }));
    expect(none.headers.has('tz')).toBe(false);
  });
  it('hashes the exact JSON body of POST and PUT', async () => {
    const c = await signRequest(deps)(
      config({ method: 'POST', url: '/api/kmct/x', data: { a: 1, b: '李' } }),
    );
    expect(c.data).toBe('{"a":1,"b":"李"}');
    expect(c.headers.get('Content-MD5')).toBe(contentMd5('{"a":1,"b":"李"}'));
    const empty = await signRequest(deps)(config({ method: 'PUT', url: '/api/kmct/x' }));
    expect(empty.data).toBe('');
    expect(empty.headers.get('Content-MD5')).toBe('1B2M2Y8AsgTpgAmY7PhCfg==');
  });
  it('maps HK and CN to zh_CN (SPEC), and names HK in Accept-Language (the server answers it in Traditional Chinese)', async () => {
    lang = 'zh-HK';
    const c = await signRequest(deps)(config({ url: '/a' }));
    expect(c.headers.get('lang')).toBe('zh_CN');
    expect(c.headers.get('Accept-Language')).toBe('zh-HK');
  });
  it('sends no Signature before login (no key)', async () => {
    key = null;
    const c = await signRequest(deps)(
      config({ method: 'POST', url: '/api/kmct-user/sys/auth/login', data: {} }),
    );
    expect(c.headers.has('Signature')).toBe(false);
    expect(c.headers.has('Content-MD5')).toBe(true);
  });
  it('uses the URL path with the base address and without the query', () => {
    expect(requestPath({ baseURL: 'https://h.example/', url: '/api/kmct/a?x=1' })).toBe('/api/kmct/a');
    expect(requestPath({ baseURL: '', url: '/api/kmct/a' })).toBe('/api/kmct/a');
  });
});

describe('acceptsStatus', () => {
  it('accepts 2xx and the listed statuses only', () => {
    expect(acceptsStatus({}, 200)).toBe(true);
    expect(acceptsStatus({}, 400)).toBe(false);
    expect(acceptsStatus({ acceptStatus: [400] }, 400)).toBe(true);
    // checkSmsCode and checkEmailCode: any status of 200 or above is an answer
    expect(acceptsStatus({ acceptStatus: 'any' }, 500)).toBe(true);
  });
});

/** A fake transport: answers from a queue, recording each request config it sees. */
function fakeServer(
  answers: Array<(c: InternalAxiosRequestConfig) => { status: number; data: unknown } | 'no-response'>,
) {
  const seen: InternalAxiosRequestConfig[] = [];
  const instance = axios.create({
    adapter: async (c) => {
      seen.push(c);
      const answer = answers.shift();
      if (!answer) throw new Error('unexpected request');
      const result = answer(c);
      if (result === 'no-response') throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, c, {});
      const response = { ...result, statusText: '', headers: {}, config: c, request: {} };
      const validate = c.validateStatus ?? ((s: number) => s >= 200 && s < 300);
      if (validate(result.status)) return response;
      throw new AxiosError('status', AxiosError.ERR_BAD_REQUEST, c, {}, response);
    },
  });
  installInterceptors(instance, deps);
  return { instance, seen };
}

describe('bodies as sent', () => {
  it('sends a POST without a body as the empty body its Content-MD5 covers, not as `""`', async () => {
    const { instance, seen } = fakeServer([
      () => ({ status: 200, data: { code: 200, msg: 'ok', data: null } }),
      () => ({ status: 200, data: { code: 200, msg: 'ok', data: null } }),
    ]);
    await instance.request({ url: '/api/kmct-container/library/reservation/x/commit', method: 'POST' });
    expect(seen[0]?.data).toBe('');
    expect(seen[0]?.headers.get('Content-MD5')).toBe(contentMd5(''));
    await instance.request({ url: '/api/kmct/x', method: 'POST', data: { a: 1 } });
    expect(seen[1]?.data).toBe('{"a":1}');
  });
});

describe('responses (SPEC section 8)', () => {
  it('sends the zone on every call, file downloads included', async () => {
    timeZone = 'Asia/Shanghai';
    const { instance, seen } = fakeServer([() => ({ status: 200, data: new Blob(['x']) })]);
    await instance.request({
      url: '/api/kmct/export',
      method: 'POST',
      data: {},
      responseType: 'blob',
      raw: true,
    });
    expect(seen[0]?.headers.get('tz')).toBe('Asia/Shanghai');
  });
  it('resolves with the envelope on HTTP 200 and code 200', async () => {
    const { instance } = fakeServer([() => ({ status: 200, data: { code: 200, msg: 'ok', data: [1] } })]);
    const response = await instance.request({ url: '/api/kmct/a' });
    expect(response.data).toEqual({ code: 200, msg: 'ok', data: [1] });
  });
  it('shows msg, or the fallback, when the body code is not 200, and rejects', async () => {
    const { instance } = fakeServer([
      () => ({ status: 200, data: { code: 500, msg: '出错了', data: null } }),
      () => ({ status: 200, data: { code: 500, msg: '', data: null } }),
    ]);
    await expect(instance.request({ url: '/a' })).rejects.toMatchObject({ kind: 'business', code: 500 });
    await expect(instance.request({ url: '/a' })).rejects.toMatchObject({
      message: '网络请求错误，请稍后再试',
    });
    expect(deps.notifyError.mock.calls).toEqual([['出错了'], ['网络请求错误，请稍后再试']]);
  });
  it('rejects silently with the code when ignoreCode is set (request or body)', async () => {
    const { instance } = fakeServer([
      () => ({ status: 200, data: { code: 4091, msg: 'stale', data: null } }),
      () => ({ status: 200, data: { code: 7, msg: 'x', data: null, ignoreCode: true } }),
    ]);
    await expect(instance.request({ url: '/a', ignoreCode: true })).rejects.toMatchObject({
      code: 4091,
      silent: true,
    });
    await expect(instance.request({ url: '/a' })).rejects.toMatchObject({ code: 7, silent: true });
    expect(deps.notifyError).not.toHaveBeenCalled();
  });
  it('shows msg or 校验错误 on HTTP 400 and above unless ignored', async () => {
    const { instance } = fakeServer([
      () => ({ status: 400, data: { code: 400, msg: '账号不能为空', data: null } }),
      () => ({ status: 500, data: 'oops' }),
      () => ({ status: 409, data: { code: 409, msg: 'dup', data: null } }),
    ]);
    await expect(instance.request({ url: '/a' })).rejects.toMatchObject({ kind: 'http', status: 400 });
    await expect(instance.request({ url: '/a' })).rejects.toMatchObject({ message: '校验错误', status: 500 });
    await expect(instance.request({ url: '/a', ignoreErrorMessage: true })).rejects.toMatchObject({
      silent: true,
    });
    expect(deps.notifyError.mock.calls).toEqual([['账号不能为空'], ['校验错误']]);
  });
  it("says the database or the service is unavailable on HTTP 503, from the console's own table", async () => {
    const { instance } = fakeServer([
      () => ({ status: 503, data: { code: 503, msg: '数据库暂时不可用，请稍后再试', data: null } }),
      () => ({ status: 503, data: 'no instance ready' }),
    ]);
    await expect(instance.request({ url: '/a', method: 'POST', data: {} })).rejects.toMatchObject({
      kind: 'http',
      code: 503,
      status: 503,
      message: '數據庫暫時不可用，請稍後再試',
    });
    await expect(instance.request({ url: '/a' })).rejects.toMatchObject({ status: 503 });
    expect(deps.notifyError.mock.calls).toEqual([
      ['數據庫暫時不可用，請稍後再試'],
      ['服務暫時不可用，請稍後再試'],
    ]);
  });
  it('logs out on HTTP 401', async () => {
    const { instance } = fakeServer([
      () => ({ status: 401, data: { code: 401, msg: 'expired', data: null } }),
    ]);
    await expect(instance.request({ url: '/a' })).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(deps.onUnauthorized).toHaveBeenCalledOnce();
  });
  it('says 网络异常，请稍后再试 when there is no response', async () => {
    const { instance } = fakeServer([() => 'no-response']);
    await expect(instance.request({ url: '/a' })).rejects.toMatchObject({ kind: 'network' });
    expect(deps.notifyError).toHaveBeenCalledWith('网络异常，请稍后再试');
  });
  it('test-item enable: HTTP 400 accepted, body code "400" rejects silently with the code', async () => {
    const { instance } = fakeServer([
      () => ({ status: 400, data: { code: '400', msg: 'has data', data: null } }),
    ]);
    const call = instance.request({
      url: '/api/kmct/test-items/1/enable',
      method: 'PUT',
      validateStatus: (s) => acceptsStatus({ acceptStatus: [400] }, s),
    });
    await expect(call).rejects.toMatchObject({ code: '400', silent: true });
    expect(deps.notifyError).not.toHaveBeenCalled();
  });
  it('recovers from clock skew using the server time hint, once', async () => {
    const serverTime = 1_767_225_600_000 + 3_600_000;
    const { instance, seen } = fakeServer([
      () => ({
        status: 403,
        data: { code: ResultCode.TIMESTAMP_OUT_OF_WINDOW, msg: 'skew', data: { serverTime } },
      }),
      (c) => ({ status: 200, data: { code: 200, msg: 'ok', data: c.headers.timestamp } }),
    ]);
    const response = await instance.request({ url: '/a', method: 'GET', data: { q: 'x y' } });
    expect(response.data.data).toBe(String(serverTime));
    expect(seen).toHaveLength(2);
    expect(seen[1]?.url).toBe('/a?q=x%20y');
    const retried = seen[1];
    expect(retried?.headers.Signature).toBe(
      signature({
        method: 'GET',
        path: '/a',
        params: { q: 'x y' },
        timestamp: String(serverTime),
        nonce: String(retried?.headers.nonce),
        contentMd5: '',
        key: KEY,
      }),
    );
    expect(seen[0]?.headers.nonce).not.toBe(seen[1]?.headers.nonce);
    expect(deps.notifyError).not.toHaveBeenCalled();
  });
  it('does not loop when the server keeps refusing the timestamp', async () => {
    const refuse = () => ({
      status: 403,
      data: { code: ResultCode.TIMESTAMP_OUT_OF_WINDOW, msg: 'skew', data: { serverTime: 1 } },
    });
    const { instance, seen } = fakeServer([refuse, refuse]);
    await expect(instance.request({ url: '/a' })).rejects.toMatchObject({ status: 403 });
    expect(seen).toHaveLength(2);
  });
});

describe('idempotency keys and retries after no answer', () => {
  const ok = () => ({ status: 200, data: { code: 200, msg: 'ok', data: null } });
  const keyOf = (c: InternalAxiosRequestConfig | undefined) => c?.headers.get(IDEMPOTENCY_HEADERS.key);

  it('sends a fresh key on every state-changing call, none on GET', async () => {
    const { instance, seen } = fakeServer([ok, ok, ok, ok]);
    await instance.request({ url: '/a', method: 'POST', data: { a: 1 } });
    await instance.request({ url: '/a', method: 'POST', data: { a: 1 } });
    await instance.request({ url: '/a', method: 'DELETE', data: { id: 1 } });
    await instance.request({ url: '/a', method: 'GET' });
    const keys = seen.slice(0, 3).map(keyOf);
    for (const key of keys) expect(String(key)).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(new Set(keys).size).toBe(3);
    expect(keyOf(seen[3])).toBeUndefined();
  });
  it('sends a call that got no answer again, with the same key and a new nonce', async () => {
    const { instance, seen } = fakeServer([() => 'no-response', () => 'no-response', ok]);
    const response = await instance.request({ url: '/a', method: 'PUT', data: { a: 1 } });
    expect(response.data.code).toBe(200);
    expect(seen).toHaveLength(3);
    expect(new Set(seen.map(keyOf)).size).toBe(1);
    expect(new Set(seen.map((c) => c.headers.nonce)).size).toBe(3);
    expect(seen[2]?.data).toBe('{"a":1}');
    expect(deps.notifyError).not.toHaveBeenCalled();
  });
  it('gives up after two retries and says so once', async () => {
    const { instance, seen } = fakeServer([() => 'no-response', () => 'no-response', () => 'no-response']);
    await expect(instance.request({ url: '/a', method: 'POST', data: {} })).rejects.toMatchObject({
      kind: 'network',
    });
    expect(seen).toHaveLength(3);
    expect(deps.notifyError.mock.calls).toEqual([['网络异常，请稍后再试']]);
  });
  it('does not retry a GET, nor a call that got an answer', async () => {
    const { instance, seen } = fakeServer([
      () => 'no-response',
      () => ({ status: 500, data: { code: 500, msg: 'boom', data: null } }),
    ]);
    await expect(instance.request({ url: '/a', method: 'GET' })).rejects.toMatchObject({ kind: 'network' });
    await expect(instance.request({ url: '/a', method: 'POST', data: {} })).rejects.toMatchObject({
      status: 500,
    });
    expect(seen).toHaveLength(2);
  });
});
