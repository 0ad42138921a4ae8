import type { TestItemRow } from '@trialab/api-contract';
import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { files, sampleTypes, testItems } from '../../db/schema.js';
import { testItemSettings } from '../../db/schema-lab.js';
import { pageOf } from '../../lib/paging.js';
import { containsAny } from '../../lib/search.js';

const columns = {
  id: testItems.id,
  code: testItems.code,
  name: testItems.name,
  enName: testItems.enName,
  enabled: testItems.enabled,
  version: testItems.version,
  sampleTypeId: testItemSettings.sampleTypeId,
  sampleTypeName: sampleTypes.name,
  methodology: testItemSettings.methodology,
  unit: testItemSettings.unit,
  referenceRange: testItemSettings.referenceRange,
  resultType: testItemSettings.resultType,
  decimals: testItemSettings.decimals,
  tatHours: testItemSettings.tatHours,
  remark: testItemSettings.remark,
  fileIds: testItemSettings.fileIds,
  updatedAt: testItemSettings.updatedAt,
};

function base(db: Executor) {
  return db
    .select(columns)
    .from(testItems)
    .leftJoin(testItemSettings, eq(testItemSettings.testItemId, testItems.id))
    .leftJoin(sampleTypes, eq(sampleTypes.id, testItemSettings.sampleTypeId));
}

type Raw = Awaited<ReturnType<typeof base>>[number];

/** Items without a settings row (seeded before settings existed) read with the defaults. */
function toRow(raw: Raw): TestItemRow {
  return {
    id: raw.id,
    code: raw.code,
    name: raw.name,
    enName: raw.enName,
    enabled: raw.enabled,
    version: raw.version,
    sampleTypeId: raw.sampleTypeId ?? null,
    sampleTypeName: raw.sampleTypeName ?? null,
    methodology: raw.methodology ?? null,
    unit: raw.unit ?? null,
    referenceRange: raw.referenceRange ?? null,
    resultType: raw.resultType === 'text' ? 'text' : 'numeric',
    decimals: raw.decimals ?? 2,
    tatHours: raw.tatHours ?? null,
    remark: raw.remark ?? null,
    fileIds: raw.fileIds ?? [],
    updatedAt: raw.updatedAt ? raw.updatedAt.toISOString() : null,
  };
}

export interface TestItemFilter {
  keyword?: string | undefined;
  enabled?: boolean | undefined;
  sampleTypeId?: number | undefined;
}

export async function pageTestItems(
  db: Executor,
  filter: TestItemFilter,
  page: number,
  size: number,
): Promise<{ rows: TestItemRow[]; total: number }> {
  const conditions: Array<SQL | undefined> = [
    containsAny([testItems.code, testItems.name, testItems.enName], filter.keyword),
    filter.enabled === undefined ? undefined : eq(testItems.enabled, filter.enabled),
    filter.sampleTypeId === undefined ? undefined : eq(testItemSettings.sampleTypeId, filter.sampleTypeId),
  ];
  const where = and(...conditions);
  return pageOf(
    db
      .select({ n: count() })
      .from(testItems)
      .leftJoin(testItemSettings, eq(testItemSettings.testItemId, testItems.id))
      .where(where),
    base(db).where(where).orderBy(asc(testItems.code)),
    { page, size },
    toRow,
  );
}

export async function findTestItem(db: Executor, id: number): Promise<TestItemRow | undefined> {
  const [row] = await base(db).where(eq(testItems.id, id));
  return row ? toRow(row) : undefined;
}

/** Ids among `ids` that are not uploaded files. */
export async function sampleTypeExists(db: Executor, id: number): Promise<boolean> {
  const [row] = await db.select({ id: sampleTypes.id }).from(sampleTypes).where(eq(sampleTypes.id, id));
  return row !== undefined;
}

/** Files attached to test items (metadata only), newest first. */
export async function testItemFiles(db: Executor, testItemId: number | undefined) {
  const items = await db
    .select({
      id: testItems.id,
      code: testItems.code,
      name: testItems.name,
      fileIds: testItemSettings.fileIds,
    })
    .from(testItems)
    .innerJoin(testItemSettings, eq(testItemSettings.testItemId, testItems.id))
    .where(testItemId === undefined ? undefined : eq(testItems.id, testItemId));
  const owner = new Map<number, { id: number; code: string; name: string }>();
  for (const item of items) for (const fileId of item.fileIds) owner.set(fileId, item);
  if (owner.size === 0) return [];
  const rows = await db
    .select({
      id: files.id,
      name: files.name,
      size: files.size,
      mime: files.mime,
      createdAt: files.createdAt,
    })
    .from(files)
    .where(inArray(files.id, [...owner.keys()]));
  return rows
    .flatMap((f) => {
      const item = owner.get(f.id);
      return item
        ? [
            {
              id: f.id,
              name: f.name,
              size: f.size,
              mime: f.mime,
              testItemId: item.id,
              testItemCode: item.code,
              testItemName: item.name,
              createdAt: f.createdAt.toISOString(),
            },
          ]
        : [];
    })
    .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : b.id - a.id));
}
