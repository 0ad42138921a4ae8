import { randomUUID } from 'node:crypto';
import { endpoints, ResultCode } from '@trialab/api-contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, projects, sampleTypes } from '../src/db/schema.js';
import { labSignatures } from '../src/db/schema-lab.js';
import { storageBoxes, storageRestrictions } from '../src/db/schema-library.js';
import { specimenBillLines } from '../src/db/schema-library-bills.js';
import { specimenBarcodes } from '../src/db/schema-specimen.js';
import { DEMO_BATCH_EDIT_CODES } from '../src/seed/library-batch-edit-demo.js';
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

const { libraryBatchEdit: api, libraryLog } = endpoints;

interface Row {
  id: number | null;
  code: string;
  version: number | null;
  changed: string[];
  refusal: string | null;
  before: { volumeUl: number | null; visit: string | null } | null;
  after: { volumeUl: number | null; visit: string | null; remark: string | null } | null;
}

/**
 * The batch edit of specimen records: the preview's rows (before → after, or the
 * reason each is refused: state, bill, legal hold, consent withdrawal, plan, restriction, scope), the
 * apply all or none with its e-signature, audit per specimen and timeline, idempotent on retry, a
 * stale preview refused, permission and malformed input.
 */
describe.each(FEATURE_ENGINES)('library batch edit on %s', (engine) => {
  let env: TestEnv;
  let keeper: Session;
  const sign = { signature: { password: DEMO_PASSWORD } };

  const as = async (
    endpoint: Parameters<typeof call>[1],
    options: Parameters<typeof call>[2] = {},
    session: Session = keeper,
  ) => envelope(await call(env.app, endpoint, { ...options, session }, env.clock.now));
  const preview = async (barcodes: string[], changes: Record<string, unknown>, lang?: 'zh_CN') => {
    const body = await as(api.preview, { body: { barcodes, changes }, ...(lang ? { lang } : {}) });
    if (body.code !== 200) throw new Error(`preview: ${body.code} ${body.msg}`);
    return body.data as { rows: Row[]; counts: Record<string, number> };
  };
  const refusalOf = async (code: string, changes: Record<string, unknown>) =>
    (await preview([code], changes)).rows[0]?.refusal;
  const applyRows = (rows: Row[], changes: Record<string, unknown>, key?: string) =>
    call(
      env.app,
      api.apply,
      {
        body: {
          changes,
          rows: rows.map((r) => ({ id: r.id, version: r.version })),
          reason: 'DCF-1',
          ...sign,
        },
        session: keeper,
        ...(key
          ? { tamper: (h: Record<string, string>) => void Object.assign(h, { 'idempotency-key': key }) }
          : {}),
      },
      env.clock.now,
    ).then(envelope);
  const record = async (code: string) =>
    (await env.handle.db.select().from(specimenBarcodes).where(eq(specimenBarcodes.code, code)))[0];
  const audits = async (id: number) =>
    env.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'libraryBatchEdit.apply'), eq(auditLog.entityId, String(id))));

  beforeAll(async () => {
    env = await startEnv(engine);
    keeper = await login(env, '13800000004');
  });
  afterAll(() => env.close());

  it('previews before → after per row and refuses each row with its reason', async () => {
    const db = env.handle.db;
    const [held] = await db
      .select({ code: specimenBarcodes.code })
      .from(specimenBillLines)
      .innerJoin(specimenBarcodes, eq(specimenBarcodes.id, specimenBillLines.specimenId))
      .where(and(eq(specimenBillLines.held, true), eq(specimenBarcodes.library, 'stored')))
      .limit(1);
    const [destroyed] = await db
      .select({ code: specimenBarcodes.code })
      .from(specimenBarcodes)
      .where(eq(specimenBarcodes.library, 'destroyed'))
      .limit(1);
    if (!held || !destroyed) throw new Error('the bills demo has no held or destroyed specimen');
    const { rows, counts } = await preview(
      ['BE-0003', 'BE-0004', 'LH-0001', 'LH-0003', held.code, destroyed.code, 'NOPE-0001'],
      { volumeUl: 300, remark: '复测体积' },
    );
    expect(rows.map((r) => [r.code, r.refusal])).toEqual([
      ['BE-0003', null],
      ['BE-0004', null],
      ['LH-0001', 'Specimen LH-0001 carries a legal hold flag: it cannot be edited'],
      [
        'LH-0003',
        'Specimen LH-0003 carries a consent withdrawn flag (subject S-002-WD01): it cannot be edited',
      ],
      [
        held.code,
        expect.stringMatching(
          new RegExp(`^Specimen ${held.code} is reserved by bill .+: it cannot be edited$`),
        ),
      ],
      [destroyed.code, `Specimen ${destroyed.code} is destroyed: it cannot be edited`],
      ['NOPE-0001', 'Specimen NOPE-0001 is unknown or outside your projects'],
    ]);
    expect(rows[0]).toMatchObject({
      changed: ['volumeUl', 'remark'],
      before: { volumeUl: 460, visit: '基线 V1' },
      after: { volumeUl: 300, remark: '复测体积', visit: '基线 V1' },
    });
    expect(counts).toEqual({ change: 2, unchanged: 0, refused: 5 });
    // The preview wrote nothing.
    expect((await record('BE-0003'))?.volumeUl).toBe(460);
    // In the reader's language.
    const zh = await preview(['LH-0001'], { volumeUl: 300 }, 'zh_CN');
    expect(zh.rows[0]?.refusal).toBe('样本 LH-0001 有“法律保全”标记，不能修改');
  });

  it('allows visit and sample type only as the project’s online plan collects them', async () => {
    expect(await refusalOf('BE-0003', { visit: '第4周 V2' })).toBeNull();
    expect(await refusalOf('BE-0003', { visit: '第12周 V3' })).toBe(
      'The sampling plan of project KM-2026-001 collects no Serum at visit “第12周 V3”',
    );
    expect(await refusalOf('BE-0003', { visit: '第99周' })).toBe(
      'Visit “第99周” is not in the sampling plan of project KM-2026-001',
    );
    // KM-2026-002's plan is in review, not online.
    expect(await refusalOf('LH-0002', { visit: '第4周 V2' })).toBe(
      'Project KM-2026-002 has no online sampling plan: visit and sample type cannot be changed',
    );
    expect(await refusalOf('LIB-RCV-0010-1', { visit: '第4周 V2' })).toBe(
      'Specimen LIB-RCV-0010-1 is an aliquot of LIB-RCV-0010: its visit and sample type are its parent’s',
    );
    expect(await refusalOf('LIB-RCV-0010', { visit: '第4周 V2' })).toMatch(/has aliquots/);
    // A stored specimen's new sample type must meet the restrictions above its cell.
    const db = env.handle.db;
    const [wb] = await db.select().from(sampleTypes).where(eq(sampleTypes.code, 'WB'));
    const [serum] = await db.select().from(sampleTypes).where(eq(sampleTypes.code, 'SER'));
    const [box] = await db.select().from(storageBoxes).where(eq(storageBoxes.code, 'ULT-01-R01-A5'));
    if (!wb || !serum || !box) throw new Error('demo data missing');
    expect(await refusalOf('BE-0004', { sampleTypeId: wb.id })).toBeNull();
    const [rule] = await db
      .insert(storageRestrictions)
      .values({ level: 'box', levelId: box.id, kind: 'sampleType', valueId: serum.id })
      .returning();
    expect(await refusalOf('BE-0004', { sampleTypeId: wb.id })).toBe(
      'Specimen BE-0004 does not meet the sample type restriction of box ULT-01-R01-A5',
    );
    await db.delete(storageRestrictions).where(eq(storageRestrictions.id, rule?.id ?? 0));
  });

  it('applies in one transaction, signed and audited per specimen, on each timeline; idempotent on retry', async () => {
    const changes = { volumeUl: 300, remark: '复测体积' };
    const { rows } = await preview(['BE-0003', 'BE-0004'], changes);
    // A wrong password writes nothing.
    const wrong = await as(api.apply, {
      body: {
        changes,
        rows: rows.map((r) => ({ id: r.id, version: r.version })),
        reason: 'x',
        signature: { password: 'wrong-one-1' },
      },
    });
    expect(wrong.code).toBe(ResultCode.BAD_REQUEST);
    expect((await record('BE-0003'))?.volumeUl).toBe(460);

    const key = randomUUID();
    const first = await applyRows(rows, changes, key);
    expect(first).toMatchObject({ code: 200, data: { changed: 2 } });
    const again = await applyRows(rows, changes, key);
    expect(again).toEqual(first);
    const b3 = await record('BE-0003');
    expect(b3).toMatchObject({ volumeUl: 300, remark: '复测体积', version: (rows[0]?.version ?? 0) + 1 });
    const trail = await audits(b3?.id ?? 0);
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({
      entity: 'specimenBarcode',
      oldValue: { volumeUl: 460, remark: null },
      newValue: { volumeUl: 300, remark: '复测体积' },
      reason: 'DCF-1',
    });
    const signatures = await env.handle.db
      .select()
      .from(labSignatures)
      .where(
        and(
          eq(labSignatures.entity, 'specimenBarcode'),
          inArray(
            labSignatures.entityId,
            rows.map((r) => r.id ?? 0),
          ),
        ),
      );
    expect(signatures).toHaveLength(2);
    // A retry with a new key after the change: the preview is stale now.
    const stale = await applyRows(rows, changes);
    expect(stale).toMatchObject({
      code: ResultCode.INVALID_STATE,
      msg: 'Specimen BE-0003 has changed since the preview: preview again',
    });

    const timeline = await as(libraryLog.specimenTimeline, { body: { code: 'BE-0003' } });
    const events = (timeline.data as { events: Array<{ title: string; detail: string | null }> }).events;
    expect(events.find((e) => e.title === 'Record corrected (batch edit)')?.detail).toBe(
      'Remaining volume (µL): 460 → 300；Remark: — → 复测体积；reason: DCF-1',
    );
    // The demo's correction is on its specimen's timeline too.
    const demo = await as(libraryLog.specimenTimeline, { body: { code: 'BE-0001' } }, keeper);
    expect(JSON.stringify(demo.data)).toContain('Visit: 基线 V1 → 第4周 V2');
  });

  it('refuses the whole apply when a row is refused now or changed since the preview', async () => {
    const changes = { remark: '批次二' };
    const { rows } = await preview(['BE-0005', 'BE-0006'], changes);
    // BE-0006 changes in between (another batch edit).
    const other = await preview(['BE-0006'], { volumeUl: 111 });
    expect((await applyRows(other.rows, { volumeUl: 111 })).code).toBe(200);
    const stale = await applyRows(rows, changes);
    expect(stale.msg).toBe('Specimen BE-0006 has changed since the preview: preview again');
    expect((await record('BE-0005'))?.remark).toBeNull();

    // A legal hold set after the preview: LH-0001 is refused at apply, BE-0005 not half-applied.
    const lh = await record('LH-0001');
    const b5 = await record('BE-0005');
    const refused = await as(api.apply, {
      body: {
        changes,
        rows: [
          { id: b5?.id, version: b5?.version },
          { id: lh?.id, version: lh?.version },
        ],
        reason: 'x',
        ...sign,
      },
    });
    expect(refused.msg).toBe('Specimen LH-0001 carries a legal hold flag: it cannot be edited');
    expect((await record('BE-0005'))?.remark).toBeNull();
    expect(await audits(b5?.id ?? 0)).toHaveLength(0);
  });

  it('keeps specimens outside the caller’s projects out, checks the permission and refuses bad input', async () => {
    const db = env.handle.db;
    const outside = await projectOutsideScope(env, 'KM-BE-OUT');
    const [km1] = await db.select().from(projects).where(eq(projects.projectNo, 'KM-2026-001'));
    const [theirs] = await db
      .insert(specimenBarcodes)
      .values({
        code: 'BE-OUT-1',
        projectId: outside,
        status: 'signed',
        createdBy: keeper.login.user.id,
        createdAt: new Date(),
      })
      .returning();
    expect((await preview(['BE-OUT-1'], { volumeUl: 1 })).rows[0]?.refusal).toBe(
      'Specimen BE-OUT-1 is unknown or outside your projects',
    );
    const foreign = await as(api.apply, {
      body: { changes: { volumeUl: 1 }, rows: [{ id: theirs?.id, version: 1 }], reason: 'x', ...sign },
    });
    expect(foreign).toMatchObject({
      code: ResultCode.NOT_FOUND,
      msg: `Specimen #${theirs?.id} is unknown or outside your projects`,
    });
    expect((await record('BE-OUT-1'))?.volumeUl).toBeNull();

    // By the sample list's filter.
    const filtered = await as(api.preview, {
      body: { filter: { code: 'BE-000', projectId: km1?.id }, changes: { remark: 'x' } },
    });
    expect((filtered.data as { rows: Row[] }).rows.map((r) => r.code).sort()).toEqual(DEMO_BATCH_EDIT_CODES);

    const reviewer = await login(env, '13800000002');
    expect(
      (await as(api.preview, { body: { barcodes: ['BE-0003'], changes: { remark: 'x' } } }, reviewer)).code,
    ).toBe(403);
    expect((await as(api.preview, { body: { barcodes: ['BE-0003'], changes: {} } })).msg).toBe(
      'Give at least one new value',
    );
    expect((await as(api.preview, { body: { barcodes: ['BE-0003'], changes: { volumeUl: -1 } } })).code).toBe(
      400,
    );
    expect((await as(api.preview, { body: { changes: { remark: 'x' } } })).msg).toBe(
      'Give either barcodes or a filter',
    );
    expect(
      (await as(api.preview, { body: { barcodes: ['BE-0003', 'BE-0003'], changes: { remark: 'x' } } })).msg,
    ).toBe('Specimen BE-0003 is given more than once');
  });
});
