import {
  endpoints,
  PLAN_SIGNATURE_MEANING,
  type PlanChoices,
  type PlanDetail,
  type PlanRow,
  ResultCode,
} from '@trialab/api-contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  projects,
  sampleTypes,
  temperatures,
  testItems,
  users,
  visitPoints,
} from '../src/db/schema.js';
import { specimenBarcodes } from '../src/db/schema-specimen.js';
import { FEATURE_ENGINES } from './engines.js';
import {
  call,
  DEMO_PASSWORD,
  envelope,
  login,
  projectOutsideScope,
  type Session,
  startEnv,
  type TestEnv,
} from './helpers.js';

const { plan } = endpoints;

describe.each(FEATURE_ENGINES)('sampling and testing plans on %s', (engine) => {
  let env: TestEnv;
  let manager: Session;
  let admin: Session;
  let refs: { wb: number; ser: number; cold: number; deep: number; ln2: number; cbc: number };
  const as = async (
    session: Session,
    endpoint: Parameters<typeof call>[1],
    options: Parameters<typeof call>[2] = {},
  ) => envelope(await call(env.app, endpoint, { ...options, session }, env.clock.now));
  const detail = async (id: number) => (await as(manager, plan.get, { params: { id } })).data as PlanDetail;
  const sample = (sampleTypeId: number, storage = refs.deep) => ({
    sampleTypeId,
    container: 'CRYO-1.8',
    volume: 2,
    unit: 'mL',
    count: 1,
    transportTemperatureId: refs.cold,
    storageTemperatureId: storage,
    testItemIds: [refs.cbc],
  });

  beforeAll(async () => {
    env = await startEnv(engine);
    manager = await login(env, '13800000003');
    admin = await login(env, '13800000000');
    const db = env.handle.db;
    const code = async (table: typeof sampleTypes | typeof temperatures | typeof testItems, c: string) =>
      (await db.select({ id: table.id }).from(table).where(eq(table.code, c)))[0]?.id ?? 0;
    refs = {
      wb: await code(sampleTypes, 'WB'),
      ser: await code(sampleTypes, 'SER'),
      cold: await code(temperatures, '2-8C'),
      deep: await code(temperatures, '-80C'),
      ln2: await code(temperatures, 'LN2'),
      cbc: await code(testItems, 'CBC'),
    };
  });
  afterAll(() => env.close());

  it('lists the demo plans with the cold chain of each sample and the versions of a plan no', async () => {
    const rows = (await as(manager, plan.paging, { body: { size: 50 } })).data as PlanRow[];
    expect(rows.map((r) => [r.planNo, r.revision, r.status]).sort()).toEqual([
      ['KM-2026-001-PLAN-A', 1, 'online'],
      ['KM-2026-001-PLAN-A', 2, 'draft'],
      ['KM-2026-002-PLAN-A', 1, 'submitted'],
      ['KM-2026-003-PLAN-A', 1, 'reviewed'],
      ['KM-2026-003-PLAN-B', 1, 'returned'],
    ]);
    const online = rows.find((r) => r.status === 'online');
    const d = await detail(online?.id ?? 0);
    expect(d.visits).toHaveLength(5);
    // Names in both languages: the plan's and each visit's English name are stored and answered.
    expect(d.enName).toBe('Tumour biomarker sampling and testing plan');
    expect(d.visits.map((v) => v.enName)).toEqual([
      'Screening V0',
      'Baseline V1',
      'Week 4 V2',
      'Week 12 V3',
      'Follow-up V4',
    ]);
    expect(d.visits[1]?.samples.map((s) => [s.sampleTypeName, s.storageTemperature.name])).toEqual([
      ['Whole blood', 'Refrigerated'],
      ['Serum', 'Deep frozen'],
    ]);
    expect(d.versions.map((v) => [v.revision, v.status])).toEqual([
      [2, 'draft'],
      [1, 'online'],
    ]);
    // The demo's online version was approved with a signature; the draft not yet.
    expect(d.versions.map((v) => v.approvedByName)).toEqual([null, '超级管理员']);
    expect(d.versions[1]?.meaning).toBe(PLAN_SIGNATURE_MEANING.zh_CN);
    // The demo's signature vouches for the online version as it stands, windows included.
    expect(d.signatures[0]?.contentHash).toBe(d.contentHash);
  });

  it('takes a new plan through submit, return, approval with a signature and going online', async () => {
    const [project] = await env.handle.db
      .select()
      .from(projects)
      .where(eq(projects.projectNo, 'KM-2026-002'));
    const projectId = project?.id ?? 0;
    const created = await as(manager, plan.create, {
      body: { projectId, planNo: 'KM-2026-002-PLAN-B', name: '加强免疫方案', visits: [] },
    });
    expect(created.code).toBe(200);
    const { id, version } = created.data as { id: number; version: number };
    // Same plan no again: refused.
    const twice = await as(manager, plan.create, {
      body: { projectId, planNo: 'KM-2026-002-PLAN-B', name: 'x', visits: [] },
    });
    expect(twice.code).toBe(ResultCode.DUPLICATE);
    // An empty plan cannot be submitted.
    expect((await as(manager, plan.submit, { params: { id }, body: { version } })).code).toBe(
      ResultCode.INVALID_STATE,
    );
    // Liquid nitrogen is not a transport condition.
    const bad = await as(manager, plan.syncDraft, {
      body: {
        planId: id,
        version,
        name: '加强免疫方案',
        visits: [{ name: 'V1', samples: [{ ...sample(refs.ser), transportTemperatureId: refs.ln2 }] }],
      },
    });
    expect(bad.code).toBe(ResultCode.BAD_REQUEST);
    expect(bad.msg).toContain('液氮');
    // A tube outside the container master (dictionary 1024) is refused in the user's language;
    // nothing is saved (the version is unchanged).
    for (const [lang, words] of [
      ['zh_CN', '容器“试管”不是已启用的样本容器（字典 1024）'],
      ['en_US', 'Container "试管" is not an enabled sample container (dictionary 1024)'],
    ] as const) {
      const tube = await as(manager, plan.syncDraft, {
        lang,
        body: {
          planId: id,
          version,
          name: '加强免疫方案',
          visits: [{ name: 'V1', samples: [{ ...sample(refs.ser), container: '试管' }] }],
        },
      });
      expect(tube.code).toBe(ResultCode.BAD_REQUEST);
      expect(tube.msg).toBe(words);
    }
    expect((await detail(id)).visits).toEqual([]);
    const saved = await as(manager, plan.syncDraft, {
      body: {
        planId: id,
        version,
        name: '加强免疫方案',
        enName: ' Booster plan ',
        visits: [
          { name: 'V1', enName: 'Visit 1', samples: [sample(refs.ser)] },
          { name: 'V2', samples: [sample(refs.wb, refs.cold)] },
        ],
      },
    });
    expect(saved.data).toEqual({ version: version + 1 });
    // The English names are kept (trimmed; a visit without one has none).
    const named = await detail(id);
    expect([named.enName, ...named.visits.map((x) => x.enName)]).toEqual(['Booster plan', 'Visit 1', null]);
    const taken = await as(manager, plan.visitCheckExist, { body: { planId: id, name: 'V2' } });
    expect(taken.data).toBe(true);
    let v = version + 1;
    const submitted = await as(manager, plan.submit, { params: { id }, body: { version: v++ } });
    expect(submitted.data).toEqual({ version: v, status: 'submitted' });
    // Editing a submitted version is refused; the author cannot review it.
    expect(
      (await as(manager, plan.syncDraft, { body: { planId: id, version: v, name: 'x', visits: [] } })).code,
    ).toBe(ResultCode.INVALID_STATE);
    const returned = await as(admin, plan.return, {
      params: { id },
      body: { version: v++, reason: '补充 V2 的检测项' },
    });
    expect(returned.data).toEqual({ version: v, status: 'returned' });
    expect((await detail(id)).returnReason).toBe('补充 V2 的检测项');
    await as(manager, plan.submit, { params: { id }, body: { version: v++ } });
    const unsigned = await as(admin, plan.approve, { params: { id }, body: { version: v } });
    expect(unsigned.code).toBe(ResultCode.BAD_REQUEST);
    const wrong = await as(admin, plan.approve, {
      params: { id },
      body: { version: v, signature: { password: 'not-the-password' } },
    });
    expect(wrong.code).toBe(ResultCode.BAD_REQUEST);
    const approved = await as(admin, plan.approve, {
      params: { id },
      body: { version: v++, signature: { password: DEMO_PASSWORD } },
    });
    expect(approved.data).toEqual({ version: v, status: 'reviewed' });
    expect((await detail(id)).signatures).toMatchObject([{ action: 'approve', signerName: '超级管理员' }]);
    // The signature vouches for the content with its windows: a window changed behind it shows.
    const vouched = await detail(id);
    expect(vouched.signatures[0]?.contentHash).toBe(vouched.contentHash);
    const db = env.handle.db;
    const [first] = await db
      .select({ id: visitPoints.id, after: visitPoints.windowAfter })
      .from(visitPoints)
      .where(eq(visitPoints.planId, id));
    await db
      .update(visitPoints)
      .set({ windowAfter: (first?.after ?? 0) + 5 })
      .where(eq(visitPoints.id, first?.id ?? 0));
    const altered = await detail(id);
    expect(altered.contentHash).not.toBe(altered.signatures[0]?.contentHash);
    await db
      .update(visitPoints)
      .set({ windowAfter: first?.after ?? 0 })
      .where(eq(visitPoints.id, first?.id ?? 0));
    // The versions list says who wrote each version and who approved it, when and meaning what.
    expect((await detail(id)).versions).toEqual([
      expect.objectContaining({
        id,
        createdByName: '张项目',
        approvedByName: '超级管理员',
        approvedAt: new Date(env.clock.now).toISOString(),
        meaning: PLAN_SIGNATURE_MEANING.en_US,
      }),
    ]);
    expect((await as(manager, plan.goOnline, { params: { id }, body: { version: v++ } })).data).toEqual({
      version: v,
      status: 'online',
    });
    const audited = await env.handle.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'projectPlan'), eq(auditLog.entityId, String(id))));
    expect(audited.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'plan.create',
        'projectPlan.submit',
        'projectPlan.approve',
        'projectPlan.goOnline',
      ]),
    );
  });

  it('refuses approval to whoever wrote or submitted the version, not only to its creator', async () => {
    const [project] = await env.handle.db
      .select()
      .from(projects)
      .where(eq(projects.projectNo, 'KM-2026-002'));
    const projectId = project?.id ?? 0;
    const visits = [{ name: 'V1', samples: [sample(refs.ser)] }];
    const signature = { password: DEMO_PASSWORD };
    // The super account drafts it; the project manager rewrites it; the super account submits it.
    const rewritten = (
      await as(admin, plan.create, {
        body: { projectId, planNo: 'KM-2026-002-SOD-A', name: '职责分离 A', visits },
      })
    ).data as { id: number; version: number };
    const id = rewritten.id;
    await as(manager, plan.syncDraft, {
      body: { planId: id, version: rewritten.version, name: '职责分离 A（改）', visits },
    });
    await as(admin, plan.submit, { params: { id }, body: { version: rewritten.version + 1 } });
    const v = rewritten.version + 2;
    // Both are the version's authors (creator and submitter, editor).
    expect((await detail(id)).authorIds).toHaveLength(2);
    // The editor may not approve it, in either language, and nothing changes.
    const byEditor = await as(manager, plan.approve, { params: { id }, body: { version: v, signature } });
    expect(byEditor.code).toBe(ResultCode.FORBIDDEN);
    expect(byEditor.msg).toContain('separation of duties');
    const zh = await as(manager, plan.approve, {
      params: { id },
      body: { version: v, signature },
      lang: 'zh_CN',
    });
    expect(zh.msg).toContain('职责分离');
    // Nor the creator who submitted it.
    const byCreator = await as(admin, plan.approve, { params: { id }, body: { version: v, signature } });
    expect(byCreator.code).toBe(ResultCode.FORBIDDEN);
    expect((await detail(id)).status).toBe('submitted');

    // Drafted by the super account, submitted by the manager: the submitter may not approve or return it.
    const submitted = (
      await as(admin, plan.create, {
        body: { projectId, planNo: 'KM-2026-002-SOD-B', name: '职责分离 B', visits },
      })
    ).data as { id: number; version: number };
    await as(manager, plan.submit, { params: { id: submitted.id }, body: { version: submitted.version } });
    const bySubmitter = await as(manager, plan.approve, {
      params: { id: submitted.id },
      body: { version: submitted.version + 1, signature },
    });
    expect(bySubmitter.code).toBe(ResultCode.FORBIDDEN);
    const returned = await as(manager, plan.return, {
      params: { id: submitted.id },
      body: { version: submitted.version + 1, reason: 'x' },
    });
    expect(returned.code).toBe(ResultCode.FORBIDDEN);
    expect((await detail(submitted.id)).status).toBe('submitted');
  });

  it('revises an online plan; received samples keep their visit; the revision supersedes the old version', async () => {
    const rows = (await as(manager, plan.paging, { body: { keyword: 'KM-2026-002-PLAN-B', size: 10 } }))
      .data as PlanRow[];
    const online = rows.find((r) => r.status === 'online');
    const onlineId = online?.id ?? 0;
    // Samples of V1 serum were received at the bench.
    const [keeper] = await env.handle.db.select().from(users).where(eq(users.mobile, '13800000004'));
    await env.handle.db.insert(specimenBarcodes).values({
      createdBy: keeper?.id ?? 0,
      createdAt: new Date(env.clock.now),
      code: 'PLAN-TEST-0001',
      projectId: online?.projectId ?? 0,
      visit: 'V1',
      sampleTypeId: refs.ser,
      status: 'signed',
    });
    const revised = await as(manager, plan.revise, { params: { id: onlineId }, body: {} });
    expect(revised.code).toBe(200);
    const { id, version } = revised.data as { id: number; version: number };
    // A second revision while this one is open: refused.
    expect((await as(manager, plan.revise, { params: { id: onlineId }, body: {} })).code).toBe(
      ResultCode.INVALID_STATE,
    );
    const draft = await detail(id);
    const [v1, v2] = draft.visits;
    const dropV1 = await as(manager, plan.syncDraft, {
      body: {
        planId: id,
        version,
        name: draft.name,
        visits: [{ id: v2?.id, name: 'V2', samples: [sample(refs.wb)] }],
      },
    });
    expect(dropV1.code).toBe(ResultCode.BAD_REQUEST);
    // The refusal names the visit and the sample type in the reader's language.
    expect(dropV1.msg).toContain('"Visit 1"');
    const dropSerum = (lang: 'zh_CN' | 'en_US') =>
      as(manager, plan.syncDraft, {
        lang,
        body: {
          planId: id,
          version,
          name: draft.name,
          visits: [
            { id: v1?.id, name: 'V1', samples: [sample(refs.wb)] },
            { id: v2?.id, name: 'V2', samples: [sample(refs.wb)] },
          ],
        },
      });
    expect((await dropSerum('zh_CN')).msg).toBe('访视「V1」的样本类型「血清」已有接收的样本，不能移除');
    expect((await dropSerum('en_US')).msg).toBe(
      'Visit "Visit 1" has received Serum samples: that sample type cannot be removed',
    );
    expect((await as(manager, plan.visitDelete, { params: { id: v1?.id ?? 0 } })).code).toBe(
      ResultCode.BAD_REQUEST,
    );
    // V2 has nothing received: it may go, and a visit is added.
    const saved = await as(manager, plan.syncDraft, {
      body: {
        planId: id,
        version,
        name: draft.name,
        visits: [
          { id: v1?.id, name: 'V1', samples: [sample(refs.ser), sample(refs.wb)] },
          { name: 'V3', samples: [sample(refs.ser)] },
        ],
      },
    });
    expect(saved.data).toEqual({ version: version + 1 });
    let v = version + 1;
    await as(manager, plan.submit, { params: { id }, body: { version: v++ } });
    await as(admin, plan.approve, {
      params: { id },
      body: { version: v++, signature: { password: DEMO_PASSWORD } },
    });
    expect((await as(manager, plan.goOnline, { params: { id }, body: { version: v } })).data).toMatchObject({
      status: 'online',
    });
    expect((await detail(id)).versions.map((x) => [x.revision, x.status])).toEqual([
      [2, 'online'],
      [1, 'superseded'],
    ]);
    expect((await detail(onlineId)).visits.map((x) => x.name)).toEqual(['V1', 'V2']);
  });

  it("offers a plan's samples only enabled references, transport and storage conditions and the version's kits", async () => {
    const projectId = async (no: string) =>
      (await env.handle.db.select().from(projects).where(eq(projects.projectNo, no)))[0]?.id ?? 0;
    const choices = async (session: Session, no: string) =>
      as(session, plan.choices, { query: { projectId: await projectId(no) } });
    const own = (await choices(manager, 'KM-2026-001')).data as PlanChoices;
    expect(own.sampleTypes.map((t) => t.id)).toEqual(expect.arrayContaining([refs.wb, refs.ser]));
    const ln2 = own.temperatures.find((t) => t.id === refs.ln2);
    expect(ln2).toMatchObject({ forTransport: false, forStorage: true });
    expect(own.testItems.map((i) => i.id)).toContain(refs.cbc);
    // Kits are a saved version's own: none before the plan is saved, the draft revision's copies after.
    expect(own.kits).toEqual([]);
    const versions = (await as(manager, plan.paging, { body: { size: 50 } })).data as PlanRow[];
    const draft = versions.find((r) => r.planNo === 'KM-2026-001-PLAN-A' && r.revision === 2);
    const other = versions.find((r) => r.planNo === 'KM-2026-002-PLAN-A');
    const km1 = await projectId('KM-2026-001');
    const ofDraft = (await as(manager, plan.choices, { query: { projectId: km1, planId: draft?.id } }))
      .data as PlanChoices;
    expect(ofDraft.kits.map((k) => k.name)).toContain('基线采血套件');
    // A version of another project is not one of this project's.
    const mismatch = await as(manager, plan.choices, { query: { projectId: km1, planId: other?.id } });
    expect(mismatch.code).toBe(ResultCode.NOT_FOUND);
    // A disabled test item is no longer offered.
    await env.handle.db.update(testItems).set({ enabled: false }).where(eq(testItems.id, refs.cbc));
    const later = (await choices(manager, 'KM-2026-002')).data as PlanChoices;
    await env.handle.db.update(testItems).set({ enabled: true }).where(eq(testItems.id, refs.cbc));
    expect(later.testItems.map((i) => i.id)).not.toContain(refs.cbc);
    // A project outside the caller's scope is refused.
    const outside = await projectOutsideScope(env, 'KM-TEST-PLAN-CHOICES');
    expect((await as(manager, plan.choices, { query: { projectId: outside } })).code).toBe(
      ResultCode.FORBIDDEN,
    );
  });

  it("keeps other projects' plans from a manager and refuses without the permission", async () => {
    const otherId = await projectOutsideScope(env, 'KM-TEST-PLANS');
    const created = await as(admin, plan.create, {
      body: { projectId: otherId, planNo: 'KM-TEST-PLANS-X', name: '外部', visits: [] },
    });
    const { id } = created.data as { id: number };
    expect((await as(manager, plan.get, { params: { id } })).code).toBe(ResultCode.FORBIDDEN);
    const outside = await as(manager, plan.create, {
      body: { projectId: otherId, planNo: 'KM-TEST-PLANS-Y', name: 'y', visits: [] },
    });
    expect(outside.code).toBe(ResultCode.FORBIDDEN);
    const lab = await login(env, '13800000001');
    expect((await as(lab, plan.paging, { body: {} })).code).toBe(ResultCode.FORBIDDEN);
  });
});
