// Released reports of the site with a demo portal user (SEED_DEMO): an approved subject of site 01 of
// KM-2026-001 (S-001-0103) with two released reports, one of them revised (v0 superseded by v1),
// entered, signed and rendered the way the laboratory's flow stores them, so 陈中心 (13900000001)
// finds reports on /web/quick and /web/report-search after `npm start`. Synthetic people and numbers.
import { createHash } from 'node:crypto';
import { SIGNATURE_MEANINGS } from '@trialab/api-contract';
import { and, eq } from 'drizzle-orm';
import type { Transaction } from '../db/client.js';
import * as s from '../db/schema.js';
import {
  labReportResults,
  labReports,
  labSignatures,
  labSubjects,
  testItemSettings,
} from '../db/schema-lab.js';
import { renderDocument } from '../documents/document.js';
import { DEMO_LAB_PROFILE } from '../documents/lab-profile.js';
import type { FileStore } from '../lib/file-store.js';
import { zonedTime } from '../lib/time-zone.js';
import { resultFlag } from '../modules/reports/flags.js';
import { reportDocument } from '../modules/reports/report-document.js';
import { contentHash, findReport, reportDetail, reportDocumentData } from '../modules/reports/repository.js';

export const SITE_REPORT_BARCODES = ['BC-DEMO-0001', 'BC-DEMO-0002'] as const;
const HOUR = 3_600_000;

export async function seedSiteReportsDemo(tx: Transaction, now: Date, store: FileStore): Promise<void> {
  const first = async <T>(rows: Promise<T[]>) => (await rows)[0];
  const userId = async (mobile: string) =>
    (await first(tx.select({ id: s.users.id }).from(s.users).where(eq(s.users.mobile, mobile))))?.id;
  const technician = await userId('13800000001');
  const reviewer = await userId('13800000002');
  const site = await first(
    tx
      .select({ id: s.sites.id, projectId: s.sites.projectId })
      .from(s.sites)
      .innerJoin(s.projects, eq(s.projects.id, s.sites.projectId))
      .where(and(eq(s.projects.projectNo, 'KM-2026-001'), eq(s.sites.centerNo, '01'))),
  );
  if (technician === undefined || reviewer === undefined || !site) throw new Error('demo data missing');

  const [subject] = await tx
    .insert(labSubjects)
    .values({
      projectId: site.projectId,
      siteId: site.id,
      subjectNo: 'S-001-0103',
      name: '示例受试者甲',
      gender: '2',
      birthday: '1980-01-01',
      cardType: 'B',
      cardNoMasked: '110***********0000',
      cardNoHash: createHash('sha256').update('demo-subject-S-001-0103').digest('hex'),
      faceConfidence: 91,
      faceThreshold: 60,
      status: 'approved',
      createdBy: technician,
      createdAt: new Date(now.getTime() - 10 * 24 * HOUR),
      reviewedBy: reviewer,
      reviewedAt: new Date(now.getTime() - 10 * 24 * HOUR + HOUR),
    })
    .returning({ id: labSubjects.id });
  if (!subject) return;

  const settings = await tx
    .select({
      id: s.testItems.id,
      code: s.testItems.code,
      unit: testItemSettings.unit,
      referenceRange: testItemSettings.referenceRange,
    })
    .from(s.testItems)
    .innerJoin(testItemSettings, eq(testItemSettings.testItemId, s.testItems.id));
  const item = (code: string) => settings.find((i) => i.code === code);

  /** Enters, reviews and releases one report version the way the lab screens do (signatures, PDF). */
  const release = async (
    reportNo: string,
    revision: number,
    barcode: string,
    visit: string,
    values: Array<[string, string]>,
    at: Date,
    revisionOf: number | null,
    revisionReason: string | null,
  ) => {
    const [row] = await tx
      .insert(labReports)
      .values({
        reportNo,
        revision,
        revisionOf,
        revisionReason,
        projectId: site.projectId,
        siteId: site.id,
        subjectId: subject.id,
        barcode,
        visit,
        samplingTime: new Date(at.getTime() - 48 * HOUR),
        status: 'released',
        createdBy: technician,
        createdAt: new Date(at.getTime() - 4 * HOUR),
        reviewedBy: reviewer,
        reviewedAt: new Date(at.getTime() - HOUR),
        releasedBy: reviewer,
        releasedAt: at,
      })
      .returning({ id: labReports.id });
    if (!row) return undefined;
    for (const [code, value] of values) {
      const setting = item(code);
      if (!setting) continue;
      await tx.insert(labReportResults).values({
        reportId: row.id,
        testItemId: setting.id,
        value,
        unit: setting.unit,
        referenceRange: setting.referenceRange,
        flag: resultFlag(value, setting.referenceRange, 'numeric'),
      });
    }
    const record = await findReport(tx, row.id);
    if (!record) return undefined;
    const hash = contentHash(await reportDetail(tx, record));
    const sign = (action: 'review' | 'release', signedAt: Date) => ({
      entity: 'labReport',
      entityId: row.id,
      action,
      meaning: SIGNATURE_MEANINGS[action].zh_CN,
      userId: reviewer,
      signerName: '王审核',
      signedAt,
      contentHash: hash,
    });
    await tx
      .insert(labSignatures)
      .values([sign('review', new Date(at.getTime() - HOUR)), sign('release', at)]);
    await tx.update(labReports).set({ contentHash: hash }).where(eq(labReports.id, row.id));
    // The PDF as the release renders it (modules/reports), kept as a file.
    const released = await findReport(tx, row.id);
    if (!released) return undefined;
    const time = zonedTime({ timeZone: 'Asia/Shanghai', lang: 'zh_CN', now: at });
    const pdf = await renderDocument(reportDocument, await reportDocumentData(tx, released), {
      lang: 'zh_CN',
      time,
      now: at,
      lab: DEMO_LAB_PROFILE,
    });
    const [file] = await tx
      .insert(s.files)
      .values({
        name: `${reportNo}-v${revision}.pdf`,
        mime: 'application/pdf',
        size: pdf.length,
        sha256: await store.put(pdf),
        uploadedBy: reviewer,
      })
      .returning({ id: s.files.id });
    if (file) await tx.update(labReports).set({ pdfFileId: file.id }).where(eq(labReports.id, row.id));
    return row.id;
  };

  const day = 24 * HOUR;
  await release(
    'RPT-DEMO-0001',
    0,
    SITE_REPORT_BARCODES[0],
    '基线 V1',
    [
      ['LFT', '52'],
      ['RFT', '88'],
      ['LIPID', '4.6'],
    ],
    new Date(now.getTime() - 6 * day),
    null,
    null,
  );
  // A revised report: version 0 superseded by version 1 (the corrected HbA1c value).
  const original = await release(
    'RPT-DEMO-0002',
    0,
    SITE_REPORT_BARCODES[1],
    '第4周 V2',
    [
      ['HBA1C', '65'],
      ['LFT', '31'],
    ],
    new Date(now.getTime() - 4 * day),
    null,
    null,
  );
  if (original !== undefined) {
    await tx.update(labReports).set({ status: 'superseded' }).where(eq(labReports.id, original));
    await release(
      'RPT-DEMO-0002',
      1,
      SITE_REPORT_BARCODES[1],
      '第4周 V2',
      [
        ['HBA1C', '6.5'],
        ['LFT', '31'],
      ],
      new Date(now.getTime() - 3 * day),
      original,
      '糖化血红蛋白小数点录入错误，更正为6.5',
    );
  }
}
