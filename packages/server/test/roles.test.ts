import {
  allWorkflows,
  endpoints,
  GRANT_ACTIONS,
  GRANT_AREAS,
  grantMatrix,
  grantOf,
  ResultCode,
  SHARED_PERMISSIONS,
} from '@trialab/api-contract';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaled } from '../../../vitest.machine.js';
import { auditLog, sites, userProjects, users } from '../src/db/schema.js';
import { clarificationQueries } from '../src/db/schema-portal.js';
import { FEATURE_ENGINES } from './engines.js';
import { call, envelope, login, type Session, startEnv, type TestEnv } from './helpers.js';

const { role, todo, user } = endpoints;

type TreeRow = { id: number; parentId: number | null; type: number; authority: string | null };
type RoleRow = { id: number; code: string; version: number; permissionIds: number[] };
type Kind = {
  workflow: string;
  state: string;
  actions: string[];
  route: string;
  query?: string;
  count: number;
};

describe.each(FEATURE_ENGINES)('roles, permissions and the home to-do on %s', (engine) => {
  let env: TestEnv;
  let admin: Session;
  let platform: Session;
  let tree: TreeRow[];
  const ok = async (response: Promise<import('fastify').LightMyRequestResponse>) => {
    const body = envelope(await response);
    expect(body.code, body.msg).toBe(200);
    return body;
  };
  const roles = async () =>
    (await ok(call(env.app, role.page, { session: admin, body: { page: 1, size: 100 } }, env.clock.now)))
      .data as RoleRow[];
  const idOf = (authority: string) => {
    const row = tree.find((p) => p.authority === authority);
    if (!row) throw new Error(`no permission ${authority}`);
    return row.id;
  };
  beforeAll(async () => {
    env = await startEnv(engine);
    admin = await login(env, '13800000000');
    platform = await login(env, '13800000007');
    tree = (await ok(call(env.app, role.permissionTree, { session: admin }, env.clock.now)))
      .data as TreeRow[];
  });
  afterAll(() => env.close());

  it('the permission tree holds every workflow action as a button of the page that fires it', () => {
    const byId = new Map(tree.map((p) => [p.id, p]));
    const missing: string[] = [];
    for (const workflow of allWorkflows())
      for (const [action, t] of Object.entries(workflow.transitions)) {
        const row = tree.find((p) => p.authority === t.permission);
        const parent = row?.parentId ? byId.get(row.parentId) : undefined;
        if (row?.type !== 3 || parent?.type !== 2) missing.push(`${workflow.id}.${action}: ${t.permission}`);
      }
    expect(missing).toEqual([]);
  });

  it('create: reason required, code unique, only permissions the caller holds; audited with the reason', async () => {
    const body = {
      name: '质控员',
      code: 'qc_officer',
      remark: '质量控制',
      permissionIds: [idOf('home:todo:view')],
    };
    const noReason = await call(env.app, role.create, { session: admin, body }, env.clock.now);
    expect(envelope(noReason).code).toBe(ResultCode.REASON_REQUIRED);
    await ok(
      call(
        env.app,
        role.create,
        { session: admin, body: { ...body, reason: '新设质控岗位' } },
        env.clock.now,
      ),
    );
    const [audit] = await env.handle.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({ action: 'role.create', reason: '新设质控岗位' });
    const again = await call(
      env.app,
      role.create,
      { session: admin, body: { ...body, name: '质控员二', reason: '重复' } },
      env.clock.now,
    );
    expect(envelope(again)).toMatchObject({
      code: ResultCode.DUPLICATE,
      msg: expect.stringMatching(/already exists/),
    });
    // The platform administrator holds platform and system rights, not the laboratory's.
    const unheld = await call(
      env.app,
      role.create,
      {
        session: platform,
        body: {
          name: '越权角色',
          code: 'overreach',
          permissionIds: [idOf('platform:role:page'), idOf('laboratory:after-analysis-report-list:release')],
          reason: '试图授予未拥有的权限',
        },
      },
      env.clock.now,
    );
    expect(envelope(unheld)).toMatchObject({
      code: ResultCode.FORBIDDEN,
      msg: expect.stringContaining('laboratory:after-analysis-report-list:release'),
    });
    expect((await roles()).some((r) => r.code === 'overreach')).toBe(false);
  });

  it("a role's English name: stored, named in the reader's language in the pickers, found by either name", async () => {
    await ok(
      call(
        env.app,
        role.create,
        {
          session: admin,
          body: {
            name: '样本管理员',
            enName: 'Sample custodian',
            code: 'sample_custodian',
            permissionIds: [idOf('home:todo:view')],
            reason: '新设样本管理岗位',
          },
        },
        env.clock.now,
      ),
    );
    const picker = async (lang: 'zh_CN' | 'en_US') =>
      (await ok(call(env.app, role.listAllSimple, { session: admin, lang }, env.clock.now))).data as Array<{
        code: string;
        name: string;
      }>;
    expect((await picker('en_US')).find((r) => r.code === 'sample_custodian')?.name).toBe('Sample custodian');
    expect((await picker('zh_CN')).find((r) => r.code === 'sample_custodian')?.name).toBe('样本管理员');
    const found = (
      await ok(
        call(
          env.app,
          role.page,
          { session: admin, body: { page: 1, size: 10, name: 'custodian' } },
          env.clock.now,
        ),
      )
    ).data as Array<RoleRow & { enName: string | null }>;
    expect(found.map((r) => [r.code, r.enName])).toEqual([['sample_custodian', 'Sample custodian']]);
  });

  it('update keeps what the role had but adds only what the caller holds; delete refused while held', async () => {
    const lab = (await roles()).find((r) => r.code === 'lab_technician');
    if (!lab) throw new Error('lab_technician missing');
    const release = idOf('laboratory:after-analysis-report-list:release');
    const edit = (session: Session, permissionIds: number[], reason?: string) =>
      call(
        env.app,
        role.update,
        {
          session,
          body: {
            id: lab.id,
            version: lab.version,
            name: '实验员',
            code: 'lab_technician',
            permissionIds,
            reason,
          },
        },
        env.clock.now,
      );
    expect(envelope(await edit(admin, lab.permissionIds)).code).toBe(ResultCode.REASON_REQUIRED);
    // The platform administrator may re-save the role's laboratory rights but not add new ones.
    const withoutRelease = lab.permissionIds.filter((id) => id !== release);
    expect(
      envelope(await edit(platform, [...withoutRelease, idOf('financial:bills:view')], '加财务')).code,
    ).toBe(ResultCode.FORBIDDEN);
    const done = await ok(edit(platform, lab.permissionIds, '备注整理'));
    expect(done.data).toEqual({ version: lab.version + 1 });

    const held = await call(
      env.app,
      role.delete,
      { session: admin, query: { id: lab.id, reason: '合并岗位' } },
      env.clock.now,
    );
    expect(envelope(held)).toMatchObject({
      code: ResultCode.BAD_REQUEST,
      msg: expect.stringMatching(/assigned to 2 user/),
    });
    const qc = (await roles()).find((r) => r.code === 'qc_officer');
    if (!qc) throw new Error('qc_officer missing');
    const noReason = await call(
      env.app,
      role.delete,
      { session: admin, query: { id: qc.id } },
      env.clock.now,
    );
    expect(envelope(noReason).code).toBe(ResultCode.REASON_REQUIRED);
    await ok(
      call(env.app, role.delete, { session: admin, query: { id: qc.id, reason: '岗位取消' } }, env.clock.now),
    );
    const [audit] = await env.handle.db.select().from(auditLog).where(eq(auditLog.action, 'role.delete'));
    expect(audit).toMatchObject({ reason: '岗位取消', entityId: String(qc.id) });
  });

  it('the grant declaration: every permission the server declares has one area and action', () => {
    const authorities = tree.flatMap((p) => (p.authority ? [p.authority] : []));
    // Endpoint and workflow permissions (buttons) and page permissions (menus) alike; only the shared
    // ones (the people pickers) are listed otherwise: a new verb or area fails here until the
    // declaration says where it goes.
    const unplaced = authorities.filter((a) => grantOf(a) === undefined);
    expect(unplaced).toEqual([...SHARED_PERMISSIONS]);
    const matrix = grantMatrix(authorities);
    const homes = new Map<string, string[]>();
    for (const [area, actions] of matrix)
      for (const [action, granted] of actions)
        for (const a of granted) {
          const home = grantOf(a);
          if (home?.area === area && home.action === action) homes.set(a, [...(homes.get(a) ?? []), area]);
        }
    expect(authorities.filter((a) => !unplaced.includes(a) && homes.get(a)?.length !== 1)).toEqual([]);
    // Only the areas and actions that exist are offered, in the declaration's order.
    expect([...matrix.keys()]).toEqual(GRANT_AREAS.map((a) => a.key).filter((k) => matrix.has(k)));
    for (const actions of matrix.values()) {
      expect(actions.has('view')).toBe(true);
      expect([...actions.keys()]).toEqual(GRANT_ACTIONS.filter((x) => actions.has(x)));
    }
    // The signed approvals are `sign`, the signed release stays `release`.
    expect(matrix.get('laboratory')?.get('sign')).toEqual(
      expect.arrayContaining([
        'laboratory:after-analysis-report-list:review',
        'laboratory:after-analysis-report-modify-review:review',
      ]),
    );
    expect(matrix.get('project')?.get('sign')).toEqual(
      expect.arrayContaining(['project:plan:review', 'project:report-review:approve']),
    );
    expect(grantOf('laboratory:after-analysis-report-list:release')).toEqual({
      area: 'laboratory',
      action: 'release',
    });
    // Viewing an area opens every page of it, hidden ones too, with the reads behind them.
    const labView = matrix.get('laboratory')?.get('view') ?? [];
    expect(labView).toEqual(
      expect.arrayContaining([
        'laboratory:root:view',
        'laboratory:test-create:view',
        'laboratory:test-project:page',
        'project:question:page',
        'system:user:list',
      ]),
    );
    expect(labView.some((a) => a.endsWith(':create'))).toBe(false);
  });

  it('a role granted by area and action stores the permission rows of the declaration', async () => {
    const matrix = grantMatrix(tree.flatMap((p) => (p.authority ? [p.authority] : [])));
    const grant = [
      ...(matrix.get('express')?.get('view') ?? []),
      ...(matrix.get('express')?.get('create') ?? []),
    ];
    const body = {
      name: '物流专员',
      code: 'logistics_clerk',
      permissionIds: grant.map(idOf),
      reason: '按区域与操作授权',
    };
    const created = await ok(call(env.app, role.create, { session: admin, body }, env.clock.now));
    const saved = (
      await ok(
        call(
          env.app,
          role.get,
          { session: admin, params: { id: (created.data as { id: number }).id } },
          env.clock.now,
        ),
      )
    ).data as RoleRow;
    expect(saved.permissionIds).toEqual(grant.map(idOf).sort((a, b) => a - b));
    // The laboratory's release is not the platform administrator's to give.
    const release = matrix.get('laboratory')?.get('release') ?? [];
    expect(release.length).toBeGreaterThan(0);
    const refused = await call(
      env.app,
      role.create,
      {
        session: platform,
        body: { name: '发布员', code: 'releaser', permissionIds: release.map(idOf), reason: '越权' },
      },
      env.clock.now,
    );
    expect(envelope(refused).code).toBe(ResultCode.FORBIDDEN);
  });

  it('copy: a new role with the same permissions, reason required, audited, only what the caller holds', async () => {
    const lab = (await roles()).find((r) => r.code === 'lab_technician');
    if (!lab) throw new Error('lab_technician missing');
    const copy = (session: Session, body: Record<string, unknown>) =>
      call(env.app, role.copy, { session, body: { id: lab.id, ...body } }, env.clock.now);
    expect(envelope(await copy(admin, { name: '夜班实验员', code: 'lab_night' })).code).toBe(
      ResultCode.REASON_REQUIRED,
    );
    // The platform administrator does not hold the laboratory's rights, so cannot copy them.
    expect(
      envelope(await copy(platform, { name: '夜班实验员', code: 'lab_night', reason: '新设夜班' })).code,
    ).toBe(ResultCode.FORBIDDEN);
    expect(
      envelope(await copy(admin, { name: '夜班实验员', code: 'lab_technician', reason: '新设夜班' })).code,
    ).toBe(ResultCode.DUPLICATE);
    expect((await roles()).some((r) => r.code === 'lab_night')).toBe(false);
    const done = await ok(copy(admin, { name: '夜班实验员', code: 'lab_night', reason: '新设夜班' }));
    const copyId = (done.data as { id: number }).id;
    const copied = (
      await ok(call(env.app, role.get, { session: admin, params: { id: copyId } }, env.clock.now))
    ).data as RoleRow & { name: string };
    expect(copied).toMatchObject({ name: '夜班实验员', code: 'lab_night', permissionIds: lab.permissionIds });
    const [audit] = await env.handle.db.select().from(auditLog).where(eq(auditLog.action, 'role.copy'));
    expect(audit).toMatchObject({ reason: '新设夜班', entityId: String(copyId) });
    expect(audit?.newValue).toMatchObject({ copiedFrom: 'lab_technician', name: '夜班实验员' });
    // Nobody holds the copy yet.
    expect(
      (await ok(call(env.app, role.holders, { session: admin, params: { id: copyId } }, env.clock.now))).data,
    ).toEqual([]);
  });

  it('holders: the accounts of a role by name; an unknown role is not found', async () => {
    const lab = (await roles()).find((r) => r.code === 'lab_technician');
    if (!lab) throw new Error('lab_technician missing');
    const holders = (
      await ok(call(env.app, role.holders, { session: platform, params: { id: lab.id } }, env.clock.now))
    ).data as Array<{ username: string; type: number; status: number }>;
    expect(holders.map((h) => h.username)).toContain('李实验');
    expect(holders).toHaveLength(2);
    expect(holders.every((h) => h.type === 1)).toBe(true);
    const missing = await call(
      env.app,
      role.holders,
      { session: admin, params: { id: 999_999 } },
      env.clock.now,
    );
    expect(envelope(missing).code).toBe(ResultCode.NOT_FOUND);
  });

  it('a role site users hold never gains a staff permission', async () => {
    const site = (await roles()).find((r) => r.code === 'external_site');
    if (!site) throw new Error('external_site missing');
    const refused = await call(
      env.app,
      role.update,
      {
        session: admin,
        body: {
          id: site.id,
          version: site.version,
          name: '中心用户',
          code: 'external_site',
          permissionIds: [...site.permissionIds, idOf('laboratory:test-project:page')],
          reason: '让中心查看检测项目',
        },
      },
      env.clock.now,
    );
    expect(envelope(refused)).toMatchObject({
      code: ResultCode.BAD_REQUEST,
      msg: expect.stringContaining('laboratory:test-project:page'),
    });
    const after = (
      await ok(call(env.app, role.get, { session: admin, params: { id: site.id } }, env.clock.now))
    ).data as RoleRow;
    expect(after).toMatchObject({ version: site.version, permissionIds: site.permissionIds });
  });

  it('a permission taken from a role is refused on another instance that had it cached', async () => {
    const second = await env.secondInstance();
    const listUsers = () => call(second, user.page, { session: platform, body: {} }, env.clock.now);
    await expect
      .poll(async () => envelope(await listUsers()).code, { timeout: scaled(5000), interval: 50 })
      .toBe(200);
    const platformRole = (await roles()).find((r) => r.code === 'platform_admin');
    if (!platformRole) throw new Error('platform_admin missing');
    const pageUsers = idOf('platform:account:page');
    await ok(
      call(
        env.app,
        role.update,
        {
          session: admin,
          body: {
            id: platformRole.id,
            version: platformRole.version,
            name: '平台管理员',
            code: 'platform_admin',
            permissionIds: platformRole.permissionIds.filter((id) => id !== pageUsers),
            reason: '账号管理交由人事',
          },
        },
        env.clock.now,
      ),
    );
    // NOTIFY at commit empties the other instance's cache (its one-second limit bounds it otherwise).
    await expect
      .poll(async () => envelope(await listUsers()).code, { timeout: scaled(5000), interval: 20 })
      .toBe(ResultCode.FORBIDDEN);
  });

  const countsOf = async (session: Session) =>
    (await ok(call(env.app, todo.counts, { session }, env.clock.now))).data as Kind[];

  it('to-do of a lab user: the reviews of others and the samples to sign for', async () => {
    const lab = await login(env, '13800000001');
    const kinds = await countsOf(lab);
    const review = kinds.find((k) => k.workflow === 'testOrder' && k.state === 'submitted');
    expect(review).toMatchObject({
      actions: ['approve', 'reject'],
      route: '/laboratory/before-analysis/test-project-review',
    });
    // Received shipments with samples still to sign for at the bench, as the sign-for page lists them
    // (its pending filter): any lab user with the right may sign.
    const pending = await ok(
      call(
        env.app,
        endpoints.specimenSign.shipments,
        { session: lab, body: { pending: true, size: 50 } },
        env.clock.now,
      ),
    );
    const expected = pending.total ?? 0;
    expect(expected).toBeGreaterThan(0);
    expect(kinds.find((k) => k.workflow === 'specimenBarcode')).toEqual({
      workflow: 'specimenBarcode',
      state: 'registered',
      actions: ['sign'],
      route: '/laboratory/before-analysis/specimen-sign',
      count: expected,
    });
    // Nothing of the portal's workflows (no /web permissions).
    expect(kinds.filter((k) => k.route.startsWith('/web/'))).toEqual([]);
    const paged = await ok(
      call(
        env.app,
        todo.page,
        { session: lab, body: { workflow: 'specimenBarcode', state: 'registered', size: 50 } },
        env.clock.now,
      ),
    );
    expect(paged.total).toBe(expected);
    expect(paged.data).toEqual(
      Array.from({ length: Math.min(50, expected) }, () =>
        expect.objectContaining({
          workflow: 'specimenBarcode',
          number: expect.any(String),
          createdBy: expect.any(String),
        }),
      ),
    );
  });

  it('to-do of a site user: only the sites granted', async () => {
    const site = await login(env, '13900000001');
    const [me] = await env.handle.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.mobile, '13900000001'));
    const granted = await env.handle.db
      .select({ siteId: userProjects.siteId })
      .from(userProjects)
      .where(eq(userProjects.userId, me?.id ?? 0));
    const siteIds = granted.flatMap((g) => (g.siteId === null ? [] : [g.siteId]));
    expect(siteIds.length).toBeGreaterThan(0);
    const openIn = async (where?: ReturnType<typeof inArray>) => {
      const [row] = await env.handle.db
        .select({ n: sql<number>`count(*)::int` })
        .from(clarificationQueries)
        .where(and(eq(clarificationQueries.status, 'open'), where));
      return row?.n ?? 0;
    };
    const mine = await openIn(inArray(clarificationQueries.siteId, siteIds));
    expect(mine).toBeGreaterThan(0);
    // An open query of another site, which this user must not see.
    const [sample] = await env.handle.db
      .select()
      .from(clarificationQueries)
      .where(eq(clarificationQueries.status, 'open'))
      .limit(1);
    const [other] = await env.handle.db
      .select()
      .from(sites)
      .where(ne(sites.id, sample?.siteId ?? 0))
      .limit(1);
    if (!sample || !other) throw new Error('demo query or site missing');
    const { id: _, ...copy } = sample;
    await env.handle.db
      .insert(clarificationQueries)
      .values({ ...copy, queryNo: `${sample.queryNo}-X`, projectId: other.projectId, siteId: other.id });
    expect(siteIds).not.toContain(other.id);
    expect(await openIn()).toBeGreaterThan(mine);
    const kinds = await countsOf(site);
    expect(kinds.find((k) => k.workflow === 'clarificationQuery' && k.state === 'open')).toMatchObject({
      actions: ['reply'],
      route: '/web/question',
      count: mine,
    });
    expect(kinds.some((k) => k.route.startsWith('/laboratory'))).toBe(false);
    const items = (await ok(call(env.app, todo.page, { session: site, body: { size: 99 } }, env.clock.now)))
      .data as Array<{ workflow: string; number: string }>;
    const numbers = await env.handle.db
      .select({ no: clarificationQueries.queryNo })
      .from(clarificationQueries)
      .where(inArray(clarificationQueries.siteId, siteIds));
    const allowed = new Set(numbers.map((n) => n.no));
    for (const item of items.filter((i) => i.workflow === 'clarificationQuery'))
      expect(allowed.has(item.number), item.number).toBe(true);
  });

  it('every source answers: the super account and a project manager (account requests by their grants)', async () => {
    const all = await countsOf(admin);
    expect(new Set(all.map((k) => k.workflow)).size).toBeGreaterThan(8);
    // The list holds the workflows' records; counted to-dos (a `query` on their page) are tiles only.
    const total = all.filter((k) => k.query === undefined).reduce((sum, k) => sum + k.count, 0);
    expect(all.some((k) => k.query !== undefined && k.count > 0)).toBe(true);
    const page = await ok(call(env.app, todo.page, { session: admin, body: { size: 500 } }, env.clock.now));
    expect(page.total).toBe(total);
    expect((page.data as unknown[]).length).toBe(Math.min(500, total));
    const pm = await login(env, '13800000003');
    const requests = (await countsOf(pm)).find((k) => k.workflow === 'accountApplication');
    expect(requests).toMatchObject({ state: 'submitted', route: '/project/user-apply-audit' });
    expect(requests?.count).toBeGreaterThan(0);
    const items = await ok(
      call(
        env.app,
        todo.page,
        { session: pm, body: { workflow: 'accountApplication', size: 50 } },
        env.clock.now,
      ),
    );
    expect(items.total).toBe(requests?.count);
  });

  it('the demo seed leaves work of every kind for the super account, and some for each staff role', async () => {
    const empty = (await countsOf(admin)).filter((k) => k.count === 0);
    expect(empty.map((k) => `${k.workflow}/${k.state}`)).toEqual([]);
    const busy = async (mobile: string) =>
      (await countsOf(await login(env, mobile))).filter((k) => k.count > 0).map((k) => k.workflow);
    // The bench, the reviewer, the project manager and the biobank (supplies) each have something.
    expect((await busy('13800000001')).length).toBeGreaterThanOrEqual(3);
    expect((await busy('13800000002')).length).toBeGreaterThanOrEqual(3);
    expect(await busy('13800000003')).toContain('labFeedback');
    expect(await busy('13800000004')).toContain('consumableOrder');
    // Listed one by one with their age and who raised them (a kit's supply row records neither).
    const items = (await ok(call(env.app, todo.page, { session: admin, body: { size: 500 } }, env.clock.now)))
      .data as Array<{ workflow: string; createdAt: string | null; createdBy: string | null }>;
    const dated = items.filter((i) => i.workflow !== 'kitSupply');
    expect(dated.every((i) => i.createdAt !== null && i.createdBy !== null)).toBe(true);
    const days = new Set(dated.map((i) => i.createdAt?.slice(0, 10)));
    expect(days.size).toBeGreaterThan(5);
  });

  it('a user with no workflow outside marketing has only quotations and contracts to do', async () => {
    const [someone] = await env.handle.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.mobile, '13800000006'));
    expect(someone).toBeDefined();
    const sales = await login(env, '13800000006');
    // Sales submit drafts and never review (docs/finance.md): their drafts, a contract to put in
    // force, and the demo contract billed past 80 % of its value (a counted to-do on receivables).
    expect((await countsOf(sales)).map((k) => `${k.workflow}/${k.state}`).sort()).toEqual([
      'contract/draft',
      'contractBurnDown/raised',
      'quotation/draft',
    ]);
  });
});
