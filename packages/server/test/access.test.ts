import { ALL_ENDPOINTS, type EndpointDef, endpoints, ResultCode } from '@trialab/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaled } from '../../../vitest.machine.js';
import { DEMO_USERS } from '../src/seed/demo-data.js';
import { FEATURE_ENGINES } from './engines.js';
import { call, envelope, login, type Session, startEnv, type TestEnv } from './helpers.js';

const { project, user } = endpoints;

/** Placeholder path values that match no seeded record, so allowed calls change nothing. */
function params(endpoint: EndpointDef): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [, name] of endpoint.path.matchAll(/\{(\w+)\}/g))
    if (name) out[name] = name === 'phone' ? '13000000000' : 999_999;
  return out;
}

describe.each(FEATURE_ENGINES)('access control on %s', (engine) => {
  let env: TestEnv;
  const sessions = new Map<string, Session>();
  beforeAll(async () => {
    env = await startEnv(engine);
    for (const u of DEMO_USERS.filter((d) => !d.mustChangePassword))
      sessions.set(u.mobile, await login(env, u.mobile));
  });
  afterAll(() => env.close());

  it(
    'route-by-role matrix: every permission endpoint refuses exactly the users without the permission',
    async () => {
      const guarded = ALL_ENDPOINTS.filter((e) => typeof e.access === 'object');
      expect(guarded.length).toBeGreaterThan(30);
      const mismatches: string[] = [];
      for (const endpoint of guarded) {
        const permission = (endpoint.access as { permission: string }).permission;
        for (const [mobile, session] of sessions) {
          const held = session.login.user.isSuper || session.login.user.permissions.includes(permission);
          const response = await call(
            env.app,
            endpoint,
            // A body no endpoint's schema takes: access is decided before the body is read, and a
            // caller who may call the endpoint gets the validation's 400 without the handler's work.
            { session, params: params(endpoint), body: ['not', 'a', 'request'] },
            env.clock.now,
          );
          expect(response.statusCode, `${endpoint.id} as ${mobile}`).toBeLessThan(500);
          // File answers (exports) are not envelopes: reaching them means access was granted.
          const json = String(response.headers['content-type'] ?? '').includes('application/json');
          const code = json ? envelope(response).code : ResultCode.OK;
          if ((code === ResultCode.FORBIDDEN) === held)
            mismatches.push(`${endpoint.id} as ${mobile}: ${code}`);
        }
      }
      expect(mismatches).toEqual([]);
      // Every guarded endpoint as every role, one after another: it grows with the product, so it
      // has more time than the default, scaled to the machine's load like the default.
    },
    scaled(120_000),
  );

  it('every non-public endpoint answers 401 without a session', async () => {
    for (const endpoint of ALL_ENDPOINTS.filter((e) => e.access !== 'public')) {
      const response = await call(env.app, endpoint, { params: params(endpoint), body: {} }, env.clock.now);
      expect(response.statusCode, endpoint.id).toBe(401);
      expect(envelope(response).code, endpoint.id).toBe(ResultCode.UNAUTHORIZED);
    }
  });

  it('a disabled role grants nothing', async () => {
    const admin = sessions.get('13800000000') as Session;
    const finance = sessions.get('13800000005') as Session;
    const roles = envelope(
      await call(
        env.app,
        endpoints.role.page,
        { session: admin, body: { page: 1, size: 50 } },
        env.clock.now,
      ),
    ).data as Array<{ id: number; code: string; version: number }>;
    const role = roles.find((r) => r.code === 'platform_admin');
    if (!role) throw new Error('platform_admin role missing');
    const platform = sessions.get('13800000007') as Session;
    const listed = envelope(
      await call(env.app, user.page, { session: platform, body: { mobile: '13800000007' } }, env.clock.now),
    );
    expect(listed.code).toBe(200);
    // Each row carries its roles (read in the same statement as the page).
    expect(listed.data).toEqual([
      expect.objectContaining({ mobile: '13800000007', roleIds: [role.id], roleNames: [expect.any(String)] }),
    ]);
    const off = await call(
      env.app,
      endpoints.role.updateStatus,
      { session: admin, body: { id: role.id, status: 0, version: role.version, reason: '平台管理岗位取消' } },
      env.clock.now,
    );
    expect(envelope(off).code).toBe(200);
    expect(
      envelope(await call(env.app, user.page, { session: platform, body: {} }, env.clock.now)).code,
    ).toBe(ResultCode.FORBIDDEN);
    expect(
      envelope(await call(env.app, user.page, { session: finance, body: {} }, env.clock.now)).msg,
    ).toContain('platform:account:page');
  });

  it('menus follow the permissions: internal staff see their areas, external users only /web', async () => {
    const menusOf = async (mobile: string) =>
      envelope(
        await call(env.app, user.getMenus, { session: sessions.get(mobile) as Session }, env.clock.now),
      ).data as Array<{
        fullPath: string;
        children: Array<{ fullPath: string; meta: { invisible: boolean } }>;
      }>;
    const admin = await menusOf('13800000000');
    expect(admin.map((m) => m.fullPath)).toEqual(
      expect.arrayContaining(['/home', '/platform', '/system', '/web']),
    );
    expect(
      admin
        .find((m) => m.fullPath === '/platform')
        ?.children.find((c) => c.fullPath === '/platform/create-role')?.meta.invisible,
    ).toBe(true);
    const lab = await menusOf('13800000001');
    expect(lab.map((m) => m.fullPath)).toEqual([
      '/home',
      '/laboratory',
      '/express',
      '/electronic-record',
      '/personal',
    ]);
    const site = await menusOf('13900000001');
    expect(site.map((m) => m.fullPath)).toEqual(['/web', '/personal']);
  });

  it('external users reach only their projects and sites, also by id', async () => {
    const admin = sessions.get('13800000000') as Session;
    const site = sessions.get('13900000001') as Session;
    const all = envelope(
      await call(env.app, project.page, { session: admin, body: { page: 1, size: 10 } }, env.clock.now),
    );
    expect(all.total).toBe(3);
    const rows = all.data as Array<{ id: number; projectNo: string }>;
    const own = rows.find((r) => r.projectNo === 'KM-2026-001');
    const foreign = rows.find((r) => r.projectNo === 'KM-2026-002');
    if (!own || !foreign) throw new Error('demo projects missing');
    const mine = envelope(await call(env.app, project.ownAll, { session: site, body: {} }, env.clock.now));
    expect(mine).toMatchObject({ code: 200, total: 1 });
    expect(
      envelope(await call(env.app, project.get, { session: site, params: { id: own.id } }, env.clock.now))
        .code,
    ).toBe(200);
    const other = await call(
      env.app,
      project.get,
      { session: site, params: { id: foreign.id } },
      env.clock.now,
    );
    expect(other.statusCode).toBe(403);
    expect(envelope(other).code).toBe(ResultCode.FORBIDDEN);
    const otherSites = await call(
      env.app,
      project.sitesByProject,
      { session: site, body: { projectId: foreign.id } },
      env.clock.now,
    );
    expect(envelope(otherSites).code).toBe(ResultCode.FORBIDDEN);
    const ownSites = envelope(
      await call(
        env.app,
        project.sitesByProject,
        { session: site, body: { projectId: own.id } },
        env.clock.now,
      ),
    );
    expect((ownSites.data as Array<{ centerNo: string }>).map((s) => s.centerNo)).toEqual(['01']);
    expect(site.login.user.externalPermissions).toEqual([
      expect.objectContaining({
        projectNo: 'KM-2026-001',
        sites: [expect.objectContaining({ centerNo: '01' })],
      }),
    ]);
    // Internal staff are scoped too: the finance user sees one project.
    const finance = sessions.get('13800000005') as Session;
    expect(
      envelope(
        await call(env.app, project.get, { session: finance, params: { id: foreign.id } }, env.clock.now),
      ).code,
    ).toBe(ResultCode.FORBIDDEN);
  });
});
