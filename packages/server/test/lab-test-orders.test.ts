import { endpoints, ResultCode } from '@trialab/api-contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects, sites, testItems } from '../src/db/schema.js';
import { labTestOrders } from '../src/db/schema-lab.js';
import { FEATURE_ENGINES } from './engines.js';
import { call, envelope, login, type Session, startEnv, storeFile, type TestEnv } from './helpers.js';

const { subject, testOrder } = endpoints;

describe.each(FEATURE_ENGINES)('test orders on %s', (engine) => {
  let env: TestEnv;
  let lab: Session;
  let reviewer: Session;
  let external: Session;
  let subjectId: number;
  let cbc: number;
  let lft: number;
  let form: number;
  const as = (
    session: Session,
    endpoint: Parameters<typeof call>[1],
    options: Parameters<typeof call>[2] = {},
  ) => call(env.app, endpoint, { ...options, session }, env.clock.now);

  beforeAll(async () => {
    env = await startEnv(engine);
    lab = await login(env, '13800000001');
    reviewer = await login(env, '13800000002');
    external = await login(env, '13900000001');
    const [project] = await env.handle.db
      .select()
      .from(projects)
      .where(eq(projects.projectNo, 'KM-2026-001'));
    const [site] = await env.handle.db
      .select()
      .from(sites)
      .where(eq(sites.projectId, project?.id ?? 0));
    const created = await as(lab, subject.create, {
      body: {
        projectId: project?.id,
        siteId: site?.id,
        subjectNo: 'TO-001',
        name: '订单受试者',
        cardType: 'B',
        cardId: '110101199001010011',
        face: { confidence: 88, threshold: 60 },
        fingerprint: { vendor: 'zk', template: 'dGVtcGxhdGU=' },
      },
    });
    subjectId = (envelope(created).data as { id: number }).id;
    const items = await env.handle.db.select().from(testItems);
    cbc = items.find((i) => i.code === 'CBC')?.id ?? 0;
    lft = items.find((i) => i.code === 'LFT')?.id ?? 0;
    form = await storeFile(env, {
      name: 'form.jpg',
      mime: 'image/jpeg',
      content: Buffer.from([0xff, 0xd8, 0xff]),
      uploadedBy: lab.login.user.id,
    });
  });
  afterAll(() => env.close());

  it('needs an approved subject, enabled items and new barcodes; batches are all or none', async () => {
    const early = await as(lab, testOrder.create, {
      body: { subjectId, barcode: 'TO-BC-1', testItemIds: [cbc] },
    });
    expect(envelope(early).code).toBe(ResultCode.INVALID_STATE);
    await as(reviewer, subject.review, {
      params: { id: subjectId },
      body: { version: 1, action: 'approve' },
    });

    const ok = await as(lab, testOrder.create, {
      body: {
        subjectId,
        barcode: 'TO-BC-1',
        visit: 'V1',
        testItemIds: [cbc, lft, cbc],
        requisitionFileIds: [form],
      },
    });
    expect(envelope(ok)).toMatchObject({ code: 200, data: { id: expect.any(Number) } });
    const taken = await as(lab, testOrder.create, {
      body: { subjectId, barcode: 'TO-BC-1', testItemIds: [cbc] },
    });
    expect(envelope(taken)).toMatchObject({
      code: ResultCode.DUPLICATE,
      msg: 'Barcodes already entered: TO-BC-1',
    });
    const badBarcode = await as(lab, testOrder.create, {
      body: { subjectId, barcode: 'a b', testItemIds: [cbc] },
    });
    expect(badBarcode.statusCode).toBe(400);

    const batchWithTaken = await as(lab, testOrder.batchCreate, {
      body: { subjectId, barcodes: ['TO-BC-2', 'TO-BC-1'], testItemIds: [lft] },
    });
    expect(envelope(batchWithTaken).code).toBe(ResultCode.DUPLICATE);
    expect(
      await env.handle.db.select().from(labTestOrders).where(eq(labTestOrders.barcode, 'TO-BC-2')),
    ).toHaveLength(0);
    const repeated = await as(lab, testOrder.batchCreate, {
      body: { subjectId, barcodes: ['TO-BC-2', 'TO-BC-2'], testItemIds: [lft] },
    });
    expect(envelope(repeated).msg).toBe('Barcodes given twice: TO-BC-2');
    await env.handle.db.update(testItems).set({ enabled: false }).where(eq(testItems.id, lft));
    const disabled = await as(lab, testOrder.batchCreate, {
      body: { subjectId, barcodes: ['TO-BC-2'], testItemIds: [lft] },
    });
    expect(envelope(disabled).code).toBe(400);
    await env.handle.db.update(testItems).set({ enabled: true }).where(eq(testItems.id, lft));
    const batch = await as(lab, testOrder.batchCreate, {
      body: { subjectId, barcodes: ['TO-BC-2', 'TO-BC-3'], testItemIds: [lft] },
    });
    expect((envelope(batch).data as { ids: number[] }).ids).toHaveLength(2);

    const page = envelope(await as(lab, testOrder.paging, { body: { keyword: 'TO-BC-1' } })).data as Array<{
      testItems: Array<{ code: string }>;
      requisitionFileIds: number[];
      status: string;
    }>;
    expect(page[0]).toMatchObject({ status: 'submitted', requisitionFileIds: [form] });
    expect(page[0]?.testItems.map((i) => i.code)).toEqual(['CBC', 'LFT']);
  });

  it('is reviewed by a second person; rejected orders are corrected by their enterer', async () => {
    const [order] = await env.handle.db
      .select()
      .from(labTestOrders)
      .where(eq(labTestOrders.barcode, 'TO-BC-1'));
    if (!order) throw new Error('order missing');
    const self = await as(lab, testOrder.review, {
      params: { id: order.id },
      body: { version: order.version, action: 'approve' },
    });
    expect(self.statusCode).toBe(403);
    const noReason = await as(reviewer, testOrder.review, {
      params: { id: order.id },
      body: { version: order.version, action: 'reject' },
    });
    expect(envelope(noReason).code).toBe(ResultCode.REASON_REQUIRED);
    const rejected = await as(reviewer, testOrder.review, {
      params: { id: order.id },
      body: { version: order.version, action: 'reject', reason: '申请单缺少签名' },
    });
    expect(envelope(rejected).code).toBe(200);
    const byOther = await as(reviewer, testOrder.resubmit, {
      body: { id: order.id, version: order.version + 1, testItemIds: [cbc], requisitionFileIds: [] },
    });
    expect(byOther.statusCode).toBe(403);
    const resubmitted = await as(lab, testOrder.resubmit, {
      body: { id: order.id, version: order.version + 1, testItemIds: [cbc], requisitionFileIds: [form] },
    });
    expect(envelope(resubmitted)).toMatchObject({ code: 200, data: { version: order.version + 2 } });
    const approved = await as(reviewer, testOrder.review, {
      params: { id: order.id },
      body: { version: order.version + 2, action: 'approve' },
    });
    expect(envelope(approved).code).toBe(200);
    const [after] = await env.handle.db.select().from(labTestOrders).where(eq(labTestOrders.id, order.id));
    expect(after).toMatchObject({ status: 'approved', testItemIds: [cbc] });
  });

  it('refuses external customers', async () => {
    expect((await as(external, testOrder.paging, { body: {} })).statusCode).toBe(403);
    expect(
      (await as(external, testOrder.create, { body: { subjectId, barcode: 'X1', testItemIds: [cbc] } }))
        .statusCode,
    ).toBe(403);
  });
});
