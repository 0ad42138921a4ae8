import { endpoints, ResultCode, type ShipmentDetail } from '@trialab/api-contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, outbox, temperatures } from '../src/db/schema.js';
import { sampleTransports } from '../src/db/schema-portal.js';
import {
  DEMO_CORRECTABLE_ORDER,
  DEMO_CORRECTED_ORDER,
  DEMO_CORRECTION_REASON,
} from '../src/seed/express-edit-check-demo.js';
import { FEATURE_ENGINES } from './engines.js';
import {
  call,
  envelope,
  login,
  projectOutsideScope,
  type Session,
  startEnv,
  type TestEnv,
} from './helpers.js';

const { sampleTransport, shipmentCorrection, project, system } = endpoints;

/** /express/edit-check: staff correct a site's booking before pick-up, with a reason the site sees. */
describe.each(FEATURE_ENGINES)('shipment booking corrections on %s', (engine) => {
  let env: TestEnv;
  let site: Session;
  let lab: Session;
  let projectId: number;
  let siteId: number;
  let serum: number;
  let plasma: number;
  let ambient: number;
  let frozen: number;
  let nitrogen: number;

  const as = (
    session: Session,
    endpoint: Parameters<typeof call>[1],
    options: Parameters<typeof call>[2] = {},
  ) => call(env.app, endpoint, { ...options, session }, env.clock.now).then(envelope);

  beforeAll(async () => {
    env = await startEnv(engine);
    site = await login(env, '13900000001');
    lab = await login(env, '13800000001');
    const projects = (await as(site, project.ownAll, { body: { page: 1, size: 10 } })).data as Array<{
      id: number;
    }>;
    projectId = projects[0]?.id ?? 0;
    const sites = (await as(site, project.sitesByProject, { body: { projectId, page: 1, size: 10 } }))
      .data as Array<{ id: number }>;
    siteId = sites[0]?.id ?? 0;
    const types = (await as(site, system.sampleTypeAll, { body: {} })).data as Array<{
      id: number;
      name: string;
    }>;
    serum = types.find((t) => t.name === '血清')?.id ?? 0;
    plasma = types.find((t) => t.name === '血浆')?.id ?? 0;
    const temps = (await as(site, sampleTransport.temperatures)).data as Array<{ id: number; name: string }>;
    ambient = temps.find((t) => t.name === '常温')?.id ?? 0;
    frozen = temps.find((t) => t.name === '冷冻')?.id ?? 0;
    // Liquid nitrogen is a storage condition, not a transport one: no booking may use it.
    const [ln2] = await env.handle.db
      .select({ id: temperatures.id })
      .from(temperatures)
      .where(eq(temperatures.name, '液氮'));
    nitrogen = ln2?.id ?? 0;
    expect([serum, plasma, ambient, frozen, nitrogen].every((n) => n > 0)).toBe(true);
  });
  afterAll(() => env.close());

  const contact = {
    name: '陈中心',
    phone: '13900000001',
    area: '北京市/东城区',
    detail: '示例路1号',
    company: '示例医院',
    email: 'site01@hospital.example',
  };
  const consignee = { ...contact, name: '样本接收组', phone: '021-61234567', company: '示例中心实验室' };
  /** The last e-mail the demo outbox holds for the site user who books. */
  const lastMailToSite = async () => {
    const [mail] = await env.handle.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, contact.email))
      .orderBy(desc(outbox.id))
      .limit(1);
    return mail;
  };
  const book = async (lang?: 'zh_CN' | 'en_US' | 'zh_HK') => {
    const answer = await as(site, sampleTransport.create, {
      ...(lang ? { lang } : {}),
      body: {
        projectId,
        siteId,
        sender: contact,
        consignee,
        estimatedShipDate: '2026-12-02',
        bookSendTime: '2026-12-02T09:30:00.000Z',
        coldChain: true,
        note: '请携带干冰',
        samples: [{ sampleTypeId: serum, temperatureId: frozen, quantity: 24, unit: '管' }],
      },
    });
    expect(answer.code, answer.msg).toBe(200);
    return answer.data as ShipmentDetail;
  };
  const correction = (s: ShipmentDetail, extra: Record<string, unknown> = {}) => ({
    version: s.version,
    reason: '中心来电：血浆 12 管同批寄出，揽收改到上午 10 点',
    sender: { ...contact, phone: '13900000009' },
    consignee,
    backupContact: { name: '何研究', phone: '13900000003' },
    bookSendTime: '2026-12-02T10:00:00.000Z',
    samples: [
      { sampleTypeId: serum, temperatureId: frozen, quantity: 24, unit: '管' },
      { sampleTypeId: plasma, temperatureId: frozen, quantity: 12, unit: '管' },
    ],
    ...extra,
  });
  const correct = (session: Session, s: ShipmentDetail, extra: Record<string, unknown> = {}) =>
    as(session, shipmentCorrection.correct, { params: { id: s.id }, body: correction(s, extra) });

  it('corrects samples, pick-up time and contacts; the site reads the reason, is e-mailed, and it is audited', async () => {
    // Booked in simplified Chinese: the e-mail is in it.
    const s = await book('zh_CN');
    const answer = await correct(lab, s);
    expect(answer.code, answer.msg).toBe(200);
    const corrected = answer.data as ShipmentDetail;
    expect(corrected).toMatchObject({
      status: 'booked',
      version: s.version + 1,
      sampleCount: 36,
      bookSendTime: '2026-12-02T10:00:00.000Z',
      backupContact: { name: '何研究', phone: '13900000003' },
      // Fields staff may not correct stay the site's.
      note: '请携带干冰',
      coldChain: true,
      estimatedShipDate: '2026-12-02',
    });
    expect(corrected.sender.phone).toBe('13900000009');
    expect(corrected.samples.map((x) => [x.sampleTypeName, x.quantity])).toEqual([
      ['Serum', 24],
      ['Plasma', 12],
    ]);
    // The site sees the correction and its reason on its own booking.
    const seen = (await as(site, sampleTransport.get, { params: { id: s.id } })).data as ShipmentDetail;
    expect(seen.correction).toEqual({
      byName: '李实验',
      at: new Date(env.clock.now).toISOString(),
      reason: '中心来电：血浆 12 管同批寄出，揽收改到上午 10 点',
    });
    expect(seen.events.at(-1)).toMatchObject({ action: 'correct', username: '李实验', toState: 'booked' });
    // The booker is told by e-mail (the demo outbox).
    const mail = await lastMailToSite();
    expect(mail?.subject).toBe('您的样本运输预约已由实验室更正');
    expect(mail?.body).toContain(s.orderNo);
    expect(mail?.body).toContain('揽收改到上午 10 点');
    // Audited with the reason.
    const [entry] = await env.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'sampleShipment.correct'), eq(auditLog.entityId, String(s.id))));
    expect(entry?.reason).toBe('中心来电：血浆 12 管同批寄出，揽收改到上午 10 点');
    // A booking never corrected shows none.
    expect(((await book()) as ShipmentDetail).correction).toBeNull();
  });

  it('e-mails the correction in the language the site booked in, whatever the staff’s', async () => {
    const mailOf = async (lang: 'en_US' | 'zh_HK') => {
      const s = await book(lang);
      expect((await correct(lab, s)).code).toBe(200);
      const mail = await lastMailToSite();
      expect(mail?.body).toContain(s.orderNo);
      return mail;
    };
    expect((await mailOf('en_US'))?.subject).toBe('The laboratory corrected your sample shipment booking');
    expect((await mailOf('zh_HK'))?.subject).toBe('您的樣本運輸預約已由實驗室更正');
  });

  it('demo: one booking corrected with its reason, one awaiting pick-up that can be corrected', async () => {
    const rows = (
      await as(site, sampleTransport.paging, { body: { page: 1, size: 50, orderNo: 'ST-DEMO-BKD' } })
    ).data as ShipmentDetail[];
    const byNo = new Map(rows.map((r) => [r.orderNo, r]));
    const corrected = (
      await as(site, sampleTransport.get, { params: { id: byNo.get(DEMO_CORRECTED_ORDER)?.id ?? 0 } })
    ).data as ShipmentDetail;
    expect(corrected).toMatchObject({
      status: 'booked',
      correction: { byName: '李实验', reason: DEMO_CORRECTION_REASON },
    });
    expect(corrected.samples.map((x) => x.sampleTypeName)).toEqual(['Serum', 'Plasma']);
    const waiting = (
      await as(lab, endpoints.staffShipment.get, {
        params: { id: byNo.get(DEMO_CORRECTABLE_ORDER)?.id ?? 0 },
      })
    ).data as ShipmentDetail;
    expect(waiting).toMatchObject({ status: 'booked', correction: null });
  });

  it('refuses a booking already picked up or cancelled (the state), changing nothing', async () => {
    const picked = await book();
    const after = (
      await as(lab, sampleTransport.pickup, {
        params: { id: picked.id },
        body: { version: picked.version, courier: 'SF', expressNo: 'SF1234567890' },
      })
    ).data as ShipmentDetail;
    expect((await correct(lab, after)).code).toBe(ResultCode.INVALID_STATE);
    const cancelled = await book();
    const gone = (
      await as(site, sampleTransport.cancel, {
        params: { id: cancelled.id },
        query: { version: cancelled.version, reason: '改期' },
      })
    ).data as ShipmentDetail;
    expect((await correct(lab, gone)).code).toBe(ResultCode.INVALID_STATE);
    const still = (await as(site, sampleTransport.get, { params: { id: picked.id } })).data as ShipmentDetail;
    expect(still.samples).toHaveLength(1);
    expect(still.correction).toBeNull();
  });

  it('refuses outside the caller scope, without the permission, and at a stale version', async () => {
    const s = await book();
    // A site user may edit its own booking but not correct it as staff.
    expect((await correct(site, s)).code).toBe(ResultCode.FORBIDDEN);
    // A booking of a project the staff member does not hold answers as if it did not exist.
    const outside = await book();
    const hidden = await projectOutsideScope(env, `EDIT-CHECK-${engine}`);
    await env.handle.db
      .update(sampleTransports)
      .set({ projectId: hidden })
      .where(eq(sampleTransports.id, outside.id));
    expect((await correct(lab, outside)).code).toBe(ResultCode.NOT_FOUND);
    expect((await correct(lab, s, { version: s.version + 5 })).code).toBe(ResultCode.STALE_VERSION);
    expect((await correct(lab, { ...s, id: 99_999_999 })).code).toBe(ResultCode.NOT_FOUND);
  });

  it("applies the booking's rules: one transport temperature, transport conditions only, limits, a reason", async () => {
    const s = await book();
    const refused = async (extra: Record<string, unknown>, code: number = ResultCode.BAD_REQUEST) => {
      const answer = await correct(lab, s, extra);
      expect(answer.code, JSON.stringify(extra)).toBe(code);
      return answer.msg;
    };
    const mixed = await refused({
      samples: [
        { sampleTypeId: serum, temperatureId: frozen, quantity: 1, unit: '管' },
        { sampleTypeId: plasma, temperatureId: ambient, quantity: 1, unit: '管' },
      ],
    });
    expect(mixed).toContain('same transport temperature');
    await refused({ samples: [{ sampleTypeId: serum, temperatureId: nitrogen, quantity: 1, unit: '管' }] });
    await refused({
      samples: [{ sampleTypeId: serum, temperatureId: frozen, quantity: 100_000_000, unit: '管' }],
    });
    await refused({ samples: [] });
    await refused({ reason: '' });
    await refused({ reason: '   ' });
    await refused({ reason: 'x'.repeat(256) });
    await refused({ sender: { ...contact, name: 'x'.repeat(17) } });
    await refused({ consignee: { ...consignee, phone: 'not a phone' } });
    await refused({ bookSendTime: 'tomorrow' });
    // Nothing was changed by any refusal.
    const same = (await as(site, sampleTransport.get, { params: { id: s.id } })).data as ShipmentDetail;
    expect(same).toMatchObject({ version: s.version, sampleCount: 24, correction: null });
  });
});
