import { endpoints, ResultCode, type ShipmentDetail } from '@trialab/api-contract';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_ENGINES } from './engines.js';
import { call, envelope, login, type Session, startEnv, storeFile, type TestEnv } from './helpers.js';

const { sampleTransport, project, system, receipt } = endpoints;

describe.each(FEATURE_ENGINES)('sample shipment bookings on %s', (engine) => {
  let env: TestEnv;
  let site: Session;
  let otherSite: Session;
  let lab: Session;
  let projectId: number;
  let siteId: number;
  let serum: number;
  let plasma: number;
  let ambient: number;
  let frozen: number;

  const as = (
    session: Session,
    endpoint: Parameters<typeof call>[1],
    options: Parameters<typeof call>[2] = {},
  ) => call(env.app, endpoint, { ...options, session }, env.clock.now).then(envelope);

  beforeAll(async () => {
    env = await startEnv(engine);
    site = await login(env, '13900000001');
    otherSite = await login(env, '13900000002');
    lab = await login(env, '13800000001');
    const projects = (await as(site, project.ownAll, { body: { page: 1, size: 10 } })).data as Array<{
      id: number;
    }>;
    projectId = projects[0]?.id ?? 0;
    const sites = (await as(site, project.sitesByProject, { body: { projectId, page: 1, size: 10 } }))
      .data as Array<{ id: number }>;
    siteId = sites[0]?.id ?? 0;
    const types = (await as(site, system.sampleTypeAll, { body: {} })).data as Array<{
      id: number;
      name: string;
    }>;
    serum = types.find((t) => t.name === '血清')?.id ?? 0;
    plasma = types.find((t) => t.name === '血浆')?.id ?? 0;
    const temps = (await as(site, sampleTransport.temperatures)).data as Array<{
      id: number;
      name: string;
      range: string;
    }>;
    // Transport conditions only (liquid nitrogen is a storage condition).
    expect(temps.map((t) => t.range)).toEqual(['15~25℃', '2~8℃', '-25~-15℃', '≤-60℃']);
    ambient = temps.find((t) => t.name === '常温')?.id ?? 0;
    frozen = temps.find((t) => t.name === '冷冻')?.id ?? 0;
  });
  afterAll(() => env.close());

  const contact = {
    name: '陈中心',
    phone: '13900000001',
    area: '北京市/东城区',
    detail: '示例路1号',
    company: '示例医院',
    email: 'site01@hospital.example',
  };
  const booking = (extra: Record<string, unknown> = {}) => ({
    projectId,
    siteId,
    sender: contact,
    consignee: { ...contact, name: '样本接收组', phone: '021-61234567', company: '示例中心实验室' },
    backupContact: { name: '何研究', phone: '13900000003' },
    estimatedShipDate: '2026-12-02',
    bookSendTime: '2026-12-02T09:30:00.000Z',
    coldChain: true,
    tat: 48,
    note: '请携带干冰',
    samples: [
      { sampleTypeId: serum, temperatureId: frozen, quantity: 24, unit: '管' },
      { sampleTypeId: plasma, temperatureId: frozen, quantity: 12, unit: '管' },
    ],
    ...extra,
  });
  const book = async (body = booking()) => {
    const answer = await as(site, sampleTransport.create, { body });
    expect(answer.code, answer.msg).toBe(200);
    return answer.data as ShipmentDetail;
  };

  it('books a shipment with its samples at one temperature, then staff picks it up and signs it off', async () => {
    const s = await book();
    expect(s).toMatchObject({
      status: 'booked',
      temperatureName: 'Frozen',
      sampleCount: 36,
      coldChain: true,
      tat: 48,
    });
    expect(s.orderNo).toMatch(/^ST\d{13}$/);
    expect(s.samples.map((x) => x.sampleTypeName)).toEqual(['Serum', 'Plasma']);
    const picked = (
      await as(lab, sampleTransport.pickup, {
        params: { id: s.id },
        body: { version: s.version, courier: 'SF', expressNo: 'SF9876543210' },
      })
    ).data as ShipmentDetail;
    expect(picked).toMatchObject({
      status: 'picked_up',
      dispatcherName: '李实验',
      expressNo: 'SF9876543210',
    });
    // A booking picked up can no longer be cancelled or edited.
    const cancel = await as(site, sampleTransport.cancel, {
      params: { id: s.id },
      query: { version: picked.version, reason: '改期' },
    });
    expect(cancel.code).toBe(ResultCode.INVALID_STATE);
    // The one sign-off path is the sample receipt (/express/sign): per-sample quality and a waybill image.
    expect('sign' in sampleTransport).toBe(false);
    const image = await storeFile(env, {
      name: 'waybill.jpg',
      mime: 'image/jpeg',
      content: Buffer.from([0xff, 0xd8, 0xff]),
      uploadedBy: lab.login.user.id,
    });
    await as(lab, receipt.attachImage, {
      params: { id: s.id },
      body: { fileId: image, kind: 'waybill' },
    });
    const lines = (await as(lab, receipt.get, { params: { id: s.id } })).data as {
      samples: Array<{ itemId: number; quantity: number }>;
    };
    const received = await as(lab, receipt.receive, {
      params: { id: s.id },
      body: {
        version: picked.version,
        samples: lines.samples.map((l) => ({
          itemId: l.itemId,
          quality: 'qualified',
          receivedQuantity: l.quantity,
        })),
      },
    });
    expect(received.code).toBe(200);
    const signed = (await as(site, sampleTransport.get, { params: { id: s.id } })).data as ShipmentDetail;
    expect(signed).toMatchObject({ status: 'signed', signerName: '李实验' });
    expect(signed.events.map((e) => e.action)).toEqual(['book', 'pickup', 'sign']);
  });

  it('refuses mixed transport temperatures, changing nothing', async () => {
    const before = (await as(site, sampleTransport.paging, { body: { page: 1, size: 10 } })).total;
    const mixed = await as(site, sampleTransport.create, {
      body: booking({
        samples: [
          { sampleTypeId: serum, temperatureId: frozen, quantity: 1, unit: '管' },
          { sampleTypeId: plasma, temperatureId: ambient, quantity: 1, unit: '管' },
        ],
      }),
    });
    expect(mixed.code).toBe(400);
    expect(mixed.msg).toBe('Only samples with the same transport temperature can go in one shipment');
    const cn = await call(
      env.app,
      sampleTransport.create,
      {
        session: site,
        lang: 'zh_CN',
        body: booking({
          samples: [
            { sampleTypeId: serum, temperatureId: frozen, quantity: 1, unit: '管' },
            { sampleTypeId: serum, temperatureId: ambient, quantity: 1, unit: '管' },
          ],
        }),
      },
      env.clock.now,
    );
    expect(envelope(cn).msg).toBe('只有相同运输温度的样本可以放在同一运单中');
    expect((await as(site, sampleTransport.paging, { body: { page: 1, size: 10 } })).total).toBe(before);
    // Editing into mixed temperatures is refused as well.
    const s = await book();
    const edit = await as(site, sampleTransport.update, {
      body: {
        ...booking({
          samples: [
            { sampleTypeId: serum, temperatureId: frozen, quantity: 1, unit: '管' },
            { sampleTypeId: serum, temperatureId: ambient, quantity: 1, unit: '管' },
          ],
        }),
        id: s.id,
        version: s.version,
      },
    });
    expect(edit.code).toBe(400);
    const edited = await as(site, sampleTransport.update, {
      body: {
        ...booking({ samples: [{ sampleTypeId: serum, temperatureId: ambient, quantity: 5, unit: '管' }] }),
        id: s.id,
        version: s.version,
      },
    });
    expect(edited.data).toMatchObject({ temperatureName: 'Ambient', sampleCount: 5, version: s.version + 1 });
  });

  it('enforces the SPEC field limits (sender 16/16/32/64, note 255, quantity 8 digits)', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ sender: { ...contact, name: '张'.repeat(17) } }, /body\.sender\.name/],
      [{ sender: { ...contact, phone: '0'.repeat(17) } }, /body\.sender\.phone/],
      [{ sender: { ...contact, company: 'c'.repeat(33) } }, /body\.sender\.company/],
      [{ sender: { ...contact, email: `${'e'.repeat(60)}@x.cn` } }, /body\.sender\.email/],
      [{ sender: { ...contact, detail: 'd'.repeat(256) } }, /body\.sender\.detail/],
      [{ note: 'n'.repeat(256) }, /body\.note/],
      [
        { samples: [{ sampleTypeId: serum, temperatureId: frozen, quantity: 100_000_000, unit: '管' }] },
        /body\.samples\.0\.quantity: The quantity must be a whole number of 1 to 8 digits/,
      ],
      [{ samples: [] }, /body\.samples/],
      [
        { samples: [{ sampleTypeId: 999_999, temperatureId: frozen, quantity: 1, unit: '管' }] },
        /sampleTypeId/,
      ],
    ];
    for (const [patch, message] of cases) {
      const answer = await as(site, sampleTransport.create, { body: booking(patch) });
      expect(answer.code, JSON.stringify(patch).slice(0, 60)).toBe(400);
      expect(answer.msg).toMatch(message);
    }
    const max = await as(site, sampleTransport.create, {
      body: booking({
        sender: {
          ...contact,
          name: '张'.repeat(16),
          company: 'c'.repeat(32),
          email: `${'e'.repeat(59)}@x.cn`,
        },
        samples: [{ sampleTypeId: serum, temperatureId: frozen, quantity: 99_999_999, unit: '管' }],
      }),
    });
    expect(max.code, max.msg).toBe(200);
  });

  it('cancels with a reason (required, <= 255) into the cancelling list, recording who and when', async () => {
    const s = await book();
    expect(
      (
        await as(site, sampleTransport.cancel, {
          params: { id: s.id },
          query: { version: s.version, reason: '' },
        })
      ).code,
    ).toBe(400);
    expect(
      (
        await as(site, sampleTransport.cancel, {
          params: { id: s.id },
          query: { version: s.version, reason: 'r'.repeat(256) },
        })
      ).code,
    ).toBe(400);
    const cancelled = (
      await as(site, sampleTransport.cancel, {
        params: { id: s.id },
        query: { version: s.version, reason: '受试者访视推迟，改期寄送' },
      })
    ).data as ShipmentDetail;
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      cancelReason: '受试者访视推迟，改期寄送',
      cancelledByName: '陈中心',
    });
    expect(cancelled.cancelTime).not.toBeNull();
    const list = await as(site, sampleTransport.paging, {
      body: { page: 1, size: 50, status: ['cancelled'] },
    });
    expect((list.data as Array<{ id: number; status: string }>).every((r) => r.status === 'cancelled')).toBe(
      true,
    );
    expect((list.data as Array<{ id: number }>).map((r) => r.id)).toContain(s.id);
  });

  it('downloads receipts as one zip of PDFs with an embedded CJK font', async () => {
    const a = await book();
    const b = await book();
    const response = await call(
      env.app,
      sampleTransport.receipts,
      { session: site, lang: 'zh_CN', body: { ids: [a.id, b.id] } },
      env.clock.now,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(response.rawPayload));
    expect(Object.keys(files).sort()).toEqual([`${a.orderNo}.pdf`, `${b.orderNo}.pdf`].sort());
    const pdf = files[`${a.orderNo}.pdf`];
    expect(pdf && strFromU8(pdf.slice(0, 5))).toBe('%PDF-');
    const text = pdf ? strFromU8(pdf, true) : '';
    // The font is embedded as a subset of Noto Sans CJK.
    expect(text).toMatch(/\/FontFile[23]?/);
    expect(text).toMatch(/NotoSansCJK/);
    // Another site's booking, or a missing one, is refused.
    const other = await as(otherSite, sampleTransport.receipts, { body: { ids: [a.id] } });
    expect(other.code).toBe(ResultCode.NOT_FOUND);
    expect((await as(site, sampleTransport.receipts, { body: { ids: [] } })).code).toBe(400);
  });

  it('keeps other sites out by id and refuses staff actions to site users', async () => {
    const s = await book();
    expect((await as(otherSite, sampleTransport.get, { params: { id: s.id } })).code).toBe(
      ResultCode.NOT_FOUND,
    );
    expect(
      (
        await as(otherSite, sampleTransport.cancel, {
          params: { id: s.id },
          query: { version: s.version, reason: 'x' },
        })
      ).code,
    ).toBe(ResultCode.NOT_FOUND);
    const list = await as(otherSite, sampleTransport.paging, { body: { page: 1, size: 100 } });
    expect((list.data as Array<{ id: number }>).map((r) => r.id)).not.toContain(s.id);
    expect((await as(otherSite, sampleTransport.create, { body: booking() })).code).toBe(
      ResultCode.FORBIDDEN,
    );
    // Permission is checked before the input; staff get the input checked.
    expect(
      (
        await as(lab, sampleTransport.pickup, {
          params: { id: s.id },
          body: { version: s.version, courier: 'SF', expressNo: 'SF 1' },
        })
      ).code,
    ).toBe(400);
    expect(
      (
        await as(site, sampleTransport.pickup, {
          params: { id: s.id },
          body: { version: s.version, courier: 'SF', expressNo: 'SF12345' },
        })
      ).code,
    ).toBe(ResultCode.FORBIDDEN);
    const stale = await as(site, sampleTransport.update, {
      body: { ...booking(), id: s.id, version: s.version + 5 },
    });
    expect(stale.code).toBe(ResultCode.STALE_VERSION);
  });

  it('lists every sample line in the sample-transport detail table, within the site scope', async () => {
    const s = await book();
    const items = await as(site, sampleTransport.itemPaging, {
      body: { page: 1, size: 50, orderNo: s.orderNo },
    });
    expect(
      (items.data as Array<{ sampleTypeName: string; quantity: number; unit: string }>).map((i) => [
        i.sampleTypeName,
        i.quantity,
        i.unit,
      ]),
    ).toEqual([
      // 管 as booked, in the reader's language by the unit dictionary.
      ['Serum', 24, 'Tube'],
      ['Plasma', 12, 'Tube'],
    ]);
    // Names per language: the reader's (the `lang` header), by the contract's localName rule.
    const chinese = await as(site, sampleTransport.itemPaging, {
      body: { page: 1, size: 50, orderNo: s.orderNo },
      lang: 'zh_CN',
    });
    expect(
      (chinese.data as Array<{ sampleTypeName: string; temperatureName: string; unit: string }>).map((i) => [
        i.sampleTypeName,
        i.temperatureName,
        i.unit,
      ]),
    ).toEqual([
      ['血清', '冷冻', '管'],
      ['血浆', '冷冻', '管'],
    ]);
    const detail = (await as(site, sampleTransport.get, { params: { id: s.id } })).data as ShipmentDetail;
    expect(detail.samples.map((x) => x.sampleTypeName)).toEqual(['Serum', 'Plasma']);
    expect(detail.temperatureName).toBe('Frozen');
    const frozenOnly = await as(site, sampleTransport.itemPaging, {
      body: { page: 1, size: 50, orderNo: s.orderNo, sampleTypeId: plasma },
    });
    expect(frozenOnly.total).toBe(1);
    expect(
      (await as(otherSite, sampleTransport.itemPaging, { body: { page: 1, size: 50, orderNo: s.orderNo } }))
        .total,
    ).toBe(0);
  });
});
