// Demo data of the account requests and shared documents: one request waiting for review and two
// documents shared with the sites of KM-2026-002. Clearly synthetic people, numbers and files.
import { and, eq } from 'drizzle-orm';
import type { Transaction } from '../db/client.js';
import * as s from '../db/schema.js';
import * as a from '../db/schema-portal-admin.js';
import type { FileStore } from '../lib/file-store.js';
import { recordEvent } from '../lib/workflow.js';
import { demoUser } from './lookups.js';

/** A one-page PDF saying what it is (enough for the viewer; the content is synthetic). */
export function demoPdf(title: string): Buffer {
  const text = `BT /F1 18 Tf 72 720 Td (${title.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

export async function seedPortalAdminDemo(tx: Transaction, now: Date, store: FileStore): Promise<void> {
  const userId = async (mobile: string) => (await demoUser(tx, mobile))?.id;
  const site = async (projectNo: string, centerNo: string) =>
    (
      await tx
        .select({ id: s.sites.id, projectId: s.sites.projectId })
        .from(s.sites)
        .innerJoin(s.projects, eq(s.projects.id, s.sites.projectId))
        .where(and(eq(s.projects.projectNo, projectNo), eq(s.sites.centerNo, centerNo)))
    )[0];
  const lab = await userId('13800000001');
  const lin = await userId('13900000002');
  const [role] = await tx.select({ id: s.roles.id }).from(s.roles).where(eq(s.roles.code, 'external_site'));
  const site1 = await site('KM-2026-002', '01');
  if (!lab || !lin || !role || !site1) return;
  const event = (workflow: string, recordId: number, action: string, toState: string, user: number) =>
    recordEvent(tx, { workflow, recordId, action, fromState: null, toState, userId: user, at: now });

  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  const [application] = await tx
    .insert(a.accountApplications)
    .values({
      applicationNo: `UA${day}DEMO1`,
      status: 'submitted',
      name: '郑助理',
      mobile: '13900000201',
      email: 'site01-crc@hospital.example',
      roleId: role.id,
      purpose: 'CRC',
      reason: '新到岗临床研究协调员，负责耗材申请与样本运输预约',
      grants: [{ projectId: site1.projectId, siteId: site1.id }],
      applicantId: lin,
      applyTime: now,
    })
    .returning({ id: a.accountApplications.id });
  if (application) await event('accountApplication', application.id, 'submit', 'submitted', lin);

  const documents: Array<{
    kind: 'original' | 'public';
    siteId: number | null;
    title: string;
    file: string;
  }> = [
    {
      kind: 'public',
      siteId: null,
      title: '样本运输操作指南（演示）',
      file: 'sample-shipping-guide-demo.pdf',
    },
    {
      kind: 'original',
      siteId: site1.id,
      title: '中心01 样本接收原始记录（演示）',
      file: 'site01-receipt-record-demo.pdf',
    },
  ];
  for (const [i, d] of documents.entries()) {
    const content = demoPdf(d.file);
    const [file] = await tx
      .insert(s.files)
      .values({
        name: d.file,
        mime: 'application/pdf',
        size: content.length,
        sha256: await store.put(content),
        uploadedBy: lab,
      })
      .returning({ id: s.files.id });
    if (!file) continue;
    const [doc] = await tx
      .insert(a.sharedDocuments)
      .values({
        docNo: `${d.kind === 'original' ? 'OR' : 'PR'}${day}DEMO${i + 1}`,
        kind: d.kind,
        projectId: site1.projectId,
        siteId: d.siteId,
        title: d.title,
        status: 'active',
        createdBy: lab,
        createdAt: now,
      })
      .returning({ id: a.sharedDocuments.id });
    if (!doc) continue;
    await tx
      .insert(a.sharedDocumentRevisions)
      .values({ documentId: doc.id, revision: 1, fileId: file.id, uploadedBy: lab, at: now });
    await event(`sharedDocument.${d.kind}`, doc.id, 'share', 'active', lab);
  }
}
