import type { ConsumableOrderState } from '@trialab/api-contract';
import { and, asc, count, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { projects, sites, users } from '../../db/schema.js';
import { consumableOrderLines, consumableOrders } from '../../db/schema-portal.js';
import { notFound } from '../../lib/errors.js';
import { pageOf } from '../../lib/paging.js';
import { contains } from '../../lib/search.js';
import { eventsOf, iso } from '../../lib/workflow.js';

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
}

/** Conditions of the list filters; dates are whole UTC days, `applyTo` inclusive. */
export function filterWhere(f: ListFilters): SQL | undefined {
  const nextDay = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000);
  return and(
    f.orderNo ? contains(consumableOrders.orderNo, f.orderNo) : undefined,
    f.projectId ? eq(consumableOrders.projectId, f.projectId) : undefined,
    f.siteId ? eq(consumableOrders.siteId, f.siteId) : undefined,
    f.status && f.status.length > 0 ? inArray(consumableOrders.status, f.status) : undefined,
    f.applyFrom ? gte(consumableOrders.applyTime, new Date(`${f.applyFrom}T00:00:00Z`)) : undefined,
    f.applyTo ? lt(consumableOrders.applyTime, nextDay(f.applyTo)) : undefined,
  );
}

const rowColumns = {
  id: consumableOrders.id,
  orderNo: consumableOrders.orderNo,
  projectId: consumableOrders.projectId,
  projectNo: projects.projectNo,
  projectName: projects.name,
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
};

function baseQuery(db: Executor) {
  return db
    .select(rowColumns)
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

export async function pageOrders(
  db: Executor,
  where: SQL | undefined,
  page: number,
  size: number,
): Promise<{ rows: OrderRow[]; total: number }> {
  return pageOf(
    db.select({ n: count() }).from(consumableOrders).where(where),
    baseQuery(db).where(where).orderBy(desc(consumableOrders.applyTime), desc(consumableOrders.id)),
    { page, size },
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
    .select()
    .from(consumableOrderLines)
    .where(eq(consumableOrderLines.orderId, orderId))
    .orderBy(asc(consumableOrderLines.sort), asc(consumableOrderLines.id));
  return rows.map(lineRow);
}

export async function orderDetail(db: Executor, id: number) {
  const [r] = await baseQuery(db).where(eq(consumableOrders.id, id));
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
export type OrderDetail = Awaited<ReturnType<typeof orderDetail>>;

/** The record for a transition: its scope fields, state, creator and version. */
export async function orderHead(db: Executor, id: number) {
  const [row] = await db
    .select({
      id: consumableOrders.id,
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

/** Every line of the applications matching `where`, newest application first (consumables detail table). */
export async function pageLines(db: Executor, where: SQL | undefined, page: number, size: number) {
  const { rows, total } = await pageOf(
    db
      .select({ n: count() })
      .from(consumableOrderLines)
      .innerJoin(consumableOrders, eq(consumableOrders.id, consumableOrderLines.orderId))
      .where(where),
    db
      .select({
        l: consumableOrderLines,
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
      .where(where)
      .orderBy(desc(consumableOrders.applyTime), desc(consumableOrders.id), asc(consumableOrderLines.sort)),
    { page, size },
  );
  return {
    rows: rows.map(({ l, ...o }) => ({
      ...lineRow(l),
      orderId: l.orderId,
      ...o,
      status: o.status as ConsumableOrderState,
      applyTime: o.applyTime.toISOString(),
      dispatchTime: iso(o.dispatchTime),
    })),
    total,
  };
}
