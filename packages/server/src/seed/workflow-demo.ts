// Demo records in every workflow state (SEED_DEMO), so each demo account's home to-do has items of the
// kinds it can act on and the lab's lists open with rows: subjects, test orders and a dozen reports
// (entered, returned, reviewed, released, corrected, a revision waiting), bench feedback, consumable
// orders, booked shipments and an answered query. Dated over the last weeks relative to the seed
// time; the states, transition records and audit entries are those the API writes. The lab's records
// are of site 02 of KM-2026-001 and site 01 of KM-2026-003, whose sites have no demo portal user.
// Synthetic people and numbers only.
import { SIGNATURE_MEANINGS } from '@trialab/api-contract';
import { and, eq } from 'drizzle-orm';
import type { Transaction } from '../db/client.js';
import * as s from '../db/schema.js';
import { labFeedback } from '../db/schema-lab-queries.js';
import * as p from '../db/schema-portal.js';
import { DEMO_LAB_PROFILE } from '../documents/lab-profile.js';
import { type AuditEntry, appendAudit } from '../lib/audit.js';
import type { FileStore } from '../lib/file-store.js';
import { zonedTime } from '../lib/time-zone.js';
import { recordEvent } from '../lib/workflow.js';
import { replaceLines } from '../modules/consumables/repository.js';
import { orderLines } from '../modules/consumables/service.js';
import { cardHash, insertSubject } from '../modules/lab/subjects/repository.js';
import { maskCardNo } from '../modules/lab/subjects/service.js';
import { insertOrders } from '../modules/lab/test-orders/repository.js';
import {
  contentHash,
  findReport,
  insertReport,
  insertResults,
  reportDetail,
  resultItems,
  setReport,
  storePdf,
} from '../modules/reports/repository.js';
import { reportNumber, resultRows } from '../modules/reports/service.js';
import { insertSignature } from '../services/signatures.js';
import { DEMO_LAB_CONSIGNEE } from './lab-demo.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** Who does what in the story (demo-data.ts). */
const WHO = { admin: '13800000000', lab: '13800000001', reviewer: '13800000002', pm: '13800000003' };
type Who = keyof typeof WHO;

/** [project, centre, subject no., name, gender (dict 1002), birthday, state, entered by, days ago, reject reason] */
const SUBJECTS: Array<[string, string, string, string, string, string, string, Who, number, string?]> = [
  ['KM-2026-001', '02', 'S-001-0201', '赵一鸣', '1', '1968-03-12', 'approved', 'lab', 40],
  ['KM-2026-001', '02', 'S-001-0202', '钱晓岚', '2', '1975-07-30', 'approved', 'lab', 36],
  ['KM-2026-001', '02', 'S-001-0203', '孙立群', '1', '1959-11-02', 'approved', 'lab', 31],
  ['KM-2026-001', '02', 'S-001-0204', '周雅琴', '2', '1981-01-19', 'submitted', 'lab', 3],
  [
    'KM-2026-001',
    '02',
    'S-001-0205',
    '吴海涛',
    '1',
    '1972-05-08',
    'rejected',
    'lab',
    6,
    '证件照片与现场人脸比对存疑，请核对证件后重新登记',
  ],
  [
    'KM-2026-001',
    '02',
    'S-001-0206',
    '郑美华',
    '2',
    '1966-09-21',
    'rejected',
    'admin',
    5,
    '出生日期与证件不一致，请更正后重新提交',
  ],
  ['KM-2026-003', '01', 'S-003-0001', '冯志强', '1', '1963-04-17', 'approved', 'lab', 29],
  ['KM-2026-003', '01', 'S-003-0002', '陈丽娟', '2', '1970-12-03', 'approved', 'lab', 26],
  ['KM-2026-003', '01', 'S-003-0003', '褚建国', '1', '1957-08-25', 'approved', 'lab', 22],
  ['KM-2026-003', '01', 'S-003-0004', '卫秀英', '2', '1979-02-14', 'submitted', 'lab', 1],
  // Site 01 has enrolled subjects and no tube labelled yet (the reconciliation shows their gaps).
  ['KM-2026-001', '01', 'S-001-0101', '韩一帆', '1', '1985-06-15', 'approved', 'lab', 12],
  ['KM-2026-001', '01', 'S-001-0102', '杨思远', '2', '1990-10-08', 'approved', 'lab', 2],
];

/** [barcode, subject no., visit, test items, state, ordered by, days ago, reject reason] */
const ORDERS: Array<[string, string, string, string[], string, Who, number, string?]> = [
  ['KM1-02-0001', 'S-001-0201', '基线 V1', ['CBC', 'LFT'], 'approved', 'lab', 38],
  ['KM1-02-0002', 'S-001-0201', '第4周 V2', ['LFT', 'RFT'], 'approved', 'lab', 24],
  ['KM1-02-0003', 'S-001-0202', '基线 V1', ['LFT', 'LIPID'], 'approved', 'lab', 34],
  ['KM1-02-0004', 'S-001-0202', '第4周 V2', ['CBC'], 'approved', 'lab', 20],
  ['KM1-02-0005', 'S-001-0203', '基线 V1', ['LFT', 'RFT'], 'approved', 'lab', 29],
  ['KM1-02-0006', 'S-001-0203', '第4周 V2', ['LIPID'], 'approved', 'lab', 12],
  ['KM3-01-0001', 'S-003-0001', '基线 V1', ['HBA1C', 'LIPID'], 'approved', 'lab', 27],
  ['KM3-01-0002', 'S-003-0001', '第4周 V2', ['HBA1C'], 'approved', 'lab', 10],
  ['KM3-01-0003', 'S-003-0002', '基线 V1', ['HBA1C', 'RFT'], 'approved', 'lab', 24],
  ['KM3-01-0004', 'S-003-0002', '第4周 V2', ['HBA1C'], 'approved', 'lab', 8],
  ['KM3-01-0005', 'S-003-0003', '基线 V1', ['HBA1C', 'LFT'], 'approved', 'lab', 20],
  ['KM3-01-0006', 'S-003-0003', '第4周 V2', ['HBA1C'], 'approved', 'lab', 5],
  ['KM1-02-0009', 'S-001-0201', '第12周 V3', ['LFT'], 'approved', 'lab', 3],
  ['KM1-02-0007', 'S-001-0203', '第12周 V3', ['CBC', 'LFT'], 'submitted', 'lab', 2],
  ['KM3-01-0007', 'S-003-0001', '第12周 V3', ['HBA1C', 'RFT'], 'submitted', 'lab', 1],
  [
    'KM1-02-0008',
    'S-001-0202',
    '第12周 V3',
    ['RFT'],
    'rejected',
    'lab',
    4,
    '申请单扫描件缺失，请补拍后重新提交',
  ],
  [
    'KM3-01-0008',
    'S-003-0002',
    '第12周 V3',
    ['LFT'],
    'rejected',
    'admin',
    3,
    '检测项目与方案不符：本访视应为糖化血红蛋白',
  ],
];

/**
 * Reports: [barcode, results (code, value), state, days ago entered, return reason]. `corrected` is a
 * released report superseded by an approved revision; `revising` one whose revision waits for review.
 */
const REPORTS: Array<[string, Array<[string, string]>, string, number, string?, Who?]> = [
  [
    'KM1-02-0001',
    [
      ['LFT', '28'],
      ['CBC', '6.2'],
    ],
    'released',
    36,
  ],
  [
    'KM1-02-0003',
    [
      ['LFT', '46'],
      ['LIPID', '5.8'],
    ],
    'revising',
    32,
  ],
  [
    'KM1-02-0005',
    [
      ['LFT', '31'],
      ['RFT', '88'],
    ],
    'corrected',
    27,
  ],
  [
    'KM3-01-0001',
    [
      ['HBA1C', '7.2'],
      ['LIPID', '4.6'],
    ],
    'released',
    25,
  ],
  [
    'KM3-01-0003',
    [
      ['HBA1C', '6.8'],
      ['RFT', '102'],
    ],
    'released',
    22,
  ],
  [
    'KM3-01-0005',
    [
      ['HBA1C', '5.6'],
      ['LFT', '22'],
    ],
    'released',
    18,
  ],
  [
    'KM1-02-0002',
    [
      ['LFT', '35'],
      ['RFT', '76'],
    ],
    'reviewed',
    9,
  ],
  ['KM3-01-0002', [['HBA1C', '6.9']], 'reviewed', 7],
  ['KM1-02-0004', [['CBC', '3.1']], 'returned', 6, 'CBC结论请按仪器报告逐项录入，勿写概述'],
  ['KM1-02-0006', [['LIPID', '5.1']], 'entered', 4],
  ['KM3-01-0004', [['HBA1C', '6.1']], 'entered', 3],
  ['KM3-01-0006', [['HBA1C', '5.9']], 'entered', 1],
  ['KM1-02-0009', [['LFT', '41']], 'returned', 2, '本样本复检值未录入，请补录复检结果后再提交', 'admin'],
];

/** Results the approved revisions correct: [barcode, code, corrected value, why]. */
const REVISIONS: Array<[string, string, string, string]> = [
  ['KM1-02-0005', 'RFT', '118', '复核发现肌酐录入时小数点错位，按仪器原始数据更正'],
  ['KM1-02-0003', 'LIPID', '5.3', '复检结果与首次结果差异超出允许范围，按复检结果更正'],
];

/** A workflow transition as the API records it (who moved the record, from what to what, why). */
type Event = (
  workflow: string,
  recordId: number,
  action: string,
  fromState: string | null,
  toState: string,
  who: { id: number },
  at: Date,
  reason?: string,
) => Promise<void>;
/** An audit entry, written in time order at the end. */
type Audit = (at: Date, who: { id: number; username: string }, entry: AuditEntry) => void;

export async function seedWorkflowDemo(
  tx: Transaction,
  now: Date,
  options: { files: FileStore; subjectCardKey: Buffer; reportPdfs: boolean },
): Promise<void> {
  const ago = (days: number, hours = 0) => new Date(now.getTime() - days * DAY - hours * HOUR);
  const people = await tx
    .select({ id: s.users.id, mobile: s.users.mobile, username: s.users.username })
    .from(s.users);
  const user = (who: Who | string) => {
    const mobile = who in WHO ? WHO[who as Who] : who;
    const row = people.find((u) => u.mobile === mobile);
    if (!row) throw new Error(`demo user ${mobile} missing`);
    return row;
  };
  const siteRows = await tx
    .select({
      id: s.sites.id,
      projectId: s.sites.projectId,
      projectNo: s.projects.projectNo,
      centerNo: s.sites.centerNo,
    })
    .from(s.sites)
    .innerJoin(s.projects, eq(s.projects.id, s.sites.projectId));
  const site = (projectNo: string, centerNo: string) => {
    const row = siteRows.find((r) => r.projectNo === projectNo && r.centerNo === centerNo);
    if (!row) throw new Error(`demo site ${projectNo}/${centerNo} missing`);
    return row;
  };
  // Second-person checks: 王审核 for KM-2026-001, the super account for KM-2026-003 (outside 王审核's projects).
  const checkerOf = (projectId: number) =>
    user(siteRows.find((r) => r.projectId === projectId)?.projectNo === 'KM-2026-003' ? 'admin' : 'reviewer');
  const items = await tx.select({ id: s.testItems.id, code: s.testItems.code }).from(s.testItems);
  const itemId = (code: string) => items.find((i) => i.code === code)?.id ?? 0;

  // The audit trail in time order, written at the end (one chain).
  const audits: Array<{ at: Date; who: { id: number; username: string }; entry: AuditEntry }> = [];
  const audit: Audit = (at, who, entry) => {
    audits.push({ at, who, entry });
  };
  const event: Event = (workflow, recordId, action, fromState, toState, who, at, reason) =>
    recordEvent(tx, {
      workflow,
      recordId,
      action,
      fromState,
      toState,
      userId: who.id,
      at,
      reason: reason ?? null,
    });

  // Subjects: entered at the bench, reviewed by a second person.
  const subjectIds = new Map<string, { id: number; projectId: number; siteId: number }>();
  for (const [
    i,
    [projectNo, centerNo, subjectNo, name, gender, birthday, state, by, days, reason],
  ] of SUBJECTS.entries()) {
    const where = site(projectNo, centerNo);
    const enterer = user(by);
    const reviewer = checkerOf(where.projectId);
    const at = ago(days, 2);
    // A synthetic resident card number (18 digits, a demo area code).
    const cardId = `99000019${birthday.replaceAll('-', '').slice(2)}${String(i).padStart(3, '0')}X`;
    const reviewed = state !== 'submitted';
    const { id } = await insertSubject(tx, {
      projectId: where.projectId,
      siteId: where.id,
      subjectNo,
      name,
      gender,
      birthday,
      cardType: 'A',
      cardNoMasked: maskCardNo(cardId),
      cardNoHash: cardHash(options.subjectCardKey, 'A', cardId),
      faceConfidence: 86 + (i % 10),
      faceThreshold: 70,
      fingerprintVendor: 'zk',
      fingerprintTemplate: Buffer.from(`demo-template-${subjectNo}`).toString('base64'),
      status: state,
      createdBy: enterer.id,
      createdAt: at,
      reviewedBy: reviewed ? reviewer.id : null,
      reviewedAt: reviewed ? new Date(at.getTime() + 5 * HOUR) : null,
      reviewReason: reason ?? null,
      version: reviewed ? 2 : 1,
    });
    subjectIds.set(subjectNo, { id, projectId: where.projectId, siteId: where.id });
    audit(at, enterer, {
      action: 'subject.create',
      entity: 'subject',
      entityId: id,
      newValue: {
        projectId: where.projectId,
        siteId: where.id,
        subjectNo,
        name,
        cardNoMasked: maskCardNo(cardId),
      },
    });
    if (reviewed)
      audit(new Date(at.getTime() + 5 * HOUR), reviewer, {
        action: `subject.${state === 'approved' ? 'approve' : 'reject'}`,
        entity: 'subject',
        entityId: id,
        oldValue: { status: 'submitted' },
        newValue: { status: state },
        reason: reason ?? null,
      });
  }

  // Test orders of the subjects' samples (one statement, as a batch entry writes them).
  const orderRows = ORDERS.flatMap(([barcode, subjectNo, visit, codes, state, by, days, reason]) => {
    const subject = subjectIds.get(subjectNo);
    if (!subject) return [];
    const reviewed = state !== 'submitted';
    const at = ago(days, 4);
    const reviewer = checkerOf(subject.projectId);
    return [
      {
        subject,
        codes,
        orderer: user(by),
        reviewer: reviewed ? reviewer : null,
        values: {
          projectId: subject.projectId,
          siteId: subject.siteId,
          subjectId: subject.id,
          barcode,
          visit,
          testItemIds: codes.map(itemId),
          status: state,
          createdBy: user(by).id,
          createdAt: at,
          reviewedBy: reviewed ? reviewer.id : null,
          reviewedAt: reviewed ? new Date(at.getTime() + 2 * HOUR) : null,
          reviewReason: reason ?? null,
          version: reviewed ? 2 : 1,
        },
      },
    ];
  });
  const orderIds = await insertOrders(
    tx,
    orderRows.map((o) => o.values),
  );
  const orders = new Map<string, (typeof orderRows)[number]['values'] & { id: number }>();
  for (const [i, { values, subject, codes, orderer, reviewer }] of orderRows.entries()) {
    const id = orderIds[i]?.id ?? 0;
    orders.set(values.barcode, { ...values, id });
    const { barcode, visit, createdAt: at, status: state, reviewReason: reason } = values;
    audit(at, orderer, {
      action: 'testOrder.create',
      entity: 'testOrder',
      entityId: id,
      newValue: { barcode, subjectId: subject.id, visit, testItems: codes },
    });
    if (reviewer)
      audit(new Date(at.getTime() + 2 * HOUR), reviewer, {
        action: `testOrder.${state === 'approved' ? 'approve' : 'reject'}`,
        entity: 'testOrder',
        entityId: id,
        oldValue: { status: 'submitted' },
        newValue: { status: state },
        reason,
      });
  }
  // The settings of every test item, read once for the result rows.
  const settings = await resultItems(
    tx,
    items.map((i) => i.id),
  );

  // Reports: results entered by the bench, reviewed and released (signed) by the reviewer.
  const context = (at: Date) => ({
    lang: 'zh_CN' as const,
    time: zonedTime({ timeZone: 'Asia/Shanghai', lang: 'zh_CN', now: at }),
    now: at,
    lab: DEMO_LAB_PROFILE,
  });
  const lab = user('lab');
  // What the signatures vouch for: the content does not change between review and release.
  const hashOf = async (reportId: number) => {
    const report = await findReport(tx, reportId);
    if (!report) throw new Error('demo report missing');
    return contentHash(await reportDetail(tx, report));
  };
  const signature = async (
    reportId: number,
    action: 'review' | 'release' | 'approveRevision',
    at: Date,
    hash: string,
    signer: { id: number; username: string },
  ) => {
    await insertSignature(tx, {
      entity: 'labReport',
      entityId: reportId,
      action,
      meaning: SIGNATURE_MEANINGS[action].zh_CN,
      userId: signer.id,
      signerName: signer.username,
      signedAt: at,
      contentHash: hash,
    });
  };
  // The issued PDF, as a release stores it (seconds of CPU for all: the test suites skip it).
  const issue = async (reportId: number, at: Date, by: { id: number }) => {
    if (options.reportPdfs) await storePdf(tx, options.files, context(at), reportId, by.id);
  };
  for (const [barcode, values, state, days, returnReason, by] of REPORTS) {
    const enterer = user(by ?? 'lab');
    const order = orders.get(barcode);
    if (!order) continue;
    const reviewer = checkerOf(order.projectId);
    const enteredAt = ago(days, 1);
    const reviewedAt = new Date(enteredAt.getTime() + 3 * HOUR);
    const releasedAt = new Date(enteredAt.getTime() + 6 * HOUR);
    const reached = ['reviewed', 'released', 'corrected', 'revising'].includes(state);
    const released = ['released', 'corrected', 'revising'].includes(state);
    const { id } = await insertReport(tx, {
      reportNo: `pending-${barcode}`,
      projectId: order.projectId,
      siteId: order.siteId,
      subjectId: order.subjectId,
      barcode,
      visit: order.visit,
      samplingTime: new Date(order.createdAt.getTime() - 20 * HOUR),
      status: state === 'corrected' ? 'superseded' : state === 'revising' ? 'released' : state,
      createdBy: enterer.id,
      createdAt: enteredAt,
      reviewedBy: reached ? reviewer.id : null,
      reviewedAt: reached ? reviewedAt : null,
      releasedBy: released ? reviewer.id : null,
      releasedAt: released ? releasedAt : null,
      returnReason: returnReason ?? null,
      version: released ? 3 : reached || state === 'returned' ? 2 : 1,
    });
    const reportNo = reportNumber(enteredAt, 'Asia/Shanghai', id);
    await setReport(tx, id, { reportNo });
    const input = values.map(([code, value]) => ({ testItemId: itemId(code), value }));
    await insertResults(tx, resultRows(id, input, settings));
    audit(enteredAt, enterer, {
      action: 'report.create',
      entity: 'labReport',
      entityId: id,
      newValue: { reportNo, barcode },
    });
    if (state === 'returned')
      audit(reviewedAt, reviewer, {
        action: 'report.return',
        entity: 'labReport',
        entityId: id,
        oldValue: { status: 'entered' },
        newValue: { status: 'returned' },
        reason: returnReason ?? null,
      });
    const hash = reached ? await hashOf(id) : null;
    if (hash) {
      await signature(id, 'review', reviewedAt, hash, reviewer);
      audit(reviewedAt, reviewer, {
        action: 'report.review',
        entity: 'labReport',
        entityId: id,
        oldValue: { status: 'entered' },
        newValue: { status: 'reviewed', contentHash: hash },
      });
    }
    if (!released || !hash) continue;
    await signature(id, 'release', releasedAt, hash, reviewer);
    await setReport(tx, id, { contentHash: hash });
    await issue(id, releasedAt, reviewer);
    audit(releasedAt, reviewer, {
      action: 'report.release',
      entity: 'labReport',
      entityId: id,
      oldValue: { status: 'reviewed' },
      newValue: { status: 'released', contentHash: hash },
    });

    // A revision asked for by the bench a few days after release.
    const revised = REVISIONS.find(([b]) => b === barcode);
    if (!revised || (state !== 'corrected' && state !== 'revising')) continue;
    const [, code, value, why] = revised;
    const askedAt = new Date(releasedAt.getTime() + 2 * DAY);
    const approvedAt = new Date(askedAt.getTime() + 4 * HOUR);
    const approve = state === 'corrected';
    const revision = await insertReport(tx, {
      reportNo,
      revision: 1,
      revisionOf: id,
      revisionReason: why,
      projectId: order.projectId,
      siteId: order.siteId,
      subjectId: order.subjectId,
      barcode,
      visit: order.visit,
      samplingTime: new Date(order.createdAt.getTime() - 20 * HOUR),
      status: approve ? 'released' : 'revision_pending',
      createdBy: lab.id,
      createdAt: askedAt,
      reviewedBy: approve ? reviewer.id : null,
      reviewedAt: approve ? approvedAt : null,
      releasedBy: approve ? reviewer.id : null,
      releasedAt: approve ? approvedAt : null,
      version: approve ? 2 : 1,
    });
    const corrected = values.map(([c, v]) => ({ testItemId: itemId(c), value: c === code ? value : v }));
    await insertResults(tx, resultRows(revision.id, corrected, settings));
    audit(askedAt, lab, {
      action: 'report.revise',
      entity: 'labReport',
      entityId: revision.id,
      newValue: { reportNo, revision: 1, revisionOf: id },
      reason: why,
    });
    if (!approve) continue;
    const revisionHash = await hashOf(revision.id);
    await signature(revision.id, 'approveRevision', approvedAt, revisionHash, reviewer);
    await setReport(tx, revision.id, { contentHash: revisionHash });
    await issue(revision.id, approvedAt, reviewer);
    audit(approvedAt, reviewer, {
      action: 'report.approveRevision',
      entity: 'labReport',
      entityId: revision.id,
      oldValue: { status: 'revision_pending' },
      newValue: { status: 'released', contentHash: revisionHash, supersedes: id },
    });
  }

  // Bench feedback to the project manager: open, answered (the bench closes it), closed.
  const feedback: Array<[string, string, string, Who, number, string?, boolean?]> = [
    [
      'KM1-02-0007',
      'S-001-0203',
      '第12周样本管壁标签被冷凝水浸湿，条码可扫但文字模糊，是否需要中心重新贴标？',
      'lab',
      2,
    ],
    ['KM3-01-0007', 'S-003-0001', '申请单勾选的肾功能项目与方案第12周访视不一致，请项目组确认。', 'lab', 1],
    [
      'KM1-02-0006',
      'S-001-0203',
      '血脂样本采集时间晚于方案窗口2天，是否仍按计划检测？',
      'lab',
      8,
      '经申办方确认，窗口外样本照常检测并在报告备注。',
    ],
    [
      'KM3-01-0006',
      'S-003-0003',
      '该受试者第4周样本量不足1 mL，仅能完成糖化血红蛋白检测。',
      'admin',
      5,
      '同意，仅检测糖化血红蛋白，其余项目下次访视补做。',
    ],
    [
      'KM1-02-0002',
      'S-001-0201',
      '第4周样本运输温度记录仪数据缺失，请中心补传。',
      'lab',
      15,
      '中心已补传温度记录，全程2-8℃。',
      true,
    ],
  ];
  const pm = user('pm');
  for (const [i, [barcode, subjectNo, content, by, days, response, closed]] of feedback.entries()) {
    const subject = subjectIds.get(subjectNo);
    if (!subject) continue;
    const raiser = user(by);
    const at = ago(days, 3);
    const respondedAt = new Date(at.getTime() + 6 * HOUR);
    const closedAt = new Date(at.getTime() + DAY);
    const status = closed ? 'closed' : response ? 'answered' : 'open';
    const feedbackNo = `FB${at.toISOString().slice(0, 10).replaceAll('-', '')}D${String(i + 1).padStart(3, '0')}`;
    const [row] = await tx
      .insert(labFeedback)
      .values({
        feedbackNo,
        projectId: subject.projectId,
        siteId: subject.siteId,
        barcode,
        subjectNo,
        content,
        status,
        createdBy: raiser.id,
        createdAt: at,
        respondedBy: response ? pm.id : null,
        respondedAt: response ? respondedAt : null,
        response: response ?? null,
        closedAt: closed ? closedAt : null,
        version: 1 + (response ? 1 : 0) + (closed ? 1 : 0),
      })
      .returning({ id: labFeedback.id });
    if (!row) continue;
    audit(at, raiser, {
      action: 'labFeedback.create',
      entity: 'labFeedback',
      entityId: row.id,
      newValue: { feedbackNo, barcode, content },
    });
    if (response) {
      await event('labFeedback', row.id, 'respond', 'open', 'answered', pm, respondedAt, response);
      audit(respondedAt, pm, {
        action: 'labFeedback.respond',
        entity: 'labFeedback',
        entityId: row.id,
        oldValue: { status: 'open' },
        newValue: { status: 'answered', response },
        reason: response,
      });
    }
    if (closed) {
      await event('labFeedback', row.id, 'close', 'answered', 'closed', raiser, closedAt);
      audit(closedAt, raiser, {
        action: 'labFeedback.close',
        entity: 'labFeedback',
        entityId: row.id,
        oldValue: { status: 'answered' },
        newValue: { status: 'closed' },
      });
    }
  }

  await seedPortalWork(tx, ago, user, site, event, audit);

  audits.sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const { at, who, entry } of audits)
    await appendAudit(
      tx,
      { at, userId: who.id, username: who.username, requestId: null, workstation: null, ip: null },
      [entry],
    );
}

/**
 * The sites' side: consumable orders of site 01 of KM-2026-001 in each state (陈中心 applies, 何研究
 * audits, the biobank dispatches), two booked sample shipments waiting for pick-up, and a query of
 * site 02 answered and waiting for the lab to close it.
 */
async function seedPortalWork(
  tx: Transaction,
  ago: (days: number, hours?: number) => Date,
  user: (who: string) => { id: number; username: string },
  site: (projectNo: string, centerNo: string) => { id: number; projectId: number },
  event: Event,
  audit: Audit,
): Promise<void> {
  const siteUser = user('13900000001');
  const auditor = user('13900000003');
  const keeper = user('13800000004');
  const where = site('KM-2026-001', '01');
  const [kit] = await tx
    .select()
    .from(p.consumableKits)
    .where(and(eq(p.consumableKits.projectId, where.projectId), eq(p.consumableKits.name, '基线采血套件')));
  const kitItems = kit
    ? await tx.select().from(p.consumableKitItems).where(eq(p.consumableKitItems.kitId, kit.id))
    : [];
  const address = {
    name: siteUser.username,
    phone: '13900000001',
    area: '北京市/东城区',
    company: '示例医院临床试验机构',
    detail: '示例路1号 门诊楼3层 临床试验中心',
    email: null,
  };
  // [state, kits, days ago, reject reason]: the path each took through the workflow.
  const orders: Array<[string, number, number, string?, 'admin'?]> = [
    ['submitted', 10, 1],
    ['submitted', 4, 2],
    ['approved', 6, 4],
    ['dispatched', 8, 9],
    ['received', 12, 20],
    ['rejected', 30, 6, '申请数量超过本中心剩余入组计划，请按实际需要调整'],
    ['withdrawn', 5, 3],
    // Taken by the lab over the phone for the site (the admin applies on its behalf).
    ['rejected', 3, 12, '该中心本月已有同类申请在途，请合并后重新提交', 'admin'],
    ['withdrawn', 2, 7, undefined, 'admin'],
  ];
  const steps: Record<string, Array<[string, string, 'applicant' | 'auditor' | 'keeper']>> = {
    submitted: [],
    approved: [['approve', 'approved', 'auditor']],
    dispatched: [
      ['approve', 'approved', 'auditor'],
      ['dispatch', 'dispatched', 'keeper'],
    ],
    received: [
      ['approve', 'approved', 'auditor'],
      ['dispatch', 'dispatched', 'keeper'],
      ['receive', 'received', 'applicant'],
    ],
    rejected: [['reject', 'rejected', 'auditor']],
    withdrawn: [['withdraw', 'withdrawn', 'applicant']],
  };
  for (const [i, [state, kits, days, reason, on]] of orders.entries()) {
    const applicant = on ? user('13800000000') : siteUser;
    const actors = { applicant, auditor, keeper };
    const at = ago(days, 5);
    const path = steps[state] ?? [];
    const stepAt = (n: number) => new Date(at.getTime() + (n + 1) * 20 * HOUR);
    const timeOf = (action: string) => {
      const n = path.findIndex(([a]) => a === action);
      return n < 0 ? null : stepAt(n);
    };
    const orderNo = `CO${at.toISOString().slice(0, 10).replaceAll('-', '')}D${String(i + 1).padStart(3, '0')}`;
    const [row] = await tx
      .insert(p.consumableOrders)
      .values({
        orderNo,
        projectId: where.projectId,
        siteId: where.id,
        status: state,
        receiveAddress: address,
        hopedArrivalDate: new Date(at.getTime() + 7 * DAY).toISOString().slice(0, 10),
        note: i === 0 ? '下周新入组2例，请优先安排' : on ? '电话订货，代中心申请' : null,
        applicantId: applicant.id,
        applyTime: at,
        auditorId: timeOf('approve') || timeOf('reject') ? auditor.id : null,
        auditTime: timeOf('approve') ?? timeOf('reject'),
        rejectReason: reason ?? null,
        courier: timeOf('dispatch') ? 'SF' : null,
        expressNo: timeOf('dispatch') ? `SF20000000${String(i + 1).padStart(2, '0')}` : null,
        dispatcherId: timeOf('dispatch') ? keeper.id : null,
        dispatchTime: timeOf('dispatch'),
        receivedBy: timeOf('receive') ? applicant.id : null,
        receivedAt: timeOf('receive'),
        version: 1 + path.length,
        createdAt: at,
        updatedAt: path.length > 0 ? stepAt(path.length - 1) : at,
      })
      .returning({ id: p.consumableOrders.id });
    if (!row) continue;
    // The kit expanded into its lines as an application does (the site confirmed its supply).
    if (kit) {
      const input = {
        projectId: where.projectId,
        siteId: where.id,
        receiveAddress: address,
        expectedShipDate: null,
        hopedArrivalDate: null,
        note: null,
        kits: [{ kitId: kit.id, kitAmount: kits, hopedArrivalDate: null, note: null }],
        loose: [],
      };
      await replaceLines(tx, row.id, orderLines(input, [{ ...kit, supply: 'confirmed' }], kitItems));
    }
    await event('consumableOrder', row.id, 'submit', null, 'submitted', applicant, at);
    audit(at, applicant, {
      action: 'consumable.create',
      entity: 'consumableOrder',
      entityId: row.id,
      newValue: { orderNo, kits },
    });
    let from = 'submitted';
    for (const [n, [action, to, by]] of path.entries()) {
      const who = actors[by];
      const why = action === 'reject' ? reason : undefined;
      await event('consumableOrder', row.id, action, from, to, who, stepAt(n), why);
      audit(stepAt(n), who, {
        action: `consumableOrder.${action}`,
        entity: 'consumableOrder',
        entityId: row.id,
        oldValue: { status: from, version: n + 1 },
        newValue: { status: to, version: n + 2 },
        reason: why ?? null,
      });
      from = to;
    }
  }

  // Shipments booked by the site, waiting for the courier's pick-up.
  const [temperature] = await tx
    .select({ id: s.temperatures.id })
    .from(s.temperatures)
    .where(eq(s.temperatures.name, '冷藏'));
  const [serum] = await tx
    .select({ id: s.sampleTypes.id })
    .from(s.sampleTypes)
    .where(eq(s.sampleTypes.name, '血清'));
  const sender = {
    name: siteUser.username,
    phone: '13900000001',
    area: '北京市东城区',
    detail: '帅府园1号（示例地址）',
    company: '示例医院',
    email: null,
  };
  if (temperature && serum)
    for (const [i, [days, quantity]] of [
      [2, 8],
      [0.5, 4],
    ].entries()) {
      const at = ago(days ?? 0);
      const orderNo = `ST-DEMO-BKD-00${i + 1}`;
      const [row] = await tx
        .insert(p.sampleTransports)
        .values({
          orderNo,
          projectId: where.projectId,
          siteId: where.id,
          status: 'booked',
          temperatureId: temperature.id,
          sender,
          consignee: DEMO_LAB_CONSIGNEE,
          estimatedShipDate: new Date(at.getTime() + DAY).toISOString().slice(0, 10),
          bookSendTime: at,
          coldChain: true,
          createdBy: siteUser.id,
          createdAt: at,
          updatedAt: at,
        })
        .returning({ id: p.sampleTransports.id });
      if (!row) continue;
      await tx.insert(p.sampleTransportItems).values({
        transportId: row.id,
        sampleTypeId: serum.id,
        temperatureId: temperature.id,
        quantity: quantity ?? 1,
        unit: '管',
        sort: 0,
      });
      await event('sampleShipment', row.id, 'book', null, 'booked', siteUser, at);
      audit(at, siteUser, {
        action: 'sampleTransport.create',
        entity: 'sampleTransport',
        entityId: row.id,
        newValue: { orderNo },
      });
    }

  // A query of site 02 answered by the site, for the lab to close.
  const lab = user('13800000001');
  const other = site('KM-2026-001', '02');
  const raisedAt = ago(5, 2);
  const answeredAt = ago(4, 20);
  const [query] = await tx
    .insert(p.clarificationQueries)
    .values({
      queryNo: `QD${raisedAt.toISOString().slice(0, 10).replaceAll('-', '')}D01`,
      projectId: other.projectId,
      siteId: other.id,
      subjectNo: 'S-001-0202',
      visit: '第4周 V2',
      queryType: '1',
      content: '受试者S-001-0202第4周血常规样本采集时间早于给药时间，请确认。',
      needsClarification: true,
      status: 'answered',
      raisedBy: lab.id,
      raisedAt,
      version: 2,
    })
    .returning({ id: p.clarificationQueries.id });
  if (query) {
    // Site 02 has no portal account: its coordinator answered by phone and the project manager wrote it down.
    const pm = user('13800000003');
    const answer = '（电话确认后代录）已核对原始记录：采血在给药前30分钟，录入时间有误，已更正。';
    await tx
      .insert(p.clarificationReplies)
      .values({ queryId: query.id, userId: pm.id, content: answer, at: answeredAt });
    await event('clarificationQuery', query.id, 'raise', null, 'open', lab, raisedAt);
    await event('clarificationQuery', query.id, 'reply', 'open', 'answered', pm, answeredAt);
  }
}
