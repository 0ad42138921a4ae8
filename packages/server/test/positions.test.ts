import { ResultCode } from '@trialab/api-contract';
import { eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client.js';
import { projects, temperatures, users } from '../src/db/schema.js';
import {
  boxTypes,
  custodyEvents,
  rackTypes,
  specimenPositions,
  storageBoxes,
  storageRacks,
  storageRooms,
  storageUnits,
} from '../src/db/schema-library.js';
import { specimenBarcodes } from '../src/db/schema-specimen.js';
import { ApiError } from '../src/lib/errors.js';
import {
  type Assignment,
  allocate,
  assign,
  cellText,
  commitReservation,
} from '../src/services/positions/engine.js';
import { createTestDatabase, FEATURE_ENGINES, type TestDatabase } from './engines.js';

/**
 * The position engine on its own: the refusals a placement must give, and a
 * property test of random place / move / outbound / return / destroy / allocate sequences from
 * concurrent clients after which occupancy must equal the specimens' positions and every counter
 * must be right.
 */
describe.each(FEATURE_ENGINES)('position engine on %s', (engine) => {
  let testDb: TestDatabase;
  let handle: DatabaseHandle;
  let userId: number;
  let projectId: number;
  let deepFrozen: number;
  let frozen: number;
  /** Grid boxes (3 x 3) and one bag of capacity 4, in two units of the deep-frozen condition. */
  const boxes: Array<{ id: number; kind: string; rows: number; cols: number }> = [];
  let frozenBox: number;
  const specimens: number[] = [];
  let at = new Date('2026-11-28T08:00:00Z');
  const custody = () => ({ userId, at, batchId: crypto.randomUUID() });

  beforeAll(async () => {
    testDb = await createTestDatabase(engine, true);
    handle = await testDb.open();
    const db = handle.db;
    const [user] = await db.select({ id: users.id }).from(users).limit(1);
    userId = user?.id ?? 0;
    const ps = await db.select({ id: projects.id }).from(projects).orderBy(projects.id).limit(1);
    projectId = ps[0]?.id ?? 0;
    const temps = await db.select().from(temperatures);
    deepFrozen = temps.find((t) => t.code === '-80C')?.id ?? 0;
    frozen = temps.find((t) => t.code === '-20C')?.id ?? 0;
    const stamp = { createdBy: userId, createdAt: at, updatedAt: at };
    const [room] = await db
      .insert(storageRooms)
      .values({ code: 'PT-ROOM', name: 'PT room', temperatureId: deepFrozen, ...stamp })
      .returning();
    const [rackType] = await db
      .insert(rackTypes)
      .values({ code: 'PT-RT', name: 'rack 1x3', rows: 1, cols: 3, ...stamp })
      .returning();
    const [grid] = await db
      .insert(boxTypes)
      .values({ code: 'PT-BT', name: 'box 3x3', kind: 'grid', rows: 3, cols: 3, capacity: 9, ...stamp })
      .returning();
    const [bag] = await db
      .insert(boxTypes)
      .values({ code: 'PT-BAG', name: 'bag 4', kind: 'bag', capacity: 4, ...stamp })
      .returning();
    if (!room || !rackType || !grid || !bag) throw new Error('fixture');
    for (const [code, temperatureId] of [
      ['PT-U1', deepFrozen],
      ['PT-U2', deepFrozen],
      ['PT-U3', frozen],
    ] as const) {
      const [unit] = await db
        .insert(storageUnits)
        .values({
          code,
          name: code,
          roomId: room.id,
          kind: 'freezer',
          temperatureId,
          rows: 1,
          cols: 1,
          ...stamp,
        })
        .returning();
      if (!unit) throw new Error('fixture');
      const [rack] = await db
        .insert(storageRacks)
        .values({
          code: `${code}-R`,
          unitId: unit.id,
          slot: 1,
          rackTypeId: rackType.id,
          rows: 1,
          cols: 3,
          ...stamp,
        })
        .returning();
      if (!rack) throw new Error('fixture');
      const made = await db
        .insert(storageBoxes)
        .values([
          {
            code: `${code}-B1`,
            boxTypeId: grid.id,
            rows: 3,
            cols: 3,
            capacity: 9,
            unitId: unit.id,
            rackId: rack.id,
            rackRow: 1,
            rackCol: 1,
            ...stamp,
          },
          {
            code: `${code}-B2`,
            boxTypeId: grid.id,
            rows: 3,
            cols: 3,
            capacity: 9,
            unitId: unit.id,
            rackId: rack.id,
            rackRow: 1,
            rackCol: 2,
            labels: 'numeric',
            fillOrder: 'column',
            ...stamp,
          },
          { code: `${code}-BAG`, boxTypeId: bag.id, kind: 'bag', capacity: 4, unitId: unit.id, ...stamp },
        ])
        .returning();
      await db.update(storageUnits).set({ capacity: 22 }).where(eq(storageUnits.id, unit.id));
      if (code === 'PT-U3') frozenBox = made[0]?.id ?? 0;
      else for (const b of made) boxes.push({ id: b.id, kind: b.kind, rows: b.rows ?? 0, cols: b.cols ?? 0 });
    }
    // 70 signed specimens of the deep-frozen condition: parents with two aliquots each.
    for (let i = 0; i < 70; i += 1) {
      const parent = i % 3 === 0 ? undefined : specimens[specimens.length - (i % 3)];
      const [row] = await db
        .insert(specimenBarcodes)
        .values({
          code: `PT-${String(i).padStart(4, '0')}`,
          projectId,
          status: 'signed',
          temperatureId: deepFrozen,
          parentId: parent ?? null,
          suffix: parent ? i % 3 : null,
          createdBy: userId,
          createdAt: at,
        })
        .returning({ id: specimenBarcodes.id });
      specimens.push(row?.id ?? 0);
    }
  });
  afterAll(() => testDb.drop());

  const run = (assignments: Assignment[]) =>
    handle.db.transaction((tx) => assign(tx, 'en_US', assignments, custody()));
  const refusal = async (promise: Promise<unknown>) => {
    try {
      await promise;
    } catch (error) {
      if (error instanceof ApiError) return error;
      throw error;
    }
    throw new Error('expected a refusal');
  };
  const [b1, b2, bagBox] = [() => boxes[0]?.id ?? 0, () => boxes[1]?.id ?? 0, () => boxes[2]?.id ?? 0];

  it('places, refuses a taken cell, another condition and an inactive unit, and logs custody', async () => {
    const [s0 = 0, s1 = 0, s2 = 0] = specimens;
    const placed = await run([{ action: 'place', specimenId: s0, to: { boxId: b1(), row: 1, col: 1 } }]);
    expect(placed).toEqual([{ specimenId: s0, code: 'PT-0000', box: 'PT-U1-B1', position: 'A1' }]);
    const taken = await refusal(
      run([{ action: 'place', specimenId: s1, to: { boxId: b1(), row: 1, col: 1 } }]),
    );
    expect(taken.code).toBe(ResultCode.DUPLICATE);
    const cold = await refusal(
      run([{ action: 'place', specimenId: s1, to: { boxId: frozenBox, row: 1, col: 1 } }]),
    );
    expect(cold.options.key).toBe('positionsTemperature');
    const twice = await refusal(
      run([{ action: 'place', specimenId: s0, to: { boxId: b1(), row: 1, col: 2 } }]),
    );
    expect(twice.options.key).toBe('positionsState');
    // Numeric labels count in reading order: row 2, column 3 of a 3-wide box is 6.
    const numeric = await run([{ action: 'place', specimenId: s1, to: { boxId: b2(), row: 2, col: 3 } }]);
    expect(numeric[0]?.position).toBe('6');
    await handle.db.update(storageUnits).set({ status: 'defrosting' }).where(eq(storageUnits.code, 'PT-U1'));
    const off = await refusal(
      run([{ action: 'place', specimenId: s2, to: { boxId: b1(), row: 3, col: 3 } }]),
    );
    expect(off.options.key).toBe('positionsUnitInactive');
    await handle.db.update(storageUnits).set({ status: 'active' }).where(eq(storageUnits.code, 'PT-U1'));
    await run([{ action: 'outbound', specimenId: s0 }]);
    await run([{ action: 'return', specimenId: s0, to: { boxId: bagBox(), row: null, col: null } }]);
    const [back] = await handle.db.select().from(specimenBarcodes).where(eq(specimenBarcodes.id, s0));
    expect(back).toMatchObject({ library: 'stored', freezeThaw: 1 });
    const log = await handle.db
      .select()
      .from(custodyEvents)
      .where(eq(custodyEvents.specimenId, s0))
      .orderBy(custodyEvents.id);
    expect(log.map((e) => [e.action, e.fromPosition, e.toPosition])).toEqual([
      ['place', null, 'A1'],
      ['outbound', 'A1', null],
      ['return', null, null],
    ]);
    await run([
      { action: 'destroy', specimenId: s0 },
      { action: 'outbound', specimenId: s1 },
    ]);
    const gone = await refusal(
      run([{ action: 'return', specimenId: s0, to: { boxId: b1(), row: 1, col: 1 } }]),
    );
    expect(gone.options.key).toBe('positionsState');
    await checkInvariants();
  });

  it('allocates by fill order keeping aliquots together; the reservation holds its cells, then expires', async () => {
    const group = specimens.slice(3, 9); // two parents with two aliquots each
    const reservation = await handle.db.transaction((tx) =>
      allocate(tx, 'en_US', group, { boxId: b2() }, custody()),
    );
    // Box 2 fills column by column and its labels are numbers (reading order).
    expect(reservation.cells.map((c) => c.position)).toEqual(['1', '4', '7', '2', '5', '8']);
    const other = specimens.slice(9, 10);
    const clash = await refusal(
      run([{ action: 'place', specimenId: other[0] ?? 0, to: { boxId: b2(), row: 1, col: 1 } }]),
    );
    expect(clash.code).toBe(ResultCode.DUPLICATE);
    const late = new Date(at.getTime() + 6 * 60_000);
    const expired = await refusal(
      handle.db.transaction((tx) =>
        commitReservation(tx, 'en_US', reservation.reservationId, { userId, at: late, batchId: 'x' }),
      ),
    );
    expect(expired.options.key).toBe('positionsReservationExpired');
    at = late;
    const again = await handle.db.transaction((tx) =>
      allocate(tx, 'en_US', group, { boxId: b2() }, custody()),
    );
    const committed = await handle.db.transaction((tx) =>
      commitReservation(tx, 'en_US', again.reservationId, custody()),
    );
    expect(committed).toHaveLength(6);
    await checkInvariants();
  });

  it('keeps occupancy and counters right under random concurrent sequences (property)', async () => {
    const pool = specimens.slice(10);
    const cell = fc.record({
      box: fc.integer({ min: 0, max: boxes.length - 1 }),
      row: fc.integer({ min: 1, max: 3 }),
      col: fc.integer({ min: 1, max: 3 }),
    });
    const s = fc.integer({ min: 0, max: pool.length - 1 });
    const op = fc.oneof(
      { weight: 4, arbitrary: fc.record({ kind: fc.constant('place' as const), s, cell }) },
      { weight: 4, arbitrary: fc.record({ kind: fc.constant('move' as const), s, cell }) },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('outbound' as const), s }) },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('return' as const), s, cell }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('destroy' as const), s }) },
      {
        weight: 1,
        arbitrary: fc.record({
          kind: fc.constant('allocate' as const),
          s,
          n: fc.integer({ min: 1, max: 4 }),
        }),
      },
    );
    const clients = fc.array(fc.array(op, { minLength: 1, maxLength: 10 }), { minLength: 2, maxLength: 4 });
    let refused = 0;
    let done = 0;
    await fc.assert(
      fc.asyncProperty(clients, async (plans) => {
        at = new Date(at.getTime() + 1000);
        await Promise.all(
          plans.map(async (plan) => {
            for (const o of plan) {
              const specimenId = pool[o.s] ?? 0;
              const to = (c: { box: number; row: number; col: number }) => {
                const box = boxes[c.box];
                return box?.kind === 'grid'
                  ? { boxId: box.id, row: c.row, col: c.col }
                  : { boxId: box?.id ?? 0, row: null, col: null };
              };
              try {
                if (o.kind === 'allocate') {
                  const ids = pool.slice(o.s, o.s + o.n);
                  // Two requests, as through the API: allocate, then commit.
                  const r = await handle.db.transaction((tx) => allocate(tx, 'en_US', ids, {}, custody()));
                  await handle.db.transaction((tx) =>
                    commitReservation(tx, 'en_US', r.reservationId, custody()),
                  );
                } else if (o.kind === 'outbound' || o.kind === 'destroy')
                  await run([{ action: o.kind, specimenId }]);
                else await run([{ action: o.kind, specimenId, to: to(o.cell) }]);
                done += 1;
              } catch (error) {
                if (!(error instanceof ApiError)) throw error;
                refused += 1;
              }
            }
          }),
        );
        await checkInvariants();
      }),
      // PGlite has one connection: the clients' transactions run one after another there, so
      // the races are PostgreSQL's to find; PGlite's runs check the same invariants on fewer
      // interleavings (8 still find a unit counter that misses decrements or loses a batch's sum:
      // both failed within 3 runs with this seed).
      { numRuns: engine === 'pglite' ? 8 : 25, seed: 27 },
    );
    // The sequences did both: changes and refusals (a property that refuses everything proves nothing).
    expect(done).toBeGreaterThan(20);
    expect(refused).toBeGreaterThan(5);
  });

  it('gives one cell to one of two concurrent placements, and 8 concurrent allocators no double booking', async () => {
    const fresh: number[] = [];
    for (let i = 0; i < 18; i += 1) {
      const [row] = await handle.db
        .insert(specimenBarcodes)
        .values({
          code: `PC-${String(i).padStart(4, '0')}`,
          projectId,
          status: 'signed',
          temperatureId: deepFrozen,
          createdBy: userId,
          createdAt: at,
        })
        .returning({ id: specimenBarcodes.id });
      fresh.push(row?.id ?? 0);
    }
    const stamp = { createdBy: userId, createdAt: at, updatedAt: at };
    const [unit] = await handle.db.select().from(storageUnits).where(eq(storageUnits.code, 'PT-U1'));
    const [type] = await handle.db.select().from(boxTypes).where(eq(boxTypes.code, 'PT-BT'));
    const [box] = await handle.db
      .insert(storageBoxes)
      .values({
        code: 'PC-BOX',
        boxTypeId: type?.id ?? 0,
        rows: 4,
        cols: 4,
        capacity: 16,
        unitId: unit?.id ?? 0,
        ...stamp,
      })
      .returning();
    const boxIdNew = box?.id ?? 0;
    await handle.db
      .update(storageUnits)
      .set({ capacity: sql`${storageUnits.capacity} + 16` })
      .where(eq(storageUnits.code, 'PT-U1'));
    const outcomes = await Promise.allSettled(
      fresh
        .slice(0, 2)
        .map((specimenId) => run([{ action: 'place', specimenId, to: { boxId: boxIdNew, row: 1, col: 1 } }])),
    );
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    const loser = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    expect((loser.reason as ApiError).code).toBe(ResultCode.DUPLICATE);
    // Eight allocators, two specimens each, into the 15 cells left of one box.
    const allocations = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        handle.db.transaction((tx) =>
          allocate(tx, 'en_US', fresh.slice(2 + 2 * i, 4 + 2 * i), { boxId: boxIdNew }, custody()),
        ),
      ),
    );
    const cells = allocations.flatMap((a) =>
      a.status === 'fulfilled' ? a.value.cells.map((c) => c.position) : [],
    );
    expect(new Set(cells).size).toBe(cells.length);
    expect(cells).not.toContain('A1');
    // 15 free cells for 16 specimens: seven allocations hold two cells each, the last one finds one.
    expect(cells.length).toBe(14);
    expect(
      allocations
        .filter((a) => a.status === 'rejected')
        .map((a) => ((a as PromiseRejectedResult).reason as ApiError).options.key),
    ).toEqual(['positionsNoRoom']);
    await checkInvariants();
  });

  it('takes an evacuation, and only an evacuation, into a backup unit; refuses a specimen still in temporary storage', async () => {
    const [a = 0, b = 0] = (
      await handle.db
        .insert(specimenBarcodes)
        .values(
          ['EV-0001', 'EV-0002'].map((code) => ({
            code,
            projectId,
            status: 'signed',
            temperatureId: deepFrozen,
            createdBy: userId,
            createdAt: at,
          })),
        )
        .returning({ id: specimenBarcodes.id })
    ).map((r) => r.id);
    const stamp = { createdBy: userId, createdAt: at, updatedAt: at };
    const [u1] = await handle.db.select().from(storageUnits).where(eq(storageUnits.code, 'PT-U1'));
    const [u2] = await handle.db.select().from(storageUnits).where(eq(storageUnits.code, 'PT-U2'));
    const [type] = await handle.db.select().from(boxTypes).where(eq(boxTypes.code, 'PT-BT'));
    const made = await handle.db
      .insert(storageBoxes)
      .values(
        [u1, u2].map((u, i) => ({
          code: `EV-BOX-${i}`,
          boxTypeId: type?.id ?? 0,
          rows: 3,
          cols: 3,
          capacity: 9,
          unitId: u?.id ?? 0,
          ...stamp,
        })),
      )
      .returning();
    for (const u of [u1, u2])
      await handle.db
        .update(storageUnits)
        .set({ capacity: sql`${storageUnits.capacity} + 9` })
        .where(eq(storageUnits.id, u?.id ?? 0));
    await run([{ action: 'place', specimenId: a, to: { boxId: made[0]?.id ?? 0, row: 1, col: 1 } }]);
    await handle.db.update(specimenBarcodes).set({ storage: 'stored' }).where(eq(specimenBarcodes.id, b));
    const staged = await refusal(
      run([{ action: 'place', specimenId: b, to: { boxId: made[0]?.id ?? 0, row: 1, col: 2 } }]),
    );
    expect(staged.options.key).toBe('positionsInTempStorage');
    await handle.db.update(storageUnits).set({ status: 'backup' }).where(eq(storageUnits.code, 'PT-U2'));
    const target = { boxId: made[1]?.id ?? 0, row: 3, col: 3 };
    const moved = await refusal(run([{ action: 'move', specimenId: a, to: target }]));
    expect(moved.options.key).toBe('positionsUnitInactive');
    await run([{ action: 'evacuate', specimenId: a, to: target }]);
    const [event] = await handle.db
      .select()
      .from(custodyEvents)
      .where(eq(custodyEvents.specimenId, a))
      .orderBy(sql`${custodyEvents.id} desc`)
      .limit(1);
    expect(event).toMatchObject({ action: 'evacuate', toBoxId: target.boxId, toPosition: 'C3' });
    await handle.db.update(storageUnits).set({ status: 'active' }).where(eq(storageUnits.code, 'PT-U2'));
    await checkInvariants();
  });

  it('keeps a parent and its aliquots in one box when the first box in fill order cannot hold them all', async () => {
    const stamp = { createdBy: userId, createdAt: at, updatedAt: at };
    const [room] = await handle.db.select().from(storageRooms).where(eq(storageRooms.code, 'PT-ROOM'));
    const [type] = await handle.db.select().from(boxTypes).where(eq(boxTypes.code, 'PT-BT'));
    const [unit] = await handle.db
      .insert(storageUnits)
      .values({
        code: 'PT-AL',
        name: 'PT-AL',
        roomId: room?.id ?? 0,
        kind: 'freezer',
        temperatureId: deepFrozen,
        rows: 1,
        cols: 1,
        capacity: 6,
        ...stamp,
      })
      .returning();
    const unitId = unit?.id ?? 0;
    await handle.db.insert(storageBoxes).values([
      { code: 'PT-AL-1', boxTypeId: type?.id ?? 0, rows: 1, cols: 2, capacity: 2, unitId, ...stamp },
      { code: 'PT-AL-2', boxTypeId: type?.id ?? 0, rows: 2, cols: 2, capacity: 4, unitId, ...stamp },
    ]);
    const insert = async (code: string, parentId: number | null, suffix: number | null) =>
      (
        await handle.db
          .insert(specimenBarcodes)
          .values({
            code,
            projectId,
            status: 'signed',
            temperatureId: deepFrozen,
            parentId,
            suffix,
            createdBy: userId,
            createdAt: at,
          })
          .returning({ id: specimenBarcodes.id })
      )[0]?.id ?? 0;
    const parent = await insert('AL-P', null, null);
    const family = [parent, await insert('AL-P-01', parent, 1), await insert('AL-P-02', parent, 2)];
    const single = await insert('AL-S', null, null);
    const r = await handle.db.transaction((tx) =>
      allocate(tx, 'en_US', [single, ...family], { unitId }, custody()),
    );
    expect(r.cells.map((c) => `${c.code} ${c.box} ${c.position}`)).toEqual([
      'AL-P PT-AL-2 A1',
      'AL-P-01 PT-AL-2 A2',
      'AL-P-02 PT-AL-2 B1',
      'AL-S PT-AL-1 A1',
    ]);
  });

  /** Occupancy equals the specimens' positions; box and unit counters equal what they hold. */
  async function checkInvariants() {
    const db = handle.db;
    const stored = await db.select().from(specimenPositions).where(eq(specimenPositions.status, 'stored'));
    const allBoxes = await db.select().from(storageBoxes);
    for (const box of allBoxes) {
      expect({ box: box.code, stored: box.stored }).toEqual({
        box: box.code,
        stored: stored.filter((p) => p.boxId === box.id).length,
      });
      if (box.capacity !== null) expect(box.stored).toBeLessThanOrEqual(box.capacity);
    }
    for (const unit of await db.select().from(storageUnits)) {
      const held = allBoxes.filter((b) => b.unitId === unit.id).reduce((n, b) => n + b.stored, 0);
      expect({ unit: unit.code, stored: unit.stored }).toEqual({ unit: unit.code, stored: held });
    }
    const all = [...specimens];
    const rows = await db
      .select({ id: specimenBarcodes.id, library: specimenBarcodes.library })
      .from(specimenBarcodes)
      .where(inArray(specimenBarcodes.id, all));
    const placed = new Map(stored.map((p) => [p.specimenId, p]));
    for (const r of rows)
      expect({ id: r.id, stored: placed.has(r.id) }).toEqual({ id: r.id, stored: r.library === 'stored' });
    // Each stored specimen's last custody event put it where it is.
    const last = await db.execute(
      sql`SELECT DISTINCT ON (specimen_id) specimen_id, to_box_id, to_position FROM custody_events ORDER BY specimen_id, id DESC`,
    );
    const lastOf = new Map(
      (
        last as unknown as {
          rows: Array<{ specimen_id: number; to_box_id: number | null; to_position: string | null }>;
        }
      ).rows.map((r) => [Number(r.specimen_id), r]),
    );
    for (const p of stored) {
      const box = allBoxes.find((b) => b.id === p.boxId);
      const event = lastOf.get(p.specimenId);
      expect({ box: event?.to_box_id, position: event?.to_position ?? '' }).toEqual({
        box: p.boxId,
        position: box ? cellText(box, p.row, p.col) : '',
      });
    }
  }
});
