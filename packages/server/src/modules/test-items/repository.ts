import type { TestItemRow } from '@trialab/api-contract';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { files, sampleTypes, testItems } from '../../db/schema.js';
import { testItemSettings } from '../../db/schema-lab.js';
import { notFound } from '../../lib/errors.js';
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

/** The test item; `missing` is what an absent one throws. */
export async function testItemById(db: Executor, id: number, missing = notFound): Promise<TestItemRow> {
  const row = await findTestItem(db, id);
  if (!row) throw missing();
  return row;
}

export async function insertTestItem(
  db: Executor,
  values: typeof testItems.$inferInsert,
): Promise<{ id: number; version: number }> {
  const [row] = await db
    .insert(testItems)
    .values(values)
    .returning({ id: testItems.id, version: testItems.version });
  if (!row) throw new Error('insert returned nothing');
  return row;
}

/** Writes the item at the version read; nothing comes back when the version moved on. */
export async function updateTestItem(
  db: Executor,
  id: number,
  version: number,
  values: Pick<typeof testItems.$inferInsert, 'code' | 'name' | 'enName'>,
): Promise<{ version: number } | undefined> {
  const [row] = await db
    .update(testItems)
    .set({ ...values, version: sql`${testItems.version} + 1` })
    .where(and(eq(testItems.id, id), eq(testItems.version, version)))
    .returning({ version: testItems.version });
  return row;
}

/** The item's settings, created or replaced. */
export async function saveSettings(
  db: Executor,
  testItemId: number,
  values: Omit<typeof testItemSettings.$inferInsert, 'testItemId'>,
): Promise<void> {
  await db
    .insert(testItemSettings)
    .values({ testItemId, ...values })
    .onConflictDoUpdate({ target: testItemSettings.testItemId, set: values });
}

/** Switches the item on or off; nothing comes back when it already was. */
export async function setEnabled(db: Executor, id: number, enabled: boolean) {
  const [row] = await db
    .update(testItems)
    .set({ enabled, version: sql`${testItems.version} + 1` })
    .where(and(eq(testItems.id, id), eq(testItems.enabled, !enabled)))
    .returning({ version: testItems.version });
  return row;
}
