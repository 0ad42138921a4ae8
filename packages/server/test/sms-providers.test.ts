import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { endpoints, ResultCode } from '@trialab/api-contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, type SmsProviderConfig } from '../src/config.js';
import type { Executor } from '../src/db/client.js';
import { loginCodes } from '../src/db/schema.js';
import { ApiError } from '../src/lib/errors.js';
import type { OutgoingMessage } from '../src/services/notifications/message-kinds.js';
import {
  DeliveryError,
  FAILING_MS,
  GuardedNotifier,
  type Notifier,
} from '../src/services/notifications/notifier.js';
import { AliyunSmsNotifier, TencentSmsNotifier } from '../src/services/notifications/sms-providers.js';
import { FEATURE_ENGINES } from './engines.js';
import { call, envelope, login, passToken, startEnv, type TestEnv } from './helpers.js';

const { auth, systemStatus } = endpoints;

/*
 * A local HTTP server answering as the providers' APIs do (Alibaba's RPC-style JSON, Tencent's API
 * 3.0 `{"Response": …}`), with each SDK's endpoint pointed at it over http. Nothing leaves 127.0.0.1.
 */

interface Received {
  method: string;
  headers: IncomingMessage['headers'];
  /** Query string and form or JSON body fields together. */
  fields: Record<string, unknown>;
}

type Answer = { status?: number; json: unknown } | 'never';

class FakeProvider {
  readonly received: Received[] = [];
  answer: Answer = { json: {} };
  private server!: Server;
  url = '';

  async start() {
    this.server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      req.on('end', () => {
        const fields: Record<string, unknown> = Object.fromEntries(
          new URL(req.url ?? '/', 'http://x').searchParams,
        );
        if (req.headers['content-type']?.includes('json')) Object.assign(fields, JSON.parse(raw || '{}'));
        else Object.assign(fields, Object.fromEntries(new URLSearchParams(raw)));
        this.received.push({ method: req.method ?? '', headers: req.headers, fields });
        const answer = this.answer;
        if (answer === 'never') return; // the timeout case: the socket stays open, silent
        res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer.json));
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop() {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

const fake = new FakeProvider();
beforeAll(() => fake.start());
afterAll(() => fake.stop());
afterEach(() => {
  fake.received.length = 0;
});

const providerConfig = (provider: 'aliyun' | 'tencent', timeoutMs = 2000): SmsProviderConfig => ({
  provider,
  accessKeyId: 'test-key-id',
  accessKeySecret: 'test-key-secret',
  sdkAppId: '1400000001',
  signName: '试验室',
  templates:
    provider === 'aliyun'
      ? { loginCode: 'SMS_100001', firstPassword: 'SMS_100002' }
      : { loginCode: '2001', firstPassword: '2002' },
  region: provider === 'aliyun' ? 'cn-hangzhou' : 'ap-guangzhou',
  endpoint: fake.url,
  timeoutMs,
});

const codeSms: OutgoingMessage = {
  kind: 'loginCode',
  channel: 'sms',
  recipient: '13800000003',
  lang: 'zh_CN',
  params: { code: '482913' },
};
const firstPasswordSms: OutgoingMessage = {
  kind: 'firstPassword',
  channel: 'sms',
  recipient: '13900000101',
  lang: 'zh_CN',
  params: { name: '李雷', mobile: '13900000101', password: 'Pw-a1b2c3' },
};
// The providers write nothing to the database.
const noDb = {} as Executor;

async function deliveryError(send: Promise<void>): Promise<DeliveryError> {
  const error = await send.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DeliveryError);
  return error as DeliveryError;
}

describe('Alibaba Cloud SMS (SendSms through @alicloud/dysmsapi20170525)', () => {
  const ok = { json: { Code: 'OK', Message: 'OK', BizId: '9001^0', RequestId: 'A1B2-OK' } };

  it('sends the template with its parameters by name, the signature and the phone number', async () => {
    fake.answer = ok;
    await new AliyunSmsNotifier(providerConfig('aliyun')).send(codeSms);
    await new AliyunSmsNotifier(providerConfig('aliyun')).send(firstPasswordSms);
    expect(fake.received).toHaveLength(2);
    const [code, first] = fake.received.map((r) => r.fields);
    expect(fake.received[0]?.headers['x-acs-action']).toBe('SendSms');
    expect(fake.received[0]?.headers.authorization).toContain('Credential=test-key-id');
    expect(code).toMatchObject({
      PhoneNumbers: '13800000003',
      SignName: '试验室',
      TemplateCode: 'SMS_100001',
    });
    expect(JSON.parse(String(code?.TemplateParam))).toEqual({ code: '482913' });
    expect(first).toMatchObject({ TemplateCode: 'SMS_100002', PhoneNumbers: '13900000101' });
    expect(JSON.parse(String(first?.TemplateParam))).toEqual({
      name: '李雷',
      mobile: '13900000101',
      password: 'Pw-a1b2c3',
    });
  });

  it("fails on the provider's error code, an HTTP 500 and a timeout, keeping its code and request id", async () => {
    const notifier = new AliyunSmsNotifier(providerConfig('aliyun', 300));
    fake.answer = {
      json: {
        Code: 'isv.BUSINESS_LIMIT_CONTROL',
        Message: '触发号码天级流控Permits:10',
        RequestId: 'A1B2-LIMIT',
      },
    };
    expect((await deliveryError(notifier.send(codeSms))).detail).toMatchObject({
      code: 'isv.BUSINESS_LIMIT_CONTROL',
      requestId: 'A1B2-LIMIT',
    });
    fake.answer = { json: { Code: 'isv.TEMPLATE_MISSING_PARAMETERS', RequestId: 'A1B2-PARAM' } };
    expect((await deliveryError(notifier.send(codeSms))).detail.code).toBe('isv.TEMPLATE_MISSING_PARAMETERS');
    fake.answer = { status: 500, json: { Code: 'InternalError', Message: 'busy', RequestId: 'A1B2-500' } };
    expect((await deliveryError(notifier.send(codeSms))).detail).toMatchObject({ status: 500 });
    fake.answer = 'never';
    const started = Date.now();
    const timedOut = await deliveryError(notifier.send(codeSms));
    expect(Date.now() - started).toBeLessThan(5000);
    expect(JSON.stringify(timedOut.detail)).not.toContain('482913');
    expect(fake.received).toHaveLength(4); // no retries behind our back
  });
});

describe('Tencent Cloud SMS (SendSms through tencentcloud-sdk-nodejs-sms)', () => {
  const answer = (Code: string, Message = 'send success') => ({
    json: {
      Response: {
        SendStatusSet: [
          {
            SerialNo: '5000:1',
            PhoneNumber: '+8613800000003',
            Fee: 1,
            SessionContext: '',
            Code,
            Message,
            IsoCode: 'CN',
          },
        ],
        RequestId: `tc-${Code}`,
      },
    },
  });

  it('sends the template with its parameters in order, the app id, the signature and a +86 number', async () => {
    fake.answer = answer('Ok');
    await new TencentSmsNotifier(providerConfig('tencent')).send(firstPasswordSms);
    const [request] = fake.received;
    expect(request?.headers['x-tc-action']).toBe('SendSms');
    expect(request?.headers['x-tc-version']).toBe('2021-01-11');
    expect(request?.headers.authorization).toMatch(/^TC3-HMAC-SHA256 Credential=test-key-id\//);
    expect(request?.fields).toEqual({
      SmsSdkAppId: '1400000001',
      SignName: '试验室',
      TemplateId: '2002',
      TemplateParamSet: ['李雷', '13900000101', 'Pw-a1b2c3'],
      PhoneNumberSet: ['+8613900000101'],
    });
  });

  it("fails on the send status, the API's error, an HTTP 500 and a timeout", async () => {
    const notifier = new TencentSmsNotifier(providerConfig('tencent', 300));
    fake.answer = answer('LimitExceeded.PhoneNumberDailyLimit', '单个手机号日下发短信条数超过设定的上限');
    expect((await deliveryError(notifier.send(codeSms))).detail).toMatchObject({
      code: 'LimitExceeded.PhoneNumberDailyLimit',
      requestId: 'tc-LimitExceeded.PhoneNumberDailyLimit',
    });
    fake.answer = {
      json: {
        Response: {
          Error: { Code: 'FailedOperation.SignatureIncorrectOrUnapproved', Message: '签名未审批或格式错误' },
          RequestId: 'tc-sign',
        },
      },
    };
    expect((await deliveryError(notifier.send(codeSms))).detail).toMatchObject({
      code: 'FailedOperation.SignatureIncorrectOrUnapproved',
      requestId: 'tc-sign',
    });
    fake.answer = { status: 500, json: {} };
    expect((await deliveryError(notifier.send(codeSms))).detail).toMatchObject({ status: 500 });
    fake.answer = 'never';
    const started = Date.now();
    await deliveryError(notifier.send(codeSms));
    expect(Date.now() - started).toBeLessThan(5000);
    expect(fake.received).toHaveLength(4);
  });
});

describe('a failed send', () => {
  const failing: Notifier = {
    send: async () => {
      throw new DeliveryError('aliyun', { code: 'isv.BUSINESS_LIMIT_CONTROL', requestId: 'A1B2-LIMIT' });
    },
  };

  it('is logged with provider, kind, code, request id and a masked phone, never the code, and answered SEND_FAILED', async () => {
    const logged: unknown[] = [];
    let now = 1_000_000;
    const guard = new GuardedNotifier(failing, { error: (details) => logged.push(details) }, () => now);
    const refused = await guard.send(codeSms, noDb).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).code).toBe(ResultCode.SEND_FAILED);
    expect(logged).toEqual([
      {
        delivery: {
          provider: 'aliyun',
          kind: 'loginCode',
          channel: 'sms',
          recipient: '138****0003',
          code: 'isv.BUSINESS_LIMIT_CONTROL',
          requestId: 'A1B2-LIMIT',
        },
      },
    ]);
    expect(JSON.stringify(logged)).not.toContain('482913');
    // Requests that send nothing answer the same while the channel is failing, and only then.
    expect(() => guard.refuseWhileFailing('sms')).toThrow(ApiError);
    expect(() => guard.refuseWhileFailing('email')).not.toThrow();
    now += FAILING_MS;
    expect(() => guard.refuseWhileFailing('sms')).not.toThrow();
  });

  it('a successful send ends the failing state; errors that are not deliveries pass through', async () => {
    let fail = true;
    const flaky: Notifier = {
      send: async () => {
        if (fail) throw new DeliveryError('tencent', { code: 'InternalError.Timeout' });
      },
    };
    const guard = new GuardedNotifier(flaky, { error: () => undefined }, () => 0);
    await expect(guard.send(codeSms, noDb)).rejects.toBeInstanceOf(ApiError);
    fail = false;
    await guard.send(codeSms, noDb);
    expect(() => guard.refuseWhileFailing('sms')).not.toThrow();
    const broken = new GuardedNotifier(
      { send: async () => Promise.reject(new TypeError('bug')) },
      { error: () => undefined },
      () => 0,
    );
    await expect(broken.send(codeSms, noDb)).rejects.toBeInstanceOf(TypeError);
  });
});

describe('SMS configuration', () => {
  const aliyunEnv = {
    SMS_PROVIDER: 'aliyun',
    SMS_ACCESS_KEY_ID: 'LTAI-id',
    SMS_ACCESS_KEY_SECRET: 'secret',
    SMS_SIGN_NAME: '试验室',
    SMS_TEMPLATE_LOGIN_CODE: 'SMS_100001',
    SMS_TEMPLATE_FIRST_PASSWORD: 'SMS_100002',
  };
  const tencentEnv = {
    SMS_PROVIDER: 'tencent',
    SMS_SECRET_ID: 'AKID-id',
    SMS_SECRET_KEY: 'secret',
    SMS_SDK_APP_ID: '1400000001',
    SMS_SIGN_NAME: '试验室',
    SMS_TEMPLATE_LOGIN_CODE: '2001',
    SMS_TEMPLATE_FIRST_PASSWORD: '2002',
  };
  const problem = (env: NodeJS.ProcessEnv) => {
    try {
      loadConfig(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    return null;
  };
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'trialab-sms-secrets-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('defaults to the outbox, also in production (main.ts warns there)', () => {
    expect(loadConfig({}).sms).toEqual({ provider: 'outbox' });
    expect(loadConfig({ TRIALAB_MODE: 'production' }).sms).toEqual({ provider: 'outbox' });
  });

  it("reads each provider's settings with their defaults", () => {
    expect(loadConfig(aliyunEnv).sms).toEqual({
      provider: 'aliyun',
      accessKeyId: 'LTAI-id',
      accessKeySecret: 'secret',
      sdkAppId: '',
      signName: '试验室',
      templates: { loginCode: 'SMS_100001', firstPassword: 'SMS_100002' },
      region: 'cn-hangzhou',
      endpoint: undefined,
      timeoutMs: 10_000,
    });
    expect(
      loadConfig({ ...tencentEnv, SMS_ENDPOINT: 'http://127.0.0.1:9', SMS_TIMEOUT_MS: '500' }).sms,
    ).toMatchObject({
      provider: 'tencent',
      sdkAppId: '1400000001',
      region: 'ap-guangzhou',
      endpoint: 'http://127.0.0.1:9',
      timeoutMs: 500,
    });
  });

  it('reads the secrets from *_FILE', async () => {
    await writeFile(join(dir, 'id'), 'AKID-from-file\n');
    await writeFile(join(dir, 'key'), 'key-from-file\n');
    const { SMS_SECRET_ID: _, SMS_SECRET_KEY: __, ...rest } = tencentEnv;
    const sms = loadConfig({
      ...rest,
      SMS_SECRET_ID_FILE: join(dir, 'id'),
      SMS_SECRET_KEY_FILE: join(dir, 'key'),
    }).sms as SmsProviderConfig;
    expect([sms.accessKeyId, sms.accessKeySecret]).toEqual(['AKID-from-file', 'key-from-file']);
    expect(problem({ ...rest, SMS_SECRET_ID_FILE: join(dir, 'missing'), SMS_SECRET_KEY: 'k' })).toContain(
      'SMS_SECRET_ID_FILE',
    );
    expect(problem({ ...tencentEnv, SMS_SECRET_KEY_FILE: join(dir, 'key') })).toContain('SMS_SECRET_KEY');
  });

  it('names the variable that is missing or malformed for the chosen provider', () => {
    const without = (env: Record<string, string>, name: string) =>
      Object.fromEntries(Object.entries(env).filter(([k]) => k !== name));
    for (const name of Object.keys(aliyunEnv).slice(1)) {
      expect(problem(without(aliyunEnv, name))).toContain(`${name}: required with SMS_PROVIDER=aliyun`);
    }
    for (const name of Object.keys(tencentEnv).slice(1)) {
      expect(problem(without(tencentEnv, name))).toContain(`${name}: required with SMS_PROVIDER=tencent`);
    }
    expect(problem({ ...tencentEnv, SMS_TEMPLATE_LOGIN_CODE: 'SMS_1' })).toContain(
      'SMS_TEMPLATE_LOGIN_CODE: must be digits',
    );
    expect(problem({ ...tencentEnv, SMS_SDK_APP_ID: 'app' })).toContain('SMS_SDK_APP_ID: must be digits');
    expect(problem({ ...aliyunEnv, SMS_ENDPOINT: 'ftp://x/y' })).toContain('SMS_ENDPOINT');
    expect(problem({ ...aliyunEnv, SMS_PROVIDER: 'twilio' })).toContain('SMS_PROVIDER');
    expect(problem({ ...aliyunEnv, SMS_TIMEOUT_MS: '0' })).toContain('SMS_TIMEOUT_MS');
  });
});

describe.each(FEATURE_ENGINES)('requesting a login code with a failing provider, on %s', (engine) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await startEnv(engine, { config: { sms: providerConfig('aliyun', 300) } });
  });
  afterAll(() => env.close());

  const send = async (mobile: string) =>
    call(
      env.app,
      auth.sendLoginSmsCode,
      { body: { mobile, passToken: await passToken(env) } },
      env.clock.now,
    );
  const codeRows = (target: string) =>
    env.handle.db.select().from(loginCodes).where(eq(loginCodes.target, target));
  const smsLogin = (mobile: string, code: string) =>
    call(env.app, auth.smsLogin, { body: { mobile, code, agreement: true } }, env.clock.now);

  it('answers "could not send", keeps no code, and answers unknown numbers the same meanwhile', async () => {
    fake.answer = { json: { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: 'limit', RequestId: 'A1B2-LIMIT' } };
    const refused = await send('13800000003');
    expect(refused.statusCode).toBe(502);
    expect(envelope(refused)).toMatchObject({
      code: ResultCode.SEND_FAILED,
      msg: 'The message could not be sent; please try again',
    });
    expect(await codeRows('13800000003')).toEqual([]);
    // The code the provider was asked to send is not usable.
    const asked = JSON.parse(String(fake.received[0]?.fields.TemplateParam)) as { code: string };
    expect(envelope(await smsLogin('13800000003', asked.code)).code).toBe(ResultCode.CODE_INVALID);
    // An unknown number gets the same answer while the provider fails, and nothing goes out for it.
    const unknown = await send('13711112222');
    expect(envelope(unknown)).toEqual(envelope(refused));
    expect(fake.received).toHaveLength(1);

    // Once the provider answers again the code it carried logs in.
    env.clock.advance(61_000);
    fake.answer = { json: { Code: 'OK', Message: 'OK', BizId: '1', RequestId: 'A1B2-OK' } };
    expect(envelope(await send('13800000003')).code).toBe(200);
    const sent = JSON.parse(String(fake.received[1]?.fields.TemplateParam)) as { code: string };
    expect(envelope(await smsLogin('13800000003', sent.code)).code).toBe(200);
    expect(envelope(await send('13711112222')).code).toBe(200);
    expect(fake.received).toHaveLength(2);
  });

  it('answers in Chinese when asked', async () => {
    fake.answer = { status: 500, json: {} };
    env.clock.advance(61_000);
    const refused = await call(
      env.app,
      auth.sendLoginSmsCode,
      { body: { mobile: '13800000004', passToken: await passToken(env) }, lang: 'zh_CN' },
      env.clock.now,
    );
    expect(envelope(refused)).toMatchObject({
      code: ResultCode.SEND_FAILED,
      msg: '消息发送失败，请稍后重试',
    });
  });

  it('system information names the provider, not its keys', async () => {
    const session = await login(env, '13800000000');
    const info = envelope(await call(env.app, systemStatus.info, { session }, env.clock.now));
    expect(info.data).toMatchObject({ sms: 'aliyun' });
    expect(JSON.stringify(info.data)).not.toMatch(/test-key-id|test-key-secret/);
  });
});
