import { endpoints, ResultCode } from '@trialab/api-contract';
import { desc, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema.js';
import { verifyAuditChain } from '../src/lib/audit-verification.js';
import { BOTH_ENGINES } from './engines.js';
import { call, envelope, login, type Session, startEnv, type TestEnv } from './helpers.js';

const { auth, role, user, dict } = endpoints;

describe.each(BOTH_ENGINES)('audit trail, concurrency and bad input on %s', (engine) => {
  let env: TestEnv;
  let admin: Session;
  beforeAll(async () => {
    env = await startEnv(engine);
    admin = await login(env, '13800000000');
  });
  afterAll(() => env.close());

  it('writes the audit record in the request transaction; a failed request leaves none', async () => {
    const created = await call(
      env.app,
      role.create,
      { session: admin, body: { name: '质控员', code: 'qc', permissionIds: [], reason: '新增质控岗位' } },
      env.clock.now,
    );
    expect(envelope(created).code).toBe(200);
    const [row] = await env.handle.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(row).toMatchObject({
      action: 'role.create',
      entity: 'role',
      username: '超级管理员',
      requestId: expect.any(String),
    });
    const before = await env.handle.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
    const duplicate = await call(
      env.app,
      role.create,
      { session: admin, body: { name: '质控员', code: 'qc2', permissionIds: [], reason: '新增质控岗位' } },
      env.clock.now,
    );
    expect(duplicate.statusCode).toBe(409);
    expect(envelope(duplicate)).toMatchObject({ code: ResultCode.DUPLICATE, msg: 'Name already exists' });
    const after = await env.handle.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('refuses a stale edit with a clear message instead of overwriting', async () => {
    const list = envelope(
      await call(env.app, role.page, { session: admin, body: { name: '质控员' } }, env.clock.now),
    ).data as Array<{
      id: number;
      version: number;
    }>;
    const target = list[0];
    if (!target) throw new Error('role missing');
    const edit = (name: string, lang: 'zh_CN' | 'en_US' = 'en_US') =>
      call(
        env.app,
        role.update,
        {
          session: admin,
          lang,
          body: {
            id: target.id,
            version: target.version,
            name,
            code: 'qc',
            permissionIds: [],
            reason: '改名',
          },
        },
        env.clock.now,
      );
    expect(envelope(await edit('质控员A'))).toMatchObject({
      code: 200,
      data: { version: target.version + 1 },
    });
    const stale = await edit('质控员B');
    expect(stale.statusCode).toBe(409);
    expect(envelope(stale)).toMatchObject({
      code: ResultCode.STALE_VERSION,
      msg: expect.stringMatching(/changed by someone else/),
    });
    expect(envelope(await edit('质控员B', 'zh_CN')).msg).toBe('数据已被他人修改，请刷新后重试');
    const current = envelope(
      await call(env.app, role.get, { session: admin, params: { id: target.id } }, env.clock.now),
    ).data;
    expect(current).toMatchObject({ name: '质控员A' });
  });

  it('requires a reason to delete an account and records it', async () => {
    const created = envelope(
      await call(
        env.app,
        user.create,
        {
          session: admin,
          body: { username: '临时用户', mobile: '13612345678', type: 1, password: 'Temp#Pass1', roleIds: [] },
        },
        env.clock.now,
      ),
    ).data as { id: number };
    const noReason = await call(
      env.app,
      user.delete,
      { session: admin, params: { id: created.id } },
      env.clock.now,
    );
    expect(envelope(noReason).code).toBe(ResultCode.REASON_REQUIRED);
    const ok = await call(
      env.app,
      user.delete,
      { session: admin, params: { id: created.id }, query: { reason: '离职' } },
      env.clock.now,
    );
    expect(envelope(ok).code).toBe(200);
    const [row] = await env.handle.db.select().from(auditLog).where(eq(auditLog.action, 'user.delete'));
    expect(row).toMatchObject({ reason: '离职', entityId: String(created.id) });
    expect(JSON.stringify(row?.oldValue)).toContain('13612345678');
  });

  it('verifies the hash chain and finds a tampered row', async () => {
    const intact = await verifyAuditChain(env.handle.db);
    expect(intact).toMatchObject({ ok: true });
    expect(intact.rows).toBeGreaterThan(5);
    const rows = await env.handle.db.select({ id: auditLog.id }).from(auditLog).orderBy(auditLog.id);
    const victim = rows[3]?.id;
    if (victim === undefined) throw new Error('not enough audit rows');
    // What an attacker with database access would do: switch off the guard and edit history.
    await env.handle.db.execute(sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update`);
    await env.handle.db.execute(sql`UPDATE audit_log SET reason = 'edited' WHERE id = ${victim}`);
    expect(await verifyAuditChain(env.handle.db, { batchSize: 2 })).toMatchObject({
      ok: false,
      rows: intact.rows,
      problems: [{ rowId: victim, reason: 'hash-mismatch' }],
    });
    await env.handle.db.execute(sql`DELETE FROM audit_log WHERE id = ${victim}`);
    const next = rows[4]?.id;
    expect(await verifyAuditChain(env.handle.db)).toMatchObject({
      ok: false,
      rows: intact.rows - 1,
      problems: [{ rowId: next, reason: 'prev-hash-mismatch' }],
    });
    await env.handle.db.execute(sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_update`);
  });

  it('answers arbitrary bodies with a clear 400, never a 500 (property-based)', async () => {
    const targets = [
      auth.login,
      auth.captchaVerify,
      user.page,
      user.create,
      role.create,
      role.update,
      dict.types,
      user.checkJobNumExist,
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...targets),
        fc.jsonValue(),
        fc.constantFrom<'zh_CN' | 'en_US'>('zh_CN', 'en_US'),
        async (endpoint, body, lang) => {
          const response = await call(env.app, endpoint, { session: admin, body, lang }, env.clock.now);
          expect(response.statusCode).toBeLessThan(500);
          const result = envelope(response);
          if (response.statusCode === 400) {
            expect(result.code === ResultCode.BAD_REQUEST || result.code === ResultCode.CAPTCHA_INVALID).toBe(
              true,
            );
            expect(result.msg.length).toBeGreaterThan(4);
            expect(result.msg).toMatch(lang === 'zh_CN' ? /[\u4e00-\u9fa5]/ : /[A-Za-z]/);
          }
        },
      ),
      { numRuns: 60 },
    );
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 60 }), async (raw) => {
        const response = await call(env.app, user.page, { session: admin, rawBody: raw }, env.clock.now);
        expect(response.statusCode).toBeLessThan(500);
      }),
      { numRuns: 40 },
    );
    const malformed = await call(
      env.app,
      user.page,
      { session: admin, rawBody: '{"page":', lang: 'zh_CN' },
      env.clock.now,
    );
    expect(malformed.statusCode).toBe(400);
    expect(envelope(malformed).msg).toBe('请求体不是合法的JSON');
    const badId = await call(
      env.app,
      user.get,
      { session: admin, params: { id: 'abc' } as never },
      env.clock.now,
    );
    expect(badId.statusCode).toBe(400);
    expect(envelope(badId).msg).toMatch(/^Invalid request: params\.id/);
  });

  // The body limit is the HTTP layer's, before any query: it rides on this suite's servers instead
  // of starting one of its own.
  it('answers oversized JSON with 413 and a clear message', async () => {
    const big = JSON.stringify({ page: 1, size: 10, username: 'x'.repeat(3 * 1024 * 1024) });
    const response = await call(env.app, user.page, { session: admin, rawBody: big }, env.clock.now);
    expect(response.statusCode).toBe(413);
    expect(envelope(response)).toMatchObject({
      code: ResultCode.BODY_TOO_LARGE,
      msg: 'The request body is too large',
    });
  });
});
