// Demo of the project's report review: KM-2026-003 reviews its reports, two released lab reports
// wait for the project manager, one was returned to the lab (it shows as returned there), and the
// manager uploaded two manual reports (one approved by the backup manager, one awaiting review). Written through the module's
// repository after the lab demo (seedWorkflowDemo) and audited as the people did it.
import { and, eq, inArray } from 'drizzle-orm';
import type { Transaction } from '../db/client.js';
import * as s from '../db/schema.js';
import { labReports } from '../db/schema-lab.js';
import { appendAudit } from '../lib/audit.js';
import type { FileStore } from '../lib/file-store.js';
import { findReport } from '../modules/reports/repository.js';
import { insertProjectReport, setReportSettings } from '../services/report-review.js';
import { demoPdf } from './portal-admin-demo.js';

const DAY = 86_400_000;
const RETURN_REASON = '报告中访视名称与方案不一致，请核对后重新发布';

/** [report no, subject, visit, title, days ago uploaded, approved] */
const MANUAL: Array<[string, string, string, string, number, boolean]> = [
  ['MR-DEMO-0001', 'S-003-0001', '基线 V1', '外送病理报告（胃镜活检）', 12, true],
  ['MR-DEMO-0002', 'S-003-0002', '第4周 V2', '外送影像学报告（腹部CT）', 2, false],
];

export async function seedProjectReportsDemo(tx: Transaction, now: Date, files: FileStore): Promise<void> {
  const people = await tx
    .select({ id: s.users.id, username: s.users.username, mobile: s.users.mobile })
    .from(s.users)
    .where(inArray(s.users.mobile, ['13800000000', '13800000003']));
  const admin = people.find((p) => p.mobile === '13800000000');
  const pm = people.find((p) => p.mobile === '13800000003');
  const [project] = await tx.select().from(s.projects).where(eq(s.projects.projectNo, 'KM-2026-003'));
  if (!admin || !pm || !project) return;
  const [site] = await tx.select().from(s.sites).where(eq(s.sites.projectId, project.id)).limit(1);
  if (!site) return;
  const actor = (who: { id: number; username: string }, at: Date) => ({
    at,
    userId: who.id,
    username: who.username,
    requestId: null,
    workstation: null,
    ip: null,
  });
  await setReportSettings(tx, project.id, { reportReview: true, siteSubjectName: false });

  // The project's released lab reports, oldest first: the first was returned, the others wait.
  const released = await tx
    .select({ id: labReports.id, releasedBy: labReports.releasedBy })
    .from(labReports)
    .where(and(eq(labReports.projectId, project.id), eq(labReports.status, 'released')))
    .orderBy(labReports.releasedAt)
    .limit(3);
  for (const [index, { id: reportId, releasedBy }] of released.entries()) {
    const report = await findReport(tx, reportId);
    if (!report) continue;
    const at = new Date(report.releasedAt ?? now.toISOString());
    const returned = index === 0;
    const reviewedAt = new Date(at.getTime() + DAY);
    const id = await insertProjectReport(tx, {
      kind: 'lab',
      labReportId: report.id,
      projectId: report.projectId,
      siteId: report.siteId,
      reportNo: report.reportNo,
      revision: report.revision,
      subjectNo: report.subjectNo,
      visit: report.visit,
      status: returned ? 'returned' : 'pending',
      reason: returned ? RETURN_REASON : null,
      createdBy: releasedBy ?? admin.id,
      createdAt: at,
      reviewedBy: returned ? pm.id : null,
      reviewedAt: returned ? reviewedAt : null,
      version: returned ? 2 : 1,
    });
    if (!returned) continue;
    await tx
      .update(labReports)
      .set({ status: 'returned', returnReason: RETURN_REASON, version: report.version + 1 })
      .where(eq(labReports.id, report.id));
    await appendAudit(tx, actor(pm, reviewedAt), [
      {
        action: 'projectReport.return',
        entity: 'projectReport',
        entityId: id,
        oldValue: { status: 'pending' },
        newValue: { status: 'returned' },
        reason: RETURN_REASON,
      },
      {
        action: 'report.projectReturn',
        entity: 'labReport',
        entityId: report.id,
        oldValue: { status: 'released' },
        newValue: { status: 'returned' },
        reason: RETURN_REASON,
      },
    ]);
  }

  for (const [reportNo, subjectNo, visit, title, days, approved] of MANUAL) {
    const at = new Date(now.getTime() - days * DAY);
    const pdf = demoPdf(reportNo);
    const [file] = await tx
      .insert(s.files)
      .values({
        name: `${title}.pdf`,
        mime: 'application/pdf',
        size: pdf.length,
        sha256: await files.put(pdf),
        uploadedBy: pm.id,
      })
      .returning({ id: s.files.id });
    if (!file) continue;
    const values = {
      projectId: project.id,
      siteId: site.id,
      reportNo,
      subjectNo,
      visit,
      title,
      reportDate: new Date(at.getTime() - DAY).toISOString().slice(0, 10),
      fileId: file.id,
    };
    const reviewedAt = new Date(at.getTime() + DAY / 2);
    const id = await insertProjectReport(tx, {
      ...values,
      kind: 'manual',
      status: approved ? 'approved' : 'pending',
      createdBy: pm.id,
      createdAt: at,
      reviewedBy: approved ? admin.id : null,
      reviewedAt: approved ? reviewedAt : null,
      version: approved ? 2 : 1,
    });
    await appendAudit(tx, actor(pm, at), [
      { action: 'manualReports.create', entity: 'projectReport', entityId: id, newValue: values },
    ]);
    if (approved)
      await appendAudit(tx, actor(admin, reviewedAt), [
        {
          action: 'projectReport.approve',
          entity: 'projectReport',
          entityId: id,
          oldValue: { status: 'pending' },
          newValue: { status: 'approved' },
        },
      ]);
  }
}
