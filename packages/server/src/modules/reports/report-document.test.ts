import type { Lang } from '@trialab/api-contract';
import { describe, expect, it } from 'vitest';
import { expectLooksLike, expectPaged } from '../../../test/document-check.js';
import { pdfPages } from '../../../test/pdf-text.js';
import { type PrintContext, renderDocument } from '../../documents/document.js';
import { DEMO_LAB_PROFILE } from '../../documents/lab-profile.js';
import { zonedTime } from '../../lib/time-zone.js';
import { type ReportDocumentData, reportDocument, resultChanges } from './report-document.js';

const NOW = new Date('2026-03-02T08:30:00Z');

function context(lang: Lang, timeZone = 'Asia/Shanghai'): PrintContext {
  return {
    lang,
    time: zonedTime({ timeZone, lang: lang === 'en_US' ? 'en_US' : 'zh_CN', now: NOW }),
    now: NOW,
    lab: DEMO_LAB_PROFILE,
  };
}

/** Result `i` (1-based): a unique code and value; every seventh one high, with a method on the even ones. */
function result(i: number, value = `${i}.5`) {
  const code = `T${String(i).padStart(3, '0')}`;
  return {
    testItemId: i,
    code,
    name: `项目${i}`,
    enName: `Item ${i}`,
    value,
    unit: 'mmol/L',
    referenceRange: '0-1000',
    flag: i % 7 === 0 ? ('H' as const) : null,
    remark: i === 3 ? 'haemolysed, repeated' : null,
    method: i % 2 === 0 ? 'Enzymatic' : null,
  };
}

function report(count: number, patch: Partial<ReportDocumentData> = {}): ReportDocumentData {
  return {
    id: 7,
    reportNo: 'RPT-20260302-000007',
    revision: 0,
    revisionOf: null,
    revisionReason: null,
    projectId: 1,
    projectNo: 'KM-2026-001',
    projectName: 'Phase II trial',
    projectEnName: null,
    sponsor: 'Acme Pharma',
    siteNo: '01',
    siteName: 'Site One',
    subjectId: 3,
    subjectNo: 'S-001',
    subjectName: 'ZS',
    barcode: 'BC-0001',
    visit: 'V1',
    samplingTime: '2026-03-01T01:15:00Z',
    receivedAt: '2026-03-01T06:40:00Z',
    sampleType: '血清',
    sampleTypeEn: 'Serum',
    requestedByName: '李实验',
    requestedAt: '2026-03-01T07:00:00Z',
    status: 'released',
    projectReview: null,
    abnormal: true,
    createdBy: 2,
    createdByName: '李实验',
    createdAt: '2026-03-01T09:00:00Z',
    reviewedByName: '王审核',
    reviewedAt: '2026-03-02T02:00:00Z',
    releasedByName: '王审核',
    releasedAt: '2026-03-02T03:00:00Z',
    returnReason: null,
    contentHash: 'a'.repeat(64),
    hasPdf: false,
    version: 3,
    results: Array.from({ length: count }, (_, i) => result(i + 1)),
    signatures: [
      {
        action: 'review',
        meaning: 'Reviewed: results checked',
        signerName: '王审核',
        signedAt: '2026-03-02T02:00:00Z',
        contentHash: 'a'.repeat(64),
      },
      {
        action: 'release',
        meaning: 'Released: report approved for release',
        signerName: '王审核',
        signedAt: '2026-03-02T03:00:00Z',
        contentHash: 'a'.repeat(64),
      },
    ],
    versions: [{ id: 7, revision: 0, status: 'released' }],
    replaces: null,
    siteCopy: false,
    ...patch,
  };
}

/** Version 1 correcting version 0: item 2 changed, item 3 removed, item 4 added. */
const correctedReport = () =>
  report(0, {
    revision: 1,
    revisionOf: 6,
    revisionReason: 'transcription error',
    results: [result(1), result(2, '9.9'), result(4)],
    replaces: { revision: 0, results: [result(1), result(2), result(3)] },
    signatures: [
      {
        action: 'approveRevision',
        meaning: 'Revision approved: corrected report released',
        signerName: '王审核',
        signedAt: '2026-03-02T03:00:00Z',
        contentHash: 'a'.repeat(64),
      },
    ],
  });

const occurrences = (pages: string[][], text: string) => pages.flat().filter((run) => run === text).length;

describe('laboratory report document', () => {
  it('lays out 60 results over pages: each row once, the header on every page, page x of y', async () => {
    const data = report(60);
    const pages = await pdfPages(await renderDocument(reportDocument, data, context('en_US')));
    expect(pages.length).toBeGreaterThan(1);
    expectPaged(pages, 'en_US', {
      header: ['Code', 'Examination', 'Result', 'Unit', 'Reference interval', 'Flag', 'Method'],
      rows: data.results.map((r) => r.code),
    });
    expect(pages.filter((page) => data.results.some((r) => page.includes(r.code))).length).toBeGreaterThan(1);
    const text = pages.flat();
    // ISO 15189 7.4.1.6 contents: lab, subject and origin, requester, specimen, status, signatures.
    for (const expected of [
      'Trialab Central Laboratory',
      'S-001 ZS',
      'KM-2026-001 Phase II trial',
      '01 Site One',
      'Acme Pharma',
      '李实验, 2026-03-01 15:00',
      'Serum',
      '2026-03-01 09:15',
      '2026-03-01 14:40',
      'Final report (version 0)',
      '↑ High',
      'Enzymatic',
      'T003 Item 3: haemolysed, repeated',
      'Signed by: 王审核',
      'Meaning: Released: report approved for release',
      'Signed at: 2026-03-02 11:00:00',
      '— End of report —',
    ])
      expect(text, expected).toContain(expected);
    expect(text.some((run) => run.includes('a'.repeat(64)))).toBe(true);
    expect(occurrences(pages, '↑ High')).toBe(8);
  });

  it('numbers pages in Chinese, prints names, flags and times in the reader language and zone', async () => {
    const pages = await pdfPages(
      await renderDocument(reportDocument, report(60), context('zh_CN', 'America/New_York')),
    );
    expectPaged(pages, 'zh_CN', {
      header: ['代码', '检测项目', '结果', '单位', '生物参考区间', '提示', '检测方法'],
      rows: report(60).results.map((r) => r.code),
    });
    const text = pages.flat();
    expect(text).toContain('项目7');
    expect(text).toContain('↑ 偏高');
    expect(text).toContain('血清');
    expect(text).toContain('最终报告（第 0 版）');
    // Collected 01:15 UTC is the evening before in New York.
    expect(text).toContain('2026-02-28 20:15');
    const hk = await pdfPages(await renderDocument(reportDocument, report(3), context('zh_HK')));
    expectPaged(hk, 'zh_HK');
    expect(hk.flat()).toContain('檢測報告');
  });

  it('names the version a corrected report replaces, the reason and each changed value', async () => {
    const pages = await pdfPages(await renderDocument(reportDocument, correctedReport(), context('en_US')));
    const text = pages.flat().join('\n');
    expect(text).toContain('Corrected report (version 1), replaces version 0');
    expect(text).toContain('Reason for the correction: transcription error');
    expect(text).toContain('Changes from version 0');
    const lines = pages.flat();
    const changed = lines.indexOf('T002 Item 2');
    expect(lines.slice(changed, changed + 3)).toEqual(['T002 Item 2', '2.5 mmol/L', '9.9 mmol/L']);
    const removed = lines.indexOf('T003 Item 3');
    expect(lines.slice(removed, removed + 3)).toEqual(['T003 Item 3', '3.5 mmol/L', '-']);
    const added = lines.indexOf('T004 Item 4');
    expect(lines.slice(added, added + 3)).toEqual(['T004 Item 4', '-', '4.5 mmol/L']);
    expect(lines).not.toContain('T001 Item 1');
  });

  it('names the subject by number and initials on the sites copy, by full name on the lab copy', async () => {
    const approved = {
      action: 'projectApprove',
      meaning: 'Project review: report approved for release to the site',
      signerName: '赵项目',
      signedAt: '2026-03-03T03:00:00Z',
      contentHash: 'a'.repeat(64),
    };
    const data = report(3, { subjectName: '张三丰', signatures: [approved] });
    const site = (
      await pdfPages(await renderDocument(reportDocument, { ...data, siteCopy: true }, context('en_US')))
    ).flat();
    expect(site).toContain('S-001 ZSF');
    expect(site).toContain('Subject no. / initials');
    expect(site.some((run) => run.includes('张三丰'))).toBe(false);
    // The project's approval signature is printed with its meaning.
    expect(site).toContain('Approved by the project');
    expect(site.join(' ')).toContain('Meaning: Project review: report approved for release to the site');
    const lab = (await pdfPages(await renderDocument(reportDocument, data, context('zh_CN')))).flat();
    expect(lab).toContain('S-001 张三丰');
    expect(lab).toContain('项目审核批准');
  });

  it('lists only results whose value or unit changed', () => {
    expect(resultChanges([result(1), result(2)], [result(1), { ...result(2), unit: 'g/L' }])).toEqual([
      { code: 'T002', name: '项目2', enName: 'Item 2', before: '2.5 mmol/L', after: '2.5 g/L' },
    ]);
  });

  it.each(['zh_CN', 'en_US'] as const)('looks like its reviewed references (%s)', async (lang) => {
    await expectLooksLike(
      await renderDocument(reportDocument, report(60), context(lang)),
      `lab-report-${lang}`,
    );
    await expectLooksLike(
      await renderDocument(reportDocument, correctedReport(), context(lang)),
      `lab-report-corrected-${lang}`,
    );
  });
});
