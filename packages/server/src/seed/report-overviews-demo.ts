// Demo for the overviews (report-manage project-overview, testitem-overview): four specimens of a
// subject of its own at KM-2026-001 site 02 signed for and reported around the 2026 holidays, so the turnaround columns
// tell a story in working days: one through the National Day week, one through the Spring Festival,
// one the next working day, and one still open past its target.
import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Transaction } from '../db/client.js';
import * as s from '../db/schema.js';
import { labReportResults, labReports, labSubjects } from '../db/schema-lab.js';
import { specimenBarcodes } from '../db/schema-specimen.js';

/** Barcode, signed for, released (null: results entered, not released), at 10:00 and 16:00 Beijing time. */
export const OVERVIEW_DEMO: ReadonlyArray<[string, string, string | null]> = [
  ['OVW-0001', '2026-09-30', '2026-10-09'],
  ['OVW-0002', '2026-10-12', '2026-10-13'],
  ['OVW-0003', '2026-02-13', '2026-02-24'],
  ['OVW-0004', '2026-11-02', null],
];
/** The subject the demo's specimens come from (its own: other demos' subjects keep their counts). */
export const OVERVIEW_DEMO_SUBJECT = 'S-002-OVW1';
/** Each specimen's tests (test-items demo: CBC 24 h target, LFT 48 h). */
const ITEMS = ['CBC', 'LFT'];

export async function seedReportOverviewsDemo(tx: Transaction): Promise<void> {
  const [site] = await tx
    .select({ id: s.sites.id, projectId: s.sites.projectId })
    .from(s.sites)
    .innerJoin(s.projects, eq(s.projects.id, s.sites.projectId))
    .where(and(eq(s.projects.projectNo, 'KM-2026-001'), eq(s.sites.centerNo, '02')));
  const [technician] = await tx
    .select({ id: s.users.id })
    .from(s.users)
    .where(eq(s.users.mobile, '13800000001'));
  const items = await tx
    .select({ id: s.testItems.id })
    .from(s.testItems)
    .where(inArray(s.testItems.code, ITEMS));
  if (!site || !technician || items.length === 0) return;
  const at = (day: string, time: string) => new Date(`${day}T${time}:00+08:00`);
  const [subject] = await tx
    .insert(labSubjects)
    .values({
      projectId: site.projectId,
      siteId: site.id,
      subjectNo: OVERVIEW_DEMO_SUBJECT,
      name: '示例受试者（周转时间）',
      gender: '1',
      birthday: '1978-03-01',
      cardType: 'B',
      cardNoMasked: '310***********0821',
      cardNoHash: createHash('sha256').update(`demo-subject-${OVERVIEW_DEMO_SUBJECT}`).digest('hex'),
      faceConfidence: 90,
      faceThreshold: 60,
      status: 'approved',
      createdBy: technician.id,
      createdAt: at('2026-02-10', '09:00'),
      reviewedBy: technician.id,
      reviewedAt: at('2026-02-10', '10:00'),
    })
    .returning({ id: labSubjects.id });
  if (!subject) return;
  for (const [code, signed, released] of OVERVIEW_DEMO) {
    await tx.insert(specimenBarcodes).values({
      code,
      projectId: site.projectId,
      siteId: site.id,
      subjectId: subject.id,
      visit: 'V1',
      status: 'signed',
      signedAt: at(signed, '10:00'),
      createdBy: technician.id,
      createdAt: at(signed, '09:00'),
    });
    const [report] = await tx
      .insert(labReports)
      .values({
        reportNo: `R-${code}`,
        projectId: site.projectId,
        siteId: site.id,
        subjectId: subject.id,
        barcode: code,
        visit: 'V1',
        status: released ? 'released' : 'entered',
        createdBy: technician.id,
        createdAt: at(released ?? signed, '14:00'),
        releasedAt: released ? at(released, '16:00') : null,
      })
      .returning({ id: labReports.id });
    if (!report) continue;
    await tx
      .insert(labReportResults)
      .values(items.map((item, i) => ({ reportId: report.id, testItemId: item.id, value: String(5 + i) })));
  }
}
