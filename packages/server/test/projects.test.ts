import { endpoints, ResultCode } from '@trialab/api-contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, projects, researchCenters, users } from '../src/db/schema.js';
import { FEATURE_ENGINES } from './engines.js';
import { call, envelope, login, type Session, startEnv, type TestEnv } from './helpers.js';

const { project } = endpoints;

interface Row {
  id: number;
  projectNo: string;
  name: string;
  enName?: string | null;
  protocolNo: string | null;
  status: number;
  managerName: string | null;
  backupManagerName: string | null;
  version: number;
}
interface Detail extends Row {
  description: string | null;
  sites: Array<{ id: number; centerNo: string; name: string; researchCenterName: string | null }>;
  groups: Array<{ code: string; name: string }>;
  contacts: Array<{ name: string; role: string; email: string | null }>;
}

describe.each(FEATURE_ENGINES)('project records on %s', (engine) => {
  let env: TestEnv;
  let pm: Session;
  let lab: Session;
  let site: Session;
  let pmId: number;
  let adminId: number;
  let centers: number[];
  const as = async (
    session: Session,
    endpoint: Parameters<typeof call>[1],
    options: Parameters<typeof call>[2] = {},
  ) => envelope(await call(env.app, endpoint, { ...options, session }, env.clock.now));
  const detail = async (id: number) => (await as(pm, project.get, { params: { id } })).data as Detail;
  const record = (over: Record<string, unknown> = {}) => ({
    projectNo: 'KM-2026-900',
    name: '高血压真实世界研究',
    protocolNo: 'RW-HTN-01',
    sponsor: '康宁医药',
    managerId: pmId,
    backupManagerId: adminId,
    startDate: '2026-12-01',
    endDate: '2027-12-31',
    description: '真实世界随访',
    sites: [
      { researchCenterId: centers[0], centerNo: '01' },
      { researchCenterId: centers[1], centerNo: '02', name: '瑞金（东院）' },
    ],
    groups: [
      { code: 'A', name: '试验组' },
      { code: 'B', name: '对照组' },
    ],
    contacts: [{ name: '钱立', role: 'CRA', phone: '13900001111', email: 'qian@example.com' }],
    ...over,
  });

  beforeAll(async () => {
    env = await startEnv(engine);
    pm = await login(env, '13800000003');
    lab = await login(env, '13800000001');
    site = await login(env, '13900000001');
    const people = await env.handle.db.select({ id: users.id, mobile: users.mobile }).from(users);
    pmId = people.find((u) => u.mobile === '13800000003')?.id ?? 0;
    adminId = people.find((u) => u.mobile === '13800000000')?.id ?? 0;
    const rc = await env.handle.db
      .select({ id: researchCenters.id })
      .from(researchCenters)
      .where(eq(researchCenters.enabled, true))
      .orderBy(researchCenters.code);
    centers = rc.map((r) => r.id);
  });
  afterAll(() => env.close());

  it('lists the demo records with their managers and filters by status, name and manager', async () => {
    const all = await as(pm, project.page, { body: { page: 1, size: 10 } });
    const rows = all.data as Row[];
    expect(rows.map((r) => [r.projectNo, r.status, r.managerName, r.backupManagerName])).toEqual([
      ['KM-2026-001', 2, '张项目', '超级管理员'],
      ['KM-2026-002', 2, '张项目', '超级管理员'],
      ['KM-2026-003', 1, '张项目', '超级管理员'],
    ]);
    const prepare = await as(pm, project.page, { body: { status: 1 } });
    expect((prepare.data as Row[]).map((r) => r.projectNo)).toEqual(['KM-2026-003']);
    const byName = await as(pm, project.page, { body: { name: '疫苗' } });
    expect((byName.data as Row[]).map((r) => r.projectNo)).toEqual(['KM-2026-002']);
    const byManager = await as(pm, project.page, { body: { managerId: adminId } });
    expect(byManager.total).toBe(3);
    const one = await detail(rows[0]?.id ?? 0);
    expect(one.groups.map((g) => g.code)).toEqual(['A', 'B']);
    expect(one.sites.map((s) => [s.centerNo, s.researchCenterName])).toEqual([
      ['01', '北京协和医院'],
      ['02', '上海交通大学医学院附属瑞金医院'],
    ]);
  });

  it('lists who may manage, all projects and a project by number; external users see only theirs', async () => {
    const managers = (await as(pm, project.projectManagers)).data as Array<{ username: string }>;
    expect(managers.map((m) => m.username).sort()).toEqual(['张项目', '超级管理员'].sort());
    const mine = (await as(site, project.all)).data as Array<{ projectNo: string }>;
    expect(mine.map((p) => p.projectNo)).toEqual(['KM-2026-001']);
    const found = await as(pm, project.getByProjectNo, { query: { projectNo: 'KM-2026-002' } });
    expect((found.data as Row).protocolNo).toBe('AS-VAC-2026-01');
    const hidden = await as(site, project.getByProjectNo, { query: { projectNo: 'KM-2026-002' } });
    expect(hidden.code).toBe(ResultCode.FORBIDDEN);
    const denied = await as(lab, project.create, { body: record() });
    expect(denied.code).toBe(ResultCode.FORBIDDEN);
  });

  it('creates a record with sites, groups and contacts; uniqueness is said before saving', async () => {
    expect((await as(pm, project.checkExist, { body: { value: 'KM-2026-001' } })).data).toBe(true);
    expect((await as(pm, project.checkExist, { body: { value: 'KM-2026-900' } })).data).toBe(false);
    expect((await as(pm, project.checkNameExist, { body: { value: '疫苗免疫原性研究' } })).data).toBe(true);
    expect((await as(pm, project.checkPlanNoExist, { body: { value: 'HK-ONC-2025-07' } })).data).toBe(true);
    const created = await as(pm, project.create, { body: record() });
    expect(created.code).toBe(200);
    const { id } = created.data as { id: number };
    const saved = await detail(id);
    expect(saved).toMatchObject({ status: 1, protocolNo: 'RW-HTN-01', managerName: '张项目' });
    expect(saved.sites.map((s) => s.centerNo)).toEqual(['01', '02']);
    expect(saved.sites[1]?.name).toBe('瑞金（东院）');
    expect(saved.contacts).toEqual([
      { id: expect.any(Number), name: '钱立', role: 'CRA', phone: '13900001111', email: 'qian@example.com' },
    ]);
    // The record's own id does not clash with itself.
    expect((await as(pm, project.checkExist, { body: { value: 'KM-2026-900', id } })).data).toBe(false);
    const audit = await env.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'project.create'), eq(auditLog.entityId, String(id))));
    expect(audit).toHaveLength(1);
  });

  it('refuses clashes, repeated rows, bad dates and managers with a reason, changing nothing', async () => {
    const before = await env.handle.db.select({ id: projects.id }).from(projects);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ projectNo: 'KM-2026-001', name: 'x1' }, 'project number "KM-2026-001" is already used'],
      [{ projectNo: 'KM-2026-901', name: '疫苗免疫原性研究' }, 'already used by project KM-2026-002'],
      [
        { projectNo: 'KM-2026-901', name: 'x2', protocolNo: 'RW-HTN-01' },
        'already used by project KM-2026-900',
      ],
      [
        {
          projectNo: 'KM-2026-901',
          name: 'x3',
          protocolNo: null,
          sites: [
            { researchCenterId: centers[0], centerNo: '01' },
            { researchCenterId: centers[1], centerNo: '01' },
          ],
        },
        'site number "01" appears twice',
      ],
      [{ projectNo: 'KM-2026-901', name: 'x4', protocolNo: null, endDate: '2026-01-01' }, 'end date'],
      [{ projectNo: 'KM-2026-901', name: 'x5', protocolNo: null, backupManagerId: pmId }, 'backup'],
      [{ projectNo: 'KM-2026-901', name: 'x6', protocolNo: null, managerId: 999999 }, 'may manage'],
      [{ projectNo: 'bad no!', name: 'x7' }, 'project number must be'],
    ];
    for (const [over, message] of cases) {
      const answer = await as(pm, project.create, { body: record(over) });
      expect(answer.code, message).not.toBe(200);
      expect(answer.msg).toContain(message);
    }
    const zh = envelope(
      await call(env.app, project.create, { session: pm, lang: 'zh_CN', body: record() }, env.clock.now),
    );
    expect(zh.msg).toContain('已被项目');
    expect(await env.handle.db.select({ id: projects.id }).from(projects)).toHaveLength(before.length);
  });

  it('edits a record: keeps, renumbers and adds sites, replaces groups; a stale version is refused', async () => {
    const [row] = await env.handle.db.select().from(projects).where(eq(projects.projectNo, 'KM-2026-900'));
    if (!row) throw new Error('no project');
    const old = await detail(row.id);
    const body = record({
      id: row.id,
      version: old.version,
      name: '高血压真实世界研究（扩展）',
      sites: [
        { id: old.sites[0]?.id, researchCenterId: centers[0], centerNo: '02' },
        { id: old.sites[1]?.id, researchCenterId: centers[1], centerNo: '01' },
        { researchCenterId: centers[2], centerNo: '03' },
      ],
      groups: [{ code: 'C', name: '扩展组' }],
    });
    const saved = await as(pm, project.update, { body });
    expect(saved.code).toBe(200);
    const now = await detail(row.id);
    expect(now.name).toBe('高血压真实世界研究（扩展）');
    expect(now.sites.map((s) => [s.id, s.centerNo])).toEqual([
      [old.sites[1]?.id, '01'],
      [old.sites[0]?.id, '02'],
      [expect.any(Number), '03'],
    ]);
    expect(now.groups.map((g) => g.code)).toEqual(['C']);
    const stale = await as(pm, project.update, { body });
    expect(stale.code).toBe(ResultCode.STALE_VERSION);
  });

  it('moves through the workflow: pause and close need a reason; closed records are history', async () => {
    const [row] = await env.handle.db.select().from(projects).where(eq(projects.projectNo, 'KM-2026-900'));
    if (!row) throw new Error('no project');
    let version = row.version;
    const fire = async (action: string, reason?: string) => {
      const answer = await as(pm, project.updateStatus, { body: { id: row.id, version, action, reason } });
      if (answer.code === 200) version = (answer.data as { version: number }).version;
      return answer;
    };
    expect((await fire('resume')).code).toBe(ResultCode.INVALID_STATE);
    expect((await fire('start')).data).toMatchObject({ status: 2 });
    expect((await fire('pause')).msg).toContain('reason');
    expect((await fire('pause', '申办方暂停入组')).data).toMatchObject({ status: 3 });
    expect((await fire('resume')).data).toMatchObject({ status: 2 });
    const del = await as(pm, project.delete, { params: { id: row.id } });
    expect(del.msg).toContain('preparation');
    expect((await fire('close', '研究结束')).data).toMatchObject({ status: 4 });
    const edit = await as(pm, project.update, {
      body: record({ id: row.id, version, sites: [], groups: [], contacts: [] }),
    });
    expect(edit.code).toBe(ResultCode.INVALID_STATE);
    const events = await env.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'projectFile'), eq(auditLog.entityId, String(row.id))));
    expect(events.map((e) => e.action)).toEqual([
      'projectFile.start',
      'projectFile.pause',
      'projectFile.resume',
      'projectFile.close',
    ]);
  });

  it('deletes only an unused project in preparation; a site with samples cannot be dropped', async () => {
    const demo = (await as(pm, project.getByProjectNo, { query: { projectNo: 'KM-2026-003' } })).data as Row;
    const inUse = await as(pm, project.delete, { params: { id: demo.id } });
    expect(inUse.code).toBe(ResultCode.INVALID_STATE);
    expect(inUse.msg).toMatch(/already has .* and cannot be deleted/);
    const firstRow = await as(pm, project.getByProjectNo, { query: { projectNo: 'KM-2026-001' } });
    const first = await detail((firstRow.data as Row).id);
    const drop = await as(pm, project.update, {
      body: {
        ...record({ projectNo: first.projectNo, name: first.name, protocolNo: first.protocolNo }),
        id: first.id,
        version: first.version,
        sites: [],
      },
    });
    expect(drop.msg).toMatch(/Site 0\d already has/);
    const created = await as(pm, project.create, {
      body: record({ projectNo: 'KM-2026-902', name: '待删除项目', protocolNo: null }),
    });
    const { id } = created.data as { id: number };
    expect((await as(pm, project.delete, { params: { id } })).code).toBe(200);
    expect((await as(pm, project.get, { params: { id } })).code).toBe(ResultCode.NOT_FOUND);
  });

  it('keeps an English name: saved and edited with the record, shown to English readers wherever a project is named', async () => {
    const created = await as(pm, project.create, {
      body: record({
        projectNo: 'KM-2026-950',
        name: '哮喘队列研究',
        enName: ' Asthma cohort study ',
        protocolNo: null,
      }),
    });
    expect(created.code).toBe(200);
    const { id } = created.data as { id: number };
    const saved = await detail(id);
    expect(saved).toMatchObject({ name: '哮喘队列研究', enName: 'Asthma cohort study' });
    // The same record with another English name, its sites kept.
    const rename = (enName: string) =>
      as(pm, project.update, {
        body: record({
          id,
          version: saved.version,
          projectNo: 'KM-2026-950',
          name: '哮喘队列研究',
          protocolNo: null,
          enName,
          sites: saved.sites.map((s) => ({
            id: s.id,
            researchCenterId: (s as { researchCenterId?: number }).researchCenterId,
            centerNo: s.centerNo,
            name: s.name,
          })),
        }),
      });
    // Longer than 128 characters: refused, nothing changes.
    expect((await rename('x'.repeat(129))).code).toBe(ResultCode.BAD_REQUEST);
    const edited = await rename('Asthma cohort study, extended');
    expect(edited.code, edited.msg).toBe(200);
    expect((await detail(id)).enName).toBe('Asthma cohort study, extended');
    // The list finds it by either name.
    const byEnglish = await as(pm, project.page, { body: { name: 'cohort' } });
    expect((byEnglish.data as Row[]).map((r) => r.projectNo)).toEqual(['KM-2026-950']);
    // The pickers name projects in the reader's language (these calls read in en_US).
    const picks = (await as(pm, project.ownAll, { body: { page: 1, size: 100 } })).data as Row[];
    expect(picks.find((p) => p.projectNo === 'KM-2026-001')?.name).toBe('Oncology biomarker study');
    const zh = envelope(await call(env.app, project.all, { session: pm, lang: 'zh_CN' }, env.clock.now))
      .data as Row[];
    expect(zh.find((p) => p.projectNo === 'KM-2026-001')?.name).toBe('肿瘤生物标志物研究');
    expect(zh.find((p) => p.projectNo === 'KM-2026-950')?.name).toBe('哮喘队列研究');
    // The overview too; the record's own answer keeps both names for its form.
    const overview = (await as(pm, project.overview, { params: { id } })).data as {
      project: { name: string };
    };
    expect(overview.project.name).toBe('Asthma cohort study, extended');
    // A project without an English name shows its Chinese name to English readers.
    await env.handle.db.update(projects).set({ enName: null }).where(eq(projects.id, id));
    const fallback = (await as(pm, project.all)).data as Row[];
    expect(fallback.find((p) => p.projectNo === 'KM-2026-950')?.name).toBe('哮喘队列研究');
  });
});
