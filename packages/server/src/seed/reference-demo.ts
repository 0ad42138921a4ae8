// Demo reference data of /platform/out-warehouse: the five kinds of stock-out bill the specimen
// library issues, each with the reasons (dictionary 1017 values) a bill of it may give.
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
