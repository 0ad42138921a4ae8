import { endpoints, ResultCode } from '@trialab/api-contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects, temperatures } from '../src/db/schema.js';
import { custodyEvents, specimenPositions, storageBoxes, storageUnits } from '../src/db/schema-library.js';
import { specimenBarcodes } from '../src/db/schema-specimen.js';
import { FEATURE_ENGINES } from './engines.js';
import { call, envelope, login, type Session, startEnv, type TestEnv } from './helpers.js';

const { library, libraryMoves: moves } = endpoints;
const PASSWORD = 'Trialab@2026';
const CELLS = ['A1', 'A2', 'A3', 'B1', 'B2', 'B3'];

type Data = Record<string, unknown> & { id: number; number: string; version: number; status: string };

/** Reviewed moves and evacuation: the workflow and every refusal. */
describe.each(FEATURE_ENGINES)('reviewed moves on %s', (engine) => {
  let env: TestEnv;
  let keeper: Session;
  let admin: Session;
  let deep: number;
  let boxType: number;
  let rackType: number;
  let room: number;

  const as = (
    session: Session,
    endpoint: Parameters<typeof call>[1],
    options: Parameters<typeof call>[2] = {},
  ) => call(env.app, endpoint, { ...options, session }, env.clock.now);
  const ok = async (
    endpoint: Parameters<typeof call>[1],
    options: Parameters<typeof call>[2] = {},
    session: Session = keeper,
  ) => {
    const body = envelope(await as(session, endpoint, options));
    if (body.code !== 200) throw new Error(`${endpoint.id}: ${body.code} ${body.msg}`);
    return body.data as Data;
  };
  const refused = async (
    endpoint: Parameters<typeof call>[1],
    options: Parameters<typeof call>[2] = {},
    session: Session = keeper,
  ) => {
    const response = await as(session, endpoint, options);
    expect(response.statusCode).not.toBe(500);
    const body = envelope(response);
    expect(body.code).not.toBe(200);
    return body;
  };
  const boxId = async (code: string) =>
    (await env.handle.db.select().from(storageBoxes).where(eq(storageBoxes.code, code)))[0]?.id ?? 0;
  const unitId = async (code: string) =>
    (await env.handle.db.select().from(storageUnits).where(eq(storageUnits.code, code)))[0]?.id ?? 0;
  const where = async (code: string) => {
    const [row] = await env.handle.db
      .select({ box: storageBoxes.code, row: specimenPositions.row, col: specimenPositions.col })
      .from(specimenPositions)
      .innerJoin(specimenBarcodes, eq(specimenBarcodes.id, specimenPositions.specimenId))
      .innerJoin(storageBoxes, eq(storageBoxes.id, specimenPositions.boxId))
      .where(and(eq(specimenBarcodes.code, code), eq(specimenPositions.status, 'stored')));
    return row ? `${row.box} ${row.row},${row.col}` : null;
  };
  /** A freezer of `racks` racks of two 3x3 boxes each, in the test room. */
  const freezer = async (code: string, racks: number, status = 'active') =>
    (
      await ok(library.unitCreate, {
        body: {
          code,
          name: code,
          roomId: room,
          kind: 'freezer',
          temperatureId: deep,
          status,
          rows: 3,
          cols: 1,
          fill: { rackTypeId: rackType, racks, boxTypeId: boxType },
        },
      })
    ).id;
  const specimens = async (prefix: string, n: number) => {
    const db = env.handle.db;
    const [project] = await db.select().from(projects).where(eq(projects.projectNo, 'KM-2026-001'));
    const codes = Array.from({ length: n }, (_, i) => `${prefix}-${String(i + 1).padStart(3, '0')}`);
    await db.insert(specimenBarcodes).values(
      codes.map((code) => ({
        code,
        projectId: project?.id ?? 0,
        status: 'signed',
        temperatureId: deep,
        createdBy: keeper.login.user.id,
        createdAt: new Date(env.clock.now),
      })),
    );
    return codes;
  };
  const approve = (id: number, version: number) =>
    ok(moves.approve, { params: { id }, body: { version, signature: { password: PASSWORD } } }, admin);
  const execute = (id: number, version: number) => ok(moves.execute, { params: { id }, body: { version } });

  beforeAll(async () => {
    env = await startEnv(engine);
    keeper = await login(env, '13800000004');
    admin = await login(env, '13800000000');
    const temps = await env.handle.db.select().from(temperatures);
    deep = temps.find((t) => t.code === '-80C')?.id ?? 0;
    boxType = (
      await ok(library.boxTypeCreate, {
        body: { code: 'M-3x3', name: '3x3', kind: 'grid', rows: 3, cols: 3 },
      })
    ).id;
    rackType = (await ok(library.rackTypeCreate, { body: { code: 'M-R1x2', name: '1x2', rows: 1, cols: 2 } }))
      .id;
    room = (
      await ok(library.roomCreate, { body: { code: 'M-ROOM', name: 'Move room', temperatureId: deep } })
    ).id;
    await freezer('M-A', 2);
    const codes = await specimens('MV', 6);
    const a1 = await boxId('M-A-R01-A1');
    await ok(library.place, {
      body: { items: codes.map((barcode, i) => ({ barcode, boxId: a1, position: CELLS[i] ?? '' })) },
    });
  });
  afterAll(() => env.close());

  it('opens on demo requests in every state, the done one carried out through the engine', async () => {
    const rows = (await ok(moves.paging, { body: { page: 1, size: 50 } })) as unknown as Array<{
      number: string;
      status: string;
    }>;
    expect(new Set(rows.map((r) => r.status))).toEqual(
      new Set(['submitted', 'approved', 'done', 'rejected', 'cancelled']),
    );
    const done = rows.find((r) => r.status === 'done');
    const events = await env.handle.db
      .select()
      .from(custodyEvents)
      .where(eq(custodyEvents.reference, `move:${done?.number}`));
    expect(events.map((e) => e.action)).toEqual(['move']);
  });

  it('takes a move of specimens and a box through review with an e-signature to its execution', async () => {
    const a2 = await boxId('M-A-R01-A2');
    const b1 = await boxId('M-A-R02-A1');
    const made = await ok(moves.create, {
      body: {
        reason: 'Consolidate',
        specimens: [
          { barcode: 'MV-001', boxId: a2, position: 'A1' },
          { barcode: 'MV-002', boxId: a2, position: 'A2' },
        ],
        boxes: [{ boxId: b1, unitId: await unitId('M-A'), rackId: null }],
      },
    });
    expect(made.number).toMatch(/^MV\d+/);
    // The creator may not approve their own request; a signature needs the right password.
    const self = await refused(moves.approve, {
      params: { id: made.id },
      body: { version: 1, signature: { password: PASSWORD } },
    });
    expect(self.code).toBe(ResultCode.FORBIDDEN);
    const unsigned = await refused(moves.approve, { params: { id: made.id }, body: { version: 1 } }, admin);
    expect(unsigned.code).toBe(ResultCode.BAD_REQUEST);
    const early = await refused(moves.execute, { params: { id: made.id }, body: { version: 1 } });
    expect(early.code).toBe(ResultCode.INVALID_STATE);
    expect(await approve(made.id, 1)).toEqual({ version: 2, status: 'approved' });
    expect(await where('MV-001')).toBe('M-A-R01-A1 1,1');
    expect(await execute(made.id, 2)).toEqual({ version: 3, status: 'done' });
    expect(await where('MV-001')).toBe('M-A-R01-A2 1,1');
    expect(await where('MV-002')).toBe('M-A-R01-A2 1,2');
    const [moved] = await env.handle.db.select().from(storageBoxes).where(eq(storageBoxes.id, b1));
    expect(moved?.rackId).toBeNull();
    const events = await env.handle.db
      .select()
      .from(custodyEvents)
      .where(eq(custodyEvents.reference, `move:${made.number}`));
    expect(events.map((e) => e.action)).toEqual(['move', 'move']);
    const detail = (await ok(moves.get, { params: { id: made.id } })) as unknown as {
      status: string;
      signatures: Array<{ action: string; signerName: string }>;
      lines: Array<{ seq: number; barcode: string | null; boxCode: string | null }>;
      events: Array<{ action: string }>;
    };
    expect(detail.status).toBe('done');
    expect(detail.signatures.map((s) => s.action)).toEqual(['approve']);
    expect(detail.events.map((e) => e.action)).toEqual(['submit', 'approve', 'execute']);
    expect(detail.lines).toHaveLength(3);
    const pdf = await as(keeper, moves.pickList, { params: { id: made.id } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
  });

  it('refuses a specimen already on an open request, naming it, until that request is rejected', async () => {
    const b2 = await boxId('M-A-R02-A2');
    const first = await ok(moves.create, {
      body: { reason: 'First', specimens: [{ barcode: 'MV-003', boxId: b2, position: 'A1' }] },
    });
    const second = await refused(moves.create, {
      body: { reason: 'Second', specimens: [{ barcode: 'MV-003', boxId: b2, position: 'A2' }] },
    });
    expect(second.code).toBe(ResultCode.INVALID_STATE);
    expect(second.msg).toContain(first.number);
    expect(second.msg).toContain('MV-003');
    // Moving the box a held specimen sits in is refused too.
    const box = await refused(moves.create, {
      body: { reason: 'Box', boxes: [{ boxId: await boxId('M-A-R01-A1'), unitId: await unitId('M-A') }] },
    });
    expect(box.msg).toContain(first.number);
    const noReason = await refused(moves.reject, { params: { id: first.id }, body: { version: 1 } }, admin);
    expect(noReason.code).toBe(ResultCode.BAD_REQUEST);
    expect(
      await ok(moves.reject, { params: { id: first.id }, body: { version: 1, reason: 'Not needed' } }, admin),
    ).toEqual({ version: 2, status: 'rejected' });
    await ok(moves.create, {
      body: { reason: 'Again', specimens: [{ barcode: 'MV-003', boxId: b2, position: 'A2' }] },
    });
    const outside = await refused(moves.create, {
      body: { reason: 'x', specimens: [{ barcode: 'MV-001', boxId: b2, position: 'Z9' }] },
    });
    expect(outside.code).toBe(ResultCode.BAD_REQUEST);
    const [unplaced] = await specimens('NONE', 1);
    const notStored = await refused(moves.create, {
      body: { reason: 'x', specimens: [{ barcode: unplaced ?? '', boxId: b2, position: 'C3' }] },
    });
    expect(notStored.msg).toContain('not in storage');
  });

  it('fails the whole execution, naming the line, when a line became impossible', async () => {
    const b2 = await boxId('M-A-R02-A2');
    const made = await ok(moves.create, {
      body: {
        reason: 'Two lines',
        specimens: [
          { barcode: 'MV-004', boxId: b2, position: 'C1' },
          { barcode: 'MV-005', boxId: b2, position: 'C2' },
        ],
      },
    });
    await approve(made.id, 1);
    // Meanwhile someone places a new specimen into the second line's cell.
    const [late] = await specimens('LATE', 1);
    await ok(library.place, { body: { items: [{ barcode: late ?? '', boxId: b2, position: 'C2' }] } });
    const failed = await refused(moves.execute, { params: { id: made.id }, body: { version: 2 } });
    expect(failed.code).toBe(ResultCode.DUPLICATE);
    expect(failed.msg).toContain('Line 2');
    expect(await where('MV-004')).toBe('M-A-R01-A1 2,1');
    const still = (await ok(moves.get, { params: { id: made.id } })) as unknown as { status: string };
    expect(still.status).toBe('approved');
    // Nobody else moves a specimen the request holds: the engine refuses it, naming the request.
    const elsewhere = await refused(library.move, {
      body: { items: [{ barcode: 'MV-004', boxId: b2, position: 'B3' }], reason: 'elsewhere' },
    });
    expect(elsewhere.code).toBe(ResultCode.INVALID_STATE);
    expect(elsewhere.msg).toBe(`MV-004 is on open move request ${made.number}`);
  });

  it('plans an evacuation into backup units, refuses too little room, and carries it out', async () => {
    const failedUnit = await freezer('M-FAIL', 1);
    const codes = await specimens('EV', 12);
    const [f1, f2] = [await boxId('M-FAIL-R01-A1'), await boxId('M-FAIL-R01-A2')];
    await ok(library.place, {
      body: {
        items: codes.map((barcode, i) => ({
          barcode,
          boxId: i < 7 ? f1 : f2,
          position: `${String.fromCharCode(65 + Math.floor((i % 7) / 3))}${((i % 7) % 3) + 1}`,
        })),
      },
    });
    const small = await freezer('M-BK1', 1, 'backup');
    // The backup's second box takes another project only: 9 cells for 12 specimens.
    const [km3] = await env.handle.db.select().from(projects).where(eq(projects.projectNo, 'KM-2026-003'));
    await ok(library.restrict, {
      body: { level: 'box', id: await boxId('M-BK1-R01-A2'), rules: { project: [km3?.id ?? 0] } },
    });
    const noRoom = await refused(moves.evacuate, {
      body: { unitId: failedUnit, backupUnitIds: [small], reason: 'Compressor failed' },
    });
    expect(noRoom.code).toBe(ResultCode.INVALID_STATE);
    expect(noRoom.msg).toContain('room for 9 of the 12');
    const self = await refused(moves.evacuate, {
      body: { unitId: failedUnit, backupUnitIds: [failedUnit], reason: 'x' },
    });
    expect(self.code).toBe(ResultCode.BAD_REQUEST);
    const defrosting = await freezer('M-DEF', 1, 'defrosting');
    const cold = await refused(moves.evacuate, {
      body: { unitId: failedUnit, backupUnitIds: [defrosting], reason: 'x' },
    });
    expect(cold.code).toBe(ResultCode.INVALID_STATE);
    const large = await freezer('M-BK2', 2, 'backup');
    const plan = await ok(moves.evacuate, {
      body: { unitId: failedUnit, backupUnitIds: [small, large], reason: 'Compressor failed' },
    });
    expect(plan).toMatchObject({ specimens: 12, boxesKept: 2 });
    const again = await refused(moves.evacuate, {
      body: { unitId: failedUnit, backupUnitIds: [large], reason: 'twice' },
    });
    expect(again.msg).toContain(plan.number);
    await approve(plan.id, 1);
    await execute(plan.id, 2);
    const units = await env.handle.db.select().from(storageUnits);
    expect(units.find((u) => u.id === failedUnit)?.stored).toBe(0);
    const backups = units.filter((u) => u.id === small || u.id === large).reduce((n, u) => n + u.stored, 0);
    expect(backups).toBe(12);
    // The first box's seven stayed together, in fill order.
    expect(await where('EV-001')).toBe('M-BK1-R01-A1 1,1');
    expect(await where('EV-007')).toBe('M-BK1-R01-A1 3,1');
    const events = await env.handle.db
      .select()
      .from(custodyEvents)
      .where(eq(custodyEvents.reference, `move:${plan.number}`));
    expect(events).toHaveLength(12);
    expect(new Set(events.map((e) => e.action))).toEqual(new Set(['evacuate']));
  });
});
