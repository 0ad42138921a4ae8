// Demo data of the customer self-service portal (/web): a second site user, plan kits and their
// supply confirmation, address books, clarification queries. Clearly synthetic people and numbers.
import { and, eq } from 'drizzle-orm';
import type { Transaction } from '../db/client.js';
import * as s from '../db/schema.js';
import * as p from '../db/schema-portal.js';
import { recordEvent } from '../lib/workflow.js';
import { hashPassword } from '../services/identity/passwords.js';
import { DEMO_PASSWORD } from './demo-data.js';
import { demoUser } from './lookups.js';

/** Site users of the portal demo besides 陈中心 and 林中心 (demo-data.ts). */
export const PORTAL_DEMO_USERS = [
  {
    username: '何研究',
    mobile: '13900000003',
    email: 'site01-pi@hospital.example',
    sites: { 'KM-2026-001': ['01'] },
  },
] as const;

/** Kits per project: name, delivery model (dict 1016), items [name, size, vendor, unit, qty/kit, scope]. */
export const PORTAL_DEMO_KITS: Array<{
  projectNo: string;
  name: string;
  deliveryModel: string;
  items: Array<[string, string, string, string, number, string]>;
}> = [
  {
    projectNo: 'KM-2026-001',
    name: '基线采血套件',
    deliveryModel: 'kit',
    items: [
      ['EDTA抗凝采血管', '5ml', '示例医疗器械有限公司', '支', 2, '血常规、PK'],
      ['血清分离胶管', '5ml', '示例医疗器械有限公司', '支', 1, '生化'],
      ['一次性采血针', '21G', '示例耗材公司', '个', 1, '采血'],
    ],
  },
  {
    projectNo: 'KM-2026-001',
    name: '尿液采集套件',
    deliveryModel: 'kit',
    items: [
      ['尿杯', '100ml', '示例耗材公司', '个', 1, '尿常规'],
      ['尿液转移管', '10ml', '示例耗材公司', '支', 2, '尿液分装'],
    ],
  },
  {
    projectNo: 'KM-2026-002',
    name: '免疫原性采血套件',
    deliveryModel: 'kit',
    items: [
      ['血清分离胶管', '8.5ml', '示例医疗器械有限公司', '支', 2, '抗体检测'],
      ['冻存管', '2ml', '示例耗材公司', '支', 4, '血清分装'],
    ],
  },
];

export async function seedPortalDemo(tx: Transaction, now: Date): Promise<void> {
  const [siteRole] = await tx
    .select({ id: s.roles.id })
    .from(s.roles)
    .where(eq(s.roles.code, 'external_site'));
  const siteId = async (projectNo: string, centerNo: string) => {
    const [row] = await tx
      .select({ id: s.sites.id, projectId: s.sites.projectId })
      .from(s.sites)
      .innerJoin(s.projects, eq(s.projects.id, s.sites.projectId))
      .where(and(eq(s.projects.projectNo, projectNo), eq(s.sites.centerNo, centerNo)));
    return row;
  };

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const user of PORTAL_DEMO_USERS) {
    const [row] = await tx
      .insert(s.users)
      .values({
        username: user.username,
        mobile: user.mobile,
        email: user.email,
        type: 2,
        passwordHash,
        passwordChangedAt: now,
        mustChangePassword: false,
      })
      .returning({ id: s.users.id });
    if (!row) continue;
    if (siteRole) await tx.insert(s.userRoles).values({ userId: row.id, roleId: siteRole.id });
    for (const [projectNo, centers] of Object.entries(user.sites)) {
      for (const centerNo of centers) {
        const site = await siteId(projectNo, centerNo);
        if (site)
          await tx
            .insert(s.userProjects)
            .values({ userId: row.id, projectId: site.projectId, siteId: site.id });
      }
    }
  }

  // Kits; each site of the project gets a supply row: the first kit confirmed, the others pending.
  for (const [index, kit] of PORTAL_DEMO_KITS.entries()) {
    const [project] = await tx
      .select({ id: s.projects.id })
      .from(s.projects)
      .where(eq(s.projects.projectNo, kit.projectNo));
    if (!project) continue;
    const [row] = await tx
      .insert(p.consumableKits)
      .values({ projectId: project.id, name: kit.name, deliveryModel: kit.deliveryModel, sort: index })
      .returning({ id: p.consumableKits.id });
    if (!row) continue;
    await tx.insert(p.consumableKitItems).values(
      kit.items.map(([consumableName, size, vendor, unit, quantityPerKit, scopeOfUse], sort) => ({
        kitId: row.id,
        consumableName,
        size,
        vendor,
        unit,
        quantityPerKit,
        scopeOfUse,
        sort,
      })),
    );
    const projectSites = await tx
      .select({ id: s.sites.id })
      .from(s.sites)
      .where(eq(s.sites.projectId, project.id));
    const firstOfProject = PORTAL_DEMO_KITS.findIndex((k) => k.projectNo === kit.projectNo) === index;
    for (const site of projectSites) {
      await tx.insert(p.kitSupplies).values({
        kitId: row.id,
        siteId: site.id,
        status: firstOfProject ? 'confirmed' : 'pending',
        confirmedAt: firstOfProject ? now : null,
      });
    }
  }

  // Address books of the site users.
  const siteUsers = await tx
    .select({ id: s.users.id, mobile: s.users.mobile, username: s.users.username })
    .from(s.users)
    .where(eq(s.users.type, 2));
  for (const user of siteUsers) {
    await tx.insert(p.addresses).values({
      userId: user.id,
      label: 'site',
      name: user.username,
      phone: user.mobile ?? '13900000000',
      area: '北京市/东城区',
      company: '示例医院临床试验机构',
      detail: '示例路1号 门诊楼3层 临床试验中心',
      email: null,
      isDefault: true,
      createdAt: now,
      updatedAt: now,
    });
  }

  // Clarification queries raised by the lab for site 01 of KM-2026-001 and site 01 of KM-2026-002.
  const lab = await demoUser(tx, '13800000003');
  const queries: Array<[string, string, string, string, boolean]> = [
    [
      'KM-2026-001',
      '01',
      'S-001-0001',
      '受试者S-001-0001基线V1血常规样本溶血，请确认采血时间与处理过程。',
      true,
    ],
    [
      'KM-2026-001',
      '01',
      'S-001-0002',
      '受试者S-001-0002第4周样本已补录访视信息，无需澄清，仅作告知。',
      false,
    ],
    ['KM-2026-002', '01', 'S-002-0001', '受试者S-002-0001筛选期样本标签缺少采样时间，请补充。', true],
  ];
  let n = 0;
  for (const [projectNo, centerNo, subjectNo, content, needs] of queries) {
    const site = await siteId(projectNo, centerNo);
    if (!site || !lab) continue;
    n += 1;
    const date = now.toISOString().slice(0, 10).replaceAll('-', '');
    const [row] = await tx
      .insert(p.clarificationQueries)
      .values({
        queryNo: `QD${date}${String(n).padStart(3, '0')}`,
        projectId: site.projectId,
        siteId: site.id,
        subjectNo,
        visit: '基线 V1',
        queryType: '1',
        content,
        needsClarification: needs,
        status: 'open',
        raisedBy: lab.id,
        raisedAt: now,
      })
      .returning({ id: p.clarificationQueries.id });
    if (row) {
      await recordEvent(tx, {
        workflow: 'clarificationQuery',
        recordId: row.id,
        action: 'raise',
        fromState: null,
        toState: 'open',
        userId: lab.id,
        at: now,
      });
    }
  }
}
