import { endpoints, ResultCode } from '@trialab/api-contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, projects, users } from '../src/db/schema.js';
import { specimenBills } from '../src/db/schema-library-bills.js';
import { libraryCustodyChecks, libraryRecipients } from '../src/db/schema-library-custody.js';
import { FEATURE_ENGINES } from './engines.js';
import {
  call,
  DEMO_PASSWORD,
  envelope,
  login,
  type Session,
  startEnv,
  storeFile,
  type TestEnv,
} from './helpers.js';

const { libraryBills: bills, libraryCustody: custody } = endpoints;

// The simulated cards of sim-devices (idcards.ts) the demo authorises for KM-2026-001: 测试甲 a
// receiver (card B), 测试乙 a witness (card C); 测试丙 (card J) is authorised for KM-2026-002 only.
const JIA = { cardType: 'B', cardId: '990101199003070015' } as const;
const YI = { cardType: 'C', cardId: '990102198511220026' } as const;
const BING = { cardType: 'J', cardId: '810000199501010031' } as const;
const JPEG = Buffer.from('/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8U', 'base64');

/** Identity-verified custody: the list, the settings, every refusal, what is kept. */
describe.each(FEATURE_ENGINES)('identity-verified custody on %s', (engine) => {
  let env: TestEnv;
  let keeper: Session;
  let reviewer: Session;
  let lab: Session;
  let km1: number;
  let outBill: { id: number; version: number };
  let destroyBill: { id: number; version: number };

  const as = async (
    session: Session,
    endpoint: Parameters<typeof call>[1],
    options: Parameters<typeof call>[2] = {},
  ) => envelope(await call(env.app, endpoint, { ...options, session }, env.clock.now));
  const image = (uploadedBy: number) =>
    storeFile(env, { name: 'handover.jpg', mime: 'image/jpeg', content: JPEG, uploadedBy });
  const face = (card: { cardType: string; cardId: string }, formFileId: number, extra = {}) => ({
    method: 'idcardFace',
    ...card,
    score: 88,
    deviceType: 'camera',
    deviceId: '127.0.0.1:18088 video1',
    verifiedAt: new Date(env.clock.now - 60_000).toISOString(),
    formFileId,
    ...extra,
  });
  const confirmOut = (identity: unknown, lang?: 'zh_CN') =>
    as(keeper, bills.outboundConfirm, {
      params: { id: outBill.id },
      body: { version: outBill.version, identity },
      ...(lang ? { lang } : {}),
    });
  const settings = (body: Record<string, unknown>) =>
    as(keeper, custody.settingsUpdate, {
      body: { faceThreshold: 50, fingerprintThreshold: 60, passwordFallback: true, ...body },
    });

  beforeAll(async () => {
    env = await startEnv(engine);
    keeper = await login(env, '13800000004');
    reviewer = await login(env, '13800000002');
    lab = await login(env, '13800000001');
    const db = env.handle.db;
    km1 = (await db.select().from(projects).where(eq(projects.projectNo, 'KM-2026-001')))[0]?.id ?? 0;
    const bill = async (no: string) => {
      const [row] = await db.select().from(specimenBills).where(eq(specimenBills.billNo, no));
      if (!row) throw new Error(`no demo bill ${no}`);
      return { id: row.id, version: row.version };
    };
    // The demo's approved bills (seed/library-bills-demo.ts), scanned and ready to confirm.
    outBill = await bill('CK2026DEMO03');
    destroyBill = await bill('XH2026DEMO04');
    const scanned = await as(keeper, bills.outboundScan, {
      params: { id: outBill.id },
      body: { barcodes: ['LB-0006', 'LB-0007', 'LB-0008'] },
    });
    expect(scanned.code).toBe(200);
    expect(
      (
        await as(keeper, bills.destroyScan, {
          params: { id: destroyBill.id },
          body: { barcodes: ['LB-0020', 'LB-0021'] },
        })
      ).code,
    ).toBe(200);
  });
  afterAll(() => env.close());

  it('keeps the lab settings behind their permission, within their bounds, audited', async () => {
    expect((await as(lab, custody.settings)).data).toEqual({
      faceThreshold: 50,
      fingerprintThreshold: 60,
      passwordFallback: true,
    });
    expect(
      (
        await as(lab, custody.settingsUpdate, {
          body: { faceThreshold: 70, fingerprintThreshold: 60, passwordFallback: false },
        })
      ).code,
    ).toBe(ResultCode.FORBIDDEN);
    expect((await settings({ faceThreshold: 40 })).code).toBe(ResultCode.BAD_REQUEST);
    expect((await as(keeper, custody.settings)).data).toMatchObject({
      faceThreshold: 50,
      passwordFallback: true,
    });
  });

  it('keeps authorised recipients with a masked number and a hash, one entry per card and project', async () => {
    const created = await as(keeper, custody.recipientCreate, {
      body: {
        projectId: km1,
        name: 'Courier Li',
        organisation: 'Cold-chain courier',
        role: 'receiver',
        cardType: 'B',
        cardId: '110101199001011234',
        phone: '13900000999',
      },
    });
    expect(created.code).toBe(200);
    const again = await as(keeper, custody.recipientCreate, {
      body: {
        projectId: km1,
        name: 'Li again',
        organisation: 'x',
        role: 'witness',
        cardType: 'B',
        cardId: '110101199001011234',
      },
    });
    expect(again).toMatchObject({
      code: ResultCode.DUPLICATE,
      msg: 'This card is already on the authorised list of project KM-2026-001',
    });
    const list = await as(keeper, custody.recipientList, { body: { projectId: km1, keyword: 'Courier' } });
    expect(list.data).toMatchObject([
      { name: 'Courier Li', cardNoMasked: '110***********1234', projectNo: 'KM-2026-001' },
    ]);
    // Neither the table nor the audit trail holds the number in full.
    const [row] = await env.handle.db
      .select()
      .from(libraryRecipients)
      .where(eq(libraryRecipients.name, 'Courier Li'));
    expect(JSON.stringify(row)).not.toContain('110101199001011234');
    const trail = await env.handle.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} like 'libraryCustody.%'`);
    expect(trail.length).toBeGreaterThan(0);
    expect(JSON.stringify(trail)).not.toContain('110101199001011234');
    // Only with the permission: the lab technician may not add anyone.
    const tech = await as(lab, custody.recipientCreate, {
      body: {
        projectId: km1,
        name: 'X',
        organisation: 'Y',
        role: 'receiver',
        cardType: 'B',
        cardId: '110101199001010000',
      },
    });
    expect(tech.code).toBe(ResultCode.FORBIDDEN);
  });

  it('refuses a receiver not on the list, a score not above the threshold, a stale or mismatched check, another caller’s form', async () => {
    const form = await image(keeper.login.user.id);
    const notListed = await confirmOut(face(BING, form));
    expect(notListed).toMatchObject({
      code: ResultCode.FORBIDDEN,
      msg: 'The holder of card 810***********0031 is not an authorised receiver of project KM-2026-001',
    });
    expect((await confirmOut(face(BING, form), 'zh_CN')).msg).toBe(
      '证件 810***********0031 的持有人不在项目 KM-2026-001 的授权接收人名单中',
    );
    // A witness of the project is no receiver.
    expect((await confirmOut(face(YI, form))).code).toBe(ResultCode.FORBIDDEN);
    expect((await confirmOut(face(JIA, form, { score: 50 }))).msg).toBe(
      "The comparison score 50 is not above the lab's threshold 50: identity not verified",
    );
    // The lab's threshold counts, not the workstation's.
    await settings({ faceThreshold: 90 });
    expect((await confirmOut(face(JIA, form))).msg).toBe(
      "The comparison score 88 is not above the lab's threshold 90: identity not verified",
    );
    await settings({});
    const stale = await confirmOut(
      face(JIA, form, { verifiedAt: new Date(env.clock.now - 2 * 3_600_000).toISOString() }),
    );
    expect(stale.code).toBe(ResultCode.BAD_REQUEST);
    expect((await confirmOut(face(JIA, form, { deviceType: 'zk' }))).code).toBe(ResultCode.BAD_REQUEST);
    // The form image is checked against the caller: someone else's upload is refused.
    const othersForm = await image(lab.login.user.id);
    expect((await confirmOut(face(JIA, othersForm))).code).toBe(ResultCode.BAD_REQUEST);
    // Device methods need the form.
    const { formFileId: _, ...withoutForm } = face(JIA, form);
    expect((await confirmOut(withoutForm)).code).toBe(ResultCode.BAD_REQUEST);
    // Nothing moved, nothing kept.
    const [bill] = await env.handle.db.select().from(specimenBills).where(eq(specimenBills.id, outBill.id));
    expect(bill?.status).toBe('approved');
    expect(
      await env.handle.db
        .select()
        .from(libraryCustodyChecks)
        .where(eq(libraryCustodyChecks.billId, outBill.id)),
    ).toEqual([]);
  });

  it('refuses the password fallback when the lab requires devices, then confirms with ID card and face keeping only the result', async () => {
    await settings({ passwordFallback: false });
    const wang = (
      await env.handle.db.select().from(libraryRecipients).where(eq(libraryRecipients.name, '王医生'))
    )[0]?.id;
    const byPassword = await confirmOut({ method: 'password', recipientId: wang, password: DEMO_PASSWORD });
    expect(byPassword).toMatchObject({
      code: ResultCode.FORBIDDEN,
      msg: "The lab's settings do not allow a password signature instead of an identity check: identify the person by ID card and face or fingerprint",
    });
    const form = await image(keeper.login.user.id);
    const done = await confirmOut(face(JIA, form));
    expect(done).toMatchObject({ code: 200, data: { status: 'closed' } });
    const [bill] = await env.handle.db.select().from(specimenBills).where(eq(specimenBills.id, outBill.id));
    expect(bill?.receiverName).toBe('测试甲');
    const check = await as(reviewer, custody.billCheck, { params: { id: outBill.id } });
    expect(check.data).toMatchObject({
      role: 'receiver',
      method: 'idcardFace',
      personName: '测试甲',
      organisation: '演示检测实验室（仿真）',
      cardNoMasked: '990***********0015',
      score: 88,
      threshold: 50,
      deviceType: 'camera',
      deviceId: '127.0.0.1:18088 video1',
      formFileId: form,
      recordedByName: '赵样本',
    });
    // The result only: no column and no audit record holds the card number, an image or a template.
    const stored = await env.handle.db
      .select()
      .from(libraryCustodyChecks)
      .where(eq(libraryCustodyChecks.billId, outBill.id));
    expect(Object.keys(stored[0] ?? {}).sort()).toEqual(
      [
        'billId',
        'cardNoMasked',
        'deviceId',
        'deviceType',
        'formFileId',
        'id',
        'method',
        'personName',
        'recipientId',
        'recordedAt',
        'recordedBy',
        'role',
        'score',
        'threshold',
        'userId',
        'verifiedAt',
      ].sort(),
    );
    const trail = await env.handle.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.at} >= ${new Date(env.clock.now - 1000)}`);
    expect(JSON.stringify(trail)).not.toContain(JIA.cardId);
    expect(JSON.stringify(trail)).toContain('libraryCustody.identify');
    // A form on one bill is not used for another.
    const reused = await as(keeper, bills.destroyConfirm, {
      params: { id: destroyBill.id },
      body: {
        version: destroyBill.version,
        method: 'autoclave',
        certificate: 'CERT-CUSTODY-1',
        witness: { ...face(YI, form), method: 'fingerprint', deviceType: 'zk', score: 80 },
      },
    });
    expect(reused).toMatchObject({
      code: ResultCode.DUPLICATE,
      msg: 'This handover form image is already on another bill',
    });
  });

  it('destroys before a witness identified by ID card and fingerprint; the witness may not be the confirming user', async () => {
    const witness = (formFileId: number, extra = {}) => ({
      ...face(YI, formFileId),
      method: 'fingerprint',
      deviceType: 'zk',
      deviceId: '127.0.0.1:18088 zk',
      score: 80,
      ...extra,
    });
    const confirm = (w: unknown) =>
      as(keeper, bills.destroyConfirm, {
        params: { id: destroyBill.id },
        body: {
          version: destroyBill.version,
          method: 'autoclave',
          certificate: 'CERT-CUSTODY-1',
          witness: w,
        },
      });
    await settings({ passwordFallback: false });
    const byPassword = await confirm({ userId: reviewer.login.user.id, password: DEMO_PASSWORD });
    expect(byPassword.code).toBe(ResultCode.FORBIDDEN);
    const form = await image(keeper.login.user.id);
    expect((await confirm(witness(form, { score: 60 }))).msg).toBe(
      "The comparison score 60 is not above the lab's threshold 60: identity not verified",
    );
    // 测试甲 receives but does not witness.
    expect((await confirm({ ...witness(form), ...JIA })).code).toBe(ResultCode.FORBIDDEN);
    // The witness entry linked to the confirming user's own account: refused.
    const [entry] = await env.handle.db
      .select()
      .from(libraryRecipients)
      .where(eq(libraryRecipients.name, '测试乙'));
    await env.handle.db
      .update(libraryRecipients)
      .set({ userId: keeper.login.user.id })
      .where(eq(libraryRecipients.id, entry?.id ?? 0));
    expect((await confirm(witness(form))).msg).toBe(
      "The witness 测试乙 is the confirming user's own account: the witness must be someone else",
    );
    const [qa] = await env.handle.db.select().from(users).where(eq(users.mobile, '13800000002'));
    await env.handle.db
      .update(libraryRecipients)
      .set({ userId: qa?.id ?? null })
      .where(eq(libraryRecipients.id, entry?.id ?? 0));
    const done = await confirm(witness(form));
    expect(done).toMatchObject({ code: 200, data: { status: 'closed' } });
    const check = await as(keeper, custody.billCheck, { params: { id: destroyBill.id } });
    expect(check.data).toMatchObject({
      role: 'witness',
      method: 'fingerprint',
      personName: '测试乙',
      userId: qa?.id,
      score: 80,
      threshold: 60,
      deviceType: 'zk',
    });
    // The bill names the person identified (the list's entry), not the account linked to it.
    expect(qa?.username).not.toBe('测试乙');
    const detail = await as(keeper, bills.destroyDetail, { params: { id: destroyBill.id } });
    expect(detail.data).toMatchObject({ witnessName: '测试乙', method: 'autoclave' });
    // The lab technician sees no destruction bill pages: the check is not found for them.
    expect((await as(lab, custody.billCheck, { params: { id: destroyBill.id } })).code).toBe(
      ResultCode.NOT_FOUND,
    );
    await settings({});
  });
});
