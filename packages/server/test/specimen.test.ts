import { endpoints, ResultCode, type SignShipment, type SpecimenBarcodeRow } from '@trialab/api-contract';
import { eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, projects, sampleTypes, sites, temperatures } from '../src/db/schema.js';
import { voidedBarcodes } from '../src/db/schema-project-config.js';
import { specimenBarcodes, tempStorageLogs, tempStoragePositions } from '../src/db/schema-specimen.js';
import { FEATURE_ENGINES } from './engines.js';
import { call, envelope, login, type Session, startEnv, storeFile, type TestEnv } from './helpers.js';

const { sampleCode, specimenSign, subBarcode, tempStorage, receipt } = endpoints;

describe.each(FEATURE_ENGINES)('specimen intake on %s', (engine) => {
  let env: TestEnv;
  let lab: Session;
  let reviewer: Session;
  let keeper: Session;
  let external: Session;
  let km1: number;
  let km3: number;
  let km1Site2: number;
  const type: Record<string, number> = {};
  const temp: Record<string, number> = {};
  const shipment: Record<string, number> = {};
  let fridgeBox: number;
  let freezerBox: number;

  const as = (
    session: Session,
    endpoint: Parameters<typeof call>[1],
    options: Parameters<typeof call>[2] = {},
  ) => call(env.app, endpoint, { ...options, session }, env.clock.now);
  const ok = async (
    session: Session,
    endpoint: Parameters<typeof call>[1],
    options: Parameters<typeof call>[2],
  ) => {
    const body = envelope(await as(session, endpoint, options));
    if (body.code !== 200) throw new Error(`${endpoint.id}: ${body.code} ${body.msg}`);
    return body;
  };
  const barcode = async (code: string) => {
    const [row] = await env.handle.db.select().from(specimenBarcodes).where(eq(specimenBarcodes.code, code));
    if (!row) throw new Error(`no barcode ${code}`);
    return row;
  };

  /** Receives a demo shipment at /express/sign with the given received quantities per line. */
  async function receive(waybill: string, quantities: number[]): Promise<number> {
    const detail = envelope(await as(lab, receipt.lookup, { query: { keyword: waybill } })).data as {
      id: number;
      version: number;
      samples: Array<{ itemId: number }>;
    };
    const image = await storeFile(env, {
      name: 'w.jpg',
      mime: 'image/jpeg',
      content: Buffer.from([0xff, 0xd8, 0xff]),
      uploadedBy: lab.login.user.id,
    });
    await ok(lab, receipt.attachImage, {
      params: { id: detail.id },
      body: { fileId: image, kind: 'waybill' },
    });
    await ok(lab, receipt.receive, {
      params: { id: detail.id },
      body: {
        version: detail.version,
        samples: detail.samples.map((s, i) => ({
          itemId: s.itemId,
          quality: 'qualified',
          receivedQuantity: quantities[i] ?? 0,
        })),
      },
    });
    return detail.id;
  }

  beforeAll(async () => {
    env = await startEnv(engine);
    lab = await login(env, '13800000001');
    reviewer = await login(env, '13800000002');
    keeper = await login(env, '13800000004');
    external = await login(env, '13900000001');
    const db = env.handle.db;
    const projectId = async (no: string) =>
      (await db.select().from(projects).where(eq(projects.projectNo, no)))[0]?.id ?? 0;
    km1 = await projectId('KM-2026-001');
    km3 = await projectId('KM-2026-003');
    km1Site2 =
      (await db.select().from(sites).where(eq(sites.projectId, km1))).find((s) => s.centerNo === '02')?.id ??
      0;
    for (const t of await db.select().from(sampleTypes)) type[t.name] = t.id;
    for (const t of await db.select().from(temperatures)) temp[t.name] = t.id;
    shipment.serum = await receive('SF1000000001', [3, 2]); // KM-2026-001 site 01, refrigerated: serum 3, plasma 2
    shipment.blood = await receive('SF1000000002', [2]); // KM-2026-001 site 02, frozen: whole blood 2
  });
  afterAll(() => env.close());

  it('registers ranges and lists of barcodes: unique across the system, all or none, within scope', async () => {
    const range = await ok(lab, sampleCode.register, {
      body: { projectId: km1, sampleTypeId: type.血清, range: { prefix: 'SP', from: 1, to: 4, width: 3 } },
    });
    expect(range.data).toEqual({ count: 4, codes: ['SP001', 'SP002', 'SP003', 'SP004'] });
    await ok(lab, sampleCode.register, {
      body: { projectId: km1, sampleTypeId: type.血浆, codes: ['PL-1', 'PL-2', 'PL-3'] },
    });
    await ok(lab, sampleCode.register, {
      body: { projectId: km1, siteId: km1Site2, codes: ['WB-1', 'WB-2'] },
    });

    const taken = await as(lab, sampleCode.register, { body: { projectId: km1, codes: ['NEW-1', 'SP002'] } });
    expect(envelope(taken)).toMatchObject({
      code: ResultCode.DUPLICATE,
      msg: 'Barcodes already registered: SP002',
    });
    // Taken in another project still counts: uniqueness is system-wide.
    const elsewhere = await as(lab, sampleCode.register, { body: { projectId: km3, codes: ['SP001'] } });
    expect(envelope(elsewhere).code).toBe(ResultCode.DUPLICATE);
    expect(
      await env.handle.db.select().from(specimenBarcodes).where(eq(specimenBarcodes.code, 'NEW-1')),
    ).toHaveLength(0);
    const twice = await as(lab, sampleCode.register, { body: { projectId: km1, codes: ['X1', 'X1'] } });
    expect(envelope(twice)).toMatchObject({ code: 400, msg: 'Barcodes given twice: X1' });
    const both = await as(lab, sampleCode.register, {
      body: { projectId: km1, codes: ['X1'], range: { prefix: 'X', from: 1, to: 2, width: 1 } },
    });
    expect(both.statusCode).toBe(400);
    const backwards = await as(lab, sampleCode.register, {
      body: { projectId: km1, range: { prefix: 'X', from: 5, to: 2, width: 1 } },
    });
    expect(envelope(backwards).msg).toContain('at most 1000 codes');
    const badCode = await as(lab, sampleCode.register, { body: { projectId: km1, codes: ['a b'] } });
    expect(badCode.statusCode).toBe(400);
    const badType = await as(lab, sampleCode.register, {
      body: { projectId: km1, sampleTypeId: 99999, codes: ['X9'] },
    });
    expect(envelope(badType).code).toBe(400);

    // KM-2026-003 is outside the reviewer's projects: refused by id, and invisible in the list.
    const outOfScope = await as(reviewer, sampleCode.register, { body: { projectId: km3, codes: ['K3-1'] } });
    expect(envelope(outOfScope).code).toBe(ResultCode.FORBIDDEN);
    await ok(lab, sampleCode.register, { body: { projectId: km3, codes: ['K3-1'] } });
    const seen = envelope(await as(reviewer, sampleCode.paging, { body: { keyword: 'K3-', size: 50 } }));
    expect(seen.total).toBe(0);
    expect(envelope(await as(lab, sampleCode.paging, { body: { keyword: 'K3-' } })).total).toBe(1);
    const k3 = await barcode('K3-1');
    const hidden = await as(reviewer, sampleCode.update, {
      body: { id: k3.id, version: k3.version, visit: 'V1' },
    });
    expect(hidden.statusCode).toBe(404);

    for (const session of [keeper, external]) {
      const denied = await as(session, sampleCode.register, { body: { projectId: km1, codes: ['Z1'] } });
      expect(denied.statusCode).toBe(403);
      expect((await as(session, sampleCode.paging, { body: {} })).statusCode).toBe(403);
    }

    const list = envelope(
      await as(lab, sampleCode.paging, { body: { keyword: 'SP0', status: 'registered' } }),
    );
    expect(list.total).toBe(4);
    expect((list.data as SpecimenBarcodeRow[])[0]).toMatchObject({
      projectNo: 'KM-2026-001',
      sampleTypeName: 'Serum',
    });
  });

  it('links a registered barcode to its site and visit; stale versions are refused', async () => {
    const row = await barcode('SP004');
    const updated = await ok(lab, sampleCode.update, {
      body: { id: row.id, version: row.version, sampleTypeId: type.血清, visit: 'V2' },
    });
    expect(updated.data).toEqual({ version: row.version + 1 });
    const stale = await as(lab, sampleCode.update, {
      body: { id: row.id, version: row.version, visit: 'V3' },
    });
    expect(envelope(stale).code).toBe(ResultCode.STALE_VERSION);
    const wrongSite = await as(lab, sampleCode.update, {
      body: { id: row.id, version: row.version + 1, siteId: 999999 },
    });
    expect(envelope(wrongSite).code).toBe(400);
  });

  it('signs for received samples at the bench: registered, same project, within the received quantity', async () => {
    const shipments = envelope(await as(lab, specimenSign.shipments, { body: { keyword: 'SF100000000' } }));
    const serum = (shipments.data as SignShipment[]).find((s) => s.id === shipment.serum);
    expect(serum?.lines.map((l) => [l.sampleTypeName, l.receivedQuantity, l.benchSigned])).toEqual([
      ['血清', 3, 0],
      ['血浆', 2, 0],
    ]);

    const [transit] = (
      envelope(await as(lab, receipt.paging, { body: { status: 'picked_up', keyword: 'JD1000000003' } }))
        .data as Array<{ id: number }>
    ).slice(0, 1);
    const early = await as(lab, specimenSign.sign, {
      body: { transportId: transit?.id, barcodes: ['SP001'] },
    });
    expect(envelope(early).code).toBe(ResultCode.INVALID_STATE);

    const unknown = await as(lab, specimenSign.sign, {
      body: { transportId: shipment.serum, barcodes: ['SP001', 'NOPE-1'] },
    });
    expect(envelope(unknown)).toMatchObject({ code: 400, msg: 'Barcodes not registered: NOPE-1' });
    const otherSite = await as(lab, specimenSign.sign, {
      body: { transportId: shipment.serum, barcodes: ['WB-1'] },
    });
    expect(envelope(otherSite).msg).toBe('Barcodes of another project or site than the shipment: WB-1');
    const tooMany = await as(lab, specimenSign.sign, {
      body: { transportId: shipment.serum, barcodes: ['SP001', 'SP002', 'SP003', 'SP004'] },
    });
    expect(envelope(tooMany).msg).toContain('received 3, signed for 0, now 4');
    expect((await barcode('SP001')).status).toBe('registered');
    const noType = await as(lab, specimenSign.sign, {
      body: { transportId: shipment.serum, barcodes: ['NEW-X'] },
    });
    expect(envelope(noType).code).toBe(400);

    // A barcode the project voided after it was registered is refused at the bench too.
    const db = env.handle.db;
    const [voidedRow] = await db
      .insert(voidedBarcodes)
      .values({ projectId: km1, code: 'SP002', reason: '标签破损', voidedAt: new Date(env.clock.now) })
      .returning();
    const voided = await as(lab, specimenSign.sign, {
      body: { transportId: shipment.serum, barcodes: ['SP001', 'SP002'] },
    });
    expect(envelope(voided)).toMatchObject({ code: ResultCode.INVALID_STATE });
    expect(envelope(voided).msg).toContain('SP002');
    expect((await barcode('SP001')).status).toBe('registered');
    await db.delete(voidedBarcodes).where(eq(voidedBarcodes.id, voidedRow?.id ?? 0));

    const signed = await ok(lab, specimenSign.sign, {
      body: { transportId: shipment.serum, barcodes: ['SP001', 'SP002', 'PL-1'] },
    });
    expect(signed.data).toMatchObject({ count: 3 });
    const sp1 = await barcode('SP001');
    expect(sp1).toMatchObject({ status: 'signed', transportId: shipment.serum, temperatureId: temp.冷藏 });
    const again = await as(lab, specimenSign.sign, {
      body: { transportId: shipment.serum, barcodes: ['SP001'] },
    });
    expect(envelope(again)).toMatchObject({
      code: ResultCode.INVALID_STATE,
      msg: 'Barcodes already signed for or disabled: SP001',
    });
    // Whole blood without a registered type: the shipment has one line, so it goes against it.
    await ok(lab, specimenSign.sign, { body: { transportId: shipment.blood, barcodes: ['WB-1', 'WB-2'] } });
    expect((await barcode('WB-1')).temperatureId).toBe(temp.冷冻);
    const list = envelope(await as(lab, specimenSign.paging, { body: { transportId: shipment.serum } }));
    expect(list.total).toBe(3);
    expect((list.data as SpecimenBarcodeRow[])[0]?.signedByName).toBe('李实验');
    const denied = await as(keeper, specimenSign.sign, {
      body: { transportId: shipment.serum, barcodes: ['SP003'] },
    });
    expect(denied.statusCode).toBe(403);
  });

  it('creates sub-barcodes -01..-99 in order, never reuses a disabled suffix and refuses exhaustion', async () => {
    const signedRow = await barcode('SP001');
    const fixed = await as(lab, sampleCode.update, {
      body: { id: signedRow.id, version: signedRow.version, visit: 'V9' },
    });
    expect(envelope(fixed)).toMatchObject({
      code: ResultCode.INVALID_STATE,
      msg: 'The barcode has been signed for in the lab or disabled; its links can no longer change',
    });
    const unsigned = await as(lab, subBarcode.create, { body: { parentCode: 'SP003', count: 2 } });
    expect(envelope(unsigned).code).toBe(ResultCode.INVALID_STATE);
    const missing = await as(lab, subBarcode.create, { body: { parentCode: 'NOPE-1', count: 1 } });
    expect(missing.statusCode).toBe(404);

    const first = await ok(lab, subBarcode.create, { body: { parentCode: 'SP001', count: 3 } });
    expect(first.data).toEqual({ codes: ['SP001-01', 'SP001-02', 'SP001-03'], lastSuffix: 3 });
    const child = await barcode('SP001-02');
    expect(child).toMatchObject({ status: 'signed', suffix: 2, temperatureId: temp.冷藏 });
    const nested = await as(lab, subBarcode.create, { body: { parentCode: 'SP001-01', count: 1 } });
    expect(envelope(nested).code).toBe(400);

    const noReason = await as(lab, subBarcode.disable, {
      params: { id: child.id },
      body: { version: child.version },
    });
    expect(noReason.statusCode).toBe(400);
    await ok(lab, subBarcode.disable, {
      params: { id: child.id },
      body: { version: child.version, reason: '分装管破损' },
    });
    const disabledAgain = await as(lab, subBarcode.disable, {
      params: { id: child.id },
      body: { version: child.version + 1, reason: 'again' },
    });
    expect(envelope(disabledAgain).code).toBe(ResultCode.INVALID_STATE);
    const parent = await barcode('SP001');
    const notSub = await as(lab, subBarcode.disable, {
      params: { id: parent.id },
      body: { version: parent.version, reason: 'x' },
    });
    expect(envelope(notSub).code).toBe(400);

    // The disabled -02 is not reissued: the next one is -04.
    const next = await ok(lab, subBarcode.create, {
      body: { parentCode: 'SP001', count: 1, sampleTypeId: type.血浆 },
    });
    expect(next.data).toEqual({ codes: ['SP001-04'], lastSuffix: 4 });
    expect((await barcode('SP001-04')).sampleTypeId).toBe(type.血浆);

    // A plain barcode registered with an aliquot's name blocks that suffix: refused, nothing issued.
    await ok(lab, sampleCode.register, { body: { projectId: km1, codes: ['SP002-01'] } });
    const collide = await as(lab, subBarcode.create, { body: { parentCode: 'SP002', count: 2 } });
    expect(envelope(collide)).toMatchObject({
      code: ResultCode.DUPLICATE,
      msg: 'Barcodes already registered: SP002-01',
    });
    expect((await barcode('SP002')).lastSuffix).toBe(0);

    const exhausted = await as(lab, subBarcode.create, { body: { parentCode: 'SP001', count: 96 } });
    expect(envelope(exhausted).msg).toBe(
      'Barcode SP001 has no sub-barcode suffixes left (used up to 4, at most 99)',
    );
    await ok(lab, subBarcode.create, { body: { parentCode: 'SP001', count: 95 } });
    expect((await barcode('SP001-99')).suffix).toBe(99);
    const full = await as(lab, subBarcode.create, { body: { parentCode: 'SP001', count: 1 } });
    expect(envelope(full).code).toBe(400);
    expect(
      await env.handle.db.select().from(specimenBarcodes).where(eq(specimenBarcodes.parentId, parent.id)),
    ).toHaveLength(99);

    const page = envelope(
      await as(lab, subBarcode.paging, { body: { parentCode: 'SP001', status: 'disabled' } }),
    );
    expect(page.total).toBe(1);
    expect((page.data as SpecimenBarcodeRow[])[0]).toMatchObject({
      code: 'SP001-02',
      disabledReason: '分装管破损',
    });
    expect(
      (await as(keeper, subBarcode.create, { body: { parentCode: 'SP001', count: 1 } })).statusCode,
    ).toBe(403);
  });

  it('manages devices and containers: unique codes, versions, no shrinking over stored samples', async () => {
    const devices = envelope(await as(lab, tempStorage.devicePage, { body: { keyword: 'FR-01' } }));
    const demo = (devices.data as Array<{ id: number; temperatureName: string; containers: number }>)[0];
    expect(demo).toMatchObject({ temperatureName: 'Refrigerated', containers: 2 });
    const created = await ok(lab, tempStorage.deviceCreate, {
      body: {
        code: 'T-FR-9',
        name: '测试冷藏柜',
        kind: 'fridge',
        temperatureId: temp.冷藏,
        location: '测试间',
      },
    });
    const deviceId = (created.data as { id: number }).id;
    const dup = await as(lab, tempStorage.deviceCreate, {
      body: { code: 'T-FR-9', name: 'x', kind: 'fridge', temperatureId: temp.冷藏 },
    });
    expect(envelope(dup).code).toBe(ResultCode.DUPLICATE);
    const badTemp = await as(lab, tempStorage.deviceCreate, {
      body: { code: 'T-FR-8', name: 'x', kind: 'fridge', temperatureId: 99999 },
    });
    expect(envelope(badTemp).code).toBe(400);
    const badKind = await as(lab, tempStorage.deviceCreate, {
      body: { code: 'T-FR-8', name: 'x', kind: 'oven', temperatureId: temp.冷藏 },
    });
    expect(badKind.statusCode).toBe(400);
    const box = await ok(lab, tempStorage.containerCreate, {
      body: { code: 'T-BOX-9', name: '测试盒', kind: 'box', deviceId, rows: 2, cols: 2 },
    });
    fridgeBox = (box.data as { id: number }).id;
    const updated = await ok(lab, tempStorage.deviceUpdate, {
      body: {
        id: deviceId,
        version: 1,
        code: 'T-FR-9',
        name: '测试冷藏柜（改）',
        kind: 'fridge',
        temperatureId: temp.冷藏,
      },
    });
    expect(updated.data).toEqual({ version: 2 });
    const stale = await as(lab, tempStorage.deviceUpdate, {
      body: {
        id: deviceId,
        version: 1,
        code: 'T-FR-9',
        name: 'x',
        kind: 'fridge',
        temperatureId: temp.冷藏,
      },
    });
    expect(envelope(stale).code).toBe(ResultCode.STALE_VERSION);
    const noDevice = await as(lab, tempStorage.containerCreate, {
      body: { code: 'T-BOX-X', name: 'x', kind: 'box', deviceId: 999999, rows: 2, cols: 2 },
    });
    expect(envelope(noDevice)).toMatchObject({ code: 400, msg: 'No such storage device' });
    const tooBig = await as(lab, tempStorage.containerCreate, {
      body: { code: 'T-BOX-X', name: 'x', kind: 'box', deviceId, rows: 27, cols: 2 },
    });
    expect(tooBig.statusCode).toBe(400);
    const grown = await ok(lab, tempStorage.containerUpdate, {
      body: {
        id: fridgeBox,
        version: 1,
        code: 'T-BOX-9',
        name: '测试盒',
        kind: 'box',
        deviceId,
        rows: 2,
        cols: 2,
      },
    });
    expect(grown.data).toEqual({ version: 2 });
    const containers = envelope(await as(lab, tempStorage.containerList, { body: { keyword: 'BOX-F-01' } }));
    freezerBox = (containers.data as Array<{ id: number }>)[0]?.id ?? 0;
    expect(freezerBox).toBeGreaterThan(0);
    for (const session of [keeper, external])
      expect(
        (
          await as(session, tempStorage.deviceCreate, {
            body: { code: 'T-X', name: 'x', kind: 'fridge', temperatureId: temp.冷藏 },
          })
        ).statusCode,
      ).toBe(403);
  });

  it('puts signed samples in (given or next free positions) and refuses every conflict, all or none', async () => {
    const notSigned = await as(lab, tempStorage.storeIn, {
      body: { containerId: fridgeBox, samples: [{ barcode: 'SP003' }] },
    });
    expect(envelope(notSigned).code).toBe(ResultCode.INVALID_STATE);
    const unknown = await as(lab, tempStorage.storeIn, {
      body: { containerId: fridgeBox, samples: [{ barcode: 'SP001' }, { barcode: 'NOPE-1' }] },
    });
    expect(envelope(unknown).msg).toBe('Barcodes not registered: NOPE-1');
    const cold = await as(lab, tempStorage.storeIn, {
      body: { containerId: fridgeBox, samples: [{ barcode: 'WB-1' }] },
    });
    expect(envelope(cold)).toMatchObject({
      code: 400,
      msg: expect.stringContaining('differs from the device'),
    });
    const outside = await as(lab, tempStorage.storeIn, {
      body: { containerId: fridgeBox, samples: [{ barcode: 'SP001', position: 'C1' }] },
    });
    expect(envelope(outside).msg).toContain('outside the container (2 rows × 2 columns): C1');
    const badPosition = await as(lab, tempStorage.storeIn, {
      body: { containerId: fridgeBox, samples: [{ barcode: 'SP001', position: '11' }] },
    });
    expect(badPosition.statusCode).toBe(400);
    const samePlace = await as(lab, tempStorage.storeIn, {
      body: {
        containerId: fridgeBox,
        samples: [
          { barcode: 'SP001', position: 'A1' },
          { barcode: 'SP002', position: 'a1' },
        ],
      },
    });
    expect(envelope(samePlace).code).toBe(ResultCode.DUPLICATE);
    expect(await env.handle.db.select().from(tempStoragePositions)).toHaveLength(0);

    const stored = await ok(lab, tempStorage.storeIn, {
      body: { containerId: fridgeBox, samples: [{ barcode: 'SP001', position: 'A2' }, { barcode: 'SP002' }] },
    });
    expect(stored.data).toEqual({
      stored: [
        { barcode: 'SP001', position: 'A2' },
        { barcode: 'SP002', position: 'A1' },
      ],
    });
    const again = await as(lab, tempStorage.storeIn, {
      body: { containerId: fridgeBox, samples: [{ barcode: 'SP001' }] },
    });
    expect(envelope(again)).toMatchObject({
      code: ResultCode.INVALID_STATE,
      msg: 'Samples already in storage: SP001',
    });
    const taken = await as(lab, tempStorage.storeIn, {
      body: { containerId: fridgeBox, samples: [{ barcode: 'PL-1', position: 'A2' }] },
    });
    expect(envelope(taken)).toMatchObject({ code: ResultCode.DUPLICATE, msg: 'Positions already taken: A2' });
    const disabled = await as(lab, tempStorage.storeIn, {
      body: { containerId: fridgeBox, samples: [{ barcode: 'SP001-02' }] },
    });
    expect(envelope(disabled).code).toBe(ResultCode.INVALID_STATE);
    const tooMany = await as(lab, tempStorage.storeIn, {
      body: {
        containerId: fridgeBox,
        samples: ['PL-1', 'SP001-01', 'SP001-03'].map((b) => ({ barcode: b })),
      },
    });
    expect(envelope(tooMany).msg).toContain('Not enough free positions');
    await ok(lab, tempStorage.storeIn, {
      body: { containerId: freezerBox, samples: [{ barcode: 'WB-1', position: 'J10' }] },
    });

    const info = envelope(await as(lab, tempStorage.sampleInfo, { body: { barcode: 'SP001' } }));
    expect(info.data).toMatchObject({
      storage: 'stored',
      location: { containerCode: 'T-BOX-9', position: 'A2' },
    });
    const detail = envelope(await as(lab, tempStorage.containerDetail, { params: { id: fridgeBox } }));
    expect(detail.data).toMatchObject({
      capacity: 4,
      stored: 2,
      positions: [{ position: 'A1', barcode: 'SP002' }, { position: 'A2' }],
    });
    const samples = envelope(await as(lab, tempStorage.samplePage, { body: { containerId: fridgeBox } }));
    expect(samples.total).toBe(2);
    // The reviewer cannot see KM-2026-003 but sees these KM-2026-001 samples.
    expect(envelope(await as(reviewer, tempStorage.samplePage, { body: { keyword: 'SP00' } })).total).toBe(2);

    // A device that holds refrigerated samples cannot become a freezer.
    const boxRow = envelope(await as(lab, tempStorage.containerPage, { body: { keyword: 'T-BOX-9' } }))
      .data as Array<{ deviceId: number; version: number }>;
    const device = boxRow[0]?.deviceId ?? 0;
    const change = await as(lab, tempStorage.deviceUpdate, {
      body: {
        id: device,
        version: 2,
        code: 'T-FR-9',
        name: 'x',
        kind: 'freezer',
        temperatureId: temp.冷冻,
      },
    });
    expect(envelope(change).code).toBe(ResultCode.INVALID_STATE);
    const shrink = await as(lab, tempStorage.containerUpdate, {
      body: {
        id: fridgeBox,
        version: 2,
        code: 'T-BOX-9',
        name: '测试盒',
        kind: 'box',
        deviceId: device,
        rows: 1,
        cols: 1,
      },
    });
    expect(envelope(shrink)).toMatchObject({
      code: ResultCode.INVALID_STATE,
      msg: expect.stringContaining('A2'),
    });
    expect(
      (
        await as(keeper, tempStorage.storeIn, {
          body: { containerId: fridgeBox, samples: [{ barcode: 'PL-1' }] },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('previews an xlsx import, flagging bad rows without changing anything', async () => {
    const template = await as(lab, tempStorage.template);
    expect(template.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('template without a sheet');
    expect(sheet.getRow(1).getCell(1).value).toBe('Barcode');
    sheet.addRows([
      ['PL-1', 'B1'],
      ['NOPE-2', null],
      ['PL-1', null],
      ['SP001', null],
      ['SP003', null],
      ['WB-2', null],
      ['SP001-01', 'A1'],
      ['SP001-03', 'Z9'],
      [12345, null],
      ['SP001-02', null],
      ['bad code!', null],
      ['SP001-05', null],
      ['SP001-06', null],
    ]);
    const content = Buffer.from(await book.xlsx.writeBuffer());
    const file = {
      id: await storeFile(env, {
        name: 'import.xlsx',
        mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        content,
        uploadedBy: lab.login.user.id,
      }),
    };
    const before = await env.handle.db.select().from(tempStoragePositions);
    const preview = envelope(
      await as(lab, tempStorage.importPreview, { body: { fileId: file?.id, containerId: fridgeBox } }),
    );
    expect(preview.code).toBe(200);
    const data = preview.data as {
      rows: Array<{ line: number; barcode: string; position: string | null; problem: string | null }>;
      valid: number;
      invalid: number;
    };
    expect(data.rows.map((r) => [r.line, r.barcode, r.position, r.problem])).toEqual([
      [2, 'PL-1', 'B1', null],
      [3, 'NOPE-2', null, 'unknown'],
      [4, 'PL-1', null, 'duplicate'],
      [5, 'SP001', null, 'stored'],
      [6, 'SP003', null, 'notSigned'],
      [7, 'WB-2', null, 'temperature'],
      [8, 'SP001-01', 'A1', 'positionTaken'],
      [9, 'SP001-03', 'Z9', 'positionInvalid'],
      [10, '12345', null, 'unknown'],
      [11, 'SP001-02', null, 'disabled'],
      [12, 'bad code!', null, 'malformed'],
      [13, 'SP001-05', 'B2', null],
      [14, 'SP001-06', null, 'full'],
    ]);
    expect(data).toMatchObject({ valid: 2, invalid: 11 });
    expect(await env.handle.db.select().from(tempStoragePositions)).toEqual(before);

    const notXlsx = {
      id: await storeFile(env, {
        name: 'x.xlsx',
        mime: 'application/zip',
        content: Buffer.from('abc'),
        uploadedBy: lab.login.user.id,
      }),
    };
    const unreadable = await as(lab, tempStorage.importPreview, {
      body: { fileId: notXlsx?.id, containerId: fridgeBox },
    });
    expect(envelope(unreadable)).toMatchObject({
      code: 400,
      msg: 'The file cannot be read: use the xlsx template',
    });
    const notMine = await as(reviewer, tempStorage.importPreview, {
      body: { fileId: file?.id, containerId: fridgeBox },
    });
    expect(envelope(notMine).code).toBe(400);
  });

  it('takes samples out with a reason and keeps the device log and the sample history', async () => {
    const noReason = await as(lab, tempStorage.takeOut, { body: { barcodes: ['SP001'] } });
    expect(noReason.statusCode).toBe(400);
    const notStored = await as(lab, tempStorage.takeOut, {
      body: { barcodes: ['SP001', 'PL-1'], reason: '上机检测' },
    });
    expect(envelope(notStored)).toMatchObject({
      code: ResultCode.INVALID_STATE,
      msg: 'Samples not in storage: PL-1',
    });
    expect((await barcode('SP001')).storage).toBe('stored');
    const unknown = await as(lab, tempStorage.takeOut, { body: { barcodes: ['NOPE-3'], reason: 'x' } });
    expect(envelope(unknown).code).toBe(400);
    expect(
      (await as(keeper, tempStorage.takeOut, { body: { barcodes: ['SP001'], reason: 'x' } })).statusCode,
    ).toBe(403);

    await ok(lab, tempStorage.takeOut, { body: { barcodes: ['SP001'], reason: '上机检测' } });
    const [audit] = await env.handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'tempStorage.takeOut'));
    expect(audit).toMatchObject({ reason: '上机检测' });
    expect((await barcode('SP001')).storage).toBe('unstored');
    const outAgain = await as(lab, tempStorage.takeOut, {
      body: { barcodes: ['SP001'], reason: '上机检测' },
    });
    expect(envelope(outAgain).code).toBe(ResultCode.INVALID_STATE);
    // The freed position can be used again.
    await ok(lab, tempStorage.storeIn, {
      body: { containerId: fridgeBox, samples: [{ barcode: 'PL-1', position: 'A2' }] },
    });

    const boxDevice = (
      envelope(await as(lab, tempStorage.containerDetail, { params: { id: fridgeBox } })).data as {
        deviceId: number;
      }
    ).deviceId;
    const logs = envelope(
      await as(lab, tempStorage.deviceLogs, { params: { id: boxDevice }, body: { size: 50 } }),
    );
    const rows = logs.data as Array<{
      action: string;
      barcode: string | null;
      position: string | null;
      reason: string | null;
      userName: string;
    }>;
    expect(rows.filter((r) => r.barcode === 'SP001').map((r) => [r.action, r.position, r.reason])).toEqual([
      ['out', 'A2', '上机检测'],
      ['in', 'A2', null],
    ]);
    expect(rows.map((r) => r.action)).toEqual(
      expect.arrayContaining(['device_create', 'device_update', 'container_create']),
    );
    const outs = envelope(
      await as(lab, tempStorage.deviceLogs, { params: { id: boxDevice }, body: { action: 'out' } }),
    );
    expect(outs.total).toBe(1);
    expect((await as(lab, tempStorage.deviceLogs, { params: { id: 999999 }, body: {} })).statusCode).toBe(
      404,
    );

    const sp1 = await barcode('SP001');
    const history = envelope(await as(lab, tempStorage.sampleDetail, { params: { id: sp1.id } }));
    expect(history.data).toMatchObject({
      code: 'SP001',
      location: null,
      history: [{ action: 'out' }, { action: 'in' }],
    });
    const k3 = await barcode('K3-1');
    expect((await as(reviewer, tempStorage.sampleDetail, { params: { id: k3.id } })).statusCode).toBe(404);
    expect(
      await env.handle.db
        .select()
        .from(tempStorageLogs)
        .where(inArray(tempStorageLogs.action, ['in', 'out'])),
    ).toHaveLength(5);

    const exported = await as(lab, tempStorage.export, { params: { id: fridgeBox } });
    expect(exported.headers['content-disposition']).toContain('T-BOX-9');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).getCell(9).value).toBe('Stored at (Asia/Shanghai, UTC+08:00)');
    expect([sheet?.getRow(2).getCell(1).value, sheet?.getRow(2).getCell(2).value]).toEqual(['A1', 'SP002']);
    expect([sheet?.getRow(3).getCell(1).value, sheet?.getRow(3).getCell(2).value]).toEqual(['A2', 'PL-1']);
    expect((await as(external, tempStorage.export, { params: { id: fridgeBox } })).statusCode).toBe(403);
  });

  it('refuses a stored sub-barcode being disabled until it is taken out', async () => {
    const child = await barcode('SP001-05');
    await ok(lab, tempStorage.storeIn, {
      body: { containerId: fridgeBox, samples: [{ barcode: 'SP001-05' }] },
    });
    const refused = await as(lab, subBarcode.disable, {
      params: { id: child.id },
      body: { version: child.version + 1, reason: '用完' },
    });
    expect(envelope(refused)).toMatchObject({
      code: ResultCode.INVALID_STATE,
      msg: 'The sample is still in storage: take it out first',
    });
  });
});
