import { endpoints, ResultCode } from '@trialab/api-contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects, userProjects, users } from '../src/db/schema.js';
import { receiptSamples } from '../src/db/schema-lab.js';
import {
  clarificationQueries,
  portalEvents,
  sampleTransportItems,
  sampleTransports,
} from '../src/db/schema-portal.js';
import { FEATURE_ENGINES } from './engines.js';
import { call, envelope, login, type Session, startEnv, storeFile, type TestEnv } from './helpers.js';

const api = endpoints.receipt;

interface Detail {
  id: number;
  status: string;
  version: number;
  orderNo: string;
  expressNo: string;
  signerName: string | null;
  samples: Array<{
    itemId: number;
    quantity: number;
    unit: string;
    state: string;
    exceptionReason: string | null;
  }>;
  images: Array<{ id: number; fileId: number; kind: string; name: string }>;
}

describe.each(FEATURE_ENGINES)('sample receipt on %s', (engine) => {
  let env: TestEnv;
  let lab: Session;
  let external: Session;
  let finance: Session;
  let jpeg: number;
  let pdf: number;
  const as = (
    session: Session,
    endpoint: Parameters<typeof call>[1],
    options: Parameters<typeof call>[2] = {},
  ) => call(env.app, endpoint, { ...options, session }, env.clock.now);
  const lookup = async (keyword: string) =>
    envelope(await as(lab, api.lookup, { query: { keyword } })).data as Detail;

  beforeAll(async () => {
    env = await startEnv(engine);
    lab = await login(env, '13800000001');
    external = await login(env, '13900000001');
    finance = await login(env, '13800000005');
    const stored = [
      await storeFile(env, {
        name: 'waybill.jpg',
        mime: 'image/jpeg',
        content: Buffer.from([0xff, 0xd8, 0xff]),
        uploadedBy: lab.login.user.id,
      }),
      await storeFile(env, {
        name: 'doc.pdf',
        mime: 'application/pdf',
        content: Buffer.from('%PDF'),
        uploadedBy: lab.login.user.id,
      }),
    ].map((id) => ({ id }));
    jpeg = stored[0]?.id ?? 0;
    pdf = stored[1]?.id ?? 0;
  });
  afterAll(() => env.close());

  it('lists incoming shipments and finds one by waybill or order number', async () => {
    const page = envelope(await as(lab, api.paging, { body: { status: 'picked_up' } }));
    const orders = (page.data as Detail[]).map((r) => r.orderNo);
    expect(orders).toEqual(
      expect.arrayContaining(['ST-DEMO-RCV-001', 'ST-DEMO-RCV-002', 'ST-DEMO-RCV-003', 'ST-DEMO-RCV-004']),
    );
    const byWaybill = await lookup('sf1000000001');
    expect(byWaybill).toMatchObject({ orderNo: 'ST-DEMO-RCV-001', status: 'picked_up', images: [] });
    expect(byWaybill.samples.map((s) => s.state)).toEqual(['awaiting', 'awaiting']);
    expect((await lookup('ST-DEMO-RCV-001')).id).toBe(byWaybill.id);
    const unknown = await as(lab, api.lookup, { query: { keyword: 'NOPE-404' } });
    expect(unknown.statusCode).toBe(404);
    const wildcard = await as(lab, api.lookup, { query: { keyword: 'SF%' } });
    expect(wildcard.statusCode).toBe(404);
  });

  it("shows each line's unit in the reader's language where the unit dictionary names it, else as written", async () => {
    const units = async (lang: 'en_US' | 'zh_CN' | 'zh_HK') =>
      (
        envelope(await as(lab, api.lookup, { query: { keyword: 'ST-DEMO-RCV-002' }, lang })).data as Detail
      ).samples.map((s) => s.unit);
    // The demo line's unit is the dictionary's Chinese label 管.
    expect(await units('en_US')).toEqual(['Tube']);
    expect(await units('zh_CN')).toEqual(['管']);
    const [line] = (await lookup('ST-DEMO-RCV-002')).samples;
    if (!line) throw new Error('no demo line');
    const setUnit = (unit: string) =>
      env.handle.db
        .update(sampleTransportItems)
        .set({ unit })
        .where(eq(sampleTransportItems.id, line.itemId));
    try {
      // A unit stored by its dictionary value, and one the dictionary does not hold.
      await setUnit('box');
      expect(await units('en_US')).toEqual(['Box']);
      expect(await units('zh_HK')).toEqual(['盒']);
      await setUnit('vials');
      expect(await units('en_US')).toEqual(['vials']);
      expect(await units('zh_CN')).toEqual(['vials']);
    } finally {
      await setUnit('管');
    }
  });

  it('attaches captured images, refuses non-images and removes an image before the sign-off', async () => {
    const shipment = await lookup('SF1000000001');
    const attached = await as(lab, api.attachImage, {
      params: { id: shipment.id },
      body: { fileId: jpeg, kind: 'waybill' },
    });
    expect(envelope(attached)).toMatchObject({
      code: 200,
      data: { fileId: jpeg, kind: 'waybill', name: 'waybill.jpg', capturedBy: '李实验' },
    });
    const notImage = await as(lab, api.attachImage, {
      params: { id: shipment.id },
      body: { fileId: pdf, kind: 'temperature' },
    });
    expect(envelope(notImage)).toMatchObject({ code: 400, msg: 'Only JPG or PNG images can be attached' });
    const missing = await as(lab, api.attachImage, {
      params: { id: shipment.id },
      body: { fileId: 999999, kind: 'waybill' },
    });
    expect(missing.statusCode).toBe(400);
    const temp = envelope(
      await as(lab, api.attachImage, {
        params: { id: shipment.id },
        body: { fileId: jpeg, kind: 'temperature' },
      }),
    ).data as { id: number };
    const extra = envelope(
      await as(lab, api.attachImage, { params: { id: shipment.id }, body: { fileId: jpeg, kind: 'other' } }),
    ).data as { id: number };
    expect(envelope(await as(lab, api.removeImage, { params: { id: extra.id } })).code).toBe(200);
    const after = await lookup('SF1000000001');
    expect(after.images.map((i) => i.kind)).toEqual(['waybill', 'temperature']);
    expect(after.images[1]?.id).toBe(temp.id);
  });

  it('refuses a sign-off without a waybill image, with missing lines or bad exception reasons', async () => {
    const noWaybill = await lookup('SF1000000002');
    const line = noWaybill.samples[0];
    if (!line) throw new Error('no sample line');
    const receive = (shipment: Detail, samples: unknown[], version = shipment.version) =>
      as(lab, api.receive, { params: { id: shipment.id }, body: { version, samples } });
    const refused = await receive(noWaybill, [
      { itemId: line.itemId, quality: 'qualified', receivedQuantity: 8 },
    ]);
    expect(envelope(refused)).toMatchObject({ code: 400, msg: 'Capture the waybill before signing off' });

    const shipment = await lookup('SF1000000001');
    const [first, second] = shipment.samples;
    if (!first || !second) throw new Error('two lines expected');
    const partial = await receive(shipment, [
      { itemId: first.itemId, quality: 'qualified', receivedQuantity: 12 },
    ]);
    expect(envelope(partial).msg).toContain(String(second.itemId));
    const twice = await receive(shipment, [
      { itemId: first.itemId, quality: 'qualified', receivedQuantity: 12 },
      { itemId: first.itemId, quality: 'qualified', receivedQuantity: 12 },
      { itemId: second.itemId, quality: 'qualified', receivedQuantity: 6 },
    ]);
    expect(twice.statusCode).toBe(400);
    const noReason = await receive(shipment, [
      { itemId: first.itemId, quality: 'qualified', receivedQuantity: 12 },
      { itemId: second.itemId, quality: 'exception', receivedQuantity: 5 },
    ]);
    expect(envelope(noReason).msg).toContain('Choose an exception reason');
    const badReason = await receive(shipment, [
      { itemId: first.itemId, quality: 'qualified', receivedQuantity: 12 },
      { itemId: second.itemId, quality: 'exception', receivedQuantity: 5, exceptionReason: '99' },
    ]);
    expect(envelope(badReason)).toMatchObject({ code: 400, msg: 'Invalid exception reason: 99' });
    const [row] = await env.handle.db
      .select()
      .from(sampleTransports)
      .where(eq(sampleTransports.id, shipment.id));
    expect(row?.status).toBe('picked_up');
  });

  it('signs off: shipment signed, each sample received or excepted, transition recorded; then closed', async () => {
    const shipment = await lookup('SF1000000001');
    const [first, second] = shipment.samples;
    if (!first || !second) throw new Error('two lines expected');
    const samples = [
      { itemId: first.itemId, quality: 'qualified', receivedQuantity: 12 },
      {
        itemId: second.itemId,
        quality: 'exception',
        receivedQuantity: 5,
        exceptionReason: '1',
        remark: '1 管溶血',
      },
    ];
    const stale = await as(lab, api.receive, {
      params: { id: shipment.id },
      body: { version: shipment.version + 7, samples },
    });
    expect(envelope(stale).code).toBe(ResultCode.STALE_VERSION);
    const ok = await as(lab, api.receive, {
      params: { id: shipment.id },
      body: { version: shipment.version, samples, remark: '冷藏箱温度正常' },
    });
    expect(envelope(ok)).toMatchObject({ code: 200, data: { version: shipment.version + 1 } });

    const after = await lookup('SF1000000001');
    expect(after).toMatchObject({ status: 'signed', signerName: '李实验' });
    expect(after.samples.map((s) => [s.state, s.exceptionReason])).toEqual([
      ['received', null],
      ['exception', '1'],
    ]);
    const [row] = await env.handle.db
      .select()
      .from(sampleTransports)
      .where(eq(sampleTransports.id, shipment.id));
    expect(row?.temperatureFileIds).toEqual([jpeg]);
    const lines = await env.handle.db
      .select()
      .from(receiptSamples)
      .where(eq(receiptSamples.transportId, shipment.id));
    expect(lines).toHaveLength(2);
    const events = await env.handle.db
      .select()
      .from(portalEvents)
      .where(and(eq(portalEvents.recordId, shipment.id), eq(portalEvents.workflow, 'sampleShipment')));
    expect(events.map((e) => [e.action, e.fromState, e.toState])).toContainEqual([
      'sign',
      'picked_up',
      'signed',
    ]);

    const again = await as(lab, api.receive, {
      params: { id: shipment.id },
      body: { version: after.version, samples },
    });
    expect(envelope(again).code).toBe(ResultCode.INVALID_STATE);
    const attach = await as(lab, api.attachImage, {
      params: { id: shipment.id },
      body: { fileId: jpeg, kind: 'other' },
    });
    expect(envelope(attach).code).toBe(ResultCode.INVALID_STATE);
    const image = after.images[0];
    if (!image) throw new Error('image missing');
    const remove = await as(lab, api.removeImage, { params: { id: image.id } });
    expect(envelope(remove).code).toBe(ResultCode.INVALID_STATE);
    const signed = envelope(await as(lab, api.paging, { body: { status: 'signed' } })).data as Detail[];
    expect(signed.map((s) => s.orderNo)).toContain('ST-DEMO-RCV-001');
  });

  it('flags samples collected in an expired kit: a warning on the line, received only as an exception with a reason, a query to the site', async () => {
    const shipment = await lookup('SF1000000002');
    const [line] = shipment.samples;
    if (!line) throw new Error('no sample line');
    const kitLot = (query: Record<string, string>) =>
      as(lab, api.kitLot, { params: { id: shipment.id }, query }).then(envelope);
    const shift = (day: string, days: number) =>
      new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    // The demo's urine transfer tubes UT2406A expired ten days ago: checked against today without a collection day.
    const onReceipt = (await kitLot({ lotNo: 'UT2406A' })).data as {
      known: boolean;
      expiryDate: string;
      checkedOn: string;
      expired: boolean;
    };
    expect(onReceipt).toMatchObject({ lotNo: 'UT2406A', known: true, expired: true });
    const today = onReceipt.checkedOn;
    const expiry = onReceipt.expiryDate;
    expect(expiry < today).toBe(true);
    // Collected on its last day of use: not expired; the day after: expired.
    const lastDay = await kitLot({ lotNo: 'UT2406A', collectedOn: expiry });
    expect(lastDay.data).toMatchObject({ expired: false, checkedOn: expiry });
    expect((await kitLot({ lotNo: 'UT2406A', collectedOn: shift(expiry, 1) })).data).toMatchObject({
      expired: true,
    });
    expect((await kitLot({ lotNo: 'ED2405A' })).data).toMatchObject({ known: true, expired: false });
    expect((await kitLot({ lotNo: 'NO-SUCH-LOT' })).data).toMatchObject({ known: false, expired: false });
    expect(await kitLot({ lotNo: 'UT2406A', collectedOn: shift(today, 1) })).toMatchObject({
      code: 400,
      msg: `The collection day ${shift(today, 1)} is after today`,
    });

    await as(lab, api.attachImage, { params: { id: shipment.id }, body: { fileId: jpeg, kind: 'waybill' } });
    const receive = (sample: Record<string, unknown>, lang: 'en_US' | 'zh_CN' = 'en_US') =>
      as(lab, api.receive, {
        lang,
        params: { id: shipment.id },
        body: {
          version: shipment.version,
          samples: [{ itemId: line.itemId, receivedQuantity: 8, ...sample }],
        },
      }).then(envelope);
    const collected = { kitLotNo: 'UT2406A', collectedOn: shift(expiry, 3) };
    const asQualified = await receive({ quality: 'qualified', ...collected });
    expect(asQualified).toMatchObject({
      code: 400,
      msg: `Whole blood: collected in kit lot UT2406A, which expired on ${expiry} (before ${shift(expiry, 3)}); receive the line as an exception with its reason`,
    });
    expect((await receive({ quality: 'qualified', ...collected }, 'zh_CN')).msg).toBe(
      `全血样本所用耗材批号 UT2406A 已于 ${expiry} 过期（${shift(expiry, 3)} 采样/接收），请按异常接收并选择原因`,
    );
    expect((await receive({ quality: 'qualified', kitLotNo: 'NO-SUCH-LOT' })).msg).toBe(
      'Kit lot NO-SUCH-LOT is not in the stock ledger: check the lot no. on the label',
    );
    // Nothing was written by the refusals.
    expect(
      await env.handle.db.select().from(receiptSamples).where(eq(receiptSamples.itemId, line.itemId)),
    ).toEqual([]);
    // As an exception with the reason "collected in an expired kit": received, flagged and queried.
    expect((await receive({ quality: 'exception', exceptionReason: '5', ...collected })).code).toBe(200);
    const after = (await lookup('SF1000000002')) as Detail & {
      samples: Array<{
        kitLotNo: string;
        kitExpiry: string;
        collectedOn: string;
        kitExpired: boolean;
        queryNo: string;
      }>;
    };
    expect(after.samples[0]).toMatchObject({
      state: 'exception',
      exceptionReason: '5',
      kitLotNo: 'UT2406A',
      kitExpiry: expiry,
      collectedOn: shift(expiry, 3),
      kitExpired: true,
    });
    const queryNo = after.samples[0]?.queryNo;
    expect(queryNo).toBeTruthy();
    const [query] = await env.handle.db
      .select()
      .from(clarificationQueries)
      .where(eq(clarificationQueries.queryNo, queryNo ?? ''));
    expect(query?.content).toContain('UT2406A');
  });

  it('refuses users without the receipt permissions and shipments outside the user projects', async () => {
    const shipment = await lookup('EMS1000000004');
    for (const session of [external, finance]) {
      expect((await as(session, api.lookup, { query: { keyword: 'EMS1000000004' } })).statusCode).toBe(403);
      expect((await as(session, api.get, { params: { id: shipment.id } })).statusCode).toBe(403);
      expect(
        (await as(session, api.receive, { params: { id: shipment.id }, body: { version: 1, samples: [] } }))
          .statusCode,
      ).toBe(403);
    }
    const [labUser] = await env.handle.db.select().from(users).where(eq(users.mobile, '13800000001'));
    const [project] = await env.handle.db
      .select()
      .from(projects)
      .where(eq(projects.projectNo, 'KM-2026-003'));
    if (!labUser || !project) throw new Error('seed missing');
    await env.handle.db
      .delete(userProjects)
      .where(and(eq(userProjects.userId, labUser.id), eq(userProjects.projectId, project.id)));
    // Out of scope reads like a missing record, so that ids of other projects cannot be probed.
    const outside = await as(lab, api.get, { params: { id: shipment.id } });
    expect(outside.statusCode).toBe(404);
    expect((await as(lab, api.lookup, { query: { keyword: 'EMS1000000004' } })).statusCode).toBe(404);
    const listed = envelope(await as(lab, api.paging, { body: {} })).data as Detail[];
    expect(listed.map((s) => s.orderNo)).not.toContain('ST-DEMO-RCV-004');
    const attach = await as(lab, api.attachImage, {
      params: { id: shipment.id },
      body: { fileId: jpeg, kind: 'waybill' },
    });
    expect(attach.statusCode).toBe(404);
  });
});
