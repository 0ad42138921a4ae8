import { endpoints, ResultCode } from '@trialab/api-contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaled } from '../../../vitest.machine.js';
import { auditLog, outbox } from '../src/db/schema.js';
import { FEATURE_ENGINES } from './engines.js';
import { call, envelope, login, type Session, startEnv, type TestEnv } from './helpers.js';

const { user, userProject, role, project, auth } = endpoints;

describe.each(FEATURE_ENGINES)('account administration on %s', (engine) => {
  let env: TestEnv;
  let superAdmin: Session;
  let platform: Session;
  const roleIds = new Map<string, number>();
  const projectIds = new Map<string, number>();
  let mobileSeq = 0;
  const nextMobile = () => `1361000${String(++mobileSeq).padStart(4, '0')}`;

  const as = (
    session: Session,
    endpoint: Parameters<typeof call>[1],
    options: Parameters<typeof call>[2] = {},
  ) => call(env.app, endpoint, { session, ...options }, env.clock.now).then(envelope);

  const staffBody = (over: Record<string, unknown> = {}) => ({
    username: '新同事',
    mobile: nextMobile(),
    type: 1,
    password: 'Start#2026a',
    roleIds: [],
    ...over,
  });

  beforeAll(async () => {
    env = await startEnv(engine);
    superAdmin = await login(env, '13800000000');
    platform = await login(env, '13800000007');
    for (const r of (await as(superAdmin, role.listAllSimple)).data as Array<{ id: number; code: string }>)
      roleIds.set(r.code, r.id);
    const projects = (await as(superAdmin, project.page, { body: { page: 1, size: 10 } })).data as Array<{
      id: number;
      projectNo: string;
    }>;
    for (const p of projects) projectIds.set(p.projectNo, p.id);
  });
  afterAll(() => env.close());

  const roleId = (code: string) => roleIds.get(code) as number;
  const projectId = (no: string) => projectIds.get(no) as number;

  it('no administrator grants a role with a permission they lack', async () => {
    const refused = await as(platform, user.create, {
      lang: 'zh_CN',
      body: staffBody({ roleIds: [roleId('lab_technician')] }),
    });
    expect(refused.code).toBe(ResultCode.FORBIDDEN);
    expect(refused.msg).toMatch(/^不能授予自己没有的权限：laboratory:/);
    const own = await as(platform, user.create, { body: staffBody({ roleIds: [roleId('platform_admin')] }) });
    expect(own.code).toBe(200);
    const { id } = own.data as { id: number };
    const row = (await as(platform, user.get, { params: { id } })).data as {
      version: number;
      mobile: string;
    };
    // Keeping a role the account already holds is no grant; adding one still is.
    const edit = (ids: number[]) =>
      as(platform, user.update, {
        body: { ...staffBody({ mobile: row.mobile, roleIds: ids }), id, version: row.version },
      });
    expect((await edit([roleId('platform_admin'), roleId('finance')])).code).toBe(ResultCode.FORBIDDEN);
    expect((await edit([roleId('platform_admin')])).code).toBe(200);
    // Taking a role away is a change of rights: it needs a reason.
    const current = (await as(platform, user.get, { params: { id } })).data as { version: number };
    const drop = (reason?: string) =>
      as(platform, user.update, {
        body: { ...staffBody({ mobile: row.mobile }), id, version: current.version, reason },
      });
    expect((await drop()).code).toBe(ResultCode.REASON_REQUIRED);
    expect((await drop('调岗')).code).toBe(200);
    // A role named twice is held once.
    const twice = await as(superAdmin, user.create, {
      body: staffBody({ roleIds: [roleId('lab_technician'), roleId('lab_technician')] }),
    });
    expect(twice.code).toBe(200);
    const held = await as(superAdmin, user.get, { params: { id: (twice.data as { id: number }).id } });
    expect(held.data).toMatchObject({ roleIds: [roleId('lab_technician')] });
  });

  it('an external user never gets an internal role', async () => {
    const body = { ...staffBody({ type: 2, roleIds: [roleId('external_site'), roleId('reviewer')] }) };
    const refused = await as(superAdmin, user.create, { body });
    expect(refused).toMatchObject({ code: ResultCode.BAD_REQUEST, msg: expect.stringContaining('审核员') });
    const ok = await as(superAdmin, user.create, {
      body: {
        ...body,
        roleIds: [roleId('external_site')],
        projects: [{ projectId: projectId('KM-2026-002'), siteIds: [] }],
      },
    });
    // A project without sites is no grant for an external user: nothing is created.
    expect(ok.code).toBe(ResultCode.BAD_REQUEST);
    expect(
      ((await as(superAdmin, user.getByMobile, { params: { phone: body.mobile } })).data as unknown) ?? null,
    ).toBeNull();
  });

  it('creates an external user with site grants that take effect on the next request', async () => {
    const sites = (
      await as(superAdmin, project.sitesByProject, {
        body: { page: 1, size: 10, projectId: projectId('KM-2026-002') },
      })
    ).data as Array<{ id: number; centerNo: string }>;
    const [first, second] = sites;
    if (!first || !second) throw new Error('demo sites missing');
    const mobile = nextMobile();
    const created = await as(superAdmin, user.create, {
      body: {
        ...staffBody({
          mobile,
          type: 2,
          email: 'site99@hospital.example',
          roleIds: [roleId('external_site')],
        }),
        projects: [{ projectId: projectId('KM-2026-002'), siteIds: [first.id] }],
      },
    });
    expect(created.code).toBe(200);
    const { id } = created.data as { id: number };
    const info = await as(superAdmin, userProject.externalInfo, { body: { userId: id } });
    expect(info.data).toEqual([
      expect.objectContaining({
        projectNo: 'KM-2026-002',
        sites: [expect.objectContaining({ id: first.id })],
      }),
    ]);
    // The new user changes the initial password, then sees only the granted site.
    const session = await login(env, mobile, 'Start#2026a');
    expect((await as(session, auth.firstUpdatePassword, { body: { password: 'Mine#2026ab' } })).code).toBe(
      200,
    );
    const mine = await login(env, mobile, 'Mine#2026ab');
    const visible = async () =>
      (
        (
          await as(mine, project.sitesByProject, {
            body: { page: 1, size: 10, projectId: projectId('KM-2026-002') },
          })
        ).data as Array<{ id: number }>
      ).map((s) => s.id);
    expect(await visible()).toEqual([first.id]);
    const moved = { projects: [{ projectId: projectId('KM-2026-002'), siteIds: [second.id] }] };
    const unexplained = await as(superAdmin, userProject.setPermission, {
      params: { userId: id },
      body: moved,
    });
    expect(unexplained.code).toBe(ResultCode.REASON_REQUIRED);
    expect(await visible()).toEqual([first.id]);
    const grant = await as(superAdmin, userProject.setPermission, {
      params: { userId: id },
      body: { ...moved, reason: '换到二中心' },
    });
    expect(grant.code).toBe(200);
    expect(await visible()).toEqual([second.id]);
    const [audit] = await env.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'userProject.setPermission'), eq(auditLog.entityId, String(id))));
    expect(JSON.stringify(audit?.oldValue)).toContain(String(first.id));
    expect(audit?.reason).toBe('换到二中心');
  });

  it('grants only projects the granter works on; the super account has all and is not edited', async () => {
    const { id } = (await as(platform, user.create, { body: staffBody() })).data as { id: number };
    const beyond = await as(platform, userProject.setPermission, {
      params: { userId: id },
      body: { projects: [{ projectId: projectId('KM-2026-002'), siteIds: [] }], reason: '借调' },
    });
    expect(beyond).toMatchObject({
      code: ResultCode.FORBIDDEN,
      msg: expect.stringMatching(/do not work on/),
    });
    const within = await as(platform, userProject.setPermission, {
      params: { userId: id },
      body: { projects: [{ projectId: projectId('KM-2026-001'), siteIds: [] }], reason: '入组' },
    });
    expect(within.code).toBe(200);
    const rows = await as(platform, userProject.page, { body: { page: 1, size: 50, userId: id } });
    expect(rows.data).toEqual([expect.objectContaining({ projectNo: 'KM-2026-001', siteId: null })]);
    const root = await as(superAdmin, userProject.setPermission, {
      params: { userId: superAdmin.login.user.id },
      body: { projects: [], reason: '收回' },
    });
    expect(root.code).toBe(ResultCode.FORBIDDEN);
    expect(superAdmin.login.user.allProjects).toBe(true);
  });

  it('nobody disables their own account or the super account', async () => {
    const version = async (id: number) =>
      ((await as(superAdmin, user.get, { params: { id } })).data as { version: number }).version;
    const status = (session: Session, id: number, v: number) =>
      as(session, user.updateStatus, { lang: 'zh_CN', body: { id, status: 0, version: v } });
    const self = platform.login.user.id;
    expect(await status(platform, self, await version(self))).toMatchObject({
      code: ResultCode.FORBIDDEN,
      msg: '不能停用当前登录账号',
    });
    const rootId = superAdmin.login.user.id;
    expect((await status(platform, rootId, await version(rootId))).code).toBe(ResultCode.FORBIDDEN);
    expect((await status(superAdmin, rootId, await version(rootId))).code).toBe(ResultCode.FORBIDDEN);
    expect((await as(superAdmin, user.getCurrentUser)).data as { status: number }).toMatchObject({
      status: 1,
    });
  });

  it('disabling ends the sessions on every instance', async () => {
    const second = await env.secondInstance();
    const mobile = nextMobile();
    const { id } = (await as(superAdmin, user.create, { body: staffBody({ mobile }) })).data as {
      id: number;
    };
    const first = await login(env, mobile, 'Start#2026a');
    expect((await as(first, auth.firstUpdatePassword, { body: { password: 'Mine#2026ab' } })).code).toBe(200);
    const session = await login(env, mobile, 'Mine#2026ab');
    const there = () => call(second, user.getCurrentUser, { session }, env.clock.now);
    // Wait until the other instance has the session cached (the login's own NOTIFY may empty it once).
    await expect
      .poll(async () => envelope(await there()).code === 200 && second.deps.sessionCache.size > 0, {
        timeout: scaled(5000),
        interval: 50,
      })
      .toBe(true);
    const v = ((await as(superAdmin, user.get, { params: { id } })).data as { version: number }).version;
    expect((await as(superAdmin, user.updateStatus, { body: { id, status: 0, version: v } })).code).toBe(200);
    expect((await call(env.app, user.getCurrentUser, { session }, env.clock.now)).statusCode).toBe(401);
    await expect
      .poll(async () => (await there()).statusCode, { timeout: scaled(5000), interval: 20 })
      .toBe(401);
  });

  it('resets a password: shown once or mailed, sessions end, a change is due at the next login', async () => {
    const mobile = nextMobile();
    const email = `reset${mobile}@trialab.local`;
    const { id } = (await as(superAdmin, user.create, { body: staffBody({ mobile, email }) })).data as {
      id: number;
    };
    const before = await login(env, mobile, 'Start#2026a');
    const shown = await as(superAdmin, user.resetPassword, { body: { id } });
    expect(shown).toMatchObject({ code: 200, data: { password: expect.any(String), sentTo: null } });
    const { password } = shown.data as { password: string };
    expect((await call(env.app, user.getCurrentUser, { session: before }, env.clock.now)).statusCode).toBe(
      401,
    );
    const after = await login(env, mobile, password);
    expect(after.login.isNeedUpdatePassword).toBe(true);
    expect((await as(after, user.getCurrentUser)).code).toBe(ResultCode.PASSWORD_CHANGE_REQUIRED);
    const mailed = await as(superAdmin, user.resetPassword, { body: { id, send: true } });
    expect(mailed.data).toEqual({ password: null, sentTo: email });
    const [mail] = await env.handle.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, email))
      .orderBy(desc(outbox.id))
      .limit(1);
    const sent = /password is (\S+);/.exec(mail?.body ?? '')?.[1] ?? '';
    expect(sent).not.toBe(password);
    expect((await login(env, mobile, sent)).login.isNeedUpdatePassword).toBe(true);
    const [entry] = await env.handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'user.resetPassword'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({ entityId: String(id), userId: superAdmin.login.user.id });
    expect(JSON.stringify(entry)).not.toContain(password);
    expect((await as(superAdmin, user.resetPassword, { body: { id: superAdmin.login.user.id } })).code).toBe(
      ResultCode.FORBIDDEN,
    );
    const noMail = (await as(superAdmin, user.create, { body: staffBody() })).data as { id: number };
    expect((await as(superAdmin, user.resetPassword, { body: { id: noMail.id, send: true } })).code).toBe(
      ResultCode.BAD_REQUEST,
    );
  });

  it('deletes an account without records and refuses one with records, with the reason', async () => {
    const mobile = nextMobile();
    const fresh = (await as(superAdmin, user.create, { body: staffBody({ mobile }) })).data as { id: number };
    const worked = (await as(superAdmin, user.create, { body: staffBody() })).data as { id: number };
    const row = (await as(superAdmin, user.get, { params: { id: worked.id } })).data as { mobile: string };
    // Changing the initial password puts the account in the audit trail as actor.
    const session = await login(env, row.mobile, 'Start#2026a');
    expect((await as(session, auth.firstUpdatePassword, { body: { password: 'Mine#2026ab' } })).code).toBe(
      200,
    );
    const remove = (id: number, lang: 'zh_CN' | 'en_US' = 'en_US') =>
      as(superAdmin, user.delete, { lang, params: { id }, query: { reason: '入职取消' } });
    const refused = await remove(worked.id, 'zh_CN');
    expect(refused.code).toBe(ResultCode.BAD_REQUEST);
    expect(refused.msg).toMatch(/^该账号已有记录（操作日志 [1-9]\d* 条/);
    // Seeded staff signed and created records without an audit row of their own: refused too.
    const lab = (await as(superAdmin, user.getByMobile, { params: { phone: '13800000001' } })).data as {
      id: number;
    };
    expect((await remove(lab.id)).msg).toMatch(/it created or signed/);
    expect((await remove(fresh.id)).code).toBe(200);
    expect((await as(superAdmin, user.getByMobile, { params: { phone: mobile } })).data).toBeNull();
  });

  it('checks job numbers and finds accounts by mobile', async () => {
    const found = await as(superAdmin, user.getByMobile, { params: { phone: '13900000001' } });
    expect(found.data).toMatchObject({ type: 2, roleNames: ['中心用户'] });
    expect((await as(superAdmin, user.checkJobNumExist, { body: { jobNumber: 'KM0101' } })).data).toBe(true);
    expect((await as(superAdmin, user.checkJobNumExist, { body: { jobNumber: 'KM9999' } })).data).toBe(false);
    const reviewers = await as(superAdmin, user.page, {
      body: { page: 1, size: 10, roleId: roleId('reviewer'), type: 1 },
    });
    expect((reviewers.data as Array<{ mobile: string }>).map((r) => r.mobile)).toEqual(['13800000002']);
  });
});
