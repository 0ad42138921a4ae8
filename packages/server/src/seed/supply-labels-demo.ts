// Demo data of the label pages (/supply/label-print-job, SEED_DEMO, after supply-barcodes-demo.ts):
// the print jobs behind the demo's printed codes of KM-2026-001 site 01: the twelve baseline tube
// labels on TUBE-DM v2 and the four kit-box labels on KIT-128, and a reprint of the tube job with
// its reason (the misprinted label). Synthetic people and numbers only.
import { asc, desc, eq } from 'drizzle-orm';
import type { Transaction } from '../db/client.js';
import * as s from '../db/schema.js';
import { supplyBarcodeRanges, supplyBarcodes } from '../db/schema-supply-barcodes.js';
import { labelPrintJobs, labelTemplates } from '../db/schema-supply-labels.js';
import { barcodesByCode } from '../modules/supply-barcodes/repository.js';
import { labelSnapshot } from '../modules/supply-labels/service.js';
import { demoUser } from './lookups.js';

export const DEMO_REPRINT_REASON = '第9号标签打印模糊，已作废，整批重打';
export const DEMO_LABEL_PRINTER = 'supply-desk-zt230';

const DAY = 86_400_000;

export async function seedSupplyLabelsDemo(tx: Transaction, now: Date): Promise<void> {
  const keeper = await demoUser(tx, '13800000004');
  const [project] = await tx.select().from(s.projects).where(eq(s.projects.projectNo, 'KM-2026-001'));
  if (!keeper || !project) return;
  const template = async (code: string) =>
    (
      await tx
        .select()
        .from(labelTemplates)
        .where(eq(labelTemplates.code, code))
        .orderBy(desc(labelTemplates.version))
        .limit(1)
    )[0];
  const ranges = await tx
    .select({ id: supplyBarcodeRanges.id, kind: supplyBarcodeRanges.kind })
    .from(supplyBarcodeRanges)
    .where(eq(supplyBarcodeRanges.projectId, project.id))
    .orderBy(asc(supplyBarcodeRanges.id));
  const scope = { all: true, projectIds: new Set<number>(), siteIds: null, sitesByProject: new Map() };
  const at = new Date(now.getTime() - 12 * DAY);
  for (const [kind, code, take] of [
    ['tube', 'TUBE-DM', 12],
    ['kit', 'KIT-128', 4],
  ] as const) {
    const range = ranges.find((r) => r.kind === kind);
    const tp = await template(code);
    if (!range || !tp) continue;
    const codes = (
      await tx
        .select({ code: supplyBarcodes.code })
        .from(supplyBarcodes)
        .where(eq(supplyBarcodes.rangeId, range.id))
        .orderBy(asc(supplyBarcodes.serial))
        .limit(take)
    ).map((b) => b.code);
    const rows = await barcodesByCode(tx, scope, codes, tp.cjk ? 'zh_CN' : 'en_US');
    const byCode = new Map(rows.map((r) => [r.code, r]));
    const ordered = codes.flatMap((c) => byCode.get(c) ?? []);
    const snapshot = labelSnapshot(tp, ordered);
    const printed = {
      templateId: tp.id,
      snapshot,
      labels: ordered.length,
      firstCode: ordered[0]?.code ?? '',
      rangeId: range.id,
      projectIds: [project.id],
      printer: DEMO_LABEL_PRINTER,
      printedBy: keeper.id,
    };
    const [job] = await tx
      .insert(labelPrintJobs)
      .values({ ...printed, printedAt: at })
      .returning({ id: labelPrintJobs.id });
    if (kind === 'tube' && job)
      await tx.insert(labelPrintJobs).values({
        ...printed,
        reprintOf: job.id,
        reason: DEMO_REPRINT_REASON,
        printedAt: new Date(at.getTime() + 3_600_000),
      });
  }
}
