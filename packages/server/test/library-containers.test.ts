import { endpoints, ResultCode } from '@trialab/api-contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { temperatures } from '../src/db/schema.js';
import { storageRooms } from '../src/db/schema-library.js';
import { FEATURE_ENGINES } from './engines.js';
import { call, envelope, login, type Session, startEnv, type TestEnv } from './helpers.js';

const { library, libraryContainers: lists, libraryMaintenance: maintenance, todo } = endpoints;

type Row = Record<string, unknown> & { id: number; version: number; status: string; code: string };

/** A calendar day `days` from now (UTC: the offsets below leave a day's margin to any zone). */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The storage management lists and unit maintenance. */
describe.each(FEATURE_ENGINES)('storage management on %s', (engine) => {
  let env: TestEnv;
  let keeper: Session;
  let lab: Session;
  let unitId: number;

  const as = (
    session: Session,
    endpoint: Parameters<typeof call>[1],
    options: Parameters<typeof call>[2] = {},
  ) => call(env.app, endpoint, { ...options, session }, env.clock.now);
  const answer = async (endpoint: Parameters<typeof call>[1], options: Parameters<typeof call>[2] = {}) => {
    const response = await as(keeper, endpoint, options);
    expect(response.statusCode).not.toBe(500);
    return envelope(response);
  };
  const ok = async (endpoint: Parameters<typeof call>[1], options: Parameters<typeof call>[2] = {}) => {
    const body = await answer(endpoint, options);
    if (body.code !== 200) throw new Error(`${endpoint.id}: ${body.code} ${body.msg}`);
    return body.data as Row & Row[];
  };
  const tasksOf = async (filter: Record<string, unknown> = {}) =>
    (await ok(maintenance.taskList, { body: { page: 1, size: 50, unitId, ...filter } })) as unknown as Row[];

  beforeAll(async () => {
    env = await startEnv(engine);
    keeper = await login(env, '13800000004');
    lab = await login(env, '13800000001');
    const db = env.handle.db;
    const [deep] = await db.select().from(temperatures).where(eq(temperatures.code, '-80C'));
    const [room] = await db.select().from(storageRooms).where(eq(storageRooms.code, 'ROOM-80A'));
    const [rackType] = (await ok(lists.rackList, {
      body: { page: 1, size: 1, keyword: 'ULT-01-R01' },
    })) as Row[];
    const boxTypes = (await ok(library.boxTypeList, {
      body: { page: 1, size: 10, keyword: 'BT-9x9' },
    })) as Row[];
    const made = await ok(library.unitCreate, {
      body: {
        code: 'MT-01',
        name: 'maintenance test freezer',
        roomId: room?.id,
        kind: 'freezer',
        temperatureId: deep?.id,
        rows: 4,
        cols: 1,
        fill: { rackTypeId: rackType?.rackTypeId, racks: 2, boxTypeId: boxTypes[0]?.id },
      },
    });
    unitId = made.id;
  });
  afterAll(() => env.close());

  it('lists racks and boxes with their place and occupancy from the counters', async () => {
    const racks = await ok(lists.rackList, { body: { page: 1, size: 10, unitId } });
    expect(racks.map((r) => [r.code, r.slot, r.boxes, r.stored, r.capacity])).toEqual([
      ['MT-01-R01', 1, 20, 0, 20 * 81],
      ['MT-01-R02', 2, 20, 0, 20 * 81],
    ]);
    expect(racks[0]).toMatchObject({
      unitCode: 'MT-01',
      unitStatus: 'active',
      rackTypeName: expect.any(String),
    });
    // The demo freezer: specimens stored in its first box, one broken cell blocked there.
    const demo = await ok(lists.boxList, { body: { page: 1, size: 5, keyword: 'ULT-01-R01-A1' } });
    expect(demo).toHaveLength(1);
    expect(demo[0]).toMatchObject({ unitCode: 'ULT-01', rackCode: 'ULT-01-R01', blocked: 1, capacity: 81 });
    expect(demo[0]?.stored).toBeGreaterThan(0);
    const [ult1] = (await ok(library.unitList, { body: { page: 1, size: 5, keyword: 'ULT-01' } })) as Row[];
    const ult1Racks = await ok(lists.rackList, { body: { page: 1, size: 10, unitId: ult1?.id } });
    // A unit's stored count is the sum of its racks' (both from the engine's counters).
    expect(ult1Racks.reduce((n, r) => n + Number(r.stored), 0)).toBe(ult1?.stored);
    const boxes = await ok(lists.boxList, {
      body: { page: 1, size: 50, unitId, rackId: racks[1]?.id, kind: 'grid' },
    });
    expect(boxes).toHaveLength(20);
    expect(boxes[0]).toMatchObject({ code: 'MT-01-R02-A1', rackRow: 1, rackCol: 1, blocked: 0, stored: 0 });
    expect(await ok(lists.boxList, { body: { page: 1, size: 5, unitId, kind: 'bag' } })).toEqual([]);
    const refrigerators = await ok(library.unitList, { body: { page: 1, size: 10, kind: 'refrigerator' } });
    expect(refrigerators.map((u) => u.code)).toEqual(['REF-01']);
  });

  it('offers the storage conditions in the language of the reader', async () => {
    const conditions = envelope(await as(keeper, lists.conditions, { lang: 'en_US' })).data as Row[];
    expect(conditions.map((c) => c.code)).toEqual(expect.arrayContaining(['-80C', 'LN2']));
    expect(conditions.find((c) => c.code === '-80C')?.name).toBe('Deep frozen');
    const zh = envelope(await as(keeper, lists.conditions, { lang: 'zh_CN' })).data as Row[];
    expect(zh.find((c) => c.code === '-80C')?.name).toBe('深低温');
  });

  it('refuses the lists and maintenance without the library permissions', async () => {
    for (const [endpoint, body] of [
      [lists.rackList, { page: 1, size: 5 }],
      [lists.boxList, { page: 1, size: 5 }],
      [maintenance.taskList, { page: 1, size: 5 }],
      [maintenance.taskCreate, { unitId, kind: 'defrost', dueOn: day(1) }],
    ] as const)
      expect(envelope(await as(lab, endpoint, { body })).code, endpoint.id).toBe(ResultCode.FORBIDDEN);
  });

  it('plans tasks and tells planned, due and overdue apart by the day', async () => {
    const plan = (kind: string, dueOn: string, extra: Record<string, unknown> = {}) =>
      ok(maintenance.taskCreate, { body: { unitId, kind, dueOn, ...extra } });
    await plan('defrost', day(-3), { intervalDays: 180, remark: 'twice a year' });
    await plan('service', day(3));
    await plan('calibration', day(40));
    const tasks = await tasksOf();
    expect(tasks.map((t) => [t.kind, t.status, t.intervalDays])).toEqual([
      ['defrost', 'overdue', 180],
      ['service', 'due', null],
      ['calibration', 'planned', null],
    ]);
    expect(tasks[0]).toMatchObject({ unitCode: 'MT-01', remark: 'twice a year', doneAt: null });
    expect((await tasksOf({ status: 'due' })).map((t) => t.kind)).toEqual(['service']);
    expect((await tasksOf({ kind: 'calibration' })).map((t) => t.status)).toEqual(['planned']);
    expect(await tasksOf({ keyword: 'no such unit' })).toEqual([]);
  });

  it('raises due and overdue tasks as to-do reminders for who maintains units, not for others', async () => {
    const kinds = (await ok(todo.counts)) as unknown as Array<{
      workflow: string;
      state: string;
      count: number;
      route: string;
    }>;
    const mine = kinds.filter((k) => k.workflow === 'unitMaintenance');
    expect(mine.map((k) => k.state).sort()).toEqual(['due', 'overdue']);
    // The demo's overdue defrost and this test's one; the route opens device-manage on that state.
    expect(mine.find((k) => k.state === 'overdue')?.count).toBeGreaterThanOrEqual(2);
    expect(mine[0]?.route).toBe('/specimen/container-manage/device-manage');
    const items = envelope(
      await as(keeper, todo.page, {
        body: { page: 1, size: 50, workflow: 'unitMaintenance', state: 'overdue' },
      }),
    ).data as Array<{ number: string }>;
    expect(items.map((i) => i.number)).toContain(`MT-01 · ${day(-3)}`);
    const others = envelope(await as(lab, todo.counts)).data as Array<{ workflow: string }>;
    expect(others.some((k) => k.workflow === 'unitMaintenance')).toBe(false);
  });

  it('records a task done with who and a remark, and plans the next one of a repeating task', async () => {
    const [overdue] = await tasksOf({ status: 'overdue' });
    if (!overdue) throw new Error('no overdue task');
    const done = await ok(maintenance.taskComplete, {
      params: { id: overdue.id },
      body: { version: overdue.version, reason: 'defrosted, specimens back' },
    });
    const next = done.next as unknown as { id: number; dueOn: string };
    expect(next.dueOn > day(170)).toBe(true);
    const after = await tasksOf({ kind: 'defrost' });
    expect(after.map((t) => [t.status, t.dueOn === next.dueOn])).toEqual([
      ['planned', true],
      ['done', false],
    ]);
    expect(after[1]).toMatchObject({
      doneByName: expect.any(String),
      doneRemark: 'defrosted, specimens back',
    });
    expect(after[1]?.doneAt).toEqual(new Date(env.clock.now).toISOString());
    // Done early: a planned task, once, no next one.
    const [planned] = await tasksOf({ kind: 'calibration' });
    const early = await ok(maintenance.taskComplete, {
      params: { id: planned?.id ?? 0 },
      body: { version: planned?.version },
    });
    expect(early.next).toBeNull();
    expect((await tasksOf({ kind: 'calibration' }))[0]?.status).toBe('done');
  });

  it('refuses to complete, change or drop a done task, a stale version, a bad day or an unknown unit', async () => {
    const [done] = await tasksOf({ status: 'done' });
    if (!done) throw new Error('no done task');
    const again = await answer(maintenance.taskComplete, {
      params: { id: done.id },
      body: { version: done.version },
    });
    expect(again.code).toBe(ResultCode.INVALID_STATE);
    const changed = await answer(maintenance.taskUpdate, {
      params: { id: done.id },
      body: { version: done.version, kind: 'service', dueOn: day(5) },
    });
    expect(changed.code).toBe(ResultCode.INVALID_STATE);
    expect(changed.msg).toMatch(/was done on \d{4}-\d{2}-\d{2}/);
    const dropped = await answer(maintenance.taskRemove, {
      params: { id: done.id },
      body: { version: done.version },
    });
    expect(dropped.code).toBe(ResultCode.INVALID_STATE);
    const [open] = await tasksOf({ status: 'due' });
    if (!open) throw new Error('no due task');
    const stale = await answer(maintenance.taskComplete, {
      params: { id: open.id },
      body: { version: open.version + 1 },
    });
    expect(stale.code).toBe(ResultCode.STALE_VERSION);
    for (const dueOn of ['2026-02-30', '2026-13-01', 'tomorrow']) {
      const bad = await answer(maintenance.taskCreate, { body: { unitId, kind: 'defrost', dueOn } });
      expect(bad.code, dueOn).toBe(ResultCode.BAD_REQUEST);
    }
    const badKind = await answer(maintenance.taskCreate, { body: { unitId, kind: 'paint', dueOn: day(1) } });
    expect(badKind.code).toBe(ResultCode.BAD_REQUEST);
    const noUnit = await answer(maintenance.taskCreate, {
      body: { unitId: 999_999, kind: 'defrost', dueOn: day(1) },
    });
    expect(noUnit.code).toBe(ResultCode.BAD_REQUEST);
    const missing = await answer(maintenance.taskComplete, { params: { id: 999_999 }, body: { version: 1 } });
    expect(missing.code).toBe(ResultCode.NOT_FOUND);
    // Nothing of these refusals changed the task.
    expect((await tasksOf({ status: 'due' }))[0]).toMatchObject({ id: open.id, version: open.version });
  });

  it('reschedules and drops an open task', async () => {
    const [open] = await tasksOf({ status: 'due' });
    if (!open) throw new Error('no due task');
    const moved = await ok(maintenance.taskUpdate, {
      params: { id: open.id },
      body: {
        version: open.version,
        kind: 'service',
        dueOn: day(60),
        intervalDays: 90,
        remark: 'vendor rebooked',
      },
    });
    const [rescheduled] = (await tasksOf({ kind: 'service' })) as Row[];
    expect(rescheduled).toMatchObject({
      status: 'planned',
      intervalDays: 90,
      remark: 'vendor rebooked',
      version: moved.version,
    });
    await ok(maintenance.taskRemove, { params: { id: open.id }, body: { version: moved.version } });
    expect(await tasksOf({ kind: 'service' })).toEqual([]);
  });
});
