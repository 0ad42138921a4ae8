import {
  endpoints,
  type FeedbackRow,
  type QueryDetail,
  ResultCode,
  type SpecimenEventRow,
  type TestOrderRow,
} from '@trialab/api-contract';
import { and, eq, ne } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects, sites, testItems } from '../src/db/schema.js';
import { sampleTransports } from '../src/db/schema-portal.js';
import { FEATURE_ENGINES } from './engines.js';
import {
  call,
  dayIn,
  envelope,
  FILTER_ZONES,
  login,
  type Session,
  startEnv,
  type TestEnv,
} from './helpers.js';

const { clarification, labQuery, labFeedback, specimenLog, subject, testOrder, report } = endpoints;
const BARCODE = 'LQ-BC-0001';

describe.each(FEATURE_ENGINES)(
  'lab queries, feedback, result entry from orders and the specimen log on %s',
  (engine) => {
    let env: TestEnv;
    let lab: Session;
    let reviewer: Session;
    let pm: Session;
    let site: Session;
    let otherSite: Session;
    let projectId: number;
    let siteId: number;
    let subjectId: number;
    let cbc: number;
    let lft: number;
    let glu: number;
    let query: QueryDetail;

    const as = (
      session: Session,
      endpoint: Parameters<typeof call>[1],
      options: Parameters<typeof call>[2] = {},
    ) => call(env.app, endpoint, { ...options, session }, env.clock.now).then(envelope);

    beforeAll(async () => {
      env = await startEnv(engine);
      lab = await login(env, '13800000001');
      reviewer = await login(env, '13800000002');
      pm = await login(env, '13800000003');
      site = await login(env, '13900000001');
      otherSite = await login(env, '13900000002');
      const [project] = await env.handle.db
        .select()
        .from(projects)
        .where(eq(projects.projectNo, 'KM-2026-001'));
      projectId = project?.id ?? 0;
      const [first] = await env.handle.db
        .select()
        .from(sites)
        .where(and(eq(sites.projectId, projectId), eq(sites.centerNo, '01')));
      siteId = first?.id ?? 0;
      const created = await as(lab, subject.create, {
        body: {
          projectId,
          siteId,
          subjectNo: 'LQ-001',
          name: '质疑受试者',
          cardType: 'B',
          cardId: '110101199202020022',
          face: { confidence: 90, threshold: 60 },
          fingerprint: { vendor: 'zk', template: 'dGVtcGxhdGU=' },
        },
      });
      subjectId = (created.data as { id: number }).id;
      const approved = await as(reviewer, subject.review, {
        params: { id: subjectId },
        body: { version: 1, action: 'approve' },
      });
      expect(approved.code).toBe(200);
      const items = await env.handle.db.select().from(testItems);
      const idOf = (code: string) => items.find((i) => i.code === code)?.id ?? 0;
      cbc = idOf('CBC');
      lft = idOf('LFT');
      glu = items.find((i) => ![cbc, lft].includes(i.id))?.id ?? 0;
    });
    afterAll(() => env.close());

    describe('result entry from an approved test order', () => {
      let order: TestOrderRow;

      it('refuses results for an order that is not approved, then enters them once it is', async () => {
        const created = await as(lab, testOrder.create, {
          body: { subjectId, barcode: BARCODE, testItemIds: [cbc, lft] },
        });
        expect(created.code).toBe(200);
        const orderId = (created.data as { id: number }).id;
        order = (await as(lab, testOrder.get, { params: { id: orderId } })).data as TestOrderRow;
        expect(order).toMatchObject({ status: 'submitted', reportId: null, barcode: BARCODE });
        const results = [
          { testItemId: cbc, value: '5.2' },
          { testItemId: lft, value: '30' },
        ];
        const early = await as(lab, report.create, { body: { testOrderId: orderId, results } });
        expect(early.code).toBe(ResultCode.INVALID_STATE);
        expect(early.msg).toBe('The test order is not approved; results cannot be entered');
        // Naming the barcode directly does not get round the order.
        const direct = await as(lab, report.create, { body: { subjectId, barcode: BARCODE, results } });
        expect(direct.code).toBe(ResultCode.INVALID_STATE);

        const awaitingBefore = await as(lab, testOrder.paging, { body: { awaitingResults: true } });
        expect((awaitingBefore.data as TestOrderRow[]).some((o) => o.id === orderId)).toBe(false);
        const review = await as(reviewer, testOrder.review, {
          params: { id: orderId },
          body: { version: order.version, action: 'approve' },
        });
        expect(review.code).toBe(200);
        const awaiting = await as(lab, testOrder.paging, { body: { awaitingResults: true, size: 50 } });
        expect((awaiting.data as TestOrderRow[]).map((o) => o.id)).toContain(orderId);

        const notOrdered = await as(lab, report.create, {
          body: { testOrderId: orderId, results: [...results, { testItemId: glu, value: '1' }] },
        });
        expect(notOrdered.code).toBe(400);
        expect(notOrdered.msg).toContain(String(glu));
        const otherSubject = await as(lab, report.create, {
          body: { testOrderId: orderId, subjectId: subjectId + 999, results },
        });
        expect(otherSubject.code).toBe(400);
        const missing = await as(lab, report.create, { body: { results } });
        expect(missing.code).toBe(400);

        const entered = await as(lab, report.create, { body: { testOrderId: orderId, results } });
        expect(entered.code).toBe(200);
        const { id: reportId, reportNo } = entered.data as { id: number; reportNo: string };
        const detail = (await as(lab, report.get, { params: { id: reportId } })).data as {
          barcode: string;
          subjectId: number;
          results: Array<{ testItemId: number }>;
        };
        // The order's recorder is the report's requester (the requisition as entered).
        expect(detail).toMatchObject({
          barcode: BARCODE,
          subjectId,
          requestedByName: order.createdByName,
          requestedAt: order.createdAt,
        });
        expect(detail.results.map((r) => r.testItemId).sort()).toEqual([cbc, lft].sort());
        const after = (await as(lab, testOrder.get, { params: { id: orderId } })).data as TestOrderRow;
        expect(after.reportId).toBe(reportId);
        const twice = await as(lab, report.create, { body: { testOrderId: orderId, results } });
        expect(twice.code).toBe(409);
        expect(twice.msg).toContain(reportNo);
        const awaitingAfter = await as(lab, testOrder.paging, { body: { awaitingResults: true, size: 50 } });
        expect((awaitingAfter.data as TestOrderRow[]).map((o) => o.id)).not.toContain(orderId);
      });

      it('keeps orders of other sites out of reach', async () => {
        expect((await as(site, testOrder.get, { params: { id: order.id } })).code).toBe(ResultCode.FORBIDDEN);
        expect((await as(lab, testOrder.get, { params: { id: 987654 } })).code).toBe(404);
      });
    });

    describe('staff queries', () => {
      it('staff raise a query about a sample and a shipment; site users cannot raise one', async () => {
        const [shipment] = await env.handle.db
          .select()
          .from(sampleTransports)
          .where(and(eq(sampleTransports.projectId, projectId), eq(sampleTransports.siteId, siteId)));
        const [foreign] = await env.handle.db
          .select()
          .from(sampleTransports)
          .where(ne(sampleTransports.siteId, siteId));
        const body = {
          projectId,
          siteId,
          subjectNo: 'LQ-001',
          barcode: BARCODE,
          queryType: '1',
          content: '样本标签上的采样时间与申请单不一致，请核实。',
          needsClarification: true,
        };
        const byOtherShipment = await as(lab, clarification.create, {
          body: { ...body, transportId: foreign?.id },
        });
        expect(byOtherShipment.code).toBe(400);
        const bySite = await as(site, clarification.create, { body });
        expect(bySite.code).toBe(ResultCode.FORBIDDEN);
        const raised = await as(lab, clarification.create, {
          body: { ...body, transportId: shipment?.id },
        });
        expect(raised.code).toBe(200);
        query = raised.data as QueryDetail;
        expect(query).toMatchObject({ status: 'open', barcode: BARCODE, raisedByName: '李实验' });
        expect(query.shipment?.orderNo).toBe(shipment?.orderNo);
      });

      it('offers the raise form the shipments of the chosen site only, to staff who may raise', async () => {
        const all = await env.handle.db
          .select({ id: sampleTransports.id, orderNo: sampleTransports.orderNo })
          .from(sampleTransports)
          .where(and(eq(sampleTransports.projectId, projectId), eq(sampleTransports.siteId, siteId)));
        expect(all.length).toBeGreaterThan(0);
        const listed = await as(lab, labQuery.shipments, { body: { projectId, siteId, page: 1, size: 100 } });
        expect(listed.code).toBe(200);
        const rows = listed.data as Array<{ id: number; orderNo: string; siteId: number }>;
        expect(rows.map((r) => r.id).sort()).toEqual(all.map((r) => r.id).sort());
        const first = all[0]?.orderNo ?? '';
        const searched = await as(lab, labQuery.shipments, {
          body: { projectId, siteId, orderNo: first, page: 1, size: 100 },
        });
        expect((searched.data as Array<{ orderNo: string }>).map((r) => r.orderNo)).toContain(first);
        expect((await as(site, labQuery.shipments, { body: { projectId, siteId } })).code).toBe(
          ResultCode.FORBIDDEN,
        );
        expect((await as(lab, labQuery.shipments, { body: { projectId } })).code).toBe(400);
      });

      it('lists the queries of the projects in scope for staff, never for site users', async () => {
        const mine = await as(lab, labQuery.paging, { body: { mine: true, barcode: BARCODE } });
        expect((mine.data as QueryDetail[]).map((q) => q.id)).toEqual([query.id]);
        const byKeyword = await as(pm, labQuery.paging, { body: { keyword: 'LQ-BC' } });
        expect((byKeyword.data as QueryDetail[]).map((q) => q.id)).toContain(query.id);
        expect((await as(site, labQuery.paging, { body: {} })).code).toBe(ResultCode.FORBIDDEN);
        // The site sees it at /web/question; another site does not.
        const seen = await as(site, clarification.paging, { body: { keyword: 'LQ-001' } });
        expect((seen.data as QueryDetail[]).map((q) => q.id)).toEqual([query.id]);
        expect((await as(otherSite, clarification.get, { params: { id: query.id } })).code).toBe(404);
      });

      it('the site answers, staff follow the record, close and re-open with a reason', async () => {
        const early = await as(lab, clarification.close, {
          params: { id: query.id },
          body: { version: query.version },
        });
        expect(early.code).toBe(ResultCode.INVALID_STATE);
        const viewed = (await as(site, clarification.get, { params: { id: query.id } })).data as QueryDetail;
        const replied = await as(site, clarification.reply, {
          params: { id: query.id },
          body: { version: viewed.version, content: '已核实，采样时间以申请单为准。' },
        });
        expect(replied.code).toBe(200);
        const record = (await as(lab, labQuery.get, { params: { id: query.id } })).data as QueryDetail;
        expect(record.status).toBe('answered');
        expect(record.replies.map((r) => r.username)).toEqual(['陈中心']);
        // The site cannot close or re-open, even holding the answer.
        const siteClose = await as(site, clarification.close, {
          params: { id: query.id },
          body: { version: record.version },
        });
        expect(siteClose.code).toBe(ResultCode.FORBIDDEN);
        const closed = await as(lab, clarification.close, {
          params: { id: query.id },
          body: { version: record.version },
        });
        expect(closed.code).toBe(200);
        const resolved = closed.data as QueryDetail;
        expect(resolved.status).toBe('resolved');
        const noReason = await as(lab, labQuery.reopen, {
          params: { id: query.id },
          body: { version: resolved.version, reason: '  ' },
        });
        expect(noReason.code).toBe(400);
        const siteReopen = await as(site, labQuery.reopen, {
          params: { id: query.id },
          body: { version: resolved.version, reason: '再确认' },
        });
        expect(siteReopen.code).toBe(ResultCode.FORBIDDEN);
        const stale = await as(pm, labQuery.reopen, {
          params: { id: query.id },
          body: { version: resolved.version - 1, reason: '请补充采样记录' },
        });
        expect(stale.code).toBe(ResultCode.STALE_VERSION);
        const reopened = await as(pm, labQuery.reopen, {
          params: { id: query.id },
          body: { version: resolved.version, reason: '请补充采样记录' },
        });
        expect(reopened.code).toBe(200);
        query = reopened.data as QueryDetail;
        expect(query).toMatchObject({ status: 'open', resolvedAt: null });
        expect(query.events.map((e) => [e.action, e.toState, e.reason])).toEqual([
          ['raise', 'open', null],
          ['reply', 'answered', null],
          ['close', 'resolved', null],
          ['reopen', 'open', '请补充采样记录'],
        ]);
        const again = await as(pm, labQuery.reopen, {
          params: { id: query.id },
          body: { version: query.version, reason: '重复' },
        });
        expect(again.code).toBe(ResultCode.INVALID_STATE);
      });
    });

    describe('feedback to the project manager', () => {
      let feedback: FeedbackRow;

      it('the bench gives feedback on a query or a barcode; bad targets change nothing', async () => {
        const none = await as(lab, labFeedback.create, { body: { content: '没有对象' } });
        expect(none.code).toBe(400);
        const unknown = await as(lab, labFeedback.create, {
          body: { barcode: 'NO-SUCH', content: '条码不存在' },
        });
        expect(unknown.code).toBe(400);
        expect((await as(site, labFeedback.create, { body: { queryId: query.id, content: 'x' } })).code).toBe(
          ResultCode.FORBIDDEN,
        );
        const byBarcode = await as(lab, labFeedback.create, {
          body: { barcode: BARCODE, content: '样本溶血，建议重采。' },
        });
        expect(byBarcode.code).toBe(200);
        expect(byBarcode.data).toMatchObject({ barcode: BARCODE, subjectNo: 'LQ-001', status: 'open' });
        const created = await as(lab, labFeedback.create, {
          body: { queryId: query.id, content: '中心答复后仍缺少采样记录，请协调。' },
        });
        expect(created.code).toBe(200);
        feedback = created.data as FeedbackRow;
        expect(feedback).toMatchObject({
          queryNo: query.queryNo,
          barcode: BARCODE,
          projectId,
          siteId,
          createdByName: '李实验',
        });
        expect(feedback.feedbackNo).toMatch(/^FB\d{13}$/);
      });

      it('the project manager answers, the one who raised it closes it', async () => {
        const list = await as(pm, labFeedback.projectPaging, { body: { status: ['open'], size: 50 } });
        expect((list.data as FeedbackRow[]).map((f) => f.id)).toContain(feedback.id);
        expect((await as(site, labFeedback.projectPaging, { body: {} })).code).toBe(ResultCode.FORBIDDEN);
        const earlyClose = await as(lab, labFeedback.close, {
          params: { id: feedback.id },
          body: { version: feedback.version },
        });
        expect(earlyClose.code).toBe(ResultCode.INVALID_STATE);
        const selfAnswer = await as(lab, labFeedback.respond, {
          params: { id: feedback.id },
          body: { version: feedback.version, response: '自己答复' },
        });
        expect(selfAnswer.code).toBe(ResultCode.FORBIDDEN);
        const answered = await as(pm, labFeedback.respond, {
          params: { id: feedback.id },
          body: { version: feedback.version, response: '已联系中心补充，两日内回复。' },
        });
        expect(answered.code).toBe(200);
        feedback = answered.data as FeedbackRow;
        expect(feedback).toMatchObject({ status: 'answered', respondedByName: '张项目' });
        const byOther = await as(reviewer, labFeedback.close, {
          params: { id: feedback.id },
          body: { version: feedback.version },
        });
        expect(byOther.code).toBe(ResultCode.FORBIDDEN);
        const closed = await as(lab, labFeedback.close, {
          params: { id: feedback.id },
          body: { version: feedback.version },
        });
        expect(closed.code).toBe(200);
        expect(closed.data).toMatchObject({ status: 'closed' });
        const mineList = await as(lab, labFeedback.labPaging, { body: { queryId: query.id } });
        expect((mineList.data as FeedbackRow[]).map((f) => f.status)).toEqual(['closed']);
      });
    });

    describe('specimen log', () => {
      it('shows every event of the barcode in order, by kind and date, from the audit trail', async () => {
        const log = await as(lab, specimenLog.paging, { body: { barcode: BARCODE, size: 100 } });
        expect(log.code).toBe(200);
        const events = log.data as SpecimenEventRow[];
        expect(log.total).toBe(events.length);
        expect(events.every((e) => e.barcode === BARCODE)).toBe(true);
        const actions = events.map((e) => e.action);
        expect(actions).toEqual(
          expect.arrayContaining([
            'testOrder.create',
            'testOrder.approve',
            'report.create',
            'clarification.create',
            'clarificationQuery.reply',
            'clarificationQuery.close',
            'clarificationQuery.reopen',
            'labFeedback.create',
            'labFeedback.respond',
            'labFeedback.close',
          ]),
        );
        expect(actions).not.toContain('clarification.view');
        const times = events.map((e) => e.at);
        expect([...times].sort()).toEqual(times);
        expect(events.find((e) => e.action === 'report.create')?.kind).toBe('result');
        expect(events.find((e) => e.action === 'clarificationQuery.reopen')).toMatchObject({
          kind: 'query',
          reference: query.queryNo,
          reason: '请补充采样记录',
          username: '张项目',
        });

        const onlyOrders = await as(lab, specimenLog.paging, {
          body: { barcode: BARCODE, kinds: ['order'] },
        });
        expect((onlyOrders.data as SpecimenEventRow[]).map((e) => e.action)).toEqual([
          'testOrder.create',
          'testOrder.approve',
        ]);
        const paged = await as(lab, specimenLog.paging, { body: { barcode: 'LQ-BC', page: 2, size: 3 } });
        expect(paged.total).toBe(events.length);
        expect((paged.data as SpecimenEventRow[]).map((e) => e.id)).toEqual(
          events.slice(3, 6).map((e) => e.id),
        );
        const day = dayIn(env.clock.now, env.app.deps.config.labTimeZone); // no tz header: the lab's day
        const later = await as(lab, specimenLog.paging, { body: { barcode: BARCODE, from: '2999-01-01' } });
        expect(later.total).toBe(0);
        const today = await as(lab, specimenLog.paging, { body: { barcode: BARCODE, from: day, to: day } });
        expect(today.total).toBe(events.length);
        // The dates are days in the user's zone (the tz header), not UTC days.
        const first = dayIn(events[0]?.at ?? '', FILTER_ZONES[0]);
        for (const tz of FILTER_ZONES) {
          const inZone = await as(lab, specimenLog.paging, {
            body: { barcode: BARCODE, from: first, to: first, size: 100 },
            tz,
          });
          const expected = events.filter((e) => dayIn(e.at, tz) === first).map((e) => e.id);
          expect([tz, (inZone.data as SpecimenEventRow[]).map((e) => e.id)]).toEqual([tz, expected]);
        }
      });

      it('exports the log as xlsx; refuses bad filters and site users', async () => {
        const response = await call(
          env.app,
          specimenLog.export,
          { session: lab, body: { barcode: BARCODE } },
          env.clock.now,
        );
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toContain('spreadsheetml');
        expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK');
        const book = new ExcelJS.Workbook();
        await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
        // Times in the lab zone (no tz header), named in the column header.
        expect(book.worksheets[0]?.getRow(1).getCell(2).value).toBe('Time (Asia/Shanghai, UTC+08:00)');
        expect((await as(lab, specimenLog.paging, { body: { barcode: 'L' } })).code).toBe(400);
        expect((await as(lab, specimenLog.paging, { body: { barcode: BARCODE, kinds: ['x'] } })).code).toBe(
          400,
        );
        expect((await as(site, specimenLog.paging, { body: { barcode: BARCODE } })).code).toBe(
          ResultCode.FORBIDDEN,
        );
        // Staff outside the project see nothing of it.
        const finance = await login(env, '13800000005');
        expect((await as(finance, specimenLog.paging, { body: { barcode: BARCODE } })).code).toBe(
          ResultCode.FORBIDDEN,
        );
      });
    });
  },
);
