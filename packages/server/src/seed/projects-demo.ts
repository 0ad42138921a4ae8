import { eq, inArray } from 'drizzle-orm';
import type { Transaction } from '../db/client.js';
import * as s from '../db/schema.js';
import {
  grantStaff,
  replaceChildren,
  updateProject,
  updateProjectStatus,
} from '../modules/projects/repository.js';

/** The demo projects' records: protocol numbers, managers, dates, groups, contacts and states. */
const RECORDS = [
  {
    projectNo: 'KM-2026-001',
    protocolNo: 'HK-ONC-2025-07',
    status: 2,
    startDays: -120,
    endDays: 600,
    description: '晚期实体瘤患者外周血生物标志物的纵向检测。',
    groups: [
      ['A', '试验组（HK-101 200 mg）'],
      ['B', '对照组（标准治疗）'],
    ],
    contacts: [
      ['周明', '申办方项目经理', '13911110001', 'zhou.ming@huakang.example'],
      ['吴敏', 'CRA', '13911110002', 'wu.min@huakang.example'],
    ],
  },
  {
    projectNo: 'KM-2026-002',
    protocolNo: 'AS-VAC-2026-01',
    status: 2,
    startDays: -60,
    endDays: 300,
    description: '两剂次接种后的中和抗体与细胞免疫应答。',
    groups: [
      ['V1', '低剂量组'],
      ['V2', '高剂量组'],
      ['P', '安慰剂组'],
    ],
    contacts: [['郑华', '医学监查员', '13922220001', 'zheng.hua@ansheng.example']],
  },
  {
    projectNo: 'KM-2026-003',
    protocolNo: null,
    status: 1,
    startDays: 30,
    endDays: 720,
    description: '方案定稿中，中心启动前准备。',
    groups: [['T', '试验组']],
    contacts: [['冯静', '申办方联系人', '13933330001', null]],
  },
] as const;

const day = (now: Date, days: number) =>
  new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);

export async function seedProjectsDemo(tx: Transaction, now: Date): Promise<void> {
  const managers = await tx
    .select({ id: s.users.id, username: s.users.username })
    .from(s.users)
    .where(inArray(s.users.username, ['张项目', '超级管理员']));
  const primary = managers.find((m) => m.username === '张项目')?.id;
  const backup = managers.find((m) => m.username === '超级管理员')?.id ?? null;
  if (primary === undefined) return;
  for (const r of RECORDS) {
    const [row] = await tx
      .select({
        id: s.projects.id,
        name: s.projects.name,
        enName: s.projects.enName,
        sponsor: s.projects.sponsor,
        version: s.projects.version,
      })
      .from(s.projects)
      .where(eq(s.projects.projectNo, r.projectNo));
    if (!row) continue;
    const values = {
      projectNo: r.projectNo,
      name: row.name,
      enName: row.enName,
      sponsor: row.sponsor,
      protocolNo: r.protocolNo,
      managerId: primary,
      backupManagerId: backup,
      startDate: day(now, r.startDays),
      endDate: day(now, r.endDays),
      description: r.description,
    };
    // The demo's manager set the records up (the to-do list names who created a waiting record).
    await tx.update(s.projects).set({ createdBy: primary }).where(eq(s.projects.id, row.id));
    const next = await updateProject(tx, row.id, row.version, values);
    if (next && r.status !== 1) await updateProjectStatus(tx, row.id, next.version, r.status);
    await replaceChildren(
      tx,
      row.id,
      {
        sites: [],
        groups: r.groups.map(([code, name]) => ({ code, name })),
        contacts: r.contacts.map(([name, role, phone, email]) => ({ name, role, phone, email })),
      },
      [],
    );
    await grantStaff(tx, row.id, [primary]);
  }
}
