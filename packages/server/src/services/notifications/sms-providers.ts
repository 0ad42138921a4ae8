import Dysmsapi, { SendSmsRequest, type SendSmsResponse } from '@alicloud/dysmsapi20170525';
import { $OpenApiUtil } from '@alicloud/openapi-core';
import * as tencentSms from 'tencentcloud-sdk-nodejs-sms';
import type { SmsProviderConfig } from '../../config.js';
import { type OutgoingMessage, type OutgoingSms, orderedParams } from './message-kinds.js';
import { DeliveryError, type Notifier } from './notifier.js';

/*
 * SMS through the providers hospitals in China use, each with its own SDK. A provider sends a
 * template registered with it (by the kind's template id) under the registered signature; an
 * answer other than success, an HTTP error or a timeout is a DeliveryError (GuardedNotifier logs it
 * and answers "could not send").
 */

/** SMS_ENDPOINT as the SDKs want it: a host[:port] and the protocol (https unless the URL says http). */
function endpointOf(config: SmsProviderConfig, fallbackHost: string) {
  if (!config.endpoint) return { host: fallbackHost, protocol: 'https' as const };
  if (!config.endpoint.includes('://')) return { host: config.endpoint, protocol: 'https' as const };
  const url = new URL(config.endpoint);
  return { host: url.host, protocol: url.protocol === 'http:' ? ('http' as const) : ('https' as const) };
}

function asSms(message: OutgoingMessage): OutgoingSms {
  if (message.channel !== 'sms') throw new Error(`an SMS provider cannot send ${message.channel}`);
  return message as OutgoingSms;
}

/**
 * What an SDK's thrown error says. Its message is kept only when the provider answered (a request
 * id): a network error's message quotes the URL, and Alibaba's URL carries the template parameters.
 */
function thrownDetail(error: unknown) {
  const e = error as {
    code?: unknown;
    requestId?: unknown;
    statusCode?: unknown;
    httpCode?: unknown;
    name?: unknown;
    message?: unknown;
  };
  const text = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : undefined);
  const status = typeof e.statusCode === 'number' ? e.statusCode : e.httpCode;
  const requestId = text(e.requestId);
  return {
    code: text(e.code) ?? text(e.name),
    requestId,
    status: typeof status === 'number' ? status : undefined,
    message: requestId ? text(e.message) : undefined,
  };
}

// CommonJS with an ES-style default export: Node's import gives the module object (the class is
// its `default`), bundler-style interop (vitest) the class itself.
const AliyunClient: typeof Dysmsapi.default =
  (Dysmsapi as unknown as { default?: typeof Dysmsapi.default }).default ??
  (Dysmsapi as unknown as typeof Dysmsapi.default);

/** Alibaba Cloud SMS (dysmsapi 2017-05-25, SendSms). */
export class AliyunSmsNotifier implements Notifier {
  private readonly client: InstanceType<typeof AliyunClient>;
  constructor(private readonly config: SmsProviderConfig) {
    const { host, protocol } = endpointOf(config, 'dysmsapi.aliyuncs.com');
    this.client = new AliyunClient(
      new $OpenApiUtil.Config({
        accessKeyId: config.accessKeyId,
        accessKeySecret: config.accessKeySecret,
        regionId: config.region,
        endpoint: host,
        protocol,
        connectTimeout: config.timeoutMs,
        readTimeout: config.timeoutMs,
      }),
    );
  }

  async send(message: OutgoingMessage): Promise<void> {
    const sms = asSms(message);
    let answer: SendSmsResponse;
    try {
      answer = await this.client.sendSms(
        new SendSmsRequest({
          phoneNumbers: sms.recipient.replace(/^\+86/, ''),
          signName: this.config.signName,
          templateCode: this.config.templates[sms.kind],
          templateParam: JSON.stringify(sms.params),
        }),
      );
    } catch (error) {
      throw new DeliveryError('aliyun', thrownDetail(error));
    }
    const body = answer.body;
    if (body?.code !== 'OK') {
      throw new DeliveryError('aliyun', {
        code: body?.code ?? 'no answer',
        requestId: body?.requestId,
        message: body?.message,
      });
    }
  }
}

/** Tencent Cloud SMS (API 3.0, sms 2021-01-11, SendSms). */
export class TencentSmsNotifier implements Notifier {
  private readonly client: InstanceType<typeof tencentSms.sms.v20210111.Client>;
  constructor(private readonly config: SmsProviderConfig) {
    const { host, protocol } = endpointOf(config, 'sms.tencentcloudapi.com');
    this.client = new tencentSms.sms.v20210111.Client({
      credential: { secretId: config.accessKeyId, secretKey: config.accessKeySecret },
      region: config.region,
      profile: {
        httpProfile: { endpoint: host, protocol: `${protocol}://`, reqTimeout: config.timeoutMs / 1000 },
      },
    });
  }

  async send(message: OutgoingMessage): Promise<void> {
    const sms = asSms(message);
    let answer: Awaited<ReturnType<typeof this.client.SendSms>>;
    try {
      answer = await this.client.SendSms({
        SmsSdkAppId: this.config.sdkAppId,
        SignName: this.config.signName,
        TemplateId: this.config.templates[sms.kind],
        TemplateParamSet: orderedParams(sms),
        PhoneNumberSet: [sms.recipient.startsWith('+') ? sms.recipient : `+86${sms.recipient}`],
      });
    } catch (error) {
      throw new DeliveryError('tencent', thrownDetail(error));
    }
    const status = answer.SendStatusSet?.[0];
    if (status?.Code !== 'Ok') {
      throw new DeliveryError('tencent', {
        code: status?.Code ?? 'no answer',
        requestId: answer.RequestId,
        message: status?.Message,
      });
    }
  }
}

/** The configured provider's notifier. */
export function smsNotifier(config: SmsProviderConfig): Notifier {
  return config.provider === 'aliyun' ? new AliyunSmsNotifier(config) : new TencentSmsNotifier(config);
}
