import { endpoints, ResultCode } from '@trialab/api-contract';
import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, projects, sites, stockOutTypes, temperatures } from '../src/db/schema.js';
import { labSignatures, labSubjects } from '../src/db/schema-lab.js';
import { storageBoxes } from '../src/db/schema-library.js';
import { libraryHolds } from '../src/db/schema-library-holds.js';
import { specimenBarcodes } from '../src/db/schema-specimen.js';
import type { ApiError } from '../src/lib/errors.js';
import { assign } from '../src/services/positions/engine.js';
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

const { library, libraryBills: bills, libraryMoves: moves, libraryHolds: holds } = endpoints;

/**
 * Legal holds and consent withdrawals: what each refuses through the position engine
 * (directly and through the bills and move requests), aliquots and a subject's specimens covered,
 * set and lift e-signed and audited, ids outside the caller's projects refused.
 */
describe.each(FEATURE_ENGINES)('library holds on %s', (engine) => {
  let env: TestEnv;
  let keeper: Session;
  let km1: number;
  let box: number;
  let subjectId: number;
  let otherSubject: number;
  let testType: number;
  const ids = new Map<string, number>();

  const as = async (
    session: Session,
    endpoint: Parameters<typeof call>[1],
    options: Parameters<typeof call>[2] = {},
  ) => envelope(await call(env.app, endpoint, { ...options, session }, env.clock.now));
  const ok = async (endpoint: Parameters<typeof call>[1], options: Parameters<typeof call>[2] = {}) => {
    const body = await as(keeper, endpoint, options);
    if (body.code !== 200) throw new Error(`${endpoint.id}: ${body.code} ${body.msg}`);
    return body.data as Record<string, unknown>;
  };
  const sign = { signature: { password: DEMO_PASSWORD } };
  const move = (code: string, position: string, lang?: 'zh_CN' | 'zh_HK') =>
    call(
      env.app,
      library.move,
      {
        body: { items: [{ barcode: code, boxId: box, position }], reason: 'tidy' },
        session: keeper,
        ...(lang ? { lang } : {}),
      },
      env.clock.now,
    ).then(envelope);
  const outbound = (codes: string[]) =>
    as(keeper, bills.outboundCreate, {
      body: {
        kind: 'out',
        projectId: km1,
        stockOutTypeId: testType,
        reason: '1',
        recipient: 'Dr. Wang',
        destination: 'Central lab B',
        lines: codes.map((barcode) => ({ barcode })),
      },
    });
  const destroy = (codes: string[]) =>
    as(keeper, bills.destroyCreate, {
      body: { projectId: km1, reason: '1', lines: codes.map((barcode) => ({ barcode })) },
    });
  /** The flags this suite set (the demo's come first). */
  let demoFlags = 0;
  const holdRows = () =>
    env.handle.db.select().from(libraryHolds).where(gt(libraryHolds.id, demoFlags)).orderBy(libraryHolds.id);
  /** The engine itself, as every path calls it. */
  const engineRefusal = async (code: string, action: 'move' | 'outbound' | 'destroy' | 'evacuate') => {
    const specimenId = ids.get(code) ?? 0;
    try {
      await env.handle.db.transaction(async (tx) => {
        await assign(
          tx,
          'en_US',
          [
            action === 'move' || action === 'evacuate'
              ? { action, specimenId, to: { boxId: box, row: 8, col: 8 } }
              : { action, specimenId },
          ],
          { userId: keeper.login.user.id, at: new Date(env.clock.now), batchId: crypto.randomUUID() },
        );
        throw new Error('rolled back');
      });
    } catch (error) {
      if ((error as Error).message === 'rolled back') return null;
      const { key, params } = (error as ApiError).options;
      return `${key}: ${params?.hold}`;
    }
    return null;
  };

  beforeAll(async () => {
    env = await startEnv(engine);
    const db = env.handle.db;
    keeper = await login(env, '13800000004');
    demoFlags = Math.max(0, ...(await db.select().from(libraryHolds)).map((h) => h.id));
    km1 = (await db.select().from(projects).where(eq(projects.projectNo, 'KM-2026-001')))[0]?.id ?? 0;
    testType = (await db.select().from(stockOutTypes)).find((t) => t.code === 'TEST')?.id ?? 0;
    const deep = (await db.select().from(temperatures)).find((t) => t.code === '-80C')?.id ?? 0;
    box = (await db.select().from(storageBoxes).where(eq(storageBoxes.code, 'ULT-01-R01-A4')))[0]?.id ?? 0;
    const [subject] = await db.select().from(labSubjects).where(eq(labSubjects.projectId, km1));
    if (!subject) throw new Error('no demo subject');
    // A subject of its own, so that the demo's specimens of the demo subject stay out of it.
    const [mine] = await db
      .insert(labSubjects)
      .values({
        ...subject,
        id: undefined,
        subjectNo: 'HOLD-S01',
        name: '保全受试者',
        cardNoHash: 'hold-s01',
      })
      .returning({ id: labSubjects.id });
    subjectId = mine?.id ?? 0;
    // Another project's subject, outside the keeper's projects.
    const other = await projectOutsideScope(env, 'HOLD-OUT-01');
    const [site] = await db.select().from(sites);
    const [outside] = await db
      .insert(labSubjects)
      .values({
        ...subject,
        id: undefined,
        projectId: other,
        siteId: site?.id ?? 0,
        subjectNo: 'HOLD-X01',
        cardNoHash: 'hold-x01',
      })
      .returning({ id: labSubjects.id });
    otherSubject = outside?.id ?? 0;
    await db.insert(specimenBarcodes).values({
      code: 'HOLD-OUT-1',
      projectId: other,
      status: 'signed',
      createdBy: keeper.login.user.id,
      createdAt: new Date(env.clock.now),
    });
    // HLD-1 with its aliquot HLD-1-1 and that one's aliquot HLD-1-1-1; HLD-2 free; HLD-3, HLD-4 the subject's.
    const add = async (code: string, parent?: string, subject?: number) => {
      const [row] = await db
        .insert(specimenBarcodes)
        .values({
          code,
          projectId: km1,
          status: 'signed',
          temperatureId: deep,
          parentId: parent ? ids.get(parent) : null,
          suffix: parent ? 1 : null,
          subjectId: subject ?? null,
          createdBy: keeper.login.user.id,
          createdAt: new Date(env.clock.now),
        })
        .returning({ id: specimenBarcodes.id });
      ids.set(code, row?.id ?? 0);
    };
    await add('HLD-1');
    await add('HLD-1-1', 'HLD-1');
    await add('HLD-1-1-1', 'HLD-1-1');
    await add('HLD-2');
    await add('HLD-3', undefined, subjectId);
    await add('HLD-4', undefined, subjectId);
    await ok(library.place, {
      body: {
        items: ['HLD-1', 'HLD-1-1', 'HLD-1-1-1', 'HLD-2', 'HLD-3', 'HLD-4'].map((barcode, i) => ({
          barcode,
          boxId: box,
          position: `A${i + 1}`,
        })),
      },
    });
  });
  afterAll(() => env.close());

  it('a legal hold on a specimen refuses moves, outbound and destruction of it and its aliquots, at any depth', async () => {
    const wrong = await as(keeper, holds.set, {
      body: {
        kind: 'legal',
        barcodes: ['HLD-1'],
        reason: 'Court order 2026-17',
        signature: { password: 'nope' },
      },
    });
    expect(wrong.code).toBe(ResultCode.BAD_REQUEST);
    expect(await holdRows()).toHaveLength(0);

    const set = await ok(holds.set, {
      body: { kind: 'legal', barcodes: ['HLD-1'], reason: 'Court order 2026-17', ...sign },
    });
    expect(set).toMatchObject({ openBills: [], openMoves: [] });
    const [row] = await holdRows();
    expect(row).toMatchObject({
      kind: 'legal',
      specimenId: ids.get('HLD-1'),
      subjectId: null,
      liftedAt: null,
    });
    const signatures = await env.handle.db
      .select()
      .from(labSignatures)
      .where(and(eq(labSignatures.entity, 'libraryHold'), eq(labSignatures.entityId, row?.id ?? 0)));
    expect(signatures.map((s) => s.action)).toEqual(['set']);

    // Through the endpoints, in the reader's language, naming the flag and where it sits.
    expect((await move('HLD-1', 'H1')).msg).toBe(
      'Specimen HLD-1 carries a legal hold flag: it cannot be moved',
    );
    expect((await move('HLD-1-1-1', 'H1')).msg).toBe(
      'Specimen HLD-1-1-1 carries a legal hold flag (from parent specimen HLD-1): it cannot be moved',
    );
    expect((await move('HLD-1-1', 'H1', 'zh_CN')).msg).toBe(
      '样本 HLD-1-1 有“法律保全”标记（来自母样本 HLD-1），不能移位',
    );
    expect((await move('HLD-1-1', 'H1', 'zh_HK')).msg).toBe(
      '樣本 HLD-1-1 有「法律保全」標記（來自母樣本 HLD-1），不能移位',
    );
    expect((await outbound(['HLD-2', 'HLD-1-1'])).msg).toBe(
      'Specimen HLD-1-1 carries a legal hold flag (from parent specimen HLD-1): it cannot be sent out',
    );
    expect((await destroy(['HLD-1'])).msg).toBe(
      'Specimen HLD-1 carries a legal hold flag: it cannot be destroyed',
    );
    const request = await as(keeper, moves.create, {
      body: { reason: 'tidy', specimens: [{ barcode: 'HLD-1-1', boxId: box, position: 'H2' }] },
    });
    expect(request).toMatchObject({ code: ResultCode.INVALID_STATE });
    expect(request.msg).toContain('legal hold');

    // The engine itself refuses every path but evacuation (the hold keeps the specimen; a failing
    // unit is emptied whatever it holds).
    for (const action of ['move', 'outbound', 'destroy'] as const)
      expect(await engineRefusal('HLD-1-1-1', action)).toBe('holdRefused: legal hold');
    expect(await engineRefusal('HLD-1-1-1', 'evacuate')).toBeNull();
    // Nothing moved: the specimens are where they were and the free one still goes.
    const [stillThere] = await env.handle.db
      .select()
      .from(specimenBarcodes)
      .where(eq(specimenBarcodes.code, 'HLD-1'));
    expect(stillThere?.library).toBe('stored');
    expect((await move('HLD-2', 'H3')).code).toBe(200);

    // The same flag twice is refused, naming it.
    const twice = await as(keeper, holds.set, {
      body: { kind: 'legal', barcodes: ['HLD-2', 'HLD-1'], reason: 'again', ...sign },
    });
    expect(twice.msg).toBe('Specimen HLD-1 already carries a legal hold flag');
    expect(await holdRows()).toHaveLength(1);

    // What the sample list and the map show: the flags covering each specimen.
    const covering = (await ok(holds.specimens, {
      body: { ids: [ids.get('HLD-1-1-1'), ids.get('HLD-2')] },
    })) as unknown as Array<{ specimenId: number; holds: Array<{ via: string; code: string }> }>;
    expect(covering).toEqual([
      {
        specimenId: ids.get('HLD-1-1-1'),
        holds: [expect.objectContaining({ kind: 'legal', via: 'parent', code: 'HLD-1' })],
      },
    ]);
  });

  it('a subject’s consent withdrawal covers every specimen of the subject: no move or outbound, destruction allowed', async () => {
    const set = await ok(holds.set, {
      body: { kind: 'consent', subjectId, reason: 'Withdrawal form signed 2026-11-20', ...sign },
    });
    expect(set.ids).toHaveLength(1);
    expect((await move('HLD-4', 'H4')).msg).toBe(
      'Specimen HLD-4 carries a consent withdrawn flag (subject HOLD-S01): it cannot be moved',
    );
    expect((await outbound(['HLD-3'])).msg).toBe(
      'Specimen HLD-3 carries a consent withdrawn flag (subject HOLD-S01): it cannot be sent out',
    );
    // A withdrawn consent requires destruction: the engine destroys, the destruction bill takes them.
    expect(await engineRefusal('HLD-3', 'move')).toBe('holdRefused: consent withdrawn');
    expect(await engineRefusal('HLD-3', 'destroy')).toBeNull();
    const bill = await destroy(['HLD-3', 'HLD-4']);
    expect(bill.code).toBe(200);
    const detail = (await ok(bills.destroyDetail, { params: { id: (bill.data as { id: number }).id } })) as {
      lineRows: Array<{ barcode: string; problems: string[] }>;
    };
    expect(detail.lineRows.map((l) => l.problems)).toEqual([[], []]);

    // The list: active flags of the subject, and the history.
    const page = await as(keeper, holds.page, { body: { page: 1, size: 10, subjectId } });
    expect(page).toMatchObject({
      total: 1,
      data: [{ kind: 'consent', subjectNo: 'HOLD-S01', specimenId: null }],
    });
  });

  it('a hold set on a specimen already on an open bill shows on its line and blocks the bill', async () => {
    const bill = await outbound(['HLD-2']);
    expect(bill.code).toBe(200);
    const { id, billNo } = bill.data as { id: number; billNo: string };
    const set = await ok(holds.set, {
      body: { kind: 'legal', barcodes: ['HLD-2'], reason: 'Sponsor audit', ...sign },
    });
    expect(set.openBills).toEqual([billNo]);
    const detail = (await ok(bills.outboundDetail, { params: { id } })) as {
      lineRows: Array<{ problems: string[] }>;
    };
    expect(detail.lineRows[0]?.problems).toEqual(['legalHold']);
  });

  it('lifting is e-signed and audited with the reason, keeps the history, and frees the specimen', async () => {
    const [first] = await holdRows();
    const holdId = first?.id ?? 0;
    const wrong = await as(keeper, holds.lift, {
      params: { id: holdId },
      body: { reason: 'Case closed', signature: { password: 'wrong' } },
    });
    expect(wrong.code).toBe(ResultCode.BAD_REQUEST);
    expect((await holdRows())[0]?.liftedAt).toBeNull();

    await ok(holds.lift, { params: { id: holdId }, body: { reason: 'Case closed 2026-11-28', ...sign } });
    const again = await as(keeper, holds.lift, {
      params: { id: holdId },
      body: { reason: 'again', ...sign },
    });
    expect(again.code).toBe(ResultCode.INVALID_STATE);
    const [lifted] = await holdRows();
    expect(lifted).toMatchObject({ liftReason: 'Case closed 2026-11-28', liftedBy: keeper.login.user.id });
    const audit = await env.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'libraryHolds.lift'), eq(auditLog.entityId, String(holdId))));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.reason).toBe('Case closed 2026-11-28');
    const signatures = await env.handle.db
      .select()
      .from(labSignatures)
      .where(and(eq(labSignatures.entity, 'libraryHold'), eq(labSignatures.entityId, holdId)));
    expect(signatures.map((s) => s.action)).toEqual(['set', 'lift']);
    expect((await move('HLD-1-1-1', 'H5')).code).toBe(200);

    // History: the lifted flag is listed with who lifted it; a new flag is a new row.
    const history = await as(keeper, holds.page, {
      body: { page: 1, size: 10, active: false, code: 'HLD-1' },
    });
    expect(history).toMatchObject({ total: 1, data: [{ id: holdId, liftReason: 'Case closed 2026-11-28' }] });
    await ok(holds.set, { body: { kind: 'legal', barcodes: ['HLD-1'], reason: 'Appeal', ...sign } });
    const all = await as(keeper, holds.page, { body: { page: 1, size: 10, all: true, code: 'HLD-1' } });
    expect(all).toMatchObject({ total: 2 });
  });

  it('refuses specimens and subjects outside the caller’s projects, and an empty or double target', async () => {
    const outside = await as(keeper, holds.set, {
      body: { kind: 'legal', barcodes: ['HOLD-OUT-1'], reason: 'x', ...sign },
    });
    expect(outside.code).toBe(ResultCode.BAD_REQUEST);
    expect(outside.msg).toContain('HOLD-OUT-1');
    const subject = await as(keeper, holds.set, {
      body: { kind: 'consent', subjectId: otherSubject, reason: 'x', ...sign },
    });
    expect(subject.code).toBe(ResultCode.NOT_FOUND);
    const neither = await as(keeper, holds.set, { body: { kind: 'legal', reason: 'x', ...sign } });
    expect(neither.msg).toBe('Give either the specimens’ barcodes or one subject, not both and not neither');
    const before = (await holdRows()).length;
    const both = await as(keeper, holds.set, {
      body: { kind: 'legal', barcodes: ['HLD-2'], subjectId, reason: 'x', ...sign },
    });
    expect(both.code).toBe(ResultCode.BAD_REQUEST);
    expect(await holdRows()).toHaveLength(before);
    // Another project's flag cannot be lifted or seen.
    const [foreign] = await env.handle.db
      .insert(libraryHolds)
      .values({
        kind: 'legal',
        subjectId: otherSubject,
        projectId: (await env.handle.db.select().from(labSubjects).where(eq(labSubjects.id, otherSubject)))[0]
          ?.projectId as number,
        reason: 'foreign',
        setBy: keeper.login.user.id,
        setAt: new Date(env.clock.now),
      })
      .returning({ id: libraryHolds.id });
    const lift = await as(keeper, holds.lift, {
      params: { id: foreign?.id ?? 0 },
      body: { reason: 'x', ...sign },
    });
    expect(lift.code).toBe(ResultCode.NOT_FOUND);
    const listed = (await ok(holds.page, { body: { page: 1, size: 50, all: true } })) as unknown as Array<{
      id: number;
    }>;
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.map((r) => r.id)).not.toContain(foreign?.id);
  });

  it('the demo holds LH-0001 (its aliquots covered) and subject S-002-WD01’s specimens, with one lifted flag in the history', async () => {
    const demo = await env.handle.db.select().from(specimenBarcodes);
    const id = (code: string) => demo.find((d) => d.code === code)?.id ?? 0;
    const covering = (await ok(holds.specimens, {
      body: { ids: ['LH-0001-2', 'LH-0002', 'LH-0004'].map(id) },
    })) as unknown as Array<{ specimenId: number; holds: Array<{ kind: string; via: string }> }>;
    expect(covering).toEqual([
      { specimenId: id('LH-0001-2'), holds: [expect.objectContaining({ kind: 'legal', via: 'parent' })] },
      { specimenId: id('LH-0004'), holds: [expect.objectContaining({ kind: 'consent', via: 'subject' })] },
    ]);
    const lifted = await as(keeper, holds.page, {
      body: { page: 1, size: 10, active: false, code: 'LH-0002' },
    });
    expect(lifted).toMatchObject({ total: 1, data: [{ liftReason: expect.stringContaining('核查结束') }] });
  });
});
