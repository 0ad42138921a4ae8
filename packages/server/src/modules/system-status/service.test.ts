import { describe, expect, it } from 'vitest';
import { lastMigrationName, secondsBetween, serviceModes } from './service.js';

describe('system information rules', () => {
  it('names the newest applied migration by its journal time', () => {
    const journal = [
      { tag: '0000_init', when: 100 },
      { tag: '0001_next', when: 200 },
    ];
    expect(lastMigrationName(journal, 200)).toBe('0001_next');
    expect(lastMigrationName(journal, 300)).toBeNull();
    expect(lastMigrationName(journal, null)).toBeNull();
  });

  it('says how mail, SMS and WeChat are set up, never the SMTP address or the SMS keys', () => {
    const outbox = { provider: 'outbox' as const };
    const smtp = serviceModes({
      smtpUrl: 'smtp://user:secret@mail.example:587',
      sms: outbox,
      wxProvider: 'wechat',
    });
    expect(smtp).toEqual({ mail: 'smtp', sms: 'outbox', wechat: 'wechat' });
    expect(JSON.stringify(smtp)).not.toContain('secret');
    expect(serviceModes({ smtpUrl: undefined, sms: outbox, wxProvider: 'simulated' }).mail).toBe('outbox');
    const tencent = serviceModes({
      smtpUrl: undefined,
      wxProvider: 'none',
      sms: {
        provider: 'tencent',
        accessKeyId: 'AKID-visible-nowhere',
        accessKeySecret: 'sms-secret-key',
        sdkAppId: '1400000000',
        signName: 'Trialab',
        templates: { loginCode: '1001', firstPassword: '1002' },
        region: 'ap-guangzhou',
        endpoint: undefined,
        timeoutMs: 5000,
      },
    });
    expect(tencent.sms).toBe('tencent');
    expect(JSON.stringify(tencent)).not.toMatch(/AKID|sms-secret-key/);
  });

  it('counts whole seconds of uptime, never negative', () => {
    expect(secondsBetween(1000, 62_999)).toBe(61);
    expect(secondsBetween(5000, 1000)).toBe(0);
  });
});
