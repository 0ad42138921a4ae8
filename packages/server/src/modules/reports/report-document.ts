import { localName, type ReportDetail } from '@trialab/api-contract';
import { defineDocument } from '../../documents/document.js';
import { fill } from '../../documents/language.js';
import { initialsOf } from '../../lib/initials.js';

type Result = ReportDetail['results'][number];

/**
 * A released report version and, when it corrects one, the results of the version it replaces.
 * `siteCopy`: the sites' copy, naming the subject by number and initials (issue 25: sites see no
 * full name unless the project allows it, and then they are served the lab's copy).
 */
export type ReportDocumentData = ReportDetail & {
  replaces: { revision: number; results: Result[] } | null;
  siteCopy: boolean;
};

/** One changed line of a corrected report: an item whose result differs, was added or was removed. */
export interface ResultChange {
  code: string;
  name: string;
  enName: string;
  before: string | null;
  after: string | null;
}

const shown = (r: Result | undefined) => (r ? [r.value, r.unit].filter(Boolean).join(' ') : null);

/** The results that differ between the replaced version and this one (value or unit), by item code. */
export function resultChanges(before: Result[], after: Result[]): ResultChange[] {
  const codes = [...new Set([...before, ...after].map((r) => r.code))].sort();
  return codes.flatMap((code) => {
    const old = before.find((r) => r.code === code);
    const now = after.find((r) => r.code === code);
    const item = now ?? old;
    if (!item || shown(old) === shown(now)) return [];
    return [{ code, name: item.name, enName: item.enName, before: shown(old), after: shown(now) }];
  });
}

/**
 * The laboratory report as issued at release (ISO 15189:2022 clause 7.4.1.6): the lab (letterhead),
 * the subject and where they came from, the requester, the specimen with its collection and receipt
 * times, each examination with result, unit, reference interval, flag in words and method, the
 * report's status (final, or corrected with the version it replaces, the reason and what changed),
 * comments, the review and release signatures with their meaning and time, and the content digest.
 */
export const reportDocument = defineDocument({
  kind: 'lab-report',
  barcode: 'code128',
  number: (r: ReportDocumentData) => r.reportNo,
  texts: {
    zh_CN: {
      title: '检测报告',
      reportNo: '报告编号',
      status: '报告状态',
      final: '最终报告（第 {revision} 版）',
      corrected: '更正报告（第 {revision} 版），替代第 {prior} 版',
      correctedNotice: '更正报告：本报告替代报告 {reportNo} 第 {prior} 版，原报告作废。更正原因：{reason}',
      releasedAt: '签发时间',
      subjectSection: '受试者与申请方',
      subject: '受试者编号 / 姓名',
      subjectInitials: '受试者编号 / 姓名缩写',
      visit: '访视',
      project: '项目',
      site: '研究中心（申请方）',
      sponsor: '申办方',
      requestedBy: '检测申请录入',
      specimenSection: '样本',
      barcode: '样本条码',
      sampleType: '样本类型',
      collectedAt: '采样时间',
      receivedAt: '实验室接收时间',
      results: '检测结果',
      code: '代码',
      item: '检测项目',
      result: '结果',
      unit: '单位',
      range: '生物参考区间',
      flag: '提示',
      method: '检测方法',
      flag_H: '↑ 偏高',
      flag_L: '↓ 偏低',
      flag_A: '异常',
      changes: '与第 {prior} 版相比的更改',
      before: '原结果',
      after: '更正后结果',
      comments: '备注',
      authorisation: '审核与签发',
      role_review: '审核',
      role_release: '签发',
      role_approveRevision: '更正审核并签发',
      role_projectApprove: '项目审核批准',
      digest: '签名内容摘要（SHA-256）：{hash}',
      end: '— 报告结束 —',
    },
    en_US: {
      title: 'Laboratory report',
      reportNo: 'Report no.',
      status: 'Report status',
      final: 'Final report (version {revision})',
      corrected: 'Corrected report (version {revision}), replaces version {prior}',
      correctedNotice:
        'Corrected report: this report replaces version {prior} of report {reportNo}, which is withdrawn. Reason for the correction: {reason}',
      releasedAt: 'Released',
      subjectSection: 'Subject and requester',
      subject: 'Subject no. / name',
      subjectInitials: 'Subject no. / initials',
      visit: 'Visit',
      project: 'Project',
      site: 'Site (requester)',
      sponsor: 'Sponsor',
      requestedBy: 'Test order recorded by',
      specimenSection: 'Specimen',
      barcode: 'Specimen barcode',
      sampleType: 'Specimen type',
      collectedAt: 'Collected',
      receivedAt: 'Received at the laboratory',
      results: 'Results',
      code: 'Code',
      item: 'Examination',
      result: 'Result',
      unit: 'Unit',
      range: 'Reference interval',
      flag: 'Flag',
      method: 'Method',
      flag_H: '↑ High',
      flag_L: '↓ Low',
      flag_A: 'Abnormal',
      changes: 'Changes from version {prior}',
      before: 'Previous result',
      after: 'Corrected result',
      comments: 'Comments',
      authorisation: 'Review and release',
      role_review: 'Reviewed',
      role_release: 'Released',
      role_approveRevision: 'Correction reviewed and released',
      role_projectApprove: 'Approved by the project',
      digest: 'Digest of the signed content (SHA-256): {hash}',
      end: '— End of report —',
    },
    zh_HK: {
      title: '檢測報告',
      reportNo: '報告編號',
      status: '報告狀態',
      final: '最終報告（第 {revision} 版）',
      corrected: '更正報告（第 {revision} 版），取代第 {prior} 版',
      correctedNotice: '更正報告：本報告取代報告 {reportNo} 第 {prior} 版，原報告作廢。更正原因：{reason}',
      releasedAt: '簽發時間',
      subjectSection: '受試者與申請方',
      subject: '受試者編號 / 姓名',
      subjectInitials: '受試者編號 / 姓名縮寫',
      visit: '訪視',
      project: '項目',
      site: '研究中心（申請方）',
      sponsor: '申辦方',
      requestedBy: '檢測申請錄入',
      specimenSection: '樣本',
      barcode: '樣本條碼',
      sampleType: '樣本類型',
      collectedAt: '採樣時間',
      receivedAt: '實驗室接收時間',
      results: '檢測結果',
      code: '代碼',
      item: '檢測項目',
      result: '結果',
      unit: '單位',
      range: '生物參考區間',
      flag: '提示',
      method: '檢測方法',
      flag_H: '↑ 偏高',
      flag_L: '↓ 偏低',
      flag_A: '異常',
      changes: '與第 {prior} 版相比的更改',
      before: '原結果',
      after: '更正後結果',
      comments: '備註',
      authorisation: '審核與簽發',
      role_review: '審核',
      role_release: '簽發',
      role_approveRevision: '更正審核並簽發',
      role_projectApprove: '項目審核批准',
      digest: '簽名內容摘要（SHA-256）：{hash}',
      end: '— 報告完 —',
    },
  },
  draw(w, r, t) {
    const name = (x: { name: string; enName: string }) => localName(x, w.lang);
    const prior = r.replaces?.revision ?? r.revision - 1;
    const corrected = r.revision > 0;
    w.fields([
      [t.reportNo, r.reportNo],
      [
        t.status,
        fill(corrected ? t.corrected : t.final, { revision: r.revision, prior: Math.max(prior, 0) }),
      ],
      [t.releasedAt, w.time.minutes(r.releasedAt)],
    ]);
    if (corrected) {
      w.paragraph(
        fill(t.correctedNotice, { reportNo: r.reportNo, prior, reason: r.revisionReason ?? '-' }),
        'warning',
      );
    }

    w.heading(t.subjectSection);
    w.fields(
      [
        r.siteCopy
          ? [t.subjectInitials, `${r.subjectNo} ${initialsOf(r.subjectName)}`]
          : [t.subject, `${r.subjectNo} ${r.subjectName}`],
        [t.visit, r.visit],
        [t.project, `${r.projectNo} ${localName({ name: r.projectName, enName: r.projectEnName }, w.lang)}`],
        [t.site, `${r.siteNo} ${r.siteName}`],
        [t.sponsor, r.sponsor],
        [
          t.requestedBy,
          r.requestedByName && [r.requestedByName, w.time.minutes(r.requestedAt)].filter(Boolean).join(', '),
        ],
      ],
      3,
    );
    w.heading(t.specimenSection);
    w.fields(
      [
        [t.barcode, r.barcode],
        [t.sampleType, r.sampleType && localName({ name: r.sampleType, enName: r.sampleTypeEn }, w.lang)],
        [t.collectedAt, w.time.minutes(r.samplingTime)],
        [t.receivedAt, w.time.minutes(r.receivedAt)],
      ],
      4,
    );

    if (r.replaces) {
      const changes = resultChanges(r.replaces.results, r.results);
      w.heading(fill(t.changes, { prior }));
      w.table({
        columns: [
          { header: t.item, width: 3 },
          { header: t.before, width: 2 },
          { header: t.after, width: 2 },
        ],
        rows: changes.map((c) => [`${c.code} ${name(c)}`, c.before, c.after]),
      });
    }

    w.heading(t.results);
    // The method column only where some item has one.
    const withMethod = r.results.some((x) => x.method);
    const flagText = { H: t.flag_H, L: t.flag_L, A: t.flag_A } as const;
    w.table({
      columns: [
        { header: t.code, width: 1 },
        { header: t.item, width: 2.3 },
        { header: t.result, width: 1.1, align: 'right' },
        { header: t.unit, width: 1 },
        { header: t.range, width: 1.9 },
        { header: t.flag, width: 1 },
        ...(withMethod ? [{ header: t.method, width: 1.6 }] : []),
      ],
      rows: r.results.map((x) => [
        x.code,
        name(x),
        x.value,
        x.unit,
        x.referenceRange,
        x.flag ? flagText[x.flag] : '',
        ...(withMethod ? [x.method ?? ''] : []),
      ]),
      bold: (i) => Boolean(r.results[i]?.flag),
    });

    const remarks = r.results.filter((x) => x.remark);
    if (remarks.length > 0) {
      w.heading(t.comments);
      w.paragraph(remarks.map((x) => `${x.code} ${name(x)}: ${x.remark}`).join('\n'));
    }

    w.heading(t.authorisation);
    const roles: Record<string, string> = {
      review: t.role_review,
      release: t.role_release,
      approveRevision: t.role_approveRevision,
      projectApprove: t.role_projectApprove,
    };
    const role = (action: string) => roles[action] ?? action;
    w.signatures(
      r.signatures.map((s) => ({
        role: role(s.action),
        name: s.signerName,
        meaning: s.meaning,
        at: w.time.dateTime(s.signedAt),
      })),
    );
    w.paragraph(`${fill(t.digest, { hash: r.contentHash ?? '-' })}\n${t.end}`, 'muted');
  },
});
