import { ResultCode } from '@trialab/api-contract';
import { eq, sql } from 'drizzle-orm';
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
import { allocate, assign, commitReservation } from '../src/services/positions/engine.js';
import { createTestDatabase, FEATURE_ENGINES, type TestDatabase } from './engines.js';

const ALLOCATORS = 8;
const EACH = 5;

/**
 * Eight allocators on one small unit at once (issue 27 "Scale"): no cell is given twice, every cell
 * an allocator answers is the one it holds, and the commits keep the counters right. On PostgreSQL
 * the eight run in eight transactions on two handles (two API instances of four connections each)
 * and really overlap; PGlite has one connection, so there they queue one after the other and the
 * test checks that each later allocator skips the cells the earlier ones hold.
 */
describe.each(FEATURE_ENGINES)('eight concurrent allocators on %s', (engine) => {
  let testDb: TestDatabase;
  let handles: DatabaseHandle[];
  let userId: number;
  let unitId: number;
  const specimens: number[] = [];
  const at = new Date('2026-11-29T08:00:00Z');
  const custody = () => ({ userId, at, batchId: crypto.randomUUID() });

  /** One unit of one rack holding `boxes` boxes of 3 x 3 (capacity 9 each). */
  const unitWith = async (code: string, boxes: number) => {
    const db = handles[0]?.db;
    if (!db) throw new Error('no database');
    const stamp = { createdBy: userId, createdAt: at, updatedAt: at };
    const [deep] = await db.select().from(temperatures).where(eq(temperatures.code, '-80C'));
    const [room] = await db
      .insert(storageRooms)
      .values({ code: `${code}-ROOM`, name: code, temperatureId: deep?.id ?? 0, ...stamp })
      .returning();
    const [rackType] = await db
      .insert(rackTypes)
      .values({ code: `${code}-RT`, name: code, rows: 1, cols: boxes, ...stamp })
      .returning();
    const [boxType] = await db
      .insert(boxTypes)
      .values({ code: `${code}-BT`, name: code, kind: 'grid', rows: 3, cols: 3, capacity: 9, ...stamp })
      .returning();
    const [unit] = await db
      .insert(storageUnits)
      .values({
        code,
        name: code,
        roomId: room?.id ?? 0,
        kind: 'freezer',
        temperatureId: deep?.id ?? 0,
        rows: 1,
        cols: 1,
        capacity: 9 * boxes,
        ...stamp,
      })
      .returning();
    const [rack] = await db
      .insert(storageRacks)
      .values({
        code: `${code}-R`,
        unitId: unit?.id ?? 0,
        slot: 1,
        rackTypeId: rackType?.id ?? 0,
        rows: 1,
        cols: boxes,
        ...stamp,
      })
      .returning();
    await db.insert(storageBoxes).values(
      Array.from({ length: boxes }, (_, i) => ({
        code: `${code}-B${i + 1}`,
        boxTypeId: boxType?.id ?? 0,
        rows: 3,
        cols: 3,
        capacity: 9,
        unitId: unit?.id ?? 0,
        rackId: rack?.id ?? 0,
        rackRow: 1,
        rackCol: i + 1,
        ...stamp,
      })),
    );
    return unit?.id ?? 0;
  };

  /** `count` signed −80 °C specimens of the first project, awaiting storage, coded `<prefix>-000`... */
  const awaiting = async (prefix: string, count: number) => {
    const db = (handles[0] as DatabaseHandle).db;
    const [project] = await db.select({ id: projects.id }).from(projects).orderBy(projects.id).limit(1);
    const [deep] = await db.select().from(temperatures).where(eq(temperatures.code, '-80C'));
    const rows = await db
      .insert(specimenBarcodes)
      .values(
        Array.from({ length: count }, (_, i) => ({
          code: `${prefix}-${String(i).padStart(3, '0')}`,
          projectId: project?.id ?? 0,
          status: 'signed',
          temperatureId: deep?.id ?? 0,
          createdBy: userId,
          createdAt: at,
        })),
      )
      .returning({ id: specimenBarcodes.id });
    return rows.map((r) => r.id);
  };

  beforeAll(async () => {
    testDb = await createTestDatabase(engine, true);
    // Two handles: on PostgreSQL two pools of four connections (two API instances); PGlite has one.
    handles = [await testDb.open(), await testDb.open()];
    const db = handles[0]?.db;
    if (!db) throw new Error('no database');
    const [user] = await db.select({ id: users.id }).from(users).limit(1);
    userId = user?.id ?? 0;
    // 45 signed −80 °C specimens awaiting storage (the allocators take 40).
    specimens.push(...(await awaiting('CA', ALLOCATORS * EACH + 5)));
    // Five boxes of nine: room for 45, so every allocator finds room.
    unitId = await unitWith('CA-U1', 5);
  });
  afterAll(() => testDb.drop());

  /** Allocator i's specimens, allocated in a transaction of its own on handle i % 2. */
  const allocator = (i: number, ids: number[], unit: number) =>
    (handles[i % handles.length] as DatabaseHandle).db.transaction((tx) =>
      allocate(tx, 'en_US', ids, { unitId: unit }, custody()),
    );

  const cellsHeld = async (unit: number) =>
    (handles[0] as DatabaseHandle).db
      .select({
        specimenId: specimenPositions.specimenId,
        boxId: specimenPositions.boxId,
        row: specimenPositions.row,
        col: specimenPositions.col,
        status: specimenPositions.status,
        reservationId: specimenPositions.reservationId,
      })
      .from(specimenPositions)
      .innerJoin(storageBoxes, eq(storageBoxes.id, specimenPositions.boxId))
      .where(eq(storageBoxes.unitId, unit));

  it('gives no cell twice: each answer is the cell held, and the commits count right', async () => {
    const results = await Promise.all(
      Array.from({ length: ALLOCATORS }, (_, i) =>
        allocator(i, specimens.slice(i * EACH, (i + 1) * EACH), unitId),
      ),
    );
    const answered = results.flatMap((r) =>
      r.cells.map((c) => ({
        reservationId: r.reservationId,
        specimenId: c.specimenId,
        boxId: c.boxId,
        position: c.position,
      })),
    );
    expect(answered).toHaveLength(ALLOCATORS * EACH);
    // No double booking: every (box, cell) answered once, every specimen once.
    expect(new Set(answered.map((c) => `${c.boxId}:${c.position}`)).size).toBe(answered.length);
    expect(new Set(answered.map((c) => c.specimenId)).size).toBe(answered.length);
    // What each allocator answered is what the database holds for its reservation.
    const held = await cellsHeld(unitId);
    expect(held).toHaveLength(ALLOCATORS * EACH);
    const labels = 'ABC';
    expect(
      held
        .map((h) => ({
          reservationId: h.reservationId,
          specimenId: h.specimenId,
          boxId: h.boxId,
          position: `${labels[(h.row ?? 1) - 1]}${h.col}`,
        }))
        .sort((a, b) => a.specimenId - b.specimenId),
    ).toEqual([...answered].sort((a, b) => a.specimenId - b.specimenId));

    // All eight commit at once: 40 placements, the box and unit counters equal to the positions.
    await Promise.all(
      results.map((r, i) =>
        (handles[i % handles.length] as DatabaseHandle).db.transaction((tx) =>
          commitReservation(tx, 'en_US', r.reservationId, custody()),
        ),
      ),
    );
    const db = (handles[0] as DatabaseHandle).db;
    const counters = (await db.execute(sql`
      SELECT b.id, b.stored, (SELECT count(*)::int FROM specimen_positions p
                              WHERE p.box_id = b.id AND p.status = 'stored') AS positions
      FROM storage_boxes b WHERE b.unit_id = ${unitId}`)) as unknown as {
      rows: Array<{ stored: number; positions: number }>;
    };
    for (const row of counters.rows) expect(row.stored).toBe(row.positions);
    const [unit] = await db.select().from(storageUnits).where(eq(storageUnits.id, unitId));
    expect(unit?.stored).toBe(ALLOCATORS * EACH);
  });

  it('refuses an allocator that finds too little room, holding nothing, while the others keep theirs', async () => {
    // Two boxes of nine (18 cells) for eight allocators of three: six fit, two are refused.
    const small = await unitWith('CA-U2', 2);
    const ids = await awaiting('CB', ALLOCATORS * 3);
    const outcomes = await Promise.allSettled(
      Array.from({ length: ALLOCATORS }, (_, i) => allocator(i, ids.slice(i * 3, (i + 1) * 3), small)),
    );
    const granted = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
    const refused = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as unknown] : []));
    expect(granted).toHaveLength(6);
    expect(refused).toHaveLength(2);
    for (const error of refused) {
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).code).toBe(ResultCode.INVALID_STATE);
    }
    const cells = granted.flatMap((r) => r.cells.map((c) => `${c.boxId}:${c.position}`));
    expect(new Set(cells).size).toBe(18);
    // The refused ones hold nothing (their transactions rolled back).
    expect(await cellsHeld(small)).toHaveLength(18);
  });

  it('moves 5,000 specimens in one batch (more rows than one statement may bind parameters for)', async () => {
    // An evacuation moves a whole unit at once: 5,000 custody events of 14 columns are 70,000
    // parameters, above the 65,535 one statement binds. Source and target: 62 loose 9 x 9 boxes each.
    const db = (handles[0] as DatabaseHandle).db;
    const count = 5_000;
    const [project] = await db.select({ id: projects.id }).from(projects).orderBy(projects.id).limit(1);
    const [deep] = await db.select().from(temperatures).where(eq(temperatures.code, '-80C'));
    const from = await unitWith('CA-U3', 1);
    const to = await unitWith('CA-U4', 1);
    const [boxType] = await db.select().from(boxTypes).where(eq(boxTypes.code, 'CA-U3-BT'));
    for (const unit of [from, to])
      await db.execute(sql`
        INSERT INTO storage_boxes (code, box_type_id, kind, rows, cols, capacity, unit_id, created_by, created_at, updated_at)
        SELECT 'CA-' || ${unit} || '-L' || g, ${boxType?.id}, 'grid', 9, 9, 81, ${unit}, ${userId}, ${at}, ${at}
        FROM generate_series(1, 62) AS g`);
    await db.execute(sql`
      INSERT INTO specimen_barcodes (code, project_id, status, library, temperature_id, created_by, created_at)
      SELECT 'CM-' || lpad(g::text, 5, '0'), ${project?.id}, 'signed', 'stored', ${deep?.id}, ${userId}, ${at}
      FROM generate_series(1, ${count}) AS g`);
    // Stored in the source's loose boxes in fill order, with their counters (as the engine keeps them).
    await db.execute(sql`
      INSERT INTO specimen_positions (specimen_id, box_id, row, col, status, placed_by, placed_at)
      SELECT s.id, b.id, (s.n % 81) / 9 + 1, s.n % 9 + 1, 'stored', ${userId}, ${at}
      FROM (SELECT id, substr(code, 4)::int - 1 AS n FROM specimen_barcodes WHERE code LIKE 'CM-%') s
      JOIN storage_boxes b ON b.code = 'CA-' || ${from} || '-L' || (s.n / 81 + 1)`);
    await db.execute(sql`
      UPDATE storage_boxes b SET stored = (SELECT count(*) FROM specimen_positions p WHERE p.box_id = b.id)
      WHERE b.unit_id = ${from}`);
    await db.execute(sql`
      UPDATE storage_units SET stored = ${count}, capacity = capacity + 62 * 81 WHERE id = ${from}`);
    await db.execute(sql`UPDATE storage_units SET capacity = capacity + 62 * 81 WHERE id = ${to}`);
    const placed = (await db.execute(sql`
      SELECT p.specimen_id, t.id AS box_id, p.row, p.col
      FROM specimen_positions p JOIN storage_boxes f ON f.id = p.box_id
      JOIN storage_boxes t ON t.code = 'CA-' || ${to} || substr(f.code, length('CA-' || ${from}) + 1)
      WHERE f.unit_id = ${from}`)) as unknown as {
      rows: Array<{ specimen_id: number; box_id: number; row: number; col: number }>;
    };
    const batchId = crypto.randomUUID();
    const moved = await db.transaction((tx) =>
      assign(
        tx,
        'en_US',
        placed.rows.map((r) => ({
          action: 'move' as const,
          specimenId: Number(r.specimen_id),
          to: { boxId: Number(r.box_id), row: Number(r.row), col: Number(r.col) },
        })),
        { userId, at, batchId, reason: 'scale' },
      ),
    );
    expect(moved).toHaveLength(count);
    const units = await db.select().from(storageUnits).where(sql`${storageUnits.id} IN (${from}, ${to})`);
    expect(Object.fromEntries(units.map((u) => [u.id, u.stored]))).toEqual({ [from]: 0, [to]: count });
    const events = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(custodyEvents)
      .where(eq(custodyEvents.batchId, batchId));
    expect(events[0]?.n).toBe(count);
  });
});
