import type { Lang, SampleTypeRow, StockOutTypeRow, TemperatureRow } from '@trialab/api-contract';
import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { sampleTypes, stockOutTypes, temperatures } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { localNameColumn } from '../../lib/local-name.js';
import { pageOf } from '../../lib/paging.js';
import type { Page } from '../../lib/route.js';
import { containsAny } from '../../lib/search.js';
import { versionedBump } from '../../lib/versioned.js';

interface Filter {
  keyword?: string | undefined;
  enabled?: boolean | undefined;
}
type Paging = { page: number; size: number };

// ---- sample types ----

const storage = alias(temperatures, 'storage');

function sampleTypeQuery(db: Executor, lang: Lang = 'zh_CN') {
  return db
    .select({
      id: sampleTypes.id,
      code: sampleTypes.code,
      name: sampleTypes.name,
      enName: sampleTypes.enName,
      category: sampleTypes.category,
      container: sampleTypes.container,
      storageTemperatureId: sampleTypes.storageTemperatureId,
      storageTemperatureName: localNameColumn(storage, lang),
      sort: sampleTypes.sort,
      enabled: sampleTypes.enabled,
      version: sampleTypes.version,
    })
    .from(sampleTypes)
    .leftJoin(storage, eq(storage.id, sampleTypes.storageTemperatureId));
}

const toSampleType = (row: Awaited<ReturnType<typeof sampleTypeQuery>>[number]): SampleTypeRow => ({
  ...row,
  category: row.category as SampleTypeRow['category'],
});

export function pageSampleTypes(
  db: Executor,
  f: Filter & Paging & { category?: string | undefined },
  lang: Lang,
): Promise<Page<SampleTypeRow>> {
  const where = and(
    containsAny([sampleTypes.code, sampleTypes.name, sampleTypes.enName], f.keyword),
    f.enabled === undefined ? undefined : eq(sampleTypes.enabled, f.enabled),
    f.category ? eq(sampleTypes.category, f.category) : undefined,
  );
  return pageOf(
    db.select({ n: count() }).from(sampleTypes).where(where),
    sampleTypeQuery(db, lang).where(where).orderBy(asc(sampleTypes.sort), asc(sampleTypes.id)),
    f,
    toSampleType,
  );
}

export async function sampleTypeById(db: Executor, id: number, missing = notFound): Promise<SampleTypeRow> {
  const [row] = await sampleTypeQuery(db).where(eq(sampleTypes.id, id));
  if (!row) throw missing();
  return toSampleType(row);
}

export async function insertSampleType(db: Executor, values: typeof sampleTypes.$inferInsert) {
  const [row] = await db
    .insert(sampleTypes)
    .values(values)
    .returning({ id: sampleTypes.id, version: sampleTypes.version });
  if (!row) throw new Error('insert returned nothing');
  return row;
}

export const updateSampleType = versionedBump(sampleTypes);

// ---- temperature conditions ----

const temperatureColumns = {
  id: temperatures.id,
  code: temperatures.code,
  name: temperatures.name,
  enName: temperatures.enName,
  minCelsius: temperatures.minCelsius,
  maxCelsius: temperatures.maxCelsius,
  range: temperatures.range,
  forTransport: temperatures.forTransport,
  forStorage: temperatures.forStorage,
  sort: temperatures.sort,
  enabled: temperatures.enabled,
  version: temperatures.version,
};

export function pageTemperatures(
  db: Executor,
  f: Filter & Paging & { use?: 'transport' | 'storage' | undefined },
): Promise<Page<TemperatureRow>> {
  const use: SQL | undefined =
    f.use === 'transport'
      ? eq(temperatures.forTransport, true)
      : f.use === 'storage'
        ? eq(temperatures.forStorage, true)
        : undefined;
  const where = and(
    containsAny([temperatures.code, temperatures.name, temperatures.enName], f.keyword),
    f.enabled === undefined ? undefined : eq(temperatures.enabled, f.enabled),
    use,
  );
  return pageOf(
    db.select({ n: count() }).from(temperatures).where(where),
    db
      .select(temperatureColumns)
      .from(temperatures)
      .where(where)
      .orderBy(asc(temperatures.sort), asc(temperatures.id)),
    f,
  );
}

export async function temperatureById(db: Executor, id: number, missing = notFound): Promise<TemperatureRow> {
  const [row] = await db.select(temperatureColumns).from(temperatures).where(eq(temperatures.id, id));
  if (!row) throw missing();
  return row;
}

/** Whether a condition may be a store's (enabled, for storage); undefined when there is none. */
export async function storageConditionOf(db: Executor, id: number) {
  const [row] = await db
    .select({ enabled: temperatures.enabled, forStorage: temperatures.forStorage })
    .from(temperatures)
    .where(eq(temperatures.id, id));
  return row;
}

export async function insertTemperature(db: Executor, values: typeof temperatures.$inferInsert) {
  const [row] = await db
    .insert(temperatures)
    .values(values)
    .returning({ id: temperatures.id, version: temperatures.version });
  if (!row) throw new Error('insert returned nothing');
  return row;
}

export const updateTemperature = versionedBump(temperatures);

// ---- stock-out types ----

const stockOutTypeColumns = {
  id: stockOutTypes.id,
  code: stockOutTypes.code,
  name: stockOutTypes.name,
  enName: stockOutTypes.enName,
  returnsSample: stockOutTypes.returnsSample,
  needsReview: stockOutTypes.needsReview,
  reasons: stockOutTypes.reasons,
  sort: stockOutTypes.sort,
  enabled: stockOutTypes.enabled,
  version: stockOutTypes.version,
};

export function pageStockOutTypes(
  db: Executor,
  f: Filter & Paging & { returnsSample?: boolean | undefined },
): Promise<Page<StockOutTypeRow>> {
  const where = and(
    containsAny([stockOutTypes.code, stockOutTypes.name, stockOutTypes.enName], f.keyword),
    f.enabled === undefined ? undefined : eq(stockOutTypes.enabled, f.enabled),
    f.returnsSample === undefined ? undefined : eq(stockOutTypes.returnsSample, f.returnsSample),
  );
  return pageOf(
    db.select({ n: count() }).from(stockOutTypes).where(where),
    db
      .select(stockOutTypeColumns)
      .from(stockOutTypes)
      .where(where)
      .orderBy(asc(stockOutTypes.sort), asc(stockOutTypes.id)),
    f,
  );
}

/** What a new bill may choose: the enabled types in their order. */
export function enabledStockOutTypes(db: Executor) {
  const { enabled: _, version: __, ...columns } = stockOutTypeColumns;
  return db
    .select(columns)
    .from(stockOutTypes)
    .where(eq(stockOutTypes.enabled, true))
    .orderBy(asc(stockOutTypes.sort), asc(stockOutTypes.id));
}

export async function stockOutTypeById(
  db: Executor,
  id: number,
  missing = notFound,
): Promise<StockOutTypeRow> {
  const [row] = await db.select(stockOutTypeColumns).from(stockOutTypes).where(eq(stockOutTypes.id, id));
  if (!row) throw missing();
  return row;
}

export async function insertStockOutType(db: Executor, values: typeof stockOutTypes.$inferInsert) {
  const [row] = await db
    .insert(stockOutTypes)
    .values(values)
    .returning({ id: stockOutTypes.id, version: stockOutTypes.version });
  if (!row) throw new Error('insert returned nothing');
  return row;
}

export const updateStockOutType = versionedBump(stockOutTypes);
