import { BILL_PERMISSIONS, endpoints, ResultCode } from '@trialab/api-contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  permissions,
  projects,
  rolePermissions,
  roles,
  stockOutTypes,
  temperatures,
} from '../src/db/schema.js';
import { custodyEvents, specimenPositions, storageBoxes } from '../src/db/schema-library.js';
import { libraryRecipients } from '../src/db/schema-library-custody.js';
import { specimenBarcodes } from '../src/db/schema-specimen.js';
import { FEATURE_ENGINES } from './engines.js';
import { call, DEMO_PASSWORD, envelope, login, type Session, startEnv, type TestEnv } from './helpers.js';
import { pdfText } from './pdf-text.js';

const { library, libraryBills: bills } = endpoints;

type Data = Record<string, unknown> & { id: number; billNo: string; version: number; status: string };
interface Detail {
  status: string;
  version: number;
  billNo: string;
  lineRows: Array<{
    id: number;
    barcode: string;
    box: string | null;
    position: string | null;
    problems: string[];
    scanned: boolean;
  }>;
  scan: {
    lines: number;
    scanned: number;
    missing: Array<{ lineId: number; barcode: string }>;
    extras: string[];
  };
  signatures: Array<{ action: string; signerName: string }>;
  authorisers: Array<{ name: string; qa: boolean }>;
  witnessName: string | null;
}

/** The library's bills: outbound of every kind and destruction, each refusal. */
describe.each(FEATURE_ENGINES)('specimen bills on %s', (engine) => {
  let env: TestEnv;
  let keeper: Session;
  let reviewer: Session;
  let pm: Session;
  let lab: Session;
  let km1: number;
  let testType: number;
  let lendType: number;
  let backupType: number;
  let box: number;

  const as = async (
    session: Session,
    endpoint: Parameters<typeof call>[1],
    options: Parameters<typeof call>[2] = {},
  ) => envelope(await call(env.app, endpoint, { ...options, session }, env.clock.now));
  const ok = async (
    session: Session,
    endpoint: Parameters<typeof call>[1],
    options: Parameters<typeof call>[2] = {},
  ) => {
    const body = await as(session, endpoint, options);
    if (body.code !== 200) throw new Error(`${endpoint.id}: ${body.code} ${body.msg}`);
    return body.data as Data;
  };
  const detail = async (id: number, family: 'outbound' | 'destroy' = 'outbound') =>
    (await ok(keeper, family === 'outbound' ? bills.outboundDetail : bills.destroyDetail, {
      params: { id },
    })) as unknown as Detail;
  const specimen = async (code: string) =>
    (await env.handle.db.select().from(specimenBarcodes).where(eq(specimenBarcodes.code, code)))[0];
  const outbound = (
    lines: Array<{ barcode: string; quantityUl?: number }>,
    extra: Record<string, unknown> = {},
  ) => ({
    body: {
      kind: 'out',
      projectId: km1,
      stockOutTypeId: testType,
      reason: '1',
      recipient: 'Dr. Wang',
      destination: 'Central lab B',
      lines,
      ...extra,
    },
  });
  const sign = { signature: { password: DEMO_PASSWORD } };
  // The demo's authorised receiver of KM-2026-001, by the keeper's password (the lab allows it by default).
  let wang = 0;
  const receiver = () => ({ method: 'password', recipientId: wang, password: DEMO_PASSWORD });

  beforeAll(async () => {
    env = await startEnv(engine);
    const db = env.handle.db;
    // The lab technician's role also authorises destructions here (without QA), for the QA rule.
    const [tech] = await db.select().from(roles).where(eq(roles.code, 'lab_technician'));
    const [review] = await db
      .select()
      .from(permissions)
      .where(eq(permissions.authority, BILL_PERMISSIONS.destroyReview));
    await db.insert(rolePermissions).values({ roleId: tech?.id ?? 0, permissionId: review?.id ?? 0 });
    keeper = await login(env, '13800000004');
    reviewer = await login(env, '13800000002');
    pm = await login(env, '13800000003');
    lab = await login(env, '13800000001');
    km1 = (await db.select().from(projects).where(eq(projects.projectNo, 'KM-2026-001')))[0]?.id ?? 0;
    wang =
      (await db.select().from(libraryRecipients).where(eq(libraryRecipients.name, '王医生')))[0]?.id ?? 0;
    const types = await db.select().from(stockOutTypes);
    testType = types.find((t) => t.code === 'TEST')?.id ?? 0;
    lendType = types.find((t) => t.code === 'PRE_TREATMENT')?.id ?? 0;
    backupType = types.find((t) => t.code === 'BACKUP')?.id ?? 0;
    const deep = (await db.select().from(temperatures)).find((t) => t.code === '-80C')?.id ?? 0;
    box = (await db.select().from(storageBoxes).where(eq(storageBoxes.code, 'ULT-01-R01-A3')))[0]?.id ?? 0;
    // Twelve signed -80 °C specimens of KM-2026-001: BILL-011 and BILL-012 are aliquots of BILL-010.
    for (let i = 1; i <= 12; i += 1) {
      const [parent] =
        i >= 11 ? await db.select().from(specimenBarcodes).where(eq(specimenBarcodes.code, 'BILL-010')) : [];
      await db.insert(specimenBarcodes).values({
        code: `BILL-${String(i).padStart(3, '0')}`,
        projectId: km1,
        status: 'signed',
        temperatureId: deep,
        parentId: parent?.id ?? null,
        suffix: parent ? i - 10 : null,
        volumeUl: i === 1 ? 500 : null,
        createdBy: keeper.login.user.id,
        createdAt: new Date(env.clock.now),
      });
    }
    await ok(keeper, library.place, {
      body: {
        items: Array.from({ length: 12 }, (_, i) => ({
          barcode: `BILL-${String(i + 1).padStart(3, '0')}`,
          boxId: box,
          position: `${String.fromCharCode(65 + Math.floor(i / 9))}${(i % 9) + 1}`,
        })),
      },
    });
  });
  afterAll(() => env.close());

  it('creates an outbound bill that reserves its specimens: no second bill, move or destruction takes them', async () => {
    const tooMuch = await as(
      keeper,
      bills.outboundCreate,
      outbound([{ barcode: 'BILL-001', quantityUl: 500 }]),
    );
    expect(tooMuch).toMatchObject({ code: ResultCode.BAD_REQUEST });
    expect(tooMuch.msg).toContain('holds 500 µL');
    const bill = await ok(
      keeper,
      bills.outboundCreate,
      outbound([{ barcode: 'BILL-001', quantityUl: 200 }, { barcode: 'BILL-002' }, { barcode: 'BILL-003' }]),
    );
    expect(bill).toMatchObject({ lines: 3, billNo: expect.stringMatching(/^CK\d{8}\d{5}$/) });
    const second = await as(keeper, bills.outboundCreate, outbound([{ barcode: 'BILL-002' }]));
    expect(second).toMatchObject({ code: ResultCode.INVALID_STATE });
    expect(second.msg).toBe(`Specimen BILL-002 is already on bill ${bill.billNo}`);
    const moved = await as(keeper, library.move, {
      body: { items: [{ barcode: 'BILL-002', boxId: box, position: 'H9' }], reason: 'tidy' },
    });
    expect(moved).toMatchObject({ code: ResultCode.INVALID_STATE });
    expect(moved.msg).toBe(`Specimen BILL-002 is reserved by bill ${bill.billNo}: it cannot be moved`);
    const inChinese = envelope(
      await call(
        env.app,
        library.move,
        {
          body: { items: [{ barcode: 'BILL-002', boxId: box, position: 'H9' }], reason: '整理' },
          session: keeper,
          lang: 'zh_CN',
        },
        env.clock.now,
      ),
    );
    expect(inChinese.msg).toBe(`样本 BILL-002 已被单据 ${bill.billNo} 预留，不能移位`);
    const destroy = await as(keeper, bills.destroyCreate, {
      body: { projectId: km1, reason: '1', lines: [{ barcode: 'BILL-003' }] },
    });
    expect(destroy.msg).toBe(`Specimen BILL-003 is already on bill ${bill.billNo}`);

    // Review: never by the creator; an e-signature; each line eligible; lines in pick-list order.
    const submitted = await ok(keeper, bills.outboundSubmit, {
      params: { id: bill.id },
      body: { version: 1 },
    });
    expect(submitted).toEqual({ version: 2, status: 'submitted' });
    const self = await as(keeper, bills.outboundReview, {
      params: { id: bill.id },
      body: { version: 2, action: 'approve', ...sign },
    });
    expect(self.code).toBe(ResultCode.FORBIDDEN);
    const unsigned = await as(reviewer, bills.outboundReview, {
      params: { id: bill.id },
      body: { version: 2, action: 'approve' },
    });
    expect(unsigned.code).toBe(ResultCode.BAD_REQUEST);
    const acknowledge = await as(reviewer, bills.outboundReview, {
      params: { id: bill.id },
      body: { version: 2, action: 'acknowledge', ...sign },
    });
    expect(acknowledge.code).toBe(ResultCode.INVALID_STATE);
    const before = await detail(bill.id);
    expect(before.lineRows.map((l) => [l.barcode, l.box, l.position, l.problems])).toEqual([
      ['BILL-001', 'ULT-01-R01-A3', 'A1', []],
      ['BILL-002', 'ULT-01-R01-A3', 'A2', []],
      ['BILL-003', 'ULT-01-R01-A3', 'A3', []],
    ]);
    await ok(reviewer, bills.outboundReview, {
      params: { id: bill.id },
      body: { version: 2, action: 'approve', ...sign },
    });

    // Confirmation: one box scan confirms its three tubes; an extra tube must be put back first.
    const early = await as(keeper, bills.outboundConfirm, {
      params: { id: bill.id },
      body: { version: 3, identity: receiver() },
    });
    expect(early).toMatchObject({
      code: ResultCode.INVALID_STATE,
      msg: 'Differences are not settled yet: 3 not scanned, 0 extra',
    });
    const scanned = await ok(keeper, bills.outboundScan, {
      params: { id: bill.id },
      body: { barcodes: ['ULT-01-R01-A3', 'BILL-009'] },
    });
    expect(scanned).toEqual({ lines: 3, scanned: 3, missing: [], extras: ['BILL-009'] });
    const extra = await as(keeper, bills.outboundConfirm, {
      params: { id: bill.id },
      body: { version: 3, identity: receiver() },
    });
    expect(extra.msg).toBe('Differences are not settled yet: 0 not scanned, 1 extra');
    await ok(keeper, bills.outboundReconcile, { params: { id: bill.id }, body: { putBack: ['BILL-009'] } });
    const closed = await ok(keeper, bills.outboundConfirm, {
      params: { id: bill.id },
      body: { version: 3, identity: receiver() },
    });
    expect(closed).toEqual({ version: 4, status: 'closed' });
    // The partial line took 200 µL and left the tube in place; the whole ones left their cells.
    expect(await specimen('BILL-001')).toMatchObject({ library: 'stored', volumeUl: 300 });
    expect(await specimen('BILL-002')).toMatchObject({ library: 'out' });
    const events = await env.handle.db
      .select()
      .from(custodyEvents)
      .where(and(eq(custodyEvents.action, 'outbound'), eq(custodyEvents.reference, `bill:${bill.billNo}`)));
    expect(events).toHaveLength(2);
    const after = await detail(bill.id);
    expect(after.signatures).toMatchObject([{ action: 'approve', signerName: '王审核' }]);
    // Closed: BILL-001 is free for another bill.
    expect(
      (await as(keeper, bills.outboundCreate, outbound([{ barcode: 'BILL-001', quantityUl: 100 }]))).code,
    ).toBe(200);
  });

  it('lends specimens: a missing tube reconciled with a note, the rest returned to a chosen cell (freeze-thaw +1)', async () => {
    const bill = await ok(
      keeper,
      bills.outboundCreate,
      outbound([{ barcode: 'BILL-004' }, { barcode: 'BILL-005' }], { stockOutTypeId: lendType }),
    );
    await ok(keeper, bills.outboundSubmit, { params: { id: bill.id }, body: { version: 1 } });
    await ok(reviewer, bills.outboundReview, {
      params: { id: bill.id },
      body: { version: 2, action: 'approve', ...sign },
    });
    const state = await ok(keeper, bills.outboundScan, {
      params: { id: bill.id },
      body: { barcodes: ['BILL-004'] },
    });
    expect(state).toMatchObject({ scanned: 1, missing: [{ barcode: 'BILL-005' }] });
    const lineId = (state.missing as Array<{ lineId: number }>)[0]?.lineId ?? 0;
    await ok(keeper, bills.outboundReconcile, {
      params: { id: bill.id },
      body: { missing: [{ lineId, note: 'not found in the box' }] },
    });
    const confirmed = await ok(keeper, bills.outboundConfirm, {
      params: { id: bill.id },
      body: { version: 3, identity: receiver() },
    });
    expect(confirmed.status).toBe('confirmed');
    expect(await specimen('BILL-005')).toMatchObject({ library: 'stored' });
    const notOnBill = await as(keeper, bills.outboundReturn, {
      params: { id: bill.id },
      body: { items: [{ barcode: 'BILL-005', boxId: box, position: 'H1' }] },
    });
    expect(notOnBill.msg).toBe('Specimen BILL-005 is not among the specimens of this bill to come back');
    const back = await ok(keeper, bills.outboundReturn, {
      params: { id: bill.id },
      body: { items: [{ barcode: 'BILL-004', boxId: box, position: 'H1' }] },
    });
    expect(back).toMatchObject({ status: 'closed', returned: 1 });
    expect(await specimen('BILL-004')).toMatchObject({ library: 'stored', freezeThaw: 1 });
    expect((await detail(bill.id)).lineRows.find((l) => l.barcode === 'BILL-004')).toMatchObject({
      box: 'ULT-01-R01-A3',
      position: 'H1',
    });
  });

  it('refuses the outbound kinds their own mistakes: a past planned day, a post bill without deviation, a backup of a parent', async () => {
    const past = await as(
      keeper,
      bills.outboundCreate,
      outbound([{ barcode: 'BILL-006' }], { kind: 'pre', plannedAt: '2020-01-01' }),
    );
    expect(past.code).toBe(ResultCode.BAD_REQUEST);
    const post = await as(
      keeper,
      bills.outboundCreate,
      outbound([{ barcode: 'BILL-006' }], { kind: 'post', removedAt: '2020-01-01' }),
    );
    expect(post.code).toBe(ResultCode.BAD_REQUEST);
    const parent = await as(
      keeper,
      bills.outboundCreate,
      outbound([{ barcode: 'BILL-010' }], { kind: 'backup', stockOutTypeId: backupType, reason: '2' }),
    );
    expect(parent.msg).toContain('A backup sends aliquots only');
    const both = await as(
      keeper,
      bills.outboundCreate,
      outbound([{ barcode: 'BILL-011' }, { barcode: 'BILL-012' }, { barcode: 'BILL-010' }], {
        kind: 'backup',
        stockOutTypeId: backupType,
        reason: '2',
      }),
    );
    expect(both.msg).toContain('A backup sends aliquots only');
    const reason = await as(
      keeper,
      bills.outboundCreate,
      outbound([{ barcode: 'BILL-006' }], { reason: '3' }),
    );
    expect(reason.msg).toBe('Reason "3" is not allowed on this bill (dictionary 1017)');
    const backup = await ok(
      keeper,
      bills.outboundCreate,
      outbound([{ barcode: 'BILL-011' }], { kind: 'backup', stockOutTypeId: backupType, reason: '2' }),
    );
    // Cancelled: its specimen is free again.
    await ok(keeper, bills.outboundCancel, {
      params: { id: backup.id },
      body: { version: 1, reason: 'sponsor postponed' },
    });
    expect((await specimen('BILL-011'))?.library).toBe('stored');
    const planned = await ok(
      keeper,
      bills.outboundCreate,
      outbound([{ barcode: 'BILL-011' }], { kind: 'pre', plannedAt: '2099-01-01' }),
    );
    expect(planned.lines).toBe(1);
  });

  it('registers an urgent removal after the fact: out on submission, acknowledged afterwards by someone else', async () => {
    const bill = await ok(
      keeper,
      bills.outboundCreate,
      outbound([{ barcode: 'BILL-008' }], {
        kind: 'post',
        removedAt: '2026-01-01',
        deviation: 'Sponsor audit needed the tube the same night',
      }),
    );
    await ok(keeper, bills.outboundSubmit, { params: { id: bill.id }, body: { version: 1 } });
    expect(await specimen('BILL-008')).toMatchObject({ library: 'out' });
    const approve = await as(reviewer, bills.outboundReview, {
      params: { id: bill.id },
      body: { version: 2, action: 'approve', ...sign },
    });
    expect(approve.code).toBe(ResultCode.INVALID_STATE);
    const cancel = await as(keeper, bills.outboundCancel, {
      params: { id: bill.id },
      body: { version: 2, reason: 'x' },
    });
    expect(cancel.code).toBe(ResultCode.INVALID_STATE);
    const done = await ok(reviewer, bills.outboundReview, {
      params: { id: bill.id },
      body: { version: 2, action: 'acknowledge', ...sign },
    });
    expect(done.status).toBe('closed');
  });

  it('destroys with two different authorisers (neither the creator, one QA) and a witness; never a specimen out on loan', async () => {
    const onLoan = await as(keeper, bills.destroyCreate, {
      body: { projectId: km1, reason: '1', lines: [{ barcode: 'BILL-002' }] },
    });
    expect(onLoan).toMatchObject({
      code: ResultCode.INVALID_STATE,
      msg: 'Specimen BILL-002 is out on loan: it cannot be destroyed',
    });
    const bill = await ok(keeper, bills.destroyCreate, {
      body: { projectId: km1, reason: '2', lines: [{ barcode: 'BILL-006' }, { barcode: 'BILL-007' }] },
    });
    expect(bill.billNo).toMatch(/^XH/);
    await ok(keeper, bills.destroySubmit, { params: { id: bill.id }, body: { version: 1 } });
    const review = (session: Session, action: string, version: number) =>
      as(session, bills.destroyReview, { params: { id: bill.id }, body: { version, action, ...sign } });
    expect((await review(keeper, 'authorise', 2)).code).toBe(ResultCode.FORBIDDEN);
    expect((await review(pm, 'authorise', 2)).code).toBe(200);
    expect(await review(pm, 'approve', 3)).toMatchObject({
      code: ResultCode.FORBIDDEN,
      msg: 'The second authoriser must be someone other than the first',
    });
    expect(await review(lab, 'approve', 3)).toMatchObject({
      code: ResultCode.FORBIDDEN,
      msg: 'One of the two authorisers must hold the quality assurance (QA) permission',
    });
    expect((await review(reviewer, 'approve', 3)).code).toBe(200);
    const approved = await detail(bill.id, 'destroy');
    expect(approved.authorisers).toEqual([
      { userId: expect.any(Number), name: '张项目', qa: false },
      { userId: expect.any(Number), name: '王审核', qa: true },
    ]);

    await ok(keeper, bills.destroyScan, {
      params: { id: bill.id },
      body: { barcodes: ['BILL-006', 'BILL-007'] },
    });
    const confirm = (witness: { userId: number; password: string }) =>
      as(keeper, bills.destroyConfirm, {
        params: { id: bill.id },
        body: { version: 4, method: 'autoclave', certificate: 'CERT-2026-001', witness },
      });
    expect((await confirm({ userId: keeper.login.user.id, password: DEMO_PASSWORD })).msg).toBe(
      'The witness must be a user other than the one confirming',
    );
    expect((await confirm({ userId: reviewer.login.user.id, password: 'wrong-Pass1' })).msg).toBe(
      'The witness user or password is wrong',
    );
    const done = await confirm({ userId: reviewer.login.user.id, password: DEMO_PASSWORD });
    expect(done).toMatchObject({ code: 200, data: { status: 'closed' } });
    expect(await specimen('BILL-006')).toMatchObject({ library: 'destroyed' });
    const cell = await env.handle.db
      .select()
      .from(specimenPositions)
      .where(eq(specimenPositions.specimenId, (await specimen('BILL-006'))?.id ?? 0));
    expect(cell).toEqual([]);
    const closed = await detail(bill.id, 'destroy');
    expect(closed.witnessName).toBe('王审核');
    expect(closed.signatures.map((s) => s.action)).toEqual(['authorise', 'approve', 'witness']);
    // Closed for every further action: no bill takes it, nothing places it.
    const again = await as(keeper, bills.outboundCreate, outbound([{ barcode: 'BILL-006' }]));
    expect(again.msg).toBe('Specimen BILL-006 is destroyed: it cannot be sent out');
    const place = await as(keeper, library.place, {
      body: { items: [{ barcode: 'BILL-006', boxId: box, position: 'H5' }] },
    });
    expect(place.code).toBe(ResultCode.INVALID_STATE);
  });

  it('opens on demo bills in every state of both workflows', async () => {
    const states = async (endpoint: typeof bills.outboundList | typeof bills.destroyList) =>
      new Set(
        (
          (await ok(keeper, endpoint, {
            body: { page: 1, size: 100, keyword: 'DEMO' },
          })) as unknown as Array<{
            status: string;
          }>
        ).map((b) => b.status),
      );
    expect([...(await states(bills.outboundList))].sort()).toEqual([
      'approved',
      'cancelled',
      'closed',
      'confirmed',
      'draft',
      'rejected',
      'submitted',
    ]);
    expect([...(await states(bills.destroyList))].sort()).toEqual([
      'approved',
      'authorised',
      'cancelled',
      'closed',
      'draft',
      'rejected',
      'submitted',
    ]);
    const [approved] = (await ok(keeper, bills.outboundList, {
      body: { page: 1, size: 10, keyword: 'CK2026DEMO03' },
    })) as unknown as Array<{ id: number }>;
    const demo = await detail(approved?.id ?? 0);
    expect(demo.lineRows.map((l) => [l.barcode, l.position, l.problems])).toEqual([
      ['LB-0006', 'A6', []],
      ['LB-0007', 'A7', []],
      ['LB-0008', 'A8', []],
    ]);
    expect(demo.scan).toMatchObject({ lines: 3, scanned: 1 });
    // Its pick list: the box with its three tubes, then the lines from room to cell.
    const pdf = await call(
      env.app,
      bills.outboundPickList,
      { params: { id: approved?.id ?? 0 }, session: keeper },
      env.clock.now,
    );
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const text = (await pdfText(pdf.rawPayload)).join('\n');
    expect(text).toContain('Specimen pick list');
    expect(text).toMatch(/ULT-01-R02-A3\s+3/);
    expect(text.indexOf('LB-0006')).toBeLessThan(text.indexOf('LB-0007'));
  });

  it('one hold at a time: a bill refuses a specimen on an open move request, a move request one on a bill', async () => {
    const db = env.handle.db;
    const deep = (await db.select().from(temperatures)).find((t) => t.code === '-80C')?.id ?? 0;
    for (const code of ['BILL-020', 'BILL-021'])
      await db.insert(specimenBarcodes).values({
        code,
        projectId: km1,
        status: 'signed',
        temperatureId: deep,
        createdBy: keeper.login.user.id,
        createdAt: new Date(env.clock.now),
      });
    await ok(keeper, library.place, {
      body: {
        items: [
          { barcode: 'BILL-020', boxId: box, position: 'I1' },
          { barcode: 'BILL-021', boxId: box, position: 'I2' },
        ],
      },
    });
    const request = await ok(keeper, endpoints.libraryMoves.create, {
      body: { reason: 'tidy', specimens: [{ barcode: 'BILL-020', boxId: box, position: 'I3' }] },
    });
    const billed = await as(keeper, bills.outboundCreate, outbound([{ barcode: 'BILL-020' }]));
    expect(billed.code).toBe(ResultCode.INVALID_STATE);
    expect(billed.msg).toBe(`BILL-020 is on open move request ${request.number}`);
    const bill = await ok(keeper, bills.outboundCreate, outbound([{ barcode: 'BILL-021' }]));
    const moved = await as(keeper, endpoints.libraryMoves.create, {
      body: { reason: 'tidy', specimens: [{ barcode: 'BILL-021', boxId: box, position: 'I4' }] },
    });
    expect(moved.code).toBe(ResultCode.INVALID_STATE);
    expect(moved.msg).toContain(String(bill.billNo));
  });

  it('hides bills of projects outside the caller scope and refuses callers without the permission', async () => {
    const list = await as(lab, bills.outboundList, { body: { page: 1, size: 10 } });
    expect(list.code).toBe(ResultCode.FORBIDDEN);
    const mine = await ok(keeper, bills.outboundList, { body: { page: 1, size: 50, status: 'closed' } });
    expect((mine as unknown as unknown[]).length).toBeGreaterThan(0);
    const missing = await as(keeper, bills.outboundDetail, { params: { id: 999999 } });
    expect(missing.code).toBe(ResultCode.NOT_FOUND);
  });
});
