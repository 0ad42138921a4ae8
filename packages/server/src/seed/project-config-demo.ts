import type { Transaction } from '../db/client.js';
import * as s from '../db/schema.js';
import { appendAudit } from '../lib/audit.js';
import { insertRange, insertVoided } from '../modules/project-config/repository.js';
import { demoUser } from './lookups.js';

type Range = [string, string, 'M' | 'F' | null, number | null, number | null, string];
/** [project, item code, sex, low, high, unit] */
const RANGES: Range[] = [
  ['KM-2026-001', 'RFT', 'M', 59, 104, 'μmol/L'],
  ['KM-2026-001', 'RFT', 'F', 45, 84, 'μmol/L'],
  ['KM-2026-001', 'LIPID', null, null, 5.7, 'mmol/L'],
  ['KM-2026-002', 'RFT', null, 50, 110, 'μmol/L'],
];

/** [code, reason (dictionary 1025), words, days ago] */
const VOIDED: Array<[string, string, string, number]> = [
  ['KM001-V0091', 'misprint', '标签打印错误，已重新打印', 12],
  ['KM001-V0092', 'damaged', '采血管破损，作废', 9],
  ['KM001-V0093', 'withdrawn', '受试者退出研究', 4],
];

export async function seedProjectConfigDemo(tx: Transaction, now: Date): Promise<void> {
  const pm = await demoUser(tx, '13800000003');
  const projects = new Map((await tx.select().from(s.projects)).map((p) => [p.projectNo, p.id]));
  const items = new Map((await tx.select().from(s.testItems)).map((t) => [t.code, t.id]));
  if (!pm) return;
  const ago = (days: number) => new Date(now.getTime() - days * 86_400_000);
  const actor = (at: Date) => ({
    at,
    userId: pm.id,
    username: pm.username,
    requestId: null,
    workstation: null,
    ip: null,
  });
  for (const [projectNo, code, sex, low, high, unit] of RANGES) {
    const projectId = projects.get(projectNo);
    const testItemId = items.get(code);
    if (projectId === undefined || testItemId === undefined) continue;
    const values = { projectId, testItemId, sex, ageMin: null, ageMax: null, low, high, unit, text: null };
    const at = ago(20);
    const row = await insertRange(tx, { ...values, updatedAt: at });
    await appendAudit(tx, actor(at), [
      { action: 'projectTestItems.create', entity: 'projectTestItem', entityId: row.id, newValue: values },
    ]);
  }
  const projectId = projects.get('KM-2026-001');
  if (projectId === undefined) return;
  for (const [code, reasonCode, reason, days] of VOIDED) {
    const at = ago(days);
    await insertVoided(tx, [{ projectId, code, reasonCode, reason, voidedBy: pm.id, voidedAt: at }]);
    await appendAudit(tx, actor(at), [
      {
        action: 'voidedBarcodes.void',
        entity: 'voidedBarcode',
        newValue: { projectId, codes: [code], reasonCode },
        reason,
      },
    ]);
  }
}
