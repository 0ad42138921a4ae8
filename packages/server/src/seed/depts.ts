import type { Transaction } from '../db/client.js';
import { depts } from '../db/schema.js';

interface DemoDept {
  code: string;
  name: string;
  parent?: string;
  leader?: string;
  phone?: string;
  sort: number;
  /** Demo staff with this first role work here. */
  roles?: string[];
}

/** The demo lab's organisation: a tree three levels deep, each with a code, head and extension. */
const DEMO_DEPTS: DemoDept[] = [
  { code: 'LAB', name: '中心实验室', leader: '李实验', phone: '021-5080 1000', sort: 0 },
  { code: 'LAB-SM', name: '样本管理部', parent: 'LAB', leader: '赵样本', phone: '021-5080 1100', sort: 1 },
  { code: 'LAB-SM-RCV', name: '样本接收组', parent: 'LAB-SM', phone: '021-5080 1101', sort: 1 },
  {
    code: 'LAB-SM-BIO',
    name: '生物样本库',
    parent: 'LAB-SM',
    phone: '021-5080 1102',
    sort: 2,
    roles: ['biobank_keeper'],
  },
  {
    code: 'LAB-TST',
    name: '检测部',
    parent: 'LAB',
    leader: '王审核',
    phone: '021-5080 1200',
    sort: 2,
    roles: ['lab_technician'],
  },
  { code: 'LAB-TST-CHM', name: '生化免疫组', parent: 'LAB-TST', sort: 1 },
  { code: 'LAB-TST-MOL', name: '分子诊断组', parent: 'LAB-TST', sort: 2 },
  { code: 'LAB-QA', name: '质量保证部', parent: 'LAB', phone: '021-5080 1300', sort: 3, roles: ['reviewer'] },
  {
    code: 'PM',
    name: '项目管理部',
    leader: '张项目',
    phone: '021-5080 2000',
    sort: 1,
    roles: ['project_manager'],
  },
  { code: 'OPS', name: '运营支持部', phone: '021-5080 3000', sort: 2, roles: ['finance', 'sales'] },
  {
    code: 'IT',
    name: '信息技术部',
    leader: '周平台',
    phone: '021-5080 4000',
    sort: 3,
    roles: ['platform_admin'],
  },
  // A closed team, kept for the records of its former members.
  { code: 'LAB-TST-HIS', name: '病理组（已撤销）', parent: 'LAB-TST', sort: 9 },
];
const DISABLED = new Set(['LAB-TST-HIS']);

/**
 * Seeds the department tree; answers the department of a demo staff member by their roles (the
 * first role that has one, else the lab at the top).
 */
export async function seedDepts(tx: Transaction): Promise<(roles: readonly string[]) => number | null> {
  const ids = new Map<string, number>();
  const byRole = new Map<string, number>();
  for (const d of DEMO_DEPTS) {
    const [row] = await tx
      .insert(depts)
      .values({
        code: d.code,
        name: d.name,
        parentId: d.parent ? (ids.get(d.parent) ?? null) : null,
        leader: d.leader ?? null,
        phone: d.phone ?? null,
        sort: d.sort,
        status: DISABLED.has(d.code) ? 0 : 1,
      })
      .returning({ id: depts.id });
    if (!row) continue;
    ids.set(d.code, row.id);
    for (const role of d.roles ?? []) byRole.set(role, row.id);
  }
  const top = ids.get('LAB') ?? null;
  return (roles) => roles.map((r) => byRole.get(r)).find((id) => id !== undefined) ?? top;
}
