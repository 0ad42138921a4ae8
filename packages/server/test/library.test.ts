import { endpoints, ResultCode } from '@trialab/api-contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects, temperatures } from '../src/db/schema.js';
import { custodyEvents, storageBoxes, storageRooms, storageUnits } from '../src/db/schema-library.js';
import { specimenBarcodes } from '../src/db/schema-specimen.js';
import { FEATURE_ENGINES } from './engines.js';
import { call, envelope, login, type Session, startEnv, type TestEnv } from './helpers.js';

const { library } = endpoints;

/** What the tests read of answers (each test checks the shape it needs). */
type Data = Record<string, unknown> & {
  id: number;
  reservationId: string;
  specimenId: number;
  placed: unknown[];
};

/** The specimen library's endpoints: the tree, restrictions and positions. */
describe.each(FEATURE_ENGINES)('specimen library on %s', (engine) => {
  let env: TestEnv;
  let keeper: Session;
  let lab: Session;
  let km1: number;
  let km3: number;
  let deep: number;
  let frozen: number;
  let boxType: number;
  let rackType: number;
  let room: number;
  let unit: number;
  const codes: string[] = [];

  const as = (
    session: Session,
    endpoint: Parameters<typeof call>[1],
    options: Parameters<typeof call>[2] = {},
  ) => call(env.app, endpoint, { ...options, session }, env.clock.now);
  const ok = async (endpoint: Parameters<typeof call>[1], options: Parameters<typeof call>[2] = {}) => {
    const body = envelope(await as(keeper, endpoint, options));
    if (body.code !== 200) throw new Error(`${endpoint.id}: ${body.code} ${body.msg}`);
    return body.data as Data;
  };
  const refused = async (endpoint: Parameters<typeof call>[1], options: Parameters<typeof call>[2] = {}) => {
    const response = await as(keeper, endpoint, options);
    expect(response.statusCode).not.toBe(500);
    return envelope(response);
  };
  const boxId = async (code: string) =>
    (await env.handle.db.select().from(storageBoxes).where(eq(storageBoxes.code, code)))[0]?.id ?? 0;

  beforeAll(async () => {
    env = await startEnv(engine);
    keeper = await login(env, '13800000004');
    lab = await login(env, '13800000001');
    const db = env.handle.db;
    const project = async (no: string) =>
      (await db.select().from(projects).where(eq(projects.projectNo, no)))[0]?.id ?? 0;
    km1 = await project('KM-2026-001');
    km3 = await project('KM-2026-003');
    const temps = await db.select().from(temperatures);
    deep = temps.find((t) => t.code === '-80C')?.id ?? 0;
    frozen = temps.find((t) => t.code === '-20C')?.id ?? 0;
    // Signed specimens: eight of KM-2026-001 at -80 °C (the last two aliquots of the first), one of KM-2026-003.
    const keeperId = keeper.login.user.id;
    for (let i = 1; i <= 9; i += 1) {
      const code = `LIB-${String(i).padStart(3, '0')}`;
      codes.push(code);
      await db.insert(specimenBarcodes).values({
        code,
        projectId: i === 9 ? km3 : km1,
        status: 'signed',
        temperatureId: deep,
        createdBy: keeperId,
        createdAt: new Date(env.clock.now),
      });
    }
  });
  afterAll(() => env.close());

  it('opens on the demo library: a -80 °C room, a freezer with stored specimens and a backup one', async () => {
    const rooms = await ok(library.roomList, { body: { page: 1, size: 10, keyword: 'ROOM-80A' } });
    expect(rooms).toMatchObject([{ code: 'ROOM-80A', units: 2 }]);
    const units = (await ok(library.unitList, {
      body: { page: 1, size: 10, keyword: 'ULT' },
    })) as unknown as Array<{
      code: string;
      status: string;
      stored: number;
      capacity: number;
    }>;
    expect(units.map((u) => [u.code, u.status])).toEqual([
      ['ULT-01', 'active'],
      ['ULT-02', 'backup'],
    ]);
    expect(units[0]?.stored).toBeGreaterThan(0);
    expect(units[0]?.capacity).toBe(2 * 5 * 81);
  });

  it('refuses the tree and positions to a user without specimen library permissions', async () => {
    const response = envelope(
      await as(lab, library.roomCreate, { body: { code: 'X', name: 'x', temperatureId: deep } }),
    );
    expect(response.code).toBe(ResultCode.FORBIDDEN);
    expect(
      envelope(
        await as(lab, library.place, { body: { items: [{ barcode: 'LIB-001', boxId: 1, position: 'A1' }] } }),
      ).code,
    ).toBe(ResultCode.FORBIDDEN);
  });

  it('builds a unit with its racks and boxes from types in one action', async () => {
    boxType = (
      await ok(library.boxTypeCreate, {
        body: { code: 'T-3x3', name: '3x3', kind: 'grid', rows: 3, cols: 3 },
      })
    ).id;
    const noGrid = await refused(library.boxTypeCreate, {
      body: { code: 'T-BAD', name: 'bad', kind: 'grid' },
    });
    expect(noGrid.code).toBe(ResultCode.BAD_REQUEST);
    expect(noGrid.msg).toContain('A grid box type needs rows and columns');
    rackType = (await ok(library.rackTypeCreate, { body: { code: 'T-R1x2', name: '1x2', rows: 1, cols: 2 } }))
      .id as number;
    room = (
      await ok(library.roomCreate, { body: { code: 'T-ROOM', name: 'Test room', temperatureId: deep } })
    ).id;
    const made = await ok(library.unitCreate, {
      body: {
        code: 'T-U1',
        name: 'Test freezer',
        roomId: room,
        kind: 'freezer',
        temperatureId: deep,
        setCelsius: -80,
        rows: 2,
        cols: 1,
        fill: { rackTypeId: rackType, racks: 2, boxTypeId: boxType },
      },
    });
    expect(made).toMatchObject({ racks: 2, boxes: 4 });
    unit = made.id;
    const map = (await ok(library.unitMap, { params: { id: unit } })) as unknown as {
      unit: { capacity: number; stored: number };
      racks: Array<{ code: string }>;
      boxes: Array<{ code: string; capacity: number }>;
    };
    expect(map.unit).toMatchObject({ capacity: 36, stored: 0 });
    expect(map.racks.map((r) => r.code)).toEqual(['T-U1-R01', 'T-U1-R02']);
    expect(map.boxes.map((b) => b.code)).toEqual([
      'T-U1-R01-A1',
      'T-U1-R01-A2',
      'T-U1-R02-A1',
      'T-U1-R02-A2',
    ]);
    const duplicate = await refused(library.roomCreate, {
      body: { code: 'T-ROOM', name: 'again', temperatureId: deep },
    });
    expect(duplicate.code).toBe(ResultCode.DUPLICATE);
  });

  it('places specimens, refuses a taken cell, a cell outside the box and another condition, and locates them', async () => {
    const b1 = await boxId('T-U1-R01-A1');
    const placed = await ok(library.place, {
      body: { items: [{ barcode: 'LIB-001', boxId: b1, position: 'A1' }] },
    });
    expect(placed).toEqual({
      placed: [{ specimenId: expect.any(Number), code: 'LIB-001', box: 'T-U1-R01-A1', position: 'A1' }],
    });
    const taken = await refused(library.place, {
      body: { items: [{ barcode: 'LIB-002', boxId: b1, position: 'a1' }] },
    });
    expect(taken).toMatchObject({
      code: ResultCode.DUPLICATE,
      msg: 'Position A1 of box T-U1-R01-A1 is taken',
    });
    const outside = await refused(library.place, {
      body: { items: [{ barcode: 'LIB-002', boxId: b1, position: 'D1' }] },
    });
    expect(outside).toMatchObject({
      code: ResultCode.BAD_REQUEST,
      msg: 'Position D1 is not inside box T-U1-R01-A1',
    });
    const cold = (
      await ok(library.unitCreate, {
        body: {
          code: 'T-U20',
          name: 'Minus twenty',
          roomId: room,
          kind: 'freezer',
          temperatureId: frozen,
          rows: 1,
          cols: 1,
          fill: { rackTypeId: rackType, racks: 1, boxTypeId: boxType },
        },
      })
    ).id;
    expect(cold).toBeGreaterThan(0);
    const wrong = await refused(library.place, {
      body: { items: [{ barcode: 'LIB-002', boxId: await boxId('T-U20-R01-A1'), position: 'A1' }] },
    });
    expect(wrong.msg).toBe('Specimen LIB-002 needs Deep frozen storage; unit Minus twenty keeps Frozen');
    const zh = envelope(
      await as(keeper, library.place, {
        lang: 'zh_CN',
        body: { items: [{ barcode: 'LIB-002', boxId: b1, position: 'A1' }] },
      }),
    );
    expect(zh.msg).toBe('冻存盒 T-U1-R01-A1 的位置 A1 已被占用');
    const where = await ok(library.specimenPosition, { body: { barcode: 'LIB-001' } });
    expect(where).toMatchObject({
      library: 'stored',
      box: 'T-U1-R01-A1',
      position: 'A1',
      unitId: unit,
      roomId: room,
    });
    const [event] = await env.handle.db
      .select()
      .from(custodyEvents)
      .where(eq(custodyEvents.specimenId, where.specimenId));
    expect(event).toMatchObject({ action: 'place', toPosition: 'A1', toUnitId: unit, projectId: km1 });
  });

  it('allocates by fill order, commits once, and refuses an expired or unknown reservation', async () => {
    const r = await ok(library.allocate, {
      body: { barcodes: ['LIB-002', 'LIB-003', 'LIB-004'], unitId: unit },
    });
    const cells = r.cells as unknown as Array<{ box: string; position: string }>;
    expect(cells.map((c) => `${c.box} ${c.position}`)).toEqual([
      'T-U1-R01-A1 A2',
      'T-U1-R01-A1 A3',
      'T-U1-R01-A1 B1',
    ]);
    const committed = await ok(library.commit, { params: { reservationId: r.reservationId } });
    expect(committed.placed).toHaveLength(3);
    const again = await refused(library.commit, { params: { reservationId: r.reservationId } });
    expect(again.code).toBe(ResultCode.NOT_FOUND);
    const late = await ok(library.allocate, { body: { barcodes: ['LIB-005'], unitId: unit } });
    env.clock.advance(5 * 60_000 + 1000);
    const expired = await refused(library.commit, {
      params: { reservationId: late.reservationId },
    });
    expect(expired.msg).toBe('The reservation expired (5 minutes): allocate again');
    const released = await ok(library.release, { params: { reservationId: late.reservationId } });
    expect(released).toEqual({ released: 1 });
  });

  it('refuses narrowing a restriction past an occupant, then enforces the narrowed one', async () => {
    const narrow = await refused(library.restrict, {
      body: { level: 'room', id: room, rules: { project: [km3] } },
    });
    expect(narrow).toMatchObject({ code: ResultCode.INVALID_STATE });
    expect(narrow.msg).toBe(
      'The restriction cannot be narrowed: specimen LIB-001 (T-U1-R01-A1 A1) in this room breaks it',
    );
    const set = await ok(library.restrict, { body: { level: 'unit', id: unit, rules: { project: [km1] } } });
    expect(set).toEqual({ project: [km1], sampleType: [], temperature: [] });
    const other = await refused(library.place, {
      body: { items: [{ barcode: 'LIB-009', boxId: await boxId('T-U1-R02-A1'), position: 'A1' }] },
    });
    expect(other.msg).toBe('Specimen LIB-009 does not meet the project restriction of unit Test freezer');
    expect(await ok(library.restrictions, { body: { level: 'unit', id: unit } })).toEqual(set);
  });

  it('blocks cells, refuses shrinking below an occupant, moves specimens (a swap is one move) and boxes', async () => {
    const b1 = await boxId('T-U1-R01-A1');
    const b2 = await boxId('T-U1-R01-A2');
    expect(
      await ok(library.block, { params: { id: b2 }, body: { position: 'C3', reason: 'cracked' } }),
    ).toEqual({ position: 'C3' });
    const blocked = await refused(library.place, {
      body: { items: [{ barcode: 'LIB-006', boxId: b2, position: 'C3' }] },
    });
    expect(blocked.msg).toBe('Position C3 of box T-U1-R01-A2 is blocked: cracked');
    const onOccupied = await refused(library.block, {
      params: { id: b1 },
      body: { position: 'A1', reason: 'x' },
    });
    expect(onOccupied.code).toBe(ResultCode.INVALID_STATE);
    await ok(library.unblock, { params: { id: b2 }, body: { position: 'C3' } });

    const shrink = await refused(library.boxResize, { params: { id: b1 }, body: { rows: 1, cols: 3 } });
    expect(shrink.msg).toBe('Box T-U1-R01-A1 holds a specimen at B1: it cannot shrink below it');
    expect(await ok(library.boxResize, { params: { id: b2 }, body: { rows: 2, cols: 2 } })).toEqual({
      capacity: 4,
    });

    const swap = await ok(library.move, {
      body: {
        items: [
          { barcode: 'LIB-001', boxId: b1, position: 'A2' },
          { barcode: 'LIB-002', boxId: b1, position: 'A1' },
        ],
        reason: 'tidy',
      },
    });
    expect((swap.moved as unknown as Array<{ position: string }>).map((m) => m.position)).toEqual([
      'A2',
      'A1',
    ]);

    // The box moves into the free slot of the second rack; a taken slot is named.
    const rack2 = (await ok(library.unitMap, { params: { id: unit } })) as unknown as {
      racks: Array<{ id: number }>;
    };
    const rackId = rack2.racks[1]?.id ?? 0;
    const takenSlot = await refused(library.boxMove, {
      params: { id: b1 },
      body: { unitId: unit, rackId, rackRow: 1, rackCol: 1, reason: 'reorganise' },
    });
    expect(takenSlot.msg).toBe('Slot 1,1 of T-U1-R02 already holds a box or rack');
    const defrost = await ok(library.unitMap, { params: { id: unit } });
    const version = (defrost.unit as unknown as { version: number }).version;
    await ok(library.unitUpdate, {
      params: { id: unit },
      body: { version, name: 'Test freezer', temperatureId: deep, status: 'defrosting' },
    });
    const inactive = await refused(library.place, {
      body: { items: [{ barcode: 'LIB-006', boxId: b2, position: 'A1' }] },
    });
    expect(inactive.msg).toBe('Storage unit Test freezer is defrosting: it takes no specimens');
    const condition = await refused(library.unitUpdate, {
      params: { id: unit },
      body: { version: version + 1, name: 'Test freezer', temperatureId: frozen, status: 'active' },
    });
    expect(condition.code).toBe(ResultCode.INVALID_STATE);
    await ok(library.unitUpdate, {
      params: { id: unit },
      body: { version: version + 1, name: 'Test freezer', temperatureId: deep, status: 'active' },
    });

    // Into a unit of another condition: refused for the specimens inside; loose into its own unit: moved.
    const coldUnit =
      (await env.handle.db.select().from(storageUnits).where(eq(storageUnits.code, 'T-U20')))[0]?.id ?? 0;
    const wrongUnit = await refused(library.boxMove, {
      params: { id: b1 },
      body: { unitId: coldUnit, reason: 'x' },
    });
    expect(wrongUnit.msg).toMatch(
      /^Specimen LIB-00\d needs Deep frozen storage; unit Minus twenty keeps Frozen$/,
    );
    expect(
      await ok(library.boxMove, { params: { id: b1 }, body: { unitId: unit, reason: 'to the door shelf' } }),
    ).toEqual({ moved: 4 });
    const boxMoves = await env.handle.db
      .select()
      .from(custodyEvents)
      .where(eq(custodyEvents.action, 'boxMove'));
    expect(boxMoves.map((e) => [e.fromUnitId, e.toUnitId, e.reason])).toEqual(
      Array(4).fill([unit, unit, 'to the door shelf']),
    );
    // The custody log is append-only in the database itself.
    await expect(
      env.handle.db.delete(custodyEvents).where(eq(custodyEvents.action, 'boxMove')),
    ).rejects.toThrow();

    const detail = (await ok(library.boxDetail, { params: { id: b1 } })) as unknown as {
      cells: Array<{ position: string; barcode: string }>;
    };
    expect(detail.cells.map((c) => `${c.position} ${c.barcode}`)).toEqual([
      'A1 LIB-002',
      'A2 LIB-001',
      'A3 LIB-003',
      'B1 LIB-004',
    ]);
  });

  it('answers malformed input with a clear 400, never a 500', async () => {
    const bad = await refused(library.place, {
      body: { items: [{ barcode: 'LIB-006', boxId: 'x', position: 'A1' }] },
    });
    expect(bad.code).toBe(ResultCode.BAD_REQUEST);
    const badId = await refused(library.commit, { params: { reservationId: 'not-a-uuid' } });
    expect(badId.code).toBe(ResultCode.BAD_REQUEST);
    const unknown = await refused(library.place, {
      body: { items: [{ barcode: 'NOPE-1', boxId: 1, position: 'A1' }] },
    });
    expect(unknown.msg).toBe('Barcodes not registered: NOPE-1');
  });

  it('keeps the counters equal to the positions after all of it', async () => {
    const db = env.handle.db;
    const [u] = await db.select().from(storageUnits).where(eq(storageUnits.id, unit));
    expect(u).toMatchObject({ stored: 4, capacity: 9 * 4 - 9 + 4 });
    const [r] = await db.select().from(storageRooms).where(eq(storageRooms.id, room));
    expect(r?.code).toBe('T-ROOM');
  });
});
