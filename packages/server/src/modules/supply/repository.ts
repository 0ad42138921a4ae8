// Storage of supply (docs/supply.md): the catalogue, the kits' bill of materials (consumable_kits),
// stores, lots, the append-only ledger and its sums, stocktakes, the settings, FEFO stock.
import {
  type ConsumableRow,
  type FefoPlan,
  type Lang,
  type MovementKind,
  type MovementRow,
  type StockRow,
  type StocktakeRow,
  SUPPLY_DEFAULTS,
  type SupplyKitRow,
  type SupplySettings,
  supplySettings,
} from '@trialab/api-contract';
import {
  type AnyColumn,
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { projects, settings, users } from '../../db/schema.js';
import {
  consumableKitItems,
  consumableKits,
  consumableOrderLines,
  consumableOrders,
} from '../../db/schema-portal.js';
import {
  supplyConsumables,
  supplyLots,
  supplyMovements,
  supplyStocktakes,
  supplyStores,
} from '../../db/schema-supply.js';
import { supplySuppliers } from '../../db/schema-supply-suppliers.js';
import { notFound } from '../../lib/errors.js';
import { localNameColumn } from '../../lib/local-name.js';
import { pageOf } from '../../lib/paging.js';
import { Page } from '../../lib/route.js';
import { assertInScope, type SiteScope } from '../../lib/scope.js';
import { containsAny, prefixPattern } from '../../lib/search.js';
import { versionedBump } from '../../lib/versioned.js';
import { reorderSuggestions } from './reorder.js';
import {
  addDays,
  assertNothingShort,
  fefoPicks,
  kitExpiries,
  type LotStock,
  type NeededLine,
} from './service.js';

// ---- settings ----

const SETTINGS_KEY = 'supply:settings';

export async function readSupplySettings(db: Executor): Promise<SupplySettings> {
  const [row] = await db.select().from(settings).where(eq(settings.key, SETTINGS_KEY));
  if (!row) return { ...SUPPLY_DEFAULTS };
  const parsed = supplySettings.safeParse({ ...SUPPLY_DEFAULTS, ...JSON.parse(row.value) });
  return parsed.success ? parsed.data : { ...SUPPLY_DEFAULTS };
}

export async function writeSupplySettings(db: Executor, value: SupplySettings): Promise<void> {
  const text = JSON.stringify(value);
  await db
    .insert(settings)
    .values({ key: SETTINGS_KEY, value: text })
    .onConflictDoUpdate({ target: settings.key, set: { value: text } });
}

/**
 * Serialises every change of one consumable's stock within the transaction (a check of on-hand and
 * the movement it allows are one step for concurrent requests), in id order to avoid deadlocks.
 */
export async function lockConsumables(db: Executor, ids: readonly number[]): Promise<void> {
  for (const id of [...new Set(ids)].sort((a, b) => a - b))
    await db.execute(sql`SELECT pg_advisory_xact_lock(724310201, ${id})`);
}

// ---- catalogue ----

/** On-hand of a consumable: every ledger row of its lots. */
const consumableOnHand = sql<number>`coalesce((SELECT sum(m.quantity) FROM ${supplyMovements} m JOIN ${supplyLots} l ON l.id = m.lot_id WHERE l.consumable_id = supply_consumables.id), 0)::int`;

const consumableColumns = {
  id: supplyConsumables.id,
  code: supplyConsumables.code,
  name: supplyConsumables.name,
  enName: supplyConsumables.enName,
  size: supplyConsumables.size,
  vendor: supplyConsumables.vendor,
  unit: supplyConsumables.unit,
  enSize: supplyConsumables.enSize,
  enVendor: supplyConsumables.enVendor,
  enUnit: supplyConsumables.enUnit,
  pictureFileId: supplyConsumables.pictureFileId,
  scopeOfUse: supplyConsumables.scopeOfUse,
  enScopeOfUse: supplyConsumables.enScopeOfUse,
  leadDays: supplyConsumables.leadDays,
  safetyDays: supplyConsumables.safetyDays,
  enabled: supplyConsumables.enabled,
  onHand: consumableOnHand,
  version: supplyConsumables.version,
};

export function pageConsumables(
  db: Executor,
  f: {
    page: number;
    size: number;
    keyword?: string | null | undefined;
    enabled?: boolean | null | undefined;
  },
): Promise<Page<ConsumableRow>> {
  const where = and(
    containsAny(
      [
        supplyConsumables.code,
        supplyConsumables.name,
        supplyConsumables.enName,
        supplyConsumables.vendor,
        supplyConsumables.enVendor,
      ],
      f.keyword ?? undefined,
    ),
    typeof f.enabled === 'boolean' ? eq(supplyConsumables.enabled, f.enabled) : undefined,
  );
  return pageOf(
    db.select({ n: count() }).from(supplyConsumables).where(where),
    db
      .select(consumableColumns)
      .from(supplyConsumables)
      .where(where)
      .orderBy(asc(supplyConsumables.code), asc(supplyConsumables.id)),
    f,
  );
}

export async function consumableById(db: Executor, id: number): Promise<ConsumableRow> {
  const [row] = await db
    .select(consumableColumns)
    .from(supplyConsumables)
    .where(eq(supplyConsumables.id, id));
  if (!row) throw notFound();
  return row;
}

/** Whether another consumable has the code (checked before a write: a unique violation ends the transaction). */
export async function codeTaken(db: Executor, code: string, exceptId = 0): Promise<boolean> {
  const rows = await db
    .select({ id: supplyConsumables.id })
    .from(supplyConsumables)
    .where(and(eq(supplyConsumables.code, code), sql`${supplyConsumables.id} <> ${exceptId}`));
  return rows.length > 0;
}

export async function insertConsumable(
  db: Executor,
  values: typeof supplyConsumables.$inferInsert,
): Promise<number> {
  const [row] = await db.insert(supplyConsumables).values(values).returning({ id: supplyConsumables.id });
  return row?.id ?? 0;
}

export const updateConsumable = versionedBump(supplyConsumables);

/** The English texts of the catalogue consumable a line or kit item names (select or left join). */
export const catalogueEnglish = {
  consumableEnName: supplyConsumables.enName,
  enSize: supplyConsumables.enSize,
  enVendor: supplyConsumables.enVendor,
  enUnit: supplyConsumables.enUnit,
  enScopeOfUse: supplyConsumables.enScopeOfUse,
};
export type CatalogueEnglish = { [K in keyof typeof catalogueEnglish]: string | null };

/** No catalogue consumable (a left join of none, a name the catalogue lacks): no English texts. */
export const NO_ENGLISH: CatalogueEnglish = {
  consumableEnName: null,
  enSize: null,
  enVendor: null,
  enUnit: null,
  enScopeOfUse: null,
};

/**
 * Catalogue consumables by exact name (Chinese or English), for lines and plan items named in
 * words: the id and the English texts of each (enabled consumables only, the oldest of a name).
 */
export async function catalogueByName(
  db: Executor,
  names: readonly string[],
): Promise<Map<string, CatalogueEnglish & { id: number }>> {
  const wanted = [...new Set(names)];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: supplyConsumables.id, name: supplyConsumables.name, ...catalogueEnglish })
    .from(supplyConsumables)
    .where(
      and(
        eq(supplyConsumables.enabled, true),
        or(inArray(supplyConsumables.name, wanted), inArray(supplyConsumables.enName, wanted)),
      ),
    )
    .orderBy(asc(supplyConsumables.id));
  const found = new Map<string, CatalogueEnglish & { id: number }>();
  for (const { name, ...consumable } of rows) {
    if (!found.has(name)) found.set(name, consumable);
    const enName = consumable.consumableEnName;
    if (enName && !found.has(enName)) found.set(enName, consumable);
  }
  return found;
}

/** Catalogue consumable ids by exact name (Chinese or English): `catalogueByName`'s ids. */
export async function catalogueIdsByName(
  db: Executor,
  names: readonly string[],
): Promise<Map<string, number>> {
  const found = await catalogueByName(db, names);
  return new Map([...found].map(([name, consumable]) => [name, consumable.id]));
}

// ---- kits ----

/** A kit's own fields with its project's number (its items come from `kitItems`). */
const kitFields = {
  id: consumableKits.id,
  projectId: consumableKits.projectId,
  projectNo: projects.projectNo,
  name: consumableKits.name,
  deliveryModel: consumableKits.deliveryModel,
  planNo: consumableKits.planNo,
  offered: consumableKits.offered,
};

/** A page of the kits in scope, their items named in `lang`. */
export async function pageKits(
  db: Executor,
  scope: SiteScope,
  f: {
    page: number;
    size: number;
    projectId?: number | null | undefined;
    keyword?: string | null | undefined;
  },
  lang: Lang,
): Promise<Page<SupplyKitRow>> {
  const where = and(
    scope.all ? undefined : inArray(consumableKits.projectId, [0, ...scope.projectIds]),
    f.projectId ? eq(consumableKits.projectId, f.projectId) : undefined,
    containsAny([consumableKits.name, projects.projectNo], f.keyword ?? undefined),
  );
  const page = await pageOf(
    db
      .select({ n: count() })
      .from(consumableKits)
      .innerJoin(projects, eq(projects.id, consumableKits.projectId))
      .where(where),
    db
      .select(kitFields)
      .from(consumableKits)
      .innerJoin(projects, eq(projects.id, consumableKits.projectId))
      .where(where)
      .orderBy(asc(projects.projectNo), asc(consumableKits.sort), asc(consumableKits.id)),
    f,
  );
  const items = await kitItems(
    db,
    page.rows.map((k) => k.id),
    lang,
  );
  return new Page(
    page.rows.map((k) => ({ ...k, items: items.get(k.id) ?? [] })),
    page.total,
  );
}

/**
 * The items of these kits, by kit: the name, size and unit as the item keeps them, English readers
 * reading its catalogue consumable's English ones where stored (`localNameColumn`). The stored
 * texts by default (the audit records and the write answers).
 */
async function kitItems(db: Executor, kitIds: readonly number[], lang: Lang = 'zh_CN') {
  const byKit = new Map<number, SupplyKitRow['items']>();
  if (kitIds.length === 0) return byKit;
  const local = (name: AnyColumn, enName: AnyColumn) => localNameColumn({ name, enName }, lang);
  const rows = await db
    .select({
      kitId: consumableKitItems.kitId,
      consumableId: consumableKitItems.consumableId,
      consumableCode: supplyConsumables.code,
      consumableName: local(consumableKitItems.consumableName, supplyConsumables.enName),
      size: sql<string | null>`${local(consumableKitItems.size, supplyConsumables.enSize)}`,
      unit: local(consumableKitItems.unit, supplyConsumables.enUnit),
      quantityPerKit: consumableKitItems.quantityPerKit,
    })
    .from(consumableKitItems)
    .leftJoin(supplyConsumables, eq(supplyConsumables.id, consumableKitItems.consumableId))
    .where(inArray(consumableKitItems.kitId, [...kitIds]))
    .orderBy(asc(consumableKitItems.sort), asc(consumableKitItems.id));
  for (const { kitId, ...item } of rows) byKit.set(kitId, [...(byKit.get(kitId) ?? []), item]);
  return byKit;
}

export async function kitById(db: Executor, id: number): Promise<SupplyKitRow> {
  const [kit] = await db
    .select(kitFields)
    .from(consumableKits)
    .innerJoin(projects, eq(projects.id, consumableKits.projectId))
    .where(eq(consumableKits.id, id));
  if (!kit) throw notFound();
  return { ...kit, items: (await kitItems(db, [id])).get(id) ?? [] };
}

/** Whether the project has another kit of that name. */
export async function kitNameTaken(db: Executor, projectId: number, name: string, exceptId = 0) {
  const rows = await db
    .select({ id: consumableKits.id })
    .from(consumableKits)
    .where(
      and(
        eq(consumableKits.projectId, projectId),
        eq(consumableKits.name, name),
        sql`${consumableKits.id} <> ${exceptId}`,
      ),
    );
  return rows.length > 0;
}

/** Writes a kit outside any plan and its items, copied from the catalogue (enabled consumables only). */
export async function writeKit(
  db: Executor,
  id: number | null,
  input: {
    projectId: number;
    name: string;
    deliveryModel: string;
    items: ReadonlyArray<{ consumableId: number; quantityPerKit: number }>;
  },
): Promise<number | null> {
  const ids = input.items.map((i) => i.consumableId);
  const found = await db
    .select()
    .from(supplyConsumables)
    .where(and(inArray(supplyConsumables.id, ids), eq(supplyConsumables.enabled, true)));
  if (new Set(ids).size !== ids.length || found.length !== ids.length) return null;
  const values = { projectId: input.projectId, name: input.name, deliveryModel: input.deliveryModel };
  let kitId = id;
  if (kitId === null) {
    const [row] = await db.insert(consumableKits).values(values).returning({ id: consumableKits.id });
    kitId = row?.id ?? 0;
  } else {
    await db.update(consumableKits).set(values).where(eq(consumableKits.id, kitId));
    await db.delete(consumableKitItems).where(eq(consumableKitItems.kitId, kitId));
  }
  const newKitId = kitId;
  await db.insert(consumableKitItems).values(
    input.items.map((item, sort) => {
      const c = found.find((f) => f.id === item.consumableId);
      return {
        kitId: newKitId,
        consumableId: item.consumableId,
        consumableName: c?.name ?? '',
        size: c?.size ?? null,
        vendor: c?.vendor ?? null,
        unit: c?.unit ?? '',
        quantityPerKit: item.quantityPerKit,
        pictureFileId: c?.pictureFileId ?? null,
        scopeOfUse: c?.scopeOfUse ?? null,
        sort,
      };
    }),
  );
  return newKitId;
}

// ---- stores, lots, ledger ----

export async function storeList(db: Executor, lang: Lang) {
  return db
    .select({ id: supplyStores.id, code: supplyStores.code, name: localNameColumn(supplyStores, lang) })
    .from(supplyStores)
    .orderBy(asc(supplyStores.sort), asc(supplyStores.id));
}

export async function storeExists(db: Executor, id: number): Promise<boolean> {
  const rows = await db.select({ id: supplyStores.id }).from(supplyStores).where(eq(supplyStores.id, id));
  return rows.length > 0;
}

export async function lotById(db: Executor, id: number) {
  const [row] = await db.select().from(supplyLots).where(eq(supplyLots.id, id));
  if (!row) throw notFound();
  return row;
}

/** The lot of a consumable with this lot no. from this supplier (none: the lots received without one). */
export async function lotByNo(db: Executor, consumableId: number, lotNo: string, supplierId: number | null) {
  const [row] = await db
    .select()
    .from(supplyLots)
    .where(
      and(
        eq(supplyLots.consumableId, consumableId),
        eq(supplyLots.lotNo, lotNo),
        supplierId === null ? isNull(supplyLots.supplierId) : eq(supplyLots.supplierId, supplierId),
      ),
    );
  return row;
}

/** The expiries of every lot with this lot no. (any consumable or supplier): a kit lot read at receipt. */
export async function expiriesOfLotNo(db: Executor, lotNo: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ expiryDate: supplyLots.expiryDate })
    .from(supplyLots)
    .where(eq(supplyLots.lotNo, lotNo));
  return rows.map((r) => r.expiryDate);
}

export async function insertLot(db: Executor, values: typeof supplyLots.$inferInsert): Promise<number> {
  const [row] = await db.insert(supplyLots).values(values).returning({ id: supplyLots.id });
  return row?.id ?? 0;
}

/** On-hand of a lot in a store: the sum of its ledger rows. */
export async function onHandOf(db: Executor, lotId: number, storeId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${supplyMovements.quantity}), 0)::int` })
    .from(supplyMovements)
    .where(and(eq(supplyMovements.lotId, lotId), eq(supplyMovements.storeId, storeId)));
  return Number(row?.n ?? 0);
}

/** Whether the store's ledger has any row of the lot. */
export async function lotInStore(db: Executor, lotId: number, storeId: number): Promise<boolean> {
  const rows = await db
    .select({ id: supplyMovements.id })
    .from(supplyMovements)
    .where(and(eq(supplyMovements.lotId, lotId), eq(supplyMovements.storeId, storeId)))
    .limit(1);
  return rows.length > 0;
}

export interface MovementInput {
  kind: MovementKind;
  lotId: number;
  storeId: number;
  quantity: number;
  reason?: string | null;
  batch?: string | null;
  orderId?: number | null;
  orderLineId?: number | null;
  stocktakeId?: number | null;
  createdBy: number;
  createdAt: Date;
}

export async function insertMovements(db: Executor, rows: readonly MovementInput[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insert(supplyMovements)
    .values([...rows])
    .returning({ id: supplyMovements.id });
  return inserted.map((r) => r.id);
}

const creator = alias(users, 'creator');
const reviewer = alias(users, 'reviewer');

function movementQuery(db: Executor, lang: Lang) {
  return db
    .select({
      id: supplyMovements.id,
      kind: sql<MovementKind>`${supplyMovements.kind}`,
      lotId: supplyMovements.lotId,
      lotNo: supplyLots.lotNo,
      consumableCode: supplyConsumables.code,
      consumableName: localNameColumn(
        { name: supplyConsumables.name, enName: supplyConsumables.enName },
        lang,
      ),
      storeName: localNameColumn(supplyStores, lang),
      quantity: supplyMovements.quantity,
      reason: supplyMovements.reason,
      batch: supplyMovements.batch,
      orderNo: consumableOrders.orderNo,
      createdByName: creator.username,
      createdAt: supplyMovements.createdAt,
    })
    .from(supplyMovements)
    .innerJoin(supplyLots, eq(supplyLots.id, supplyMovements.lotId))
    .innerJoin(supplyConsumables, eq(supplyConsumables.id, supplyLots.consumableId))
    .innerJoin(supplyStores, eq(supplyStores.id, supplyMovements.storeId))
    .innerJoin(creator, eq(creator.id, supplyMovements.createdBy))
    .leftJoin(consumableOrders, eq(consumableOrders.id, supplyMovements.orderId));
}

const toMovement = (r: Omit<MovementRow, 'createdAt'> & { createdAt: Date }): MovementRow => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
});

export async function movementsByIds(
  db: Executor,
  lang: Lang,
  ids: readonly number[],
): Promise<MovementRow[]> {
  if (ids.length === 0) return [];
  const rows = await movementQuery(db, lang)
    .where(inArray(supplyMovements.id, [...ids]))
    .orderBy(asc(supplyMovements.id));
  return rows.map(toMovement);
}

export function pageMovements(
  db: Executor,
  lang: Lang,
  f: {
    page: number;
    size: number;
    lotNo?: string | null | undefined;
    consumableId?: number | null | undefined;
    kind?: MovementKind[] | null | undefined;
  },
): Promise<Page<MovementRow>> {
  const where = and(
    f.lotNo ? sql`${supplyLots.lotNo} ILIKE ${prefixPattern(f.lotNo)}` : undefined,
    f.consumableId ? eq(supplyLots.consumableId, f.consumableId) : undefined,
    f.kind && f.kind.length > 0 ? inArray(supplyMovements.kind, f.kind) : undefined,
  );
  return pageOf(
    db
      .select({ n: count() })
      .from(supplyMovements)
      .innerJoin(supplyLots, eq(supplyLots.id, supplyMovements.lotId))
      .where(where),
    movementQuery(db, lang).where(where).orderBy(desc(supplyMovements.createdAt), desc(supplyMovements.id)),
    f,
    toMovement,
  );
}

/** On-hand per lot and store (sums of the ledger), with the value at the lot's unit cost (NUMERIC). */
export function pageStock(
  db: Executor,
  lang: Lang,
  today: string,
  f: {
    page: number;
    size: number;
    consumableId?: number | null | undefined;
    storeId?: number | null | undefined;
    lotNo?: string | null | undefined;
    expiringDays?: number | null | undefined;
    includeEmpty?: boolean | null | undefined;
  },
): Promise<Page<StockRow>> {
  const onHand = sql<number>`sum(${supplyMovements.quantity})::int`.as('on_hand');
  const where = and(
    f.consumableId ? eq(supplyLots.consumableId, f.consumableId) : undefined,
    f.storeId ? eq(supplyMovements.storeId, f.storeId) : undefined,
    f.lotNo ? sql`${supplyLots.lotNo} ILIKE ${prefixPattern(f.lotNo)}` : undefined,
    typeof f.expiringDays === 'number'
      ? sql`${supplyLots.expiryDate} <= ${today}::date + ${f.expiringDays}::int`
      : undefined,
  );
  const having = f.includeEmpty ? undefined : sql`sum(${supplyMovements.quantity}) <> 0`;
  const grouped = db
    .select({
      lotId: sql<number>`${supplyLots.id}`.as('lot_id'),
      lotNo: supplyLots.lotNo,
      consumableId: sql<number>`${supplyConsumables.id}`.as('consumable_id'),
      consumableCode: supplyConsumables.code,
      consumableName: localNameColumn(
        { name: supplyConsumables.name, enName: supplyConsumables.enName },
        lang,
      ).as('consumable_name'),
      unit: localNameColumn({ name: supplyConsumables.unit, enName: supplyConsumables.enUnit }, lang).as(
        'unit',
      ),
      storeId: sql<number>`${supplyStores.id}`.as('store_id'),
      storeName: localNameColumn(supplyStores, lang).as('store_name'),
      expiryDate: supplyLots.expiryDate,
      daysLeft: sql<number>`(${supplyLots.expiryDate} - ${today}::date)::int`.as('days_left'),
      onHand,
      unitCost: sql<string>`${supplyLots.unitCost}::text`.as('unit_cost_text'),
      value:
        sql<string>`(sum(${supplyMovements.quantity}) * ${supplyLots.unitCost})::numeric(18, 4)::text`.as(
          'stock_value',
        ),
      certificateFileId: supplyLots.certificateFileId,
      supplierId: supplyLots.supplierId,
      // Lots received before suppliers existed have none.
      supplierName: sql<string | null>`${localNameColumn(supplySuppliers, lang)}`.as('supplier_name'),
    })
    .from(supplyMovements)
    .innerJoin(supplyLots, eq(supplyLots.id, supplyMovements.lotId))
    .innerJoin(supplyConsumables, eq(supplyConsumables.id, supplyLots.consumableId))
    .innerJoin(supplyStores, eq(supplyStores.id, supplyMovements.storeId))
    .leftJoin(supplySuppliers, eq(supplySuppliers.id, supplyLots.supplierId))
    .where(where)
    .groupBy(supplyLots.id, supplyConsumables.id, supplyStores.id, supplySuppliers.id)
    .having(having);
  const sub = grouped.as('stock');
  return pageOf(
    db.select({ n: count() }).from(sub),
    db.select().from(sub).orderBy(asc(sub.expiryDate), asc(sub.lotId), asc(sub.storeId)),
    f,
  );
}

/** The stock of these consumables per lot and store that expires on or after `shipFrom`. */
export async function fefoStock(
  db: Executor,
  consumableIds: readonly number[],
  shipFrom: string,
): Promise<LotStock[]> {
  if (consumableIds.length === 0) return [];
  const rows = await db
    .select({
      lotId: supplyLots.id,
      lotNo: supplyLots.lotNo,
      consumableId: supplyLots.consumableId,
      storeId: supplyMovements.storeId,
      expiryDate: supplyLots.expiryDate,
      onHand: sql<number>`sum(${supplyMovements.quantity})::int`,
    })
    .from(supplyMovements)
    .innerJoin(supplyLots, eq(supplyLots.id, supplyMovements.lotId))
    .where(and(inArray(supplyLots.consumableId, [...consumableIds]), gte(supplyLots.expiryDate, shipFrom)))
    .groupBy(supplyLots.id, supplyMovements.storeId)
    .having(sql`sum(${supplyMovements.quantity}) > 0`);
  return rows.map((r) => ({ ...r, onHand: Number(r.onHand) }));
}

/** What each catalogue line of an application needs from stock (kit lines: kits × per kit). */
export async function neededLines(db: Executor, orderId: number): Promise<NeededLine[]> {
  const rows = await db
    .select({
      lineId: consumableOrderLines.id,
      consumableId: consumableOrderLines.consumableId,
      consumableName: consumableOrderLines.consumableName,
      kind: consumableOrderLines.kind,
      kitAmount: consumableOrderLines.kitAmount,
      quantityPerKit: consumableOrderLines.quantityPerKit,
    })
    .from(consumableOrderLines)
    .where(eq(consumableOrderLines.orderId, orderId))
    .orderBy(asc(consumableOrderLines.sort), asc(consumableOrderLines.id));
  return rows.flatMap((r) =>
    r.consumableId === null
      ? []
      : [
          {
            lineId: r.lineId,
            consumableId: r.consumableId,
            consumableName: r.consumableName,
            needed: r.kind === 'kit' ? r.kitAmount * (r.quantityPerKit ?? 1) : r.kitAmount,
          },
        ],
  );
}

// ---- stocktakes ----

function stocktakeQuery(db: Executor, lang: Lang) {
  return db
    .select({
      id: supplyStocktakes.id,
      stocktakeNo: supplyStocktakes.stocktakeNo,
      lotId: supplyStocktakes.lotId,
      lotNo: supplyLots.lotNo,
      consumableName: localNameColumn(
        { name: supplyConsumables.name, enName: supplyConsumables.enName },
        lang,
      ),
      storeId: supplyStocktakes.storeId,
      storeName: localNameColumn(supplyStores, lang),
      expected: supplyStocktakes.expected,
      counted: supplyStocktakes.counted,
      variance: sql<number>`(${supplyStocktakes.counted} - ${supplyStocktakes.expected})::int`,
      reason: supplyStocktakes.reason,
      status: sql<StocktakeRow['status']>`${supplyStocktakes.status}`,
      createdBy: supplyStocktakes.createdBy,
      createdByName: creator.username,
      createdAt: supplyStocktakes.createdAt,
      reviewedByName: reviewer.username,
      reviewedAt: supplyStocktakes.reviewedAt,
      reviewReason: supplyStocktakes.reviewReason,
      version: supplyStocktakes.version,
    })
    .from(supplyStocktakes)
    .innerJoin(supplyLots, eq(supplyLots.id, supplyStocktakes.lotId))
    .innerJoin(supplyConsumables, eq(supplyConsumables.id, supplyLots.consumableId))
    .innerJoin(supplyStores, eq(supplyStores.id, supplyStocktakes.storeId))
    .innerJoin(creator, eq(creator.id, supplyStocktakes.createdBy))
    .leftJoin(reviewer, eq(reviewer.id, supplyStocktakes.reviewedBy));
}

type StocktakeRecord = Omit<StocktakeRow, 'createdAt' | 'reviewedAt'> & {
  createdAt: Date;
  reviewedAt: Date | null;
};
const toStocktake = (r: StocktakeRecord): StocktakeRow => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  reviewedAt: r.reviewedAt ? r.reviewedAt.toISOString() : null,
});

export function pageStocktakes(
  db: Executor,
  lang: Lang,
  f: { page: number; size: number; status?: StocktakeRow['status'][] | null | undefined },
): Promise<Page<StocktakeRow>> {
  const where: SQL | undefined =
    f.status && f.status.length > 0 ? inArray(supplyStocktakes.status, f.status) : undefined;
  return pageOf(
    db.select({ n: count() }).from(supplyStocktakes).where(where),
    stocktakeQuery(db, lang)
      .where(where)
      .orderBy(desc(supplyStocktakes.createdAt), desc(supplyStocktakes.id)),
    f,
    toStocktake,
  );
}

export async function stocktakeById(db: Executor, lang: Lang, id: number): Promise<StocktakeRow> {
  const [row] = await stocktakeQuery(db, lang).where(eq(supplyStocktakes.id, id));
  if (!row) throw notFound();
  return toStocktake(row);
}

export async function insertStocktake(
  db: Executor,
  values: typeof supplyStocktakes.$inferInsert,
): Promise<number> {
  const [row] = await db.insert(supplyStocktakes).values(values).returning({ id: supplyStocktakes.id });
  return row?.id ?? 0;
}

export const updateStocktake = versionedBump(supplyStocktakes);

// ---- FEFO dispatch ----

/** The application's scope columns (another site's application answers like a missing one). */
async function orderInScope(db: Executor, scope: SiteScope, orderId: number) {
  const [order] = await db
    .select({
      id: consumableOrders.id,
      projectId: consumableOrders.projectId,
      siteId: consumableOrders.siteId,
    })
    .from(consumableOrders)
    .where(eq(consumableOrders.id, orderId));
  if (!order) throw notFound();
  assertInScope(scope, order);
  return order;
}

/**
 * What a dispatch of the application would issue by FEFO now: the lots each catalogue line takes
 * (lots expiring before today + the do-not-ship days never ship), each kit's expiry (its earliest
 * component lot's) and the lines no qualifying stock covers.
 */
export async function fefoPlanOf(
  db: Executor,
  scope: SiteScope,
  orderId: number,
  today: string,
): Promise<FefoPlan> {
  await orderInScope(db, scope, orderId);
  const { doNotShipDays } = await readSupplySettings(db);
  const shipFrom = addDays(today, doNotShipDays);
  const lines = await neededLines(db, orderId);
  const { picks, short } = fefoPicks(
    lines,
    await fefoStock(
      db,
      lines.map((l) => l.consumableId),
      shipFrom,
    ),
    shipFrom,
  );
  const kitLines = await db
    .select({
      id: consumableOrderLines.id,
      kind: consumableOrderLines.kind,
      kitId: consumableOrderLines.kitId,
      kitName: consumableOrderLines.kitName,
    })
    .from(consumableOrderLines)
    .where(eq(consumableOrderLines.orderId, orderId));
  const earliest = new Map<number, string>();
  for (const p of picks) {
    const was = earliest.get(p.lineId);
    if (!was || p.expiryDate < was) earliest.set(p.lineId, p.expiryDate);
  }
  const kits = kitExpiries(kitLines.map((l) => ({ ...l, expiryDate: earliest.get(l.id) ?? null })));
  return { doNotShipDays, shipFrom, picks, kits, short };
}

/**
 * Issues the application's catalogue lines from stock by FEFO (refused, issuing nothing, when a line
 * is short): one `issue` row per lot taken, tied to its line. Answers each line's dispatch data: the
 * lots (joined when a line took several), the earliest expiry, the quantity shipped (kits or units).
 */
export async function issueByFefo(
  db: Executor,
  order: { id: number; orderNo: string },
  by: { userId: number; now: Date; today: string },
): Promise<Array<{ lineId: number; lotNumber: string; outboundQuantity: number; expiryDate: string }>> {
  const lines = await neededLines(db, order.id);
  if (lines.length === 0) return [];
  await lockConsumables(
    db,
    lines.map((l) => l.consumableId),
  );
  const { doNotShipDays } = await readSupplySettings(db);
  const shipFrom = addDays(by.today, doNotShipDays);
  const { picks, short } = fefoPicks(
    lines,
    await fefoStock(
      db,
      lines.map((l) => l.consumableId),
      shipFrom,
    ),
    shipFrom,
  );
  assertNothingShort(short, shipFrom);
  await insertMovements(
    db,
    picks.map((p) => ({
      kind: 'issue' as const,
      lotId: p.lotId,
      storeId: p.storeId,
      quantity: -p.quantity,
      batch: order.orderNo,
      orderId: order.id,
      orderLineId: p.lineId,
      createdBy: by.userId,
      createdAt: by.now,
    })),
  );
  const shipped = await db
    .select({
      id: consumableOrderLines.id,
      kitAmount: consumableOrderLines.kitAmount,
    })
    .from(consumableOrderLines)
    .where(eq(consumableOrderLines.orderId, order.id));
  return lines.map((line) => {
    const taken = picks.filter((p) => p.lineId === line.lineId);
    return {
      lineId: line.lineId,
      lotNumber: [...new Set(taken.map((p) => p.lotNo))].join(', '),
      outboundQuantity: shipped.find((s) => s.id === line.lineId)?.kitAmount ?? line.needed,
      expiryDate: taken.map((p) => p.expiryDate).sort()[0] ?? '',
    };
  });
}

/**
 * How many enabled consumables are at or below their reorder point: the home to-do's count, the rows
 * of the reorder tab opened with `belowOnly` (docs/supply.md "Reorder and recall").
 */
export async function countBelowReorder(db: Executor, today: string): Promise<number> {
  return (await reorderSuggestions(db, 'zh_CN', today, true)).length;
}
