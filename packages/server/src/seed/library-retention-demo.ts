// Demo data of retention rules and expired specimens (SEED_DEMO, after the library's specimen pages
// demo): rules for the three demo projects, and eight stored specimens in ULT-01-R02-A5 whose
// retention ends within the next 90 days or has passed, across the three instructions, so the
// specimen-expired page opens on a story (docs/library.md "Retention and expired specimens").
// Dates are relative to `now`; the demo's other specimens keep their codes and places.
import type { RetentionInstruction, RetentionStart, RetentionUnit } from '@trialab/api-contract';
import { eq, inArray } from 'drizzle-orm';
import type { Transaction } from '../db/client.js';
import * as s from '../db/schema.js';
import { labSubjects } from '../db/schema-lab.js';
import { storageBoxes } from '../db/schema-library.js';
import { retentionRules } from '../db/schema-library-retention.js';
import { specimenBarcodes } from '../db/schema-specimen.js';
import { assign } from '../services/positions/engine.js';
import { demoUser } from './lookups.js';

const DAY = 86_400_000;
export const RETENTION_DEMO_BOX = 'ULT-01-R02-A5';

/** [project, sample type code (null: all), period, unit, start, instruction, return type code, note]. */
const RULES: Array<
  [string, string | null, number, RetentionUnit, RetentionStart, RetentionInstruction, string | null, string]
> = [
  [
    'KM-2026-001',
    'SER',
    2,
    'year',
    'studyEnd',
    'keep',
    null,
    '生物标志物探索性研究：研究结束后转入长期库保存（知情同意书第 5 条）',
  ],
  [
    'KM-2026-001',
    'PLA',
    3,
    'month',
    'received',
    'destroy',
    null,
    '安全性检测留样：接收后保存 3 个月，到期销毁',
  ],
  ['KM-2026-001', 'WB', 3, 'month', 'received', 'keep', null, '药物基因组学全血：到期转入长期库，延长保存'],
  [
    'KM-2026-002',
    null,
    4,
    'month',
    'received',
    'return',
    'RETURN_SITE',
    '免疫原性样本：检测完成后归还申办方安生生物样本库（上海）',
  ],
  ['KM-2026-003', null, 1, 'year', 'studyEnd', 'destroy', null, '研究结束 1 年后统一销毁'],
];

/** [code, project, sample type, subject no., visit, received days ago]. */
const SPECIMENS: Array<[string, string, string, string, string, number]> = [
  ['RET-0001', 'KM-2026-001', 'PLA', 'S-001-0201', '基线 V1', 100],
  ['RET-0002', 'KM-2026-001', 'PLA', 'S-001-0202', '基线 V1', 96],
  ['RET-0003', 'KM-2026-001', 'PLA', 'S-001-0203', '第4周 V2', 70],
  ['RET-0004', 'KM-2026-001', 'WB', 'S-001-0201', '基线 V1', 86],
  ['RET-0005', 'KM-2026-001', 'WB', 'S-001-0202', '基线 V1', 40],
  ['RET-0006', 'KM-2026-002', 'SER', 'S-002-0201', '基线 V1', 58],
  ['RET-0007', 'KM-2026-002', 'SER', 'S-002-0202', '基线 V1', 52],
  ['RET-0008', 'KM-2026-002', 'PLA', 'S-002-0203', '基线 V1', 45],
];

export async function seedLibraryRetentionDemo(tx: Transaction, now: Date): Promise<void> {
  const keeper = await demoUser(tx, '13800000004');
  const [deep] = await tx.select().from(s.temperatures).where(eq(s.temperatures.code, '-80C'));
  const [box] = await tx.select().from(storageBoxes).where(eq(storageBoxes.code, RETENTION_DEMO_BOX));
  if (!keeper || !deep || !box?.cols) return;
  const cols = box.cols;
  const projects = new Map(
    (await tx.select({ id: s.projects.id, no: s.projects.projectNo }).from(s.projects)).map((p) => [
      p.no,
      p.id,
    ]),
  );
  const types = new Map(
    (await tx.select({ id: s.sampleTypes.id, code: s.sampleTypes.code }).from(s.sampleTypes)).map((t) => [
      t.code,
      t.id,
    ]),
  );
  const stockOut = new Map(
    (await tx.select({ id: s.stockOutTypes.id, code: s.stockOutTypes.code }).from(s.stockOutTypes)).map(
      (t) => [t.code, t.id],
    ),
  );
  const rules = RULES.flatMap(([projectNo, type, period, unit, start, instruction, returnType, note]) => {
    const projectId = projects.get(projectNo);
    if (projectId === undefined) return [];
    return [
      {
        projectId,
        sampleTypeId: type ? (types.get(type) ?? null) : null,
        period,
        unit,
        start,
        instruction,
        returnTypeId: returnType ? (stockOut.get(returnType) ?? null) : null,
        note,
        timeZone: 'Asia/Shanghai',
        createdBy: keeper.id,
        createdAt: new Date(now.getTime() - 120 * DAY),
        updatedAt: new Date(now.getTime() - 120 * DAY),
      },
    ];
  });
  if (rules.length > 0) await tx.insert(retentionRules).values(rules);

  const subjects = new Map(
    (
      await tx
        .select({ id: labSubjects.id, no: labSubjects.subjectNo, siteId: labSubjects.siteId })
        .from(labSubjects)
        .where(inArray(labSubjects.subjectNo, [...new Set(SPECIMENS.map((x) => x[3]))]))
    ).map((x) => [x.no, x]),
  );
  const values = SPECIMENS.flatMap(([code, projectNo, type, subjectNo, visit, daysAgo]) => {
    const projectId = projects.get(projectNo);
    if (projectId === undefined) return [];
    const at = new Date(now.getTime() - daysAgo * DAY);
    const subject = subjects.get(subjectNo);
    return [
      {
        code,
        projectId,
        siteId: subject?.siteId ?? null,
        subjectId: subject?.id ?? null,
        visit,
        sampleTypeId: types.get(type) ?? null,
        status: 'signed',
        temperatureId: deep.id,
        volumeUl: 500,
        signedBy: keeper.id,
        signedAt: at,
        createdBy: keeper.id,
        createdAt: at,
      },
    ];
  });
  if (values.length === 0) return;
  const rows = await tx.insert(specimenBarcodes).values(values).returning({ id: specimenBarcodes.id });
  // Stored through the position engine, like every placement (custody events with reference demo).
  await assign(
    tx,
    'zh_CN',
    rows.map((r, i) => ({
      action: 'place' as const,
      specimenId: r.id,
      to: { boxId: box.id, row: Math.floor(i / cols) + 1, col: (i % cols) + 1 },
    })),
    {
      userId: keeper.id,
      at: new Date(now.getTime() - 40 * DAY),
      batchId: 'demo-retention',
      reference: 'demo',
    },
  );
}
