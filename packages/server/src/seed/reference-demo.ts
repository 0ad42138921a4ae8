// Demo reference data of /platform/out-warehouse (the five kinds of stock-out bill the specimen
// library issues, each with the reasons, dictionary 1017 values, a bill of it may give) and of
// /platform/mapping-table (sponsors' test codes and EDC visit codes of the demo projects).
import type { MappingKind } from '@trialab/api-contract';
import { eq } from 'drizzle-orm';
import type { Transaction } from '../db/client.js';
import * as s from '../db/schema.js';

/** [code, name, English name, samples come back, needs review, reasons (1017 values)]. */
const STOCK_OUT_TYPES: Array<[string, string, string, boolean, boolean, string[]]> = [
  ['TEST', '检测出库', 'Out for testing', false, false, ['1', '4']],
  ['TRANSFER', '转运出库', 'Transfer', false, true, ['2', '4']],
  ['RETURN_SITE', '归还出库', 'Return', false, true, ['3', '4']],
  ['PRE_TREATMENT', '前处理出库', 'Pre-treatment', true, false, ['1', '4']],
  ['BACKUP', '备份出库', 'Backup', true, true, ['2', '3', '4']],
];

/** [project no. (null = all projects), kind, source, external code, external name, lab code, enabled]. */
const MAPPINGS: Array<[string | null, MappingKind, string, string, string, string, boolean?]> = [
  ['KM-2026-001', 'testItem', '华康制药', 'HK-HEM01', 'Hematology panel', 'CBC'],
  ['KM-2026-001', 'testItem', '华康制药', 'HK-CHEM02', 'Hepatic panel', 'LFT'],
  ['KM-2026-001', 'testItem', '华康制药', 'HK-CHEM03', 'Renal panel', 'RFT'],
  ['KM-2026-001', 'testItem', '华康制药', 'HK-LIP04', 'Lipids', 'LIPID'],
  ['KM-2026-001', 'visit', 'EDC', 'V1', 'Baseline', '基线 V1'],
  ['KM-2026-001', 'visit', 'EDC', 'V2', 'Week 4', '第4周 V2'],
  ['KM-2026-001', 'visit', 'EDC', 'EOT', 'End of treatment', '随访 V4'],
  ['KM-2026-002', 'testItem', '安生生物', 'AS-CBC', 'CBC with differential', 'CBC'],
  ['KM-2026-002', 'testItem', '安生生物', 'AS-LFT', 'Liver function', 'LFT'],
  ['KM-2026-002', 'visit', 'EDC', 'V1', 'Day 1', '基线 V1'],
  ['KM-2026-002', 'visit', 'EDC', 'V2', 'Day 28', '第4周 V2'],
  ['KM-2026-002', 'visit', 'EDC', 'EOT', 'End of study', '随访 V4'],
  ['KM-2026-003', 'testItem', '瑞和医药', 'RH-A1C', 'Glycated haemoglobin', 'HBA1C'],
  // Replaced by the sponsor's newer code; kept for the files that still carry it.
  ['KM-2026-003', 'testItem', '瑞和医药', 'RH-LIP', 'Lipid profile (old code)', 'LIPID', false],
  [null, 'sampleType', '中心实验室', 'SERUM', 'Serum', 'SER'],
  [null, 'sampleType', '中心实验室', 'PLASMA', 'Plasma', 'PLA'],
];

export async function seedReferenceDemo(tx: Transaction): Promise<void> {
  await tx.insert(s.stockOutTypes).values(
    STOCK_OUT_TYPES.map(([code, name, enName, returnsSample, needsReview, reasons], sort) => ({
      code,
      name,
      enName,
      returnsSample,
      needsReview,
      reasons,
      sort,
    })),
  );
}

/** The demo mappings, pointing to the demo's projects, test items, visits and sample types by code. */
export async function seedMappingDemo(tx: Transaction): Promise<void> {
  const projects = new Map(
    (await tx.select({ id: s.projects.id, no: s.projects.projectNo }).from(s.projects)).map((p) => [
      p.no,
      p.id,
    ]),
  );
  const items = new Map(
    (await tx.select({ id: s.testItems.id, code: s.testItems.code }).from(s.testItems)).map((t) => [
      t.code,
      t.id,
    ]),
  );
  const types = new Map(
    (await tx.select({ id: s.sampleTypes.id, code: s.sampleTypes.code }).from(s.sampleTypes)).map((t) => [
      t.code,
      t.id,
    ]),
  );
  const visits = async (projectId: number) =>
    new Map(
      (
        await tx
          .select({ id: s.visitPoints.id, name: s.visitPoints.name })
          .from(s.visitPoints)
          .where(eq(s.visitPoints.projectId, projectId))
      ).map((v) => [v.name, v.id]),
    );
  const rows: Array<typeof s.codeMappings.$inferInsert> = [];
  for (const [projectNo, kind, source, externalCode, externalName, labCode, enabled = true] of MAPPINGS) {
    const projectId = projectNo === null ? null : (projects.get(projectNo) ?? null);
    if (projectNo !== null && projectId === null) continue;
    const targetId =
      kind === 'visit' && projectId !== null
        ? (await visits(projectId)).get(labCode)
        : (kind === 'testItem' ? items : types).get(labCode);
    if (targetId !== undefined)
      rows.push({ projectId, kind, source, externalCode, externalName, targetId, enabled });
  }
  if (rows.length > 0) await tx.insert(s.codeMappings).values(rows);
}
