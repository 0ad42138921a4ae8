// Demo suppliers (docs/supply.md "Suppliers"), seeded by supply-demo.ts before its lots, which name
// the supplier of their consumable's vendor: one with valid documents, one whose ISO 13485
// certificate expires within 30 days, one blocked, one whose licence has expired.
import type { QualificationKind } from '@trialab/api-contract';
import type { Transaction } from '../db/client.js';
import { supplyQualifications, supplySuppliers } from '../db/schema-supply-suppliers.js';

const DAY = 86_400_000;

interface DemoSupplier {
  code: string;
  name: string;
  enName: string;
  address: string;
  contact: { name: string; role: string; phone: string; email: string };
  /** [kind, document no, expiry in days from now, required]. */
  docs: Array<[QualificationKind, string, number, boolean]>;
  blocked?: { reason: string; daysAgo: number };
}

/** The demo suppliers by code; SUP-001 and SUP-002 are the demo catalogue's vendors. */
export const DEMO_SUPPLIERS: readonly DemoSupplier[] = [
  {
    code: 'SUP-001',
    name: '示例医疗器械有限公司',
    enName: 'Example Medical Devices Co., Ltd.',
    address: '上海市浦东新区示例路 100 号',
    contact: { name: '王供应', role: '销售经理', phone: '021-50000001', email: 'sales@example-med.test' },
    docs: [
      ['licence', '沪药监械经营许 20210001 号', 700, true],
      ['iso13485', 'ISO13485-EX-2025-118', 420, true],
      ['registration', '沪械注准 20232220001', 200, false],
    ],
  },
  {
    code: 'SUP-002',
    name: '示例耗材公司',
    enName: 'Example Consumables Ltd.',
    address: '苏州市工业园区示例街 8 号',
    contact: { name: '李耗材', role: '客户代表', phone: '0512-60000002', email: 'service@example-cons.test' },
    docs: [
      ['licence', '苏药监械经营许 20190417 号', 520, true],
      ['iso13485', 'ISO13485-CN-2023-0456', 18, true],
    ],
  },
  {
    code: 'SUP-003',
    name: '华东冷链耗材有限公司',
    enName: 'East China Cold-chain Supplies Co.',
    address: '杭州市余杭区示例大道 66 号',
    contact: { name: '赵冷链', role: '质量负责人', phone: '0571-80000003', email: 'qa@example-cold.test' },
    docs: [['licence', '浙药监械经营许 20200311 号', 300, true]],
    blocked: { reason: '来料审核发现冷链温度记录缺失，待整改', daysAgo: 12 },
  },
  {
    code: 'SUP-004',
    name: '北方实验用品有限公司',
    enName: 'Northern Lab Supplies Co.',
    address: '北京市大兴区示例园 3 号',
    contact: { name: '孙实验', role: '销售', phone: '010-70000004', email: 'sales@example-north.test' },
    docs: [
      ['licence', '京药监械经营许 20180920 号', -12, true],
      ['iso13485', 'ISO13485-BJ-2024-0077', 75, true],
    ],
  },
];

/** Inserts the demo suppliers; answers each one's id by its Chinese name (the catalogue's vendor). */
export async function seedSupplierDemo(tx: Transaction, now: Date, keeperId: number) {
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const day = (days: number) => new Date(now.getTime() + days * DAY).toISOString().slice(0, 10);
  const byName = new Map<string, number>();
  for (const s of DEMO_SUPPLIERS) {
    const [row] = await tx
      .insert(supplySuppliers)
      .values({
        code: s.code,
        name: s.name,
        enName: s.enName,
        address: s.address,
        contacts: [s.contact],
        status: s.blocked ? 'blocked' : 'active',
        blockReason: s.blocked?.reason ?? null,
        blockedBy: s.blocked ? keeperId : null,
        blockedAt: s.blocked ? ago(s.blocked.daysAgo) : null,
        createdBy: keeperId,
        createdAt: ago(400),
        updatedAt: ago(s.blocked?.daysAgo ?? 400),
      })
      .returning({ id: supplySuppliers.id });
    const id = row?.id ?? 0;
    byName.set(s.name, id);
    await tx.insert(supplyQualifications).values(
      s.docs.map(([kind, docNo, expires, required], sort) => ({
        supplierId: id,
        kind,
        docNo,
        expiryDate: day(expires),
        required,
        sort,
      })),
    );
  }
  return byName;
}
