import { endpoints, type QueryDetail, ResultCode } from '@trialab/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_ENGINES } from './engines.js';
import { call, envelope, login, type Session, startEnv, type TestEnv } from './helpers.js';

const { clarification, portalHome, project } = endpoints;

interface Row {
  id: number;
  subjectNo: string;
  status: string;
  needsClarification: boolean;
  version: number;
}

describe.each(FEATURE_ENGINES)('clarification queries and the portal home on %s', (engine) => {
  let env: TestEnv;
  let site: Session;
  let otherSite: Session;
  let pm: Session;
  let admin: Session;
  let rows: Row[];

  const as = (
    session: Session,
    endpoint: Parameters<typeof call>[1],
    options: Parameters<typeof call>[2] = {},
  ) => call(env.app, endpoint, { ...options, session }, env.clock.now).then(envelope);

  beforeAll(async () => {
    env = await startEnv(engine);
    site = await login(env, '13900000001');
    otherSite = await login(env, '13900000002');
    pm = await login(env, '13800000003');
    admin = await login(env, '13800000000');
    rows = (await as(site, clarification.paging, { body: { page: 1, size: 10 } })).data as Row[];
  });
  afterAll(() => env.close());

  it('lists only the queries of my sites, open first, with live home counts', async () => {
    expect(rows.map((r) => r.subjectNo).sort()).toEqual(['S-001-0001', 'S-001-0002']);
    const counts = (await as(site, portalHome.counts)).data as Record<string, number>;
    expect(counts.queriesAwaiting).toBe(2);
    expect(counts.kitsToConfirm).toBe(1);
    const other = (await as(otherSite, clarification.paging, { body: { page: 1, size: 10 } })).data as Row[];
    expect(other.map((r) => r.subjectNo)).toEqual(['S-002-0001']);
  });

  it('resolves a query that needs no clarification once a site user views it', async () => {
    const informative = rows.find((r) => !r.needsClarification);
    if (!informative) throw new Error('seeded query missing');
    // Staff viewing it does not resolve it (and staff without the portal permission cannot view).
    expect((await as(pm, clarification.get, { params: { id: informative.id } })).code).toBe(
      ResultCode.FORBIDDEN,
    );
    const byStaff = (await as(admin, clarification.get, { params: { id: informative.id } }))
      .data as QueryDetail;
    expect(byStaff.status).toBe('open');
    const viewed = (await as(site, clarification.get, { params: { id: informative.id } }))
      .data as QueryDetail;
    expect(viewed.status).toBe('resolved');
    expect(viewed.resolvedAt).not.toBeNull();
    expect(viewed.events.map((e) => [e.action, e.toState, e.username])).toEqual([
      ['raise', 'open', '张项目'],
      ['autoResolve', 'resolved', '陈中心'],
    ]);
    expect(((await as(site, portalHome.counts)).data as Record<string, number>).queriesAwaiting).toBe(1);
  });

  it('takes replies of 8 to 255 characters with images; staff close the query', async () => {
    const query = rows.find((r) => r.needsClarification);
    if (!query) throw new Error('seeded query missing');
    const viewed = (await as(site, clarification.get, { params: { id: query.id } })).data as QueryDetail;
    expect(viewed.status).toBe('open');
    for (const content of ['太短了', 'x'.repeat(256), '       ']) {
      const answer = await as(site, clarification.reply, {
        params: { id: query.id },
        body: { version: viewed.version, content },
      });
      expect(answer.code).toBe(400);
      expect(answer.msg).toContain('The reply must be 8 to 255 characters');
    }
    const replied = (
      await as(site, clarification.reply, {
        params: { id: query.id },
        body: {
          version: viewed.version,
          content: '采血时间为08:30，离心前静置30分钟，已重新采样。',
          imageFileIds: [],
        },
      })
    ).data as QueryDetail;
    expect(replied.status).toBe('answered');
    expect(replied.replies).toHaveLength(1);
    expect(replied.replies[0]).toMatchObject({ username: '陈中心' });
    const stale = await as(site, clarification.reply, {
      params: { id: query.id },
      body: { version: viewed.version, content: '补充说明：已附上处理记录。' },
    });
    expect(stale.code).toBe(ResultCode.STALE_VERSION);
    // Site users cannot close; staff can.
    expect(
      (await as(site, clarification.close, { params: { id: query.id }, body: { version: replied.version } }))
        .code,
    ).toBe(ResultCode.FORBIDDEN);
    const closed = (
      await as(pm, clarification.close, { params: { id: query.id }, body: { version: replied.version } })
    ).data as QueryDetail;
    expect(closed.status).toBe('resolved');
    const late = await as(site, clarification.reply, {
      params: { id: query.id },
      body: { version: closed.version, content: '再补充一条说明信息。' },
    });
    expect(late.code).toBe(ResultCode.INVALID_STATE);
  });

  it('refuses other sites by id; staff raise queries only for sites that exist in the project', async () => {
    expect((await as(otherSite, clarification.get, { params: { id: rows[0]?.id ?? 0 } })).code).toBe(
      ResultCode.NOT_FOUND,
    );
    expect(
      (
        await as(otherSite, clarification.reply, {
          params: { id: rows[0]?.id ?? 0 },
          body: { version: 1, content: '这是一条无权限的回复' },
        })
      ).code,
    ).toBe(ResultCode.NOT_FOUND);
    const projects = (await as(pm, project.ownAll, { body: { page: 1, size: 10 } })).data as Array<{
      id: number;
      projectNo: string;
    }>;
    const p1 = projects.find((p) => p.projectNo === 'KM-2026-001')?.id ?? 0;
    const p2 = projects.find((p) => p.projectNo === 'KM-2026-002')?.id ?? 0;
    const sites = (await as(pm, project.sitesByProject, { body: { projectId: p2, page: 1, size: 10 } }))
      .data as Array<{ id: number }>;
    const wrong = await as(pm, clarification.create, {
      body: {
        projectId: p1,
        siteId: sites[0]?.id ?? 0,
        subjectNo: 'S-1',
        queryType: '1',
        content: '请确认',
        needsClarification: true,
      },
    });
    expect(wrong.code).toBe(400);
    const created = (
      await as(pm, clarification.create, {
        body: {
          projectId: p2,
          siteId: sites[0]?.id ?? 0,
          subjectNo: 'S-002-0009',
          queryType: '2',
          content: '请确认样本采集日期',
          needsClarification: true,
        },
      })
    ).data as QueryDetail;
    expect(created).toMatchObject({ status: 'open', raisedByName: '张项目' });
    expect((await as(site, clarification.create, { body: {} })).code).toBe(ResultCode.FORBIDDEN);
  });
});
