import { createHash, randomBytes } from 'node:crypto';
import { endpoints, ResultCode } from '@trialab/api-contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dictData } from '../src/db/schema.js';
import { verifyTicket } from '../src/modules/system/device-ticket.js';
import { FEATURE_ENGINES } from './engines.js';
import {
  call,
  envelope,
  login,
  requestDeviceTicket,
  type Session,
  startEnv,
  type TestEnv,
  uploadRequest,
} from './helpers.js';

const { auth, dict, system, user } = endpoints;

describe.each(FEATURE_ENGINES)('system endpoints on %s', (engine) => {
  let env: TestEnv;
  let admin: Session;
  let lab: Session;
  beforeAll(async () => {
    env = await startEnv(engine);
    admin = await login(env, '13800000000');
    lab = await login(env, '13800000001');
  });
  afterAll(() => env.close());

  it('issues Ed25519 device tickets that verify with the published key', async () => {
    const key = envelope(await call(env.app, system.devicePublicKey, {}, env.clock.now)).data as {
      publicKeyPem: string;
      publicKeyRaw: string;
      keyId: string;
    };
    expect(Buffer.from(key.publicKeyRaw, 'base64')).toHaveLength(32);
    expect(key.keyId).toBe(
      createHash('sha256').update(Buffer.from(key.publicKeyRaw, 'base64')).digest('hex').slice(0, 16),
    );
    const issued = await requestDeviceTicket(env, lab);
    const payload = verifyTicket(key.publicKeyPem, issued.ticket, env.clock.now);
    expect(payload).toMatchObject({
      v: 1,
      kid: key.keyId,
      sub: String(lab.login.user.id),
      origin: 'http://127.0.0.1:8080',
      exp: issued.expiresAt,
    });
    expect(issued.expiresAt - env.clock.now).toBe(120_000);
    expect(verifyTicket(key.publicKeyPem, issued.ticket, env.clock.now + 120_001)).toBeUndefined();
    const [body = '', sig = ''] = issued.ticket.split('.');
    const forged = Buffer.from(Buffer.from(body, 'base64url').toString().replace('8080', '9999')).toString(
      'base64url',
    );
    expect(verifyTicket(key.publicKeyPem, `${forged}.${sig}`, env.clock.now)).toBeUndefined();
    const badOrigin = await call(
      env.app,
      system.deviceTicket,
      { session: lab, body: { origin: 'http://127.0.0.1:8080/path' } },
      env.clock.now,
    );
    expect(envelope(badOrigin).code).toBe(ResultCode.BAD_REQUEST);
  });

  const upload = async (name: string, content: Buffer, md5?: string) => {
    const request = uploadRequest(env.app, lab, env.clock.now, name, content, md5);
    return request.send(request.whole);
  };

  it('uploads and downloads files within the type and size limits', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(2000)]);
    const ok = envelope(await upload('报告 1.pdf', pdf));
    expect(ok).toMatchObject({
      code: 200,
      data: { name: '报告 1.pdf', size: pdf.length, mime: 'application/pdf' },
    });
    const id = (ok.data as { id: number }).id;
    const download = await call(
      env.app,
      system.fileDownload,
      { session: lab, params: { id } },
      env.clock.now,
    );
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);
    // RFC 6266: an ASCII fallback for old clients, then the exact name (lib/download.ts).
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="__ 1.pdf"; filename*=UTF-8''%E6%8A%A5%E5%91%8A%201.pdf`,
    );
    const fake = await upload('evil.pdf', Buffer.from('MZ not a pdf'));
    expect(envelope(fake).code).toBe(ResultCode.FILE_TYPE_NOT_ALLOWED);
    const exe = await upload('tool.exe', Buffer.from('MZ'));
    expect(envelope(exe).code).toBe(ResultCode.FILE_TYPE_NOT_ALLOWED);
    const tampered = await upload(
      'a.txt',
      Buffer.from('hello'),
      createHash('md5').update('other').digest('base64'),
    );
    expect(envelope(tampered).code).toBe(ResultCode.CONTENT_MD5_MISMATCH);
  });

  it('serves a file by id only to its uploader and to those who may see a record using it', async () => {
    const id = (
      envelope(await upload('运单.png', Buffer.from('89504e470d0a1a0a0000', 'hex'))).data as { id: number }
    ).id;
    const fetchAs = async (session: Session) =>
      (await call(env.app, system.fileDownload, { session, params: { id } }, env.clock.now)).statusCode;
    const site01 = await login(env, '13900000001'); // KM-2026-001 site 01
    const otherSite = await login(env, '13900000002'); // KM-2026-002
    const reviewer = await login(env, '13800000002');
    // Used by nothing yet: the uploader and the super account only.
    expect(await fetchAs(lab)).toBe(200);
    expect(await fetchAs(admin)).toBe(200);
    expect(await fetchAs(site01)).toBe(404);
    expect(await fetchAs(reviewer)).toBe(404);
    // Attached to a shipment of KM-2026-001 site 01: that site sees it, another project's site does not.
    await env.handle.db.execute(sql`
      UPDATE sample_transports SET attachment_file_ids = attachment_file_ids || ${JSON.stringify([id])}::jsonb
      WHERE id = (SELECT t.id FROM sample_transports t JOIN sites s ON s.id = t.site_id
                  JOIN projects p ON p.id = t.project_id
                  WHERE p.project_no = 'KM-2026-001' AND s.center_no = '01' ORDER BY t.id LIMIT 1)`);
    expect(await fetchAs(site01)).toBe(200);
    expect(await fetchAs(otherSite)).toBe(404);
  });

  it('refuses files over the size limit', async () => {
    const small = await env.secondInstance({ uploadMaxBytes: 1024 });
    const big = uploadRequest(small, lab, env.clock.now, 'big.txt', Buffer.alloc(4096, 'a'));
    const answer = await big.send(big.whole);
    expect(answer.statusCode).toBe(413);
    expect(envelope(answer).code).toBe(ResultCode.FILE_TOO_LARGE);
  });

  it('serves dictionaries 1001-1025 in pages and in batches', async () => {
    const page = envelope(
      await call(
        env.app,
        dict.page,
        { session: lab, body: { dictNo: 1011, page: 1, size: 2 } },
        env.clock.now,
      ),
    );
    expect(page.total).toBe(6);
    const first = (
      page.data as Array<{ dictNo: number; dictDataRespList: Array<{ label: string; enLabel: string }> }>
    )[0];
    expect(first?.dictNo).toBe(1011);
    expect(first?.dictDataRespList).toEqual([
      expect.objectContaining({ label: '红色', enLabel: 'Red' }),
      expect.objectContaining({ label: '紫色', enLabel: 'Purple' }),
    ]);
    const batch = envelope(
      await call(env.app, dict.types, { session: lab, body: { types: [1001, 1017, 1023] } }, env.clock.now),
    );
    expect(Object.keys(batch.data as object).sort()).toEqual(['1001', '1017', '1023']);
    // 1010 (project status) is retired: a project's states are its workflow's.
    for (let no = 1001; no <= 1025; no++) {
      if (no === 1010) continue;
      const one = envelope(
        await call(env.app, dict.page, { session: lab, body: { dictNo: no, size: 99 } }, env.clock.now),
      );
      expect(one.total, `dict ${no}`).toBeGreaterThan(1);
    }
    const added = await call(
      env.app,
      dict.batchInsert,
      {
        session: admin,
        body: { dictNo: 1011, items: [{ value: 'black', label: '黑色', enLabel: 'Black' }] },
      },
      env.clock.now,
    );
    expect(envelope(added)).toMatchObject({ code: 200, data: { inserted: 1 } });
    const again = await call(
      env.app,
      dict.batchInsert,
      { session: admin, body: { dictNo: 1011, items: [{ value: 'black', label: '黑', enLabel: 'Black' }] } },
      env.clock.now,
    );
    expect(envelope(again).code).toBe(ResultCode.DUPLICATE);
    const forbidden = await call(
      env.app,
      dict.batchInsert,
      { session: lab, body: { dictNo: 1011, items: [{ value: 'x', label: 'x', enLabel: 'x' }] } },
      env.clock.now,
    );
    expect(envelope(forbidden).code).toBe(ResultCode.FORBIDDEN);
  });

  it('gives a database from before an entry the code relies on that entry at its next start', async () => {
    // Dictionary 1009 value 5 (collected in an expired kit, the receipt's reason for such a line)
    // came after databases already ran: one without it gets it when a server starts on it.
    const reasons = async () =>
      (
        await env.handle.db
          .select({ value: dictData.value, label: dictData.label, enLabel: dictData.enLabel })
          .from(dictData)
          .where(eq(dictData.dictNo, 1009))
          .orderBy(asc(dictData.sort), asc(dictData.value))
      ).map((r) => [r.value, r.label, r.enLabel]);
    await env.handle.db.delete(dictData).where(and(eq(dictData.dictNo, 1009), eq(dictData.value, '5')));
    expect((await reasons()).map(([value]) => value)).toEqual(['1', '2', '3', '4']);
    await env.secondInstance();
    expect((await reasons()).at(-1)).toEqual(['5', '采样耗材过期', 'Collected in an expired kit']);
    const served = envelope(
      await call(env.app, dict.types, { session: lab, body: { types: [1009] } }, env.clock.now),
    ).data as Record<string, Array<{ value: string; enLabel: string }>>;
    expect(served['1009']?.find((i) => i.value === '5')?.enLabel).toBe('Collected in an expired kit');
  });

  it('keeps table heads per user and checks keyword uniqueness', async () => {
    const set = await call(
      env.app,
      system.tableHeadSet,
      { session: lab, body: { code: 'sample-list', dataIndexes: ['barcode', 'status'] } },
      env.clock.now,
    );
    expect(envelope(set).data).toBe(true);
    const mine = envelope(
      await call(
        env.app,
        system.tableHeadGet,
        { session: lab, body: { code: 'sample-list' } },
        env.clock.now,
      ),
    );
    expect(mine.data).toEqual({ code: 'sample-list', titles: ['barcode', 'status'] });
    const theirs = envelope(
      await call(
        env.app,
        system.tableHeadGet,
        { session: admin, body: { code: 'sample-list' } },
        env.clock.now,
      ),
    );
    expect(theirs.data).toEqual({ code: 'sample-list', titles: [] });
    const taken = await call(
      env.app,
      system.duplicate,
      { session: lab, body: { target: 'user.jobNumber', keyword: 'KM0101' } },
      env.clock.now,
    );
    expect(envelope(taken).data).toBe(true);
    const self = await call(
      env.app,
      system.duplicate,
      { session: lab, body: { target: 'user.jobNumber', keyword: 'KM0101', id: lab.login.user.id } },
      env.clock.now,
    );
    expect(envelope(self).data).toBe(false);
    const job = await call(
      env.app,
      user.checkJobNumExist,
      { session: admin, body: { jobNumber: 'KM0101' } },
      env.clock.now,
    );
    expect(envelope(job).data).toBe(true);
  });

  it('manages accounts: create, page with filters, duplicate job number, disable ends sessions', async () => {
    const created = await call(
      env.app,
      user.create,
      {
        session: admin,
        body: {
          username: '测试员',
          mobile: '13512340000',
          email: 'tester@trialab.local',
          jobNumber: 'KM7777',
          type: 1,
          password: 'Tester#2026',
          roleIds: [],
        },
      },
      env.clock.now,
    );
    expect(envelope(created).code).toBe(200);
    const dup = await call(
      env.app,
      user.create,
      {
        session: admin,
        lang: 'zh_CN',
        body: {
          username: '测试员2',
          mobile: '13512340001',
          jobNumber: 'KM7777',
          type: 1,
          password: 'Tester#2026',
          roleIds: [],
        },
      },
      env.clock.now,
    );
    expect(envelope(dup)).toMatchObject({ code: ResultCode.DUPLICATE, msg: '工号已存在' });
    const page = envelope(
      await call(env.app, user.page, { session: admin, body: { page: 1, size: 10, type: 2 } }, env.clock.now),
    );
    // 陈中心 and 林中心 (demo-data.ts) and 何研究 (portal-demo.ts).
    expect(page.total).toBe(3);
    const tester = await login(env, 'tester@trialab.local', 'Tester#2026');
    expect(tester.login.isNeedUpdatePassword).toBe(true);
    const row = envelope(
      await call(env.app, user.get, { session: admin, params: { id: tester.login.user.id } }, env.clock.now),
    ).data as { version: number };
    const off = await call(
      env.app,
      user.updateStatus,
      { session: admin, body: { id: tester.login.user.id, status: 0, version: row.version } },
      env.clock.now,
    );
    expect(envelope(off).code).toBe(200);
    const after = await call(
      env.app,
      auth.firstUpdatePassword,
      { session: tester, body: { password: 'Tester#2027' } },
      env.clock.now,
    );
    expect(after.statusCode).toBe(401);
  });

  it('limits the rate of the pre-login endpoints', async () => {
    // An instance of its own: the limit is counted per instance.
    const limited = await env.secondInstance({ authRateLimit: 3 });
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await call(limited, auth.captcha, {}, env.clock.now)).statusCode);
    expect(codes).toEqual([200, 200, 200, 429, 429]);
    const last = await call(limited, auth.captcha, { lang: 'zh_CN' }, env.clock.now);
    expect(envelope(last)).toMatchObject({
      code: ResultCode.TOO_MANY_REQUESTS,
      msg: '请求过于频繁，请稍后再试',
    });
  });
});
