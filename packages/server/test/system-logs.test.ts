import { readFileSync } from 'node:fs';
import { endpoints, ResultCode } from '@trialab/api-contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_ENGINES } from './engines.js';
import {
  call,
  DEMO_PASSWORD,
  envelope,
  login,
  passToken,
  type Session,
  startEnv,
  type TestEnv,
} from './helpers.js';

const JOURNAL = JSON.parse(
  readFileSync(new URL('../drizzle/meta/_journal.json', import.meta.url), 'utf8'),
) as {
  entries: Array<{ tag: string }>;
};

const { auth, dict, supply, systemStatus, user } = endpoints;

// Secrets the configuration holds: none may reach the system information answer.
const SECRETS = {
  databaseUrl: 'postgres://trialab:Db-Secret-9931@db.internal.example:5432/trialab',
  smtpUrl: 'smtp://mailer:Smtp-Secret-4417@smtp.internal.example:587',
  auditTrustedKeysFile: '/nonexistent-trialab-keys/audit-trusted.pem',
};

interface LoginLogRow {
  account: string;
  method: string;
  success: boolean;
  reason: string | null;
  failCount: number | null;
  ip: string | null;
  userAgent: string | null;
}

describe.each(FEATURE_ENGINES)(
  'login log, operation log, system information and own account on %s',
  (engine) => {
    let env: TestEnv;
    let admin: Session;
    let reviewer: Session;
    let lab: Session;
    beforeAll(async () => {
      env = await startEnv(engine, { config: { ...SECRETS } });
      admin = await login(env, '13800000000');
      reviewer = await login(env, '13800000002');
      lab = await login(env, '13800000001');
    });
    afterAll(() => env.close());

    const attempt = async (account: string, password: string) =>
      call(
        env.app,
        auth.login,
        { body: { account, password, passToken: await passToken(env), agreement: true } },
        env.clock.now,
      );
    const loginLog = async (session: Session, body: Record<string, unknown>) =>
      envelope(
        await call(
          env.app,
          user.loginLogPage,
          { session, body: { page: 1, size: 50, ...body } },
          env.clock.now,
        ),
      );

    it('records why a login failed and how many times in a row, filterable by account, result, IP and method', async () => {
      expect(envelope(await attempt('13800000005', 'Wrong#pass1')).code).toBe(ResultCode.LOGIN_FAILED);
      expect(envelope(await attempt('13800000005', 'Wrong#pass2')).code).toBe(ResultCode.LOGIN_FAILED);
      expect(envelope(await attempt('13799990123', 'Wrong#pass3')).code).toBe(ResultCode.LOGIN_FAILED);
      await login(env, '13800000005');

      const mine = (await loginLog(reviewer, { account: '13800000005' })).data as LoginLogRow[];
      expect(mine.map((r) => [r.success, r.reason, r.failCount])).toEqual([
        [true, null, 2],
        [false, 'wrongPassword', 2],
        [false, 'wrongPassword', 1],
      ]);
      expect(mine.every((r) => r.method === 'password' && r.ip === '127.0.0.1')).toBe(true);
      const unknown = (await loginLog(reviewer, { account: '13799990123' })).data as LoginLogRow[];
      expect(unknown.map((r) => [r.reason, r.failCount])).toEqual([['unknownAccount', 1]]);

      const failures = (await loginLog(reviewer, { success: false })).data as LoginLogRow[];
      expect(failures.length).toBeGreaterThanOrEqual(3);
      expect(failures.every((r) => !r.success)).toBe(true);
      expect(
        envelope(
          await call(
            env.app,
            user.loginLogPage,
            { session: reviewer, body: { page: 1, size: 10, ip: '10.9.' } },
            env.clock.now,
          ),
        ).total,
      ).toBe(0);
      expect(((await loginLog(reviewer, { ip: '127.0.0', method: 'sms' })).data as unknown[]).length).toBe(0);
      expect(((await loginLog(reviewer, { method: 'password' })).data as unknown[]).length).toBeGreaterThan(
        3,
      );
    });

    it('refuses the login log to a user without its permission', async () => {
      const refused = await call(
        env.app,
        user.loginLogPage,
        { session: lab, body: { page: 1, size: 10 } },
        env.clock.now,
      );
      expect(envelope(refused).code).toBe(ResultCode.FORBIDDEN);
    });

    it('finds a change by keyword with its old and new values, and exports the filter as xlsx in the user zone', async () => {
      const item = envelope(
        await call(
          env.app,
          dict.page,
          { session: admin, body: { page: 1, size: 1, dictNo: 1001 } },
          env.clock.now,
        ),
      ).data as Array<{
        dictDataRespList: Array<{
          id: number;
          label: string;
          enLabel: string;
          value: string;
          sort: number;
          version: number;
        }>;
      }>;
      const row = item[0]?.dictDataRespList[0];
      if (!row) throw new Error('no dictionary item');
      const label = `Audit-${engine}-7731`;
      const updated = await call(
        env.app,
        dict.update,
        {
          session: admin,
          body: {
            id: row.id,
            version: row.version,
            value: row.value,
            label,
            enLabel: row.enLabel,
            sort: row.sort,
          },
        },
        env.clock.now,
      );
      expect(envelope(updated).code).toBe(200);

      const found = envelope(
        await call(
          env.app,
          user.operateLogPaging,
          { session: reviewer, body: { page: 1, size: 10, keyword: label } },
          env.clock.now,
        ),
      );
      expect(found.total).toBe(1);
      expect(found.data).toMatchObject([
        {
          action: 'dict.update',
          entity: 'dictData',
          entityId: String(row.id),
          oldValue: { label: row.label },
          newValue: { label },
        },
      ]);
      const none = envelope(
        await call(
          env.app,
          user.operateLogPaging,
          { session: reviewer, body: { page: 1, size: 10, keyword: label, action: 'dict.import' } },
          env.clock.now,
        ),
      );
      expect(none.total).toBe(0);

      const exported = await call(
        env.app,
        user.operateLogExport,
        { session: admin, body: { keyword: label }, tz: 'Asia/Tokyo', lang: 'zh_CN' },
        env.clock.now,
      );
      expect(exported.statusCode).toBe(200);
      expect(exported.headers['content-type']).toContain('spreadsheetml');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0];
      if (!sheet) throw new Error('no sheet');
      expect(sheet.rowCount).toBe(2);
      const header = (sheet.getRow(1).values as unknown[]).map(String);
      expect(header).toContain('操作');
      expect(header.some((h) => h.includes('Asia/Tokyo'))).toBe(true);
      const cells = (sheet.getRow(2).values as unknown[]).map(String);
      expect(cells).toContain('字典 · 编辑');
      expect(cells).toContain('字典项');
      expect(cells.some((c) => c.includes(`标签: ${row.label} → ${label}`))).toBe(true);
    });

    it("exports a consumable's size as its size, not the pager's page size", async () => {
      const [pad] = envelope(
        await call(
          env.app,
          supply.consumablePage,
          { session: admin, body: { page: 1, size: 10, keyword: 'SC-PAD' } },
          env.clock.now,
        ),
      ).data as Array<Record<string, unknown> & { id: number; size: string; version: number }>;
      if (!pad) throw new Error('no demo consumable SC-PAD');
      const { id, onHand: _, ...fields } = pad;
      const updated = await call(
        env.app,
        supply.consumableUpdate,
        { session: admin, params: { id }, body: { ...fields, size: '60片' } },
        env.clock.now,
      );
      expect(envelope(updated).code).toBe(200);
      const cells = async (lang: 'en_US' | 'zh_CN') => {
        const exported = await call(
          env.app,
          user.operateLogExport,
          { session: admin, body: { action: 'supply.consumableUpdate' }, lang },
          env.clock.now,
        );
        const book = new ExcelJS.Workbook();
        await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
        const sheet = book.worksheets[0];
        if (!sheet) throw new Error('no sheet');
        return (sheet.getRow(2).values as unknown[]).map(String);
      };
      expect((await cells('en_US')).some((c) => c.includes(`Size: ${pad.size} → 60片`))).toBe(true);
      expect((await cells('zh_CN')).some((c) => c.includes(`规格: ${pad.size} → 60片`))).toBe(true);
      // The object is the consumable by code and name in the reader's language, not "Consumable 8".
      expect(await cells('en_US')).toContain('SC-PAD Phlebotomy pad');
      expect(await cells('zh_CN')).toContain('SC-PAD 采血垫巾');
      const listed = async (lang: 'en_US' | 'zh_CN') =>
        (
          envelope(
            await call(
              env.app,
              user.operateLogPaging,
              { session: admin, body: { page: 1, size: 1, action: 'supply.consumableUpdate' }, lang },
              env.clock.now,
            ),
          ).data as Array<{ entityId: string; refs: Record<string, string> }>
        )[0];
      expect((await listed('en_US'))?.refs[`supplyConsumable:${id}`]).toBe('SC-PAD Phlebotomy pad');
      expect((await listed('zh_CN'))?.refs[`supplyConsumable:${id}`]).toBe('SC-PAD 采血垫巾');
    });

    it("names a supplier in the log by its code and name in the reader's language, not its id", async () => {
      const created = await call(
        env.app,
        endpoints.supplier.create,
        {
          session: admin,
          body: {
            code: 'LOG-SUP',
            name: '日志供应商',
            enName: 'Log supplier',
            contacts: [],
            qualifications: [],
          },
        },
        env.clock.now,
      );
      expect(envelope(created).code).toBe(200);
      const named = async (lang: 'en_US' | 'zh_CN') => {
        const [row] = envelope(
          await call(
            env.app,
            user.operateLogPaging,
            { session: admin, body: { page: 1, size: 1, action: 'supplier.create' }, lang },
            env.clock.now,
          ),
        ).data as Array<{ entityId: string; refs: Record<string, string> }>;
        return row ? row.refs[`supplier:${row.entityId}`] : undefined;
      };
      expect(await named('en_US')).toBe('LOG-SUP Log supplier');
      expect(await named('zh_CN')).toBe('LOG-SUP 日志供应商');
    });

    it('keeps sign-in events out of the data changes unless asked for; a successful login names who signed in', async () => {
      await login(env, '13800000005');
      const page = async (body: Record<string, unknown>) =>
        envelope(
          await call(
            env.app,
            user.operateLogPaging,
            { session: admin, body: { page: 1, size: 200, ...body } },
            env.clock.now,
          ),
        ).data as Array<{ action: string; entity: string; username: string | null; userId: number | null }>;
      const signIn = (r: { action: string; entity: string }) =>
        r.action.startsWith('auth.') || ['captcha', 'session', 'loginCode'].includes(r.entity);
      const changes = await page({});
      expect(changes.length).toBeGreaterThan(0);
      expect(changes.filter(signIn)).toEqual([]);
      const all = await page({ signIn: true });
      expect(all.some((r) => r.action === 'auth.captcha')).toBe(true);
      const logins = await page({ action: 'auth.login' });
      expect(logins.length).toBeGreaterThan(0);
      expect(logins[0]?.username).toBe('钱财务');
      expect(logins.every((r) => r.userId !== null && r.username !== null)).toBe(true);

      const options = envelope(await call(env.app, user.operateLogOptions, { session: admin }, env.clock.now))
        .data as { usernames: string[]; actions: string[]; entities: string[] };
      expect(options.actions).toEqual(expect.arrayContaining(['auth.login', 'dict.update']));
      expect(options.entities).toEqual(expect.arrayContaining(['captcha', 'dictData']));
      expect(options.usernames).toContain('钱财务');
    });

    it('refuses the export, the chain check and the system information without their permissions', async () => {
      const exportRefused = await call(
        env.app,
        user.operateLogExport,
        { session: reviewer, body: {} },
        env.clock.now,
      );
      expect(envelope(exportRefused).code).toBe(ResultCode.FORBIDDEN);
      expect(
        envelope(await call(env.app, systemStatus.auditChain, { session: reviewer }, env.clock.now)).code,
      ).toBe(ResultCode.FORBIDDEN);
      expect(envelope(await call(env.app, systemStatus.info, { session: lab }, env.clock.now)).code).toBe(
        ResultCode.FORBIDDEN,
      );
    });

    it('verifies the audit chain on request', async () => {
      const answer = envelope(
        await call(env.app, systemStatus.auditChain, { session: admin }, env.clock.now),
      );
      expect(answer.code).toBe(200);
      expect(answer.data).toMatchObject({ ok: true, problemCount: 0, problems: [] });
      expect((answer.data as { rows: number }).rows).toBeGreaterThan(10);
    });

    it('describes the system without any secret', async () => {
      const platformAdmin = await login(env, '13800000007');
      const response = await call(env.app, systemStatus.info, { session: platformAdmin }, env.clock.now);
      const answer = envelope(response);
      expect(answer.code).toBe(200);
      const info = answer.data as {
        version: string;
        nodeVersion: string;
        database: { engine: string; serverVersion: string; sizeBytes: number };
        migrations: { applied: number; last: string | null };
        instances: number | null;
        uptimeSeconds: number;
        audit: { rows: number; lastCheckpoint: unknown };
        mail: string;
        sms: string;
        wechat: string;
        labTimeZone: string;
      };
      expect(info.version).toBe(env.app.deps.version);
      expect(info.nodeVersion).toBe(process.version);
      expect(info.database.engine).toBe(engine);
      expect(info.database.serverVersion).toMatch(/^\d+/);
      expect(info.database.sizeBytes).toBeGreaterThan(1_000_000);
      // Every migration of the journal is applied, the newest last.
      expect(info.migrations.applied).toBe(JOURNAL.entries.length);
      expect(info.migrations.last).toBe(JOURNAL.entries.at(-1)?.tag);
      // One API instance listens on this test database (PGlite: embedded, always one).
      expect(info.instances).toBe(1);
      expect(info.audit.rows).toBeGreaterThan(10);
      expect(info.audit.lastCheckpoint).toBeNull();
      expect(info).toMatchObject({
        mail: 'smtp',
        sms: 'outbox',
        wechat: 'simulated',
        labTimeZone: 'Asia/Shanghai',
      });

      const text = response.body;
      for (const secret of [
        'Db-Secret-9931',
        'Smtp-Secret-4417',
        'smtp.internal.example',
        'db.internal.example',
        'nonexistent-trialab-keys',
        '.pem',
      ])
        expect(text).not.toContain(secret);
      const realPassword = env.testDb.url ? new URL(env.testDb.url).password : '';
      if (realPassword) expect(text).not.toContain(realPassword);
      expect(text).not.toContain(DEMO_PASSWORD);

      // A second API instance on the same PostgreSQL database is counted by its LISTEN connection.
      if (engine === 'postgres') {
        await env.secondInstance();
        const again = envelope(await call(env.app, systemStatus.info, { session: admin }, env.clock.now));
        expect((again.data as { instances: number }).instances).toBe(2);
      }
    });
    it('shows a WeChat binding in the current user at once, before the session cache would expire', async () => {
      const session = await login(env, '13800000006');
      const me = async () =>
        (
          envelope(await call(env.app, user.getCurrentUser, { session }, env.clock.now)).data as {
            wxBound: boolean;
          }
        ).wxBound;
      expect(await me()).toBe(false);
      const start = envelope(
        await call(
          env.app,
          auth.wxAuthorizationUrl,
          { session, body: { redirectUri: 'http://127.0.0.1/personal/account' } },
          env.clock.now,
        ),
      ).data as { state: string };
      const bound = await call(
        env.app,
        user.wxBind,
        { session, body: { code: 'sim_wx-account-page', state: start.state } },
        env.clock.now,
      );
      expect(envelope(bound).data).toBe(true);
      expect(await me()).toBe(true);
      expect(envelope(await call(env.app, user.wxUnBind, { session, body: {} }, env.clock.now)).data).toBe(
        true,
      );
      expect(await me()).toBe(false);
    });
  },
);
