import type { ConsumableOrderState, KitSupplyState, Lang } from '@trialab/api-contract';
import { and, asc, count, desc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { projects, sites, users } from '../../db/schema.js';
import {
  addresses,
  consumableKitItems,
  consumableKits,
  consumableOrderLines,
  consumableOrders,
  kitSupplies,
} from '../../db/schema-portal.js';
import { supplyConsumables } from '../../db/schema-supply.js';
import { notFound } from '../../lib/errors.js';
import { localNameColumn } from '../../lib/local-name.js';
import { pageOf } from '../../lib/paging.js';
import type { Page } from '../../lib/route.js';
import { type SiteScope, scopeWhere } from '../../lib/scope.js';
import { contains, within } from '../../lib/search.js';
import { dayRange } from '../../lib/time-zone.js';
import { versionedUpdate } from '../../lib/versioned.js';
import { eventsOf, iso } from '../../lib/workflow.js';
import { catalogueEnglish, NO_ENGLISH } from '../supply/repository.js';
import { invalidRef } from './service.js';

export const WORKFLOW_ID = 'consumableOrder';

const applicant = alias(users, 'applicant');
const auditor = alias(users, 'auditor');
const dispatcher = alias(users, 'dispatcher');
const receiver = alias(users, 'receiver_user');

export interface ListFilters {
  orderNo?: string | undefined;
  projectId?: number | undefined;
  siteId?: number | undefined;
  status?: ConsumableOrderState[] | undefined;
  applyFrom?: string | undefined;
  applyTo?: string | undefined;
  /** The user's zone, in which the dates are days. */
  zone: string;
}

/**
 * Conditions of the list filters within the scope; dates are whole days in the user's zone
 * (`zone`), `applyTo` inclusive.
 */
function filterWhere(scope: SiteScope, f: ListFilters): SQL | undefined {
  return and(
    scopeWhere(scope, consumableOrders.projectId, consumableOrders.siteId),
    f.orderNo ? contains(consumableOrders.orderNo, f.orderNo) : undefined,
    f.projectId ? eq(consumableOrders.projectId, f.projectId) : undefined,
    f.siteId ? eq(consumableOrders.siteId, f.siteId) : undefined,
    f.status && f.status.length > 0 ? inArray(consumableOrders.status, f.status) : undefined,
    within(consumableOrders.applyTime, dayRange(f.applyFrom, f.applyTo, f.zone)),
  );
}

const rowColumns = (lang: Lang) => ({
  id: consumableOrders.id,
  orderNo: consumableOrders.orderNo,
  projectId: consumableOrders.projectId,
  projectNo: projects.projectNo,
  projectName: localNameColumn(projects, lang),
  siteId: consumableOrders.siteId,
  siteNo: sites.centerNo,
  siteName: sites.name,
  receiveAddress: consumableOrders.receiveAddress,
  status: consumableOrders.status,
  expectedShipDate: consumableOrders.expectedShipDate,
  auditTime: consumableOrders.auditTime,
  auditorName: auditor.username,
  rejectReason: consumableOrders.rejectReason,
  courier: consumableOrders.courier,
  expressNo: consumableOrders.expressNo,
  applicantId: consumableOrders.applicantId,
  applicantName: applicant.username,
  applyTime: consumableOrders.applyTime,
  kitCount: sql<number>`(SELECT count(DISTINCT l.kit_id)::int FROM consumable_order_lines l WHERE l.order_id = ${consumableOrders.id} AND l.kind = 'kit')`,
  looseCount: sql<number>`(SELECT count(*)::int FROM consumable_order_lines l WHERE l.order_id = ${consumableOrders.id} AND l.kind = 'loose')`,
  version: consumableOrders.version,
  addressId: consumableOrders.addressId,
  hopedArrivalDate: consumableOrders.hopedArrivalDate,
  note: consumableOrders.note,
  cancelReason: consumableOrders.cancelReason,
  dispatcherName: dispatcher.username,
  dispatchTime: consumableOrders.dispatchTime,
  receivedByName: receiver.username,
  receivedAt: consumableOrders.receivedAt,
});

function baseQuery(db: Executor, lang: Lang) {
  return db
    .select(rowColumns(lang))
    .from(consumableOrders)
    .innerJoin(projects, eq(projects.id, consumableOrders.projectId))
    .innerJoin(sites, eq(sites.id, consumableOrders.siteId))
    .innerJoin(applicant, eq(applicant.id, consumableOrders.applicantId))
    .leftJoin(auditor, eq(auditor.id, consumableOrders.auditorId))
    .leftJoin(dispatcher, eq(dispatcher.id, consumableOrders.dispatcherId))
    .leftJoin(receiver, eq(receiver.id, consumableOrders.receivedBy));
}

type Joined = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];

function toRow(r: Joined) {
  return {
    id: r.id,
    orderNo: r.orderNo,
    projectId: r.projectId,
    projectNo: r.projectNo,
    projectName: r.projectName,
    siteId: r.siteId,
    siteNo: r.siteNo,
    siteName: r.siteName,
    receiver: r.receiveAddress.name,
    status: r.status as ConsumableOrderState,
    expectedShipDate: r.expectedShipDate,
    auditTime: iso(r.auditTime),
    auditorName: r.auditorName,
    rejectReason: r.rejectReason,
    courier: r.courier,
    expressNo: r.expressNo,
    applicantId: r.applicantId,
    applicantName: r.applicantName,
    applyTime: r.applyTime.toISOString(),
    kitCount: Number(r.kitCount),
    looseCount: Number(r.looseCount),
    version: r.version,
  };
}
export type OrderRow = ReturnType<typeof toRow>;

/** A page of the applications in the scope matching the filters (and `more`), newest first. */
export async function pageOrders(
  db: Executor,
  scope: SiteScope,
  f: ListFilters & { page: number; size: number },
  lang: Lang,
  more?: SQL,
): Promise<Page<OrderRow>> {
  const where = and(filterWhere(scope, f), more);
  return pageOf(
    db.select({ n: count() }).from(consumableOrders).where(where),
    baseQuery(db, lang).where(where).orderBy(desc(consumableOrders.applyTime), desc(consumableOrders.id)),
    f,
    toRow,
  );
}

function lineRow(l: typeof consumableOrderLines.$inferSelect) {
  return {
    id: l.id,
    kind: l.kind as 'kit' | 'loose',
    kitId: l.kitId,
    kitName: l.kitName,
    consumableName: l.consumableName,
    consumableId: l.consumableId,
    size: l.size,
    vendor: l.vendor,
    unit: l.unit,
    quantityPerKit: l.quantityPerKit,
    pictureFileId: l.pictureFileId,
    scopeOfUse: l.scopeOfUse,
    kitAmount: l.kitAmount,
    deliveryModel: l.deliveryModel,
    lotNumber: l.lotNumber,
    outboundQuantity: l.outboundQuantity,
    expiryDate: l.expiryDate,
    certificateFileId: l.certificateFileId,
    hopedArrivalDate: l.hopedArrivalDate,
    note: l.note,
  };
}

export async function linesOf(db: Executor, orderId: number) {
  const rows = await db
    .select({ l: consumableOrderLines, ...catalogueEnglish })
    .from(consumableOrderLines)
    .leftJoin(supplyConsumables, eq(supplyConsumables.id, consumableOrderLines.consumableId))
    .where(eq(consumableOrderLines.orderId, orderId))
    .orderBy(asc(consumableOrderLines.sort), asc(consumableOrderLines.id));
  return rows.map(({ l, ...english }) => ({ ...lineRow(l), ...english }));
}

export async function orderDetail(db: Executor, id: number, lang: Lang) {
  const [r] = await baseQuery(db, lang).where(eq(consumableOrders.id, id));
  if (!r) throw notFound();
  return {
    ...toRow(r),
    receiveAddress: r.receiveAddress,
    addressId: r.addressId,
    hopedArrivalDate: r.hopedArrivalDate,
    note: r.note,
    cancelReason: r.cancelReason,
    dispatcherName: r.dispatcherName,
    dispatchTime: iso(r.dispatchTime),
    receivedByName: r.receivedByName,
    receivedAt: iso(r.receivedAt),
    lines: await linesOf(db, id),
    events: await eventsOf(db, WORKFLOW_ID, id),
  };
}

export type OrderDetailRecord = Awaited<ReturnType<typeof orderDetail>>;

/** The record for a transition: its scope fields, state, creator and version. */
export async function orderHead(db: Executor, id: number) {
  const [row] = await db
    .select({
      id: consumableOrders.id,
      orderNo: consumableOrders.orderNo,
      projectId: consumableOrders.projectId,
      siteId: consumableOrders.siteId,
      status: consumableOrders.status,
      applicantId: consumableOrders.applicantId,
      version: consumableOrders.version,
    })
    .from(consumableOrders)
    .where(eq(consumableOrders.id, id));
  if (!row) throw notFound();
  return { ...row, status: row.status as ConsumableOrderState };
}

/** The review list: what awaits review, or what was reviewed. */
export const auditTab = (tab: string): SQL =>
  tab === 'pending' ? eq(consumableOrders.status, 'submitted') : isNotNull(consumableOrders.auditTime);

/**
 * Every line of the applications in the scope matching the filters, newest application first
 * (consumables detail table).
 */
export async function pageLines(
  db: Executor,
  scope: SiteScope,
  f: ListFilters & { page: number; size: number; consumableName?: string | undefined },
) {
  const where = and(
    filterWhere(scope, f),
    f.consumableName ? contains(consumableOrderLines.consumableName, f.consumableName) : undefined,
  );
  return pageOf(
    db
      .select({ n: count() })
      .from(consumableOrderLines)
      .innerJoin(consumableOrders, eq(consumableOrders.id, consumableOrderLines.orderId))
      .where(where),
    db
      .select({
        l: consumableOrderLines,
        english: catalogueEnglish,
        orderNo: consumableOrders.orderNo,
        projectNo: projects.projectNo,
        siteNo: sites.centerNo,
        siteName: sites.name,
        status: consumableOrders.status,
        applicantName: applicant.username,
        applyTime: consumableOrders.applyTime,
        courier: consumableOrders.courier,
        expressNo: consumableOrders.expressNo,
        dispatchTime: consumableOrders.dispatchTime,
      })
      .from(consumableOrderLines)
      .innerJoin(consumableOrders, eq(consumableOrders.id, consumableOrderLines.orderId))
      .innerJoin(projects, eq(projects.id, consumableOrders.projectId))
      .innerJoin(sites, eq(sites.id, consumableOrders.siteId))
      .innerJoin(applicant, eq(applicant.id, consumableOrders.applicantId))
      .leftJoin(supplyConsumables, eq(supplyConsumables.id, consumableOrderLines.consumableId))
      .where(where)
      .orderBy(desc(consumableOrders.applyTime), desc(consumableOrders.id), asc(consumableOrderLines.sort)),
    f,
    ({ l, english, ...o }) => ({
      ...lineRow(l),
      ...(english ?? NO_ENGLISH),
      orderId: l.orderId,
      ...o,
      status: o.status as ConsumableOrderState,
      applyTime: o.applyTime.toISOString(),
      dispatchTime: iso(o.dispatchTime),
    }),
  );
}

/** The caller's own address (null when none is given); someone else's is refused. */
export async function ownAddress(db: Executor, userId: number, addressId: number | null | undefined) {
  if (!addressId) return null;
  const [row] = await db
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)));
  if (!row) throw invalidRef('addressId');
  return row.id;
}

/** The kits asked for with the site's supply state of each, and their items. */
export async function kitsOf(db: Executor, kitIds: number[], siteId: number) {
  if (kitIds.length === 0) return { kits: [], items: [] };
  const kits = await db
    .select({
      id: consumableKits.id,
      projectId: consumableKits.projectId,
      name: consumableKits.name,
      deliveryModel: consumableKits.deliveryModel,
      supply: kitSupplies.status,
    })
    .from(consumableKits)
    .leftJoin(kitSupplies, and(eq(kitSupplies.kitId, consumableKits.id), eq(kitSupplies.siteId, siteId)))
    // A kit the online plan no longer has is not applied for any more.
    .where(and(inArray(consumableKits.id, kitIds), eq(consumableKits.offered, true)));
  const items = await db.select().from(consumableKitItems).where(inArray(consumableKitItems.kitId, kitIds));
  return { kits, items };
}

export async function insertOrder(
  db: Executor,
  values: typeof consumableOrders.$inferInsert,
): Promise<number> {
  const [order] = await db.insert(consumableOrders).values(values).returning({ id: consumableOrders.id });
  if (!order) throw new Error('insert returned no row');
  return order.id;
}

/** Replaces the application's lines with these. */
export async function replaceLines(
  db: Executor,
  orderId: number,
  lines: Array<typeof consumableOrderLines.$inferInsert>,
) {
  await db.delete(consumableOrderLines).where(eq(consumableOrderLines.orderId, orderId));
  if (lines.length > 0) await db.insert(consumableOrderLines).values(lines.map((l) => ({ ...l, orderId })));
}

/** Writes the application at the version read; false when the version moved on. */
export const updateOrder = versionedUpdate(consumableOrders);

/** The dispatch data of each line (lot, quantity, expiry, certificate). */
export async function setDispatchLines(
  db: Executor,
  orderId: number,
  lines: Array<{
    lineId: number;
    lotNumber: string | null;
    outboundQuantity: number | null;
    expiryDate: string | null;
    certificateFileId?: number | null | undefined;
  }>,
) {
  for (const line of lines) {
    await db
      .update(consumableOrderLines)
      .set({
        lotNumber: line.lotNumber,
        outboundQuantity: line.outboundQuantity,
        expiryDate: line.expiryDate,
        certificateFileId: line.certificateFileId ?? null,
      })
      .where(and(eq(consumableOrderLines.id, line.lineId), eq(consumableOrderLines.orderId, orderId)));
  }
}

/**
 * The lines of every application in the scope that went out under this courier and waybill
 * (case-insensitive), by order number: the logistics distribution list.
 */
export async function linesUnderWaybill(db: Executor, scope: SiteScope, courier: string, expressNo: string) {
  const orders = await db
    .select({
      id: consumableOrders.id,
      orderNo: consumableOrders.orderNo,
      siteNo: sites.centerNo,
      siteName: sites.name,
    })
    .from(consumableOrders)
    .innerJoin(sites, eq(sites.id, consumableOrders.siteId))
    .innerJoin(projects, eq(projects.id, consumableOrders.projectId))
    .where(
      and(
        scopeWhere(scope, consumableOrders.projectId, consumableOrders.siteId),
        eq(consumableOrders.courier, courier),
        sql`upper(${consumableOrders.expressNo}) = upper(${expressNo})`,
        isNotNull(consumableOrders.dispatchTime),
      ),
    )
    .orderBy(asc(consumableOrders.orderNo));
  const lines = [];
  for (const o of orders) {
    for (const line of await linesOf(db, o.id)) {
      lines.push({ ...line, orderId: o.id, orderNo: o.orderNo, siteNo: o.siteNo, siteName: o.siteName });
    }
  }
  return lines;
}

/** The courier and waybill an application went out under. */
export async function waybillOf(db: Executor, id: number) {
  const [order] = await db
    .select({ courier: consumableOrders.courier, expressNo: consumableOrders.expressNo })
    .from(consumableOrders)
    .where(eq(consumableOrders.id, id));
  return order;
}

/** The kits the project offers with their items and, when a site is given, its supply state of each. */
export async function projectKits(db: Executor, projectId: number, siteId: number | undefined) {
  const kits = await db
    .select({
      id: consumableKits.id,
      projectId: consumableKits.projectId,
      name: consumableKits.name,
      deliveryModel: consumableKits.deliveryModel,
      supplyStatus: kitSupplies.status,
    })
    .from(consumableKits)
    .leftJoin(
      kitSupplies,
      and(eq(kitSupplies.kitId, consumableKits.id), eq(kitSupplies.siteId, siteId ?? -1)),
    )
    .where(and(eq(consumableKits.projectId, projectId), eq(consumableKits.offered, true)))
    .orderBy(asc(consumableKits.sort), asc(consumableKits.id));
  const items =
    kits.length === 0
      ? []
      : await db
          .select({ i: consumableKitItems, ...catalogueEnglish })
          .from(consumableKitItems)
          .leftJoin(supplyConsumables, eq(supplyConsumables.id, consumableKitItems.consumableId))
          .where(
            inArray(
              consumableKitItems.kitId,
              kits.map((k) => k.id),
            ),
          )
          .orderBy(asc(consumableKitItems.sort), asc(consumableKitItems.id));
  return kits.map((k) => ({
    ...k,
    supplyStatus: (k.supplyStatus as KitSupplyState | null) ?? null,
    items: items
      .filter(({ i }) => i.kitId === k.id)
      .map(({ i, ...english }) => ({
        id: i.id,
        consumableName: i.consumableName,
        size: i.size,
        vendor: i.vendor,
        unit: i.unit,
        quantityPerKit: i.quantityPerKit,
        pictureFileId: i.pictureFileId,
        scopeOfUse: i.scopeOfUse,
        ...english,
      })),
  }));
}

function kitSupplyRows(db: Executor, where: SQL | undefined) {
  return {
    count: db
      .select({ n: count() })
      .from(kitSupplies)
      .innerJoin(consumableKits, eq(consumableKits.id, kitSupplies.kitId))
      .where(where),
    rows: db
      .select({
        id: kitSupplies.id,
        kitId: kitSupplies.kitId,
        kitName: consumableKits.name,
        projectId: consumableKits.projectId,
        projectNo: projects.projectNo,
        siteId: kitSupplies.siteId,
        siteNo: sites.centerNo,
        siteName: sites.name,
        status: kitSupplies.status,
        itemCount: sql<number>`(SELECT count(*)::int FROM consumable_kit_items i WHERE i.kit_id = ${consumableKits.id})`,
        confirmedByName: users.username,
        confirmedAt: kitSupplies.confirmedAt,
        version: kitSupplies.version,
      })
      .from(kitSupplies)
      .innerJoin(consumableKits, eq(consumableKits.id, kitSupplies.kitId))
      .innerJoin(projects, eq(projects.id, consumableKits.projectId))
      .innerJoin(sites, eq(sites.id, kitSupplies.siteId))
      .leftJoin(users, eq(users.id, kitSupplies.confirmedBy))
      .where(where)
      .orderBy(asc(projects.projectNo), asc(sites.centerNo), asc(consumableKits.sort), asc(kitSupplies.id)),
  };
}

type KitSupplyJoined = Awaited<ReturnType<typeof kitSupplyRows>['rows']>[number];

const toKitSupply = (r: KitSupplyJoined) => ({
  ...r,
  status: r.status as KitSupplyState,
  itemCount: Number(r.itemCount),
  confirmedAt: iso(r.confirmedAt),
});

/** The kit supplies in the scope in one state (the tab), of one project when given. */
export async function pageKitSupplies(
  db: Executor,
  scope: SiteScope,
  f: { page: number; size: number; tab: string; projectId?: number | undefined },
) {
  const q = kitSupplyRows(
    db,
    and(
      scopeWhere(scope, consumableKits.projectId, kitSupplies.siteId),
      eq(kitSupplies.status, f.tab),
      f.projectId ? eq(consumableKits.projectId, f.projectId) : undefined,
    ),
  );
  return pageOf(q.count, q.rows, f, toKitSupply);
}

/** One kit supply as the list shows it. */
export async function kitSupplyRow(db: Executor, id: number) {
  const [row] = await kitSupplyRows(db, eq(kitSupplies.id, id)).rows.limit(1);
  if (!row) throw notFound();
  return toKitSupply(row);
}

/** What confirming a kit supply needs: its place, state and (through the caller) version. */
export async function kitSupplyHead(db: Executor, id: number) {
  const [head] = await db
    .select({
      id: kitSupplies.id,
      siteId: kitSupplies.siteId,
      projectId: consumableKits.projectId,
      status: kitSupplies.status,
    })
    .from(kitSupplies)
    .innerJoin(consumableKits, eq(consumableKits.id, kitSupplies.kitId))
    .where(eq(kitSupplies.id, id));
  if (!head) throw notFound();
  return { ...head, status: head.status as KitSupplyState };
}

/** Writes the kit supply at the version read; false when the version moved on. */
export const updateKitSupply = versionedUpdate(kitSupplies);
