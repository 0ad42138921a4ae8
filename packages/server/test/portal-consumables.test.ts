import {
  type ConsumableOrderDetail,
  consumableOrderWorkflow,
  endpoints,
  ResultCode,
} from '@trialab/api-contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_ENGINES } from './engines.js';
import {
  call,
  dayIn,
  envelope,
  FILTER_ZONES,
  login,
  type Session,
  startEnv,
  type TestEnv,
} from './helpers.js';
import { pdfPages } from './pdf-text.js';

const { consumable, project } = endpoints;

interface Kit {
  id: number;
  name: string;
  supplyStatus: string | null;
  items: unknown[];
}

describe.each(FEATURE_ENGINES)('consumable applications on %s', (engine) => {
  let env: TestEnv;
  let applicant: Session; // 陈中心, KM-2026-001 site 01
  let auditor: Session; // 何研究, same site
  let otherSite: Session; // 林中心, KM-2026-002
  let staff: Session; // 赵样本, supply area
  let lab: Session; // 李实验, no portal permissions
  let projectId: number;
  let siteId: number;
  let kits: Kit[];

  const as = (
    session: Session,
    endpoint: Parameters<typeof call>[1],
    options: Parameters<typeof call>[2] = {},
  ) => call(env.app, endpoint, { ...options, session }, env.clock.now).then(envelope);

  beforeAll(async () => {
    env = await startEnv(engine);
    applicant = await login(env, '13900000001');
    auditor = await login(env, '13900000003');
    otherSite = await login(env, '13900000002');
    staff = await login(env, '13800000004');
    lab = await login(env, '13800000001');
    const projects = (await as(applicant, project.ownAll, { body: { page: 1, size: 10 } })).data as Array<{
      id: number;
      projectNo: string;
    }>;
    projectId = projects.find((p) => p.projectNo === 'KM-2026-001')?.id ?? 0;
    const sites = (await as(applicant, project.sitesByProject, { body: { projectId, page: 1, size: 10 } }))
      .data as Array<{ id: number }>;
    siteId = sites[0]?.id ?? 0;
    kits = (await as(applicant, consumable.planKits, { params: { id: projectId }, body: { siteId } }))
      .data as Kit[];
  });
  afterAll(() => env.close());

  const receiveAddress = {
    name: '陈中心',
    phone: '13900000001',
    area: '北京市/东城区',
    company: '示例医院',
    detail: '示例路1号',
    email: '',
  };
  const newOrder = (extra: Record<string, unknown> = {}) => ({
    projectId,
    siteId,
    receiveAddress,
    hopedArrivalDate: '2026-12-01',
    kits: [{ kitId: kits[0]?.id ?? 0, kitAmount: 3 }],
    loose: [{ consumableName: '采血垫巾', unit: '包', quantity: 2 }],
    ...extra,
  });
  const submit = async (session = applicant, body = newOrder()) => {
    const answer = await as(session, consumable.create, { body });
    expect(answer.code, answer.msg).toBe(200);
    return answer.data as ConsumableOrderDetail;
  };

  it('lists the kits of the project with their supply status for the site', () => {
    expect(kits.map((k) => [k.name, k.supplyStatus])).toEqual([
      ['基线采血套件', 'confirmed'],
      ['尿液采集套件', 'pending'],
    ]);
    expect(kits[0]?.items).toHaveLength(3);
    // Each item keeps its texts as written and carries its catalogue consumable's English ones.
    expect(kits[0]?.items[0]).toMatchObject({
      consumableName: 'EDTA抗凝采血管',
      consumableEnName: 'EDTA tube',
      size: '5ml',
      enSize: '5 mL',
      vendor: '示例医疗器械有限公司',
      enVendor: 'Example Medical Devices Co., Ltd.',
      unit: '支',
      enUnit: 'tube',
      enScopeOfUse: 'CBC, PK',
    });
  });

  it('runs the whole lifecycle: submitted, audited by a second site user, dispatched by staff, received', async () => {
    const order = await submit();
    expect(order.status).toBe('submitted');
    expect(order.orderNo).toMatch(/^CO\d{8}\d{5}$/);
    expect(order.lines.filter((l) => l.kind === 'kit')).toHaveLength(3);
    expect(order.lines.find((l) => l.kind === 'kit')).toMatchObject({
      kitName: '基线采血套件',
      kitAmount: 3,
      quantityPerKit: 2,
      unit: '支',
      enUnit: 'tube',
    });
    expect(order.lines.find((l) => l.kind === 'loose')).toMatchObject({
      consumableName: '采血垫巾',
      kitAmount: 2,
    });

    // The applicant may not review their own application.
    const self = await as(applicant, consumable.audit, {
      params: { id: order.id },
      body: { version: order.version, pass: true },
    });
    expect(self.code).toBe(ResultCode.FORBIDDEN);
    expect(self.msg).toBe('You cannot review your own application');

    const pending = await as(auditor, consumable.auditPaging, {
      body: { tab: 'pending', page: 1, size: 10 },
    });
    expect((pending.data as Array<{ id: number }>).map((r) => r.id)).toContain(order.id);

    const approved = (
      await as(auditor, consumable.audit, {
        params: { id: order.id },
        body: { version: order.version, pass: true },
      })
    ).data as ConsumableOrderDetail;
    expect(approved).toMatchObject({ status: 'approved', auditorName: '何研究' });
    expect(approved.auditTime).not.toBeNull();

    // A site user cannot dispatch; staff can: the catalogue's lines leave stock by FEFO, the others
    // take typed lot numbers, expiry dates and certificates.
    const typedFor = (ls: ConsumableOrderDetail['lines']) =>
      ls.map((l, i) => ({
        lineId: l.id,
        lotNumber: `LOT-2026-${i}`,
        outboundQuantity: l.kitAmount,
        expiryDate: '2027-06-30',
      }));
    const lines = typedFor(approved.lines.filter((l) => l.consumableId === null));
    const siteDispatch = await as(applicant, consumable.dispatch, {
      params: { id: order.id },
      body: { version: approved.version, courier: 'SF', expressNo: 'SF1234567890', lines },
    });
    expect(siteDispatch.code).toBe(ResultCode.FORBIDDEN);
    const partial = await as(staff, consumable.dispatch, {
      params: { id: order.id },
      // A catalogue line's lot is not typed in: FEFO picks it.
      body: {
        version: approved.version,
        courier: 'SF',
        expressNo: 'SF1234567890',
        lines: typedFor(approved.lines.slice(0, 1)),
      },
    });
    expect(partial.code).toBe(400);
    const staffList = await as(staff, consumable.staffPaging, {
      body: { page: 1, size: 50, status: ['approved'] },
    });
    expect((staffList.data as Array<{ id: number }>).map((r) => r.id)).toContain(order.id);
    const dispatched = (
      await as(staff, consumable.dispatch, {
        params: { id: order.id },
        body: { version: approved.version, courier: 'SF', expressNo: 'SF1234567890', lines },
      })
    ).data as ConsumableOrderDetail;
    expect(dispatched).toMatchObject({
      status: 'dispatched',
      courier: 'SF',
      expressNo: 'SF1234567890',
      dispatcherName: '赵样本',
    });
    const distribution = (await as(applicant, consumable.distributionList, { params: { id: order.id } }))
      .data as Array<{ lotNumber: string; expiryDate: string }>;
    expect(distribution.length).toBeGreaterThan(0);
    expect(distribution.every((l) => l.lotNumber.length > 0 && l.expiryDate.length === 10)).toBe(true);

    // Receipt cannot be confirmed twice.
    const received = (
      await as(auditor, consumable.confirmReceive, {
        params: { id: order.id },
        body: { version: dispatched.version },
      })
    ).data as ConsumableOrderDetail;
    expect(received).toMatchObject({ status: 'received', receivedByName: '何研究' });
    const again = await as(applicant, consumable.confirmReceive, {
      params: { id: order.id },
      body: { version: received.version },
    });
    expect(again.code).toBe(ResultCode.INVALID_STATE);

    // Every transition is recorded with who and when.
    expect(received.events.map((e) => [e.action, e.fromState, e.toState, e.username])).toEqual([
      ['submit', null, 'submitted', '陈中心'],
      ['approve', 'submitted', 'approved', '何研究'],
      ['dispatch', 'approved', 'dispatched', '赵样本'],
      ['receive', 'dispatched', 'received', '何研究'],
    ]);
    expect(received.events.every((e) => !Number.isNaN(Date.parse(e.at)))).toBe(true);
    const reviewed = await as(auditor, consumable.auditPaging, {
      body: { tab: 'reviewed', page: 1, size: 50 },
    });
    expect((reviewed.data as Array<{ id: number }>).map((r) => r.id)).toContain(order.id);
  });

  it('rejects only with a reason of at most 255 characters; the applicant edits and resubmits', async () => {
    const order = await submit();
    const noReason = await as(auditor, consumable.audit, {
      params: { id: order.id },
      body: { version: order.version, pass: false },
    });
    expect(noReason.code).toBe(400);
    expect(noReason.msg).toContain('Please give a reason for the rejection');
    const tooLong = await as(auditor, consumable.audit, {
      params: { id: order.id },
      body: { version: order.version, pass: false, reason: 'x'.repeat(256) },
    });
    expect(tooLong.code).toBe(400);
    const rejected = (
      await as(auditor, consumable.audit, {
        params: { id: order.id },
        body: { version: order.version, pass: false, reason: '数量超出方案需求，请核实后重新提交' },
      })
    ).data as ConsumableOrderDetail;
    expect(rejected).toMatchObject({
      status: 'rejected',
      rejectReason: '数量超出方案需求，请核实后重新提交',
    });
    expect(rejected.events.at(-1)?.reason).toBe('数量超出方案需求，请核实后重新提交');

    // Only the applicant edits; the edit resubmits for review and clears the rejection.
    const byOther = await as(auditor, consumable.update, {
      body: { ...newOrder(), id: order.id, version: rejected.version },
    });
    expect(byOther.code).toBe(ResultCode.FORBIDDEN);
    const edited = (
      await as(applicant, consumable.update, {
        body: {
          ...newOrder({ kits: [{ kitId: kits[0]?.id ?? 0, kitAmount: 1 }] }),
          id: order.id,
          version: rejected.version,
        },
      })
    ).data as ConsumableOrderDetail;
    expect(edited).toMatchObject({ status: 'submitted', rejectReason: null, auditTime: null });
    expect(edited.lines.find((l) => l.kind === 'kit')?.kitAmount).toBe(1);
    const stale = await as(applicant, consumable.update, {
      body: { ...newOrder(), id: order.id, version: rejected.version },
    });
    expect(stale.code).toBe(ResultCode.STALE_VERSION);
  });

  it('withdraws, then cancels with a reason; cancelled is final', async () => {
    const order = await submit();
    const byOther = await as(auditor, consumable.revoke, { body: { id: order.id, version: order.version } });
    expect(byOther.code).toBe(ResultCode.FORBIDDEN);
    expect(byOther.msg).toBe('Only the applicant can do this');
    const withdrawn = (
      await as(applicant, consumable.revoke, { body: { id: order.id, version: order.version } })
    ).data as ConsumableOrderDetail;
    expect(withdrawn.status).toBe('withdrawn');
    const audit = await as(auditor, consumable.audit, {
      params: { id: order.id },
      body: { version: withdrawn.version, pass: true },
    });
    expect(audit.code).toBe(ResultCode.INVALID_STATE);
    expect(audit.msg).toBe('Not allowed in the current state (Withdrawn): pass');
    const cancelled = (
      await as(applicant, consumable.cancel, {
        params: { id: order.id },
        body: { version: withdrawn.version, reason: '项目暂停入组' },
      })
    ).data as ConsumableOrderDetail;
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelReason: '项目暂停入组' });
    for (const action of Object.keys(consumableOrderWorkflow.transitions)) {
      const t =
        consumableOrderWorkflow.transitions[action as keyof typeof consumableOrderWorkflow.transitions];
      expect(t.from).not.toContain('cancelled');
    }
    const again = await as(applicant, consumable.revoke, {
      body: { id: order.id, version: cancelled.version },
    });
    expect(again.code).toBe(ResultCode.INVALID_STATE);
  });

  it('refuses kits not confirmed for the site, kits of another project, empty orders and foreign addresses', async () => {
    const pendingKit = kits.find((k) => k.supplyStatus === 'pending');
    const notConfirmed = await as(applicant, consumable.create, {
      body: newOrder({ kits: [{ kitId: pendingKit?.id ?? 0, kitAmount: 1 }] }),
    });
    expect(notConfirmed.code).toBe(400);
    expect(notConfirmed.msg).toBe('The kit supply is not confirmed for this site: 尿液采集套件');
    const empty = await as(applicant, consumable.create, { body: newOrder({ kits: [], loose: [] }) });
    expect(empty.code).toBe(400);
    expect(empty.msg).toContain('Add at least one kit or loose consumable');
    const badPhone = await as(applicant, consumable.create, {
      body: newOrder({ receiveAddress: { ...receiveAddress, phone: '123' } }),
    });
    expect(badPhone.code).toBe(400);
    const foreignAddress = await as(applicant, consumable.create, { body: newOrder({ addressId: 999_999 }) });
    expect(foreignAddress.code).toBe(400);
    const otherProjectKit = await as(applicant, consumable.create, {
      body: newOrder({ kits: [{ kitId: 999_999, kitAmount: 1 }] }),
    });
    expect(otherProjectKit.code).toBe(400);
  });

  it('keeps external users to their own sites: lists, reads and actions refused by id', async () => {
    const order = await submit();
    const list = await as(otherSite, consumable.paging, { body: { page: 1, size: 100 } });
    expect((list.data as Array<{ id: number }>).map((r) => r.id)).not.toContain(order.id);
    // Another site's record answers like a missing one.
    expect((await as(otherSite, consumable.get, { params: { id: order.id } })).code).toBe(
      ResultCode.NOT_FOUND,
    );
    expect((await as(otherSite, consumable.distributionList, { params: { id: order.id } })).code).toBe(
      ResultCode.NOT_FOUND,
    );
    expect(
      (
        await as(otherSite, consumable.audit, {
          params: { id: order.id },
          body: { version: order.version, pass: true },
        })
      ).code,
    ).toBe(ResultCode.NOT_FOUND);
    expect(
      (await as(otherSite, consumable.cancel, { params: { id: order.id }, body: { version: order.version } }))
        .code,
    ).toBe(ResultCode.NOT_FOUND);
    // Applying for a site one was not granted is refused.
    const foreign = await as(otherSite, consumable.create, { body: newOrder() });
    expect(foreign.code).toBe(ResultCode.FORBIDDEN);
    // Staff without the portal permissions cannot use the portal list.
    expect((await as(lab, consumable.paging, { body: { page: 1, size: 10 } })).code).toBe(
      ResultCode.FORBIDDEN,
    );
    expect((await as(otherSite, consumable.get, { params: { id: 999_999 } })).code).toBe(
      ResultCode.NOT_FOUND,
    );
  });

  it('filters the list and exports the same rows as xlsx', async () => {
    const order = await submit();
    const byNo = await as(applicant, consumable.paging, {
      body: { page: 1, size: 10, orderNo: order.orderNo },
    });
    expect(byNo.total).toBe(1);
    const byStatus = await as(applicant, consumable.paging, {
      body: { page: 1, size: 100, status: ['received'] },
    });
    expect((byStatus.data as Array<{ status: string }>).every((r) => r.status === 'received')).toBe(true);
    const today = dayIn(env.clock.now, env.app.deps.config.labTimeZone); // no tz header: the lab's day
    const byDate = await as(applicant, consumable.paging, {
      body: { page: 1, size: 100, applyFrom: today, applyTo: today },
    });
    expect(byDate.total).toBeGreaterThan(0);
    // The dates are days in the user's zone (the tz header), not UTC days.
    const applied = (byNo.data as Array<{ applyTime: string }>)[0]?.applyTime ?? '';
    const day = dayIn(applied, FILTER_ZONES[0]);
    for (const tz of FILTER_ZONES) {
      const inZone = await as(applicant, consumable.paging, {
        body: { page: 1, size: 10, orderNo: order.orderNo, applyFrom: day, applyTo: day },
        tz,
      });
      expect([tz, inZone.total]).toEqual([tz, dayIn(applied, tz) === day ? 1 : 0]);
    }
    const future = await as(applicant, consumable.paging, {
      body: { page: 1, size: 100, applyFrom: '2099-01-01' },
    });
    expect(future.total).toBe(0);
    const badDate = await as(applicant, consumable.paging, {
      body: { page: 1, size: 10, applyFrom: '2026/01/01' },
    });
    expect(badDate.code).toBe(400);

    const response = await call(
      env.app,
      consumable.export,
      { session: applicant, lang: 'zh_CN', body: { orderNo: order.orderNo } },
      env.clock.now,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).value).toBe('申请单号');
    expect(sheet?.getRow(2).getCell(1).value).toBe(order.orderNo);
    expect(sheet?.getRow(2).getCell(7).value).toBe('待审核');
    expect(sheet?.rowCount).toBe(2);
  });

  it('confirms kit supply once per site; then the kit can be applied for', async () => {
    const pending = await as(applicant, consumable.kitSupplyPaging, {
      body: { tab: 'pending', page: 1, size: 10 },
    });
    const row = (pending.data as Array<{ id: number; kitName: string; version: number }>).find(
      (r) => r.kitName === '尿液采集套件',
    );
    expect(row).toBeDefined();
    if (!row) return;
    expect(
      (
        await as(otherSite, consumable.kitSupplyConfirm, {
          params: { id: row.id },
          body: { version: row.version },
        })
      ).code,
    ).toBe(ResultCode.NOT_FOUND);
    const confirmed = await as(auditor, consumable.kitSupplyConfirm, {
      params: { id: row.id },
      body: { version: row.version },
    });
    expect(confirmed.data).toMatchObject({ status: 'confirmed', confirmedByName: '何研究' });
    const twice = await as(auditor, consumable.kitSupplyConfirm, {
      params: { id: row.id },
      body: { version: row.version + 1 },
    });
    expect(twice.code).toBe(ResultCode.INVALID_STATE);
    const done = await as(applicant, consumable.kitSupplyPaging, {
      body: { tab: 'confirmed', page: 1, size: 10 },
    });
    expect((done.data as Array<{ id: number }>).map((r) => r.id)).toContain(row.id);
    const kit = kits.find((k) => k.name === '尿液采集套件');
    await submit(applicant, newOrder({ kits: [{ kitId: kit?.id ?? 0, kitAmount: 1 }] }));
  });

  /** A new application, approved by the second site user and dispatched by staff. */
  const dispatchedOrder = async () => {
    const order = await submit();
    const approved = (
      await as(auditor, consumable.audit, {
        params: { id: order.id },
        body: { version: order.version, pass: true },
      })
    ).data as ConsumableOrderDetail;
    const lines = approved.lines
      .filter((l) => l.consumableId === null)
      .map((l, i) => ({
        lineId: l.id,
        lotNumber: `LOT-NOTE-${i}`,
        outboundQuantity: l.kitAmount,
        expiryDate: '2027-06-30',
      }));
    const answer = await as(staff, consumable.dispatch, {
      params: { id: order.id },
      body: { version: approved.version, courier: 'SF', expressNo: 'SF2026112601', lines },
    });
    expect(answer.code, answer.msg).toBe(200);
    return answer.data as ConsumableOrderDetail;
  };
  const note = (session: Session, endpoint: Parameters<typeof call>[1], id: number, lang?: 'zh_CN') =>
    call(env.app, endpoint, { session, params: { id }, ...(lang ? { lang } : {}) }, env.clock.now);

  it('prints the dispatch note of a dispatched application for the supply staff and the site', async () => {
    const order = await dispatchedOrder();
    const staffPdf = await note(staff, consumable.staffDispatchNote, order.id, 'zh_CN');
    expect(staffPdf.statusCode).toBe(200);
    expect(staffPdf.headers['content-type']).toBe('application/pdf');
    expect(staffPdf.headers['content-disposition']).toContain(`${order.orderNo}-dispatch-note.pdf`);
    const pages = await pdfPages(staffPdf.rawPayload);
    expect(pages).toHaveLength(1);
    const lots = [...new Set(order.lines.map((l) => l.lotNumber ?? ''))];
    expect(pages[0]).toEqual(
      expect.arrayContaining([
        '耗材发货单',
        order.orderNo,
        '已发货',
        '顺丰速运',
        'SF2026112601',
        '基线采血套件',
        '采血垫巾',
        '特莱博中心实验室',
        ...lots,
        '第 1 页 / 共 1 页',
      ]),
    );

    // The site's own user downloads it from the portal; English from the request's language.
    const sitePdf = await note(applicant, consumable.dispatchNote, order.id);
    expect(sitePdf.statusCode).toBe(200);
    expect((await pdfPages(sitePdf.rawPayload))[0]).toEqual(
      expect.arrayContaining(['Consumable dispatch note', order.orderNo, 'SF Express', 'Page 1 of 1']),
    );

    // Another site's user gets what a missing id gets; staff without the supply area are refused.
    expect(envelope(await note(otherSite, consumable.dispatchNote, order.id)).code).toBe(
      ResultCode.NOT_FOUND,
    );
    expect(envelope(await note(applicant, consumable.dispatchNote, 999_999)).code).toBe(ResultCode.NOT_FOUND);
    expect(envelope(await note(lab, consumable.staffDispatchNote, order.id)).code).toBe(ResultCode.FORBIDDEN);
    expect(envelope(await note(applicant, consumable.staffDispatchNote, order.id)).code).toBe(
      ResultCode.FORBIDDEN,
    );
  });

  it('has no dispatch note before the application is dispatched', async () => {
    const order = await submit();
    const refused = envelope(await note(staff, consumable.staffDispatchNote, order.id));
    expect(refused).toMatchObject({
      code: ResultCode.INVALID_STATE,
      msg: 'The application has not been dispatched yet: there is no dispatch note',
    });
    expect(envelope(await note(applicant, consumable.dispatchNote, order.id, 'zh_CN')).msg).toBe(
      '该申请尚未发货，没有发货单',
    );
  });

  it('lists every line in the consumables detail table, within the site scope', async () => {
    const order = await submit();
    const lines = await as(applicant, consumable.linePaging, {
      body: { page: 1, size: 50, orderNo: order.orderNo },
    });
    expect(lines.total).toBe(order.lines.length);
    expect(lines.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ orderNo: order.orderNo, kitName: '基线采血套件', status: 'submitted' }),
      ]),
    );
    const byName = await as(applicant, consumable.linePaging, {
      body: { page: 1, size: 50, orderNo: order.orderNo, consumableName: '垫巾' },
    });
    expect((byName.data as Array<{ consumableName: string }>).map((l) => l.consumableName)).toEqual([
      '采血垫巾',
    ]);
    const other = await as(otherSite, consumable.linePaging, {
      body: { page: 1, size: 50, orderNo: order.orderNo },
    });
    expect(other.total).toBe(0);
    expect((await as(lab, consumable.linePaging, { body: { page: 1, size: 10 } })).code).toBe(
      ResultCode.FORBIDDEN,
    );
  });
});
