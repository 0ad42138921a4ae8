import { type Lang, ResultCode, type SampleShipmentState } from '@trialab/api-contract';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { files, projects, sampleTypes, sites, temperatures, users } from '../../db/schema.js';
import { sampleTransportItems, sampleTransports } from '../../db/schema-portal.js';
import { ApiError, notFound } from '../../lib/errors.js';
import { localNameColumn, localUnitColumn } from '../../lib/local-name.js';
import { pageOf } from '../../lib/paging.js';
import type { Page } from '../../lib/route.js';
import { type SiteScope, scopeWhere } from '../../lib/scope.js';
import { contains } from '../../lib/search.js';
import { versionedUpdate } from '../../lib/versioned.js';
import { eventsOf, iso } from '../../lib/workflow.js';

export const WORKFLOW_ID = 'sampleShipment';

const creator = alias(users, 'creator');
const canceller = alias(users, 'canceller');
const dispatcher = alias(users, 'dispatcher');
const signer = alias(users, 'signer');

type ContactJson = Record<string, string | null>;
const contact = (c: ContactJson) => ({
  name: c.name ?? '',
  phone: c.phone ?? '',
  area: c.area ?? '',
  company: c.company ?? null,
  detail: c.detail ?? '',
  email: c.email ?? null,
});

function baseQuery(db: Executor, lang: Lang) {
  return db
    .select({
      t: sampleTransports,
      projectNo: projects.projectNo,
      projectName: localNameColumn(projects, lang),
      siteNo: sites.centerNo,
      siteName: sites.name,
      temperatureName: localNameColumn(temperatures, lang),
      createdByName: creator.username,
      cancelledByName: canceller.username,
      dispatcherName: dispatcher.username,
      signerName: signer.username,
      sampleCount: sql<number>`(SELECT coalesce(sum(i.quantity), 0)::int FROM sample_transport_items i WHERE i.transport_id = ${sampleTransports.id})`,
    })
    .from(sampleTransports)
    .innerJoin(projects, eq(projects.id, sampleTransports.projectId))
    .innerJoin(sites, eq(sites.id, sampleTransports.siteId))
    .innerJoin(temperatures, eq(temperatures.id, sampleTransports.temperatureId))
    .innerJoin(creator, eq(creator.id, sampleTransports.createdBy))
    .leftJoin(canceller, eq(canceller.id, sampleTransports.cancelledBy))
    .leftJoin(dispatcher, eq(dispatcher.id, sampleTransports.dispatcherId))
    .leftJoin(signer, eq(signer.id, sampleTransports.signerId));
}
type Joined = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];

type ShipmentRow = ReturnType<typeof toRow>;

function toRow(r: Joined) {
  const t = r.t;
  return {
    id: t.id,
    orderNo: t.orderNo,
    /** The protocol number is the project's number (SPEC "protocol no"). */
    protocolNo: r.projectNo,
    projectId: t.projectId,
    projectNo: r.projectNo,
    projectName: r.projectName,
    siteId: t.siteId,
    siteNo: r.siteNo,
    siteName: r.siteName,
    receiver: String(t.consignee.name ?? ''),
    status: t.status as SampleShipmentState,
    temperatureName: r.temperatureName,
    sampleCount: Number(r.sampleCount),
    estimatedShipDate: t.estimatedShipDate,
    bookSendTime: t.bookSendTime.toISOString(),
    courier: t.courier,
    expressNo: t.expressNo,
    createdByName: r.createdByName,
    createdAt: t.createdAt.toISOString(),
    cancelledByName: r.cancelledByName,
    cancelTime: iso(t.cancelTime),
    cancelReason: t.cancelReason,
    version: t.version,
  };
}

/** The list filters of bookings (the site list, the staff mail list, the query form's picker). */
interface ShipmentFilter {
  orderNo?: string | undefined;
  expressNo?: string | undefined;
  projectId?: number | undefined;
  siteId?: number | undefined;
  status?: string[] | undefined;
}

const inScope = (scope: SiteScope) => scopeWhere(scope, sampleTransports.projectId, sampleTransports.siteId);

/** A page of the bookings in the scope matching the filters, newest first. */
export async function pageShipments(
  db: Executor,
  scope: SiteScope,
  f: ShipmentFilter & { page: number; size: number },
  lang: Lang,
): Promise<Page<ShipmentRow>> {
  const where = and(
    inScope(scope),
    f.orderNo ? contains(sampleTransports.orderNo, f.orderNo) : undefined,
    f.expressNo ? contains(sampleTransports.expressNo, f.expressNo) : undefined,
    f.projectId ? eq(sampleTransports.projectId, f.projectId) : undefined,
    f.siteId ? eq(sampleTransports.siteId, f.siteId) : undefined,
    f.status && f.status.length > 0 ? inArray(sampleTransports.status, f.status) : undefined,
  );
  return pageOf(
    db.select({ n: count() }).from(sampleTransports).where(where),
    baseQuery(db, lang).where(where).orderBy(desc(sampleTransports.createdAt), desc(sampleTransports.id)),
    f,
    toRow,
  );
}

/** The latest staff correction (/express/edit-check) in a booking's history, as the site reads it. */
function latestCorrection(
  events: Array<{ action: string; username: string | null; at: string; reason: string | null }>,
) {
  const last = events.filter((e) => e.action === 'correct').at(-1);
  return last ? { byName: last.username ?? '', at: last.at, reason: last.reason ?? '' } : null;
}

export async function shipmentDetails(db: Executor, ids: number[], lang: Lang) {
  if (ids.length === 0) return [];
  const rows = await baseQuery(db, lang)
    .where(inArray(sampleTransports.id, ids))
    .orderBy(asc(sampleTransports.id));
  const items = await db
    .select({
      id: sampleTransportItems.id,
      transportId: sampleTransportItems.transportId,
      sampleTypeId: sampleTransportItems.sampleTypeId,
      sampleTypeName: localNameColumn(sampleTypes, lang),
      temperatureId: sampleTransportItems.temperatureId,
      temperatureName: localNameColumn(temperatures, lang),
      quantity: sampleTransportItems.quantity,
      unit: sampleTransportItems.unit,
    })
    .from(sampleTransportItems)
    .innerJoin(sampleTypes, eq(sampleTypes.id, sampleTransportItems.sampleTypeId))
    .innerJoin(temperatures, eq(temperatures.id, sampleTransportItems.temperatureId))
    .where(inArray(sampleTransportItems.transportId, ids))
    .orderBy(asc(sampleTransportItems.sort), asc(sampleTransportItems.id));
  const out = [];
  for (const r of rows) {
    const t = r.t;
    const events = await eventsOf(db, WORKFLOW_ID, t.id);
    out.push({
      ...toRow(r),
      sender: contact(t.sender),
      consignee: contact(t.consignee),
      backupContact: t.backupContact ?? null,
      coldChain: t.coldChain,
      tat: t.tat,
      transportRequirement: t.transportRequirement,
      note: t.note,
      attachmentFileIds: t.attachmentFileIds,
      temperatureFileIds: t.temperatureFileIds,
      samples: items.filter((i) => i.transportId === t.id).map(({ transportId: _, ...i }) => i),
      dispatcherName: r.dispatcherName,
      dispatchTime: iso(t.dispatchTime),
      signerName: r.signerName,
      signedAt: iso(t.signedAt),
      createdById: t.createdBy,
      events,
      correction: latestCorrection(events),
    });
  }
  return out;
}
export type ShipmentDetailRecord = Awaited<ReturnType<typeof shipmentDetails>>[number];

export async function shipmentDetail(db: Executor, id: number, lang: Lang): Promise<ShipmentDetailRecord> {
  const [detail] = await shipmentDetails(db, [id], lang);
  if (!detail) throw notFound();
  return detail;
}

/** Names of the temperature-control documents of each booking, by booking id (listed on the receipt). */
export async function temperatureFileNames(
  db: Executor,
  shipments: Array<{ id: number; temperatureFileIds: number[] }>,
): Promise<Map<number, string[]>> {
  const ids = [...new Set(shipments.flatMap((s) => s.temperatureFileIds))];
  const rows = ids.length
    ? await db.select({ id: files.id, name: files.name }).from(files).where(inArray(files.id, ids))
    : [];
  const names = new Map(rows.map((r) => [r.id, r.name]));
  return new Map(shipments.map((s) => [s.id, s.temperatureFileIds.map((id) => names.get(id) ?? `#${id}`)]));
}

export async function shipmentHead(db: Executor, id: number) {
  const [row] = await db
    .select({
      id: sampleTransports.id,
      projectId: sampleTransports.projectId,
      siteId: sampleTransports.siteId,
      status: sampleTransports.status,
      createdBy: sampleTransports.createdBy,
      version: sampleTransports.version,
      lang: sampleTransports.lang,
    })
    .from(sampleTransports)
    .where(eq(sampleTransports.id, id));
  if (!row) throw notFound();
  return { ...row, status: row.status as SampleShipmentState, lang: row.lang as Lang };
}

/** Every sample line of the bookings in the scope matching the filters, newest booking first (sample-transport detail table). */
export async function pageItems(
  db: Executor,
  scope: SiteScope,
  f: {
    page: number;
    size: number;
    orderNo?: string | undefined;
    projectId?: number | undefined;
    status?: string[] | undefined;
    sampleTypeId?: number | undefined;
    temperatureId?: number | undefined;
  },
  lang: Lang,
) {
  const where = and(
    inScope(scope),
    f.orderNo ? contains(sampleTransports.orderNo, f.orderNo) : undefined,
    f.projectId ? eq(sampleTransports.projectId, f.projectId) : undefined,
    f.status && f.status.length > 0 ? inArray(sampleTransports.status, f.status) : undefined,
    f.sampleTypeId ? eq(sampleTransportItems.sampleTypeId, f.sampleTypeId) : undefined,
    f.temperatureId ? eq(sampleTransportItems.temperatureId, f.temperatureId) : undefined,
  );
  return pageOf(
    db
      .select({ n: count() })
      .from(sampleTransportItems)
      .innerJoin(sampleTransports, eq(sampleTransports.id, sampleTransportItems.transportId))
      .where(where),
    db
      .select({
        id: sampleTransportItems.id,
        shipmentId: sampleTransports.id,
        orderNo: sampleTransports.orderNo,
        projectNo: projects.projectNo,
        siteNo: sites.centerNo,
        siteName: sites.name,
        status: sampleTransports.status,
        sampleTypeName: localNameColumn(sampleTypes, lang),
        temperatureName: localNameColumn(temperatures, lang),
        quantity: sampleTransportItems.quantity,
        unit: localUnitColumn(sampleTransportItems.unit, lang),
        estimatedShipDate: sampleTransports.estimatedShipDate,
        courier: sampleTransports.courier,
        expressNo: sampleTransports.expressNo,
        createdAt: sampleTransports.createdAt,
      })
      .from(sampleTransportItems)
      .innerJoin(sampleTransports, eq(sampleTransports.id, sampleTransportItems.transportId))
      .innerJoin(projects, eq(projects.id, sampleTransports.projectId))
      .innerJoin(sites, eq(sites.id, sampleTransports.siteId))
      .innerJoin(sampleTypes, eq(sampleTypes.id, sampleTransportItems.sampleTypeId))
      .innerJoin(temperatures, eq(temperatures.id, sampleTransportItems.temperatureId))
      .where(where)
      .orderBy(desc(sampleTransports.createdAt), desc(sampleTransports.id), asc(sampleTransportItems.sort)),
    f,
    (r) => ({ ...r, status: r.status as SampleShipmentState, createdAt: r.createdAt.toISOString() }),
  );
}

/** The enabled transport conditions (what a new booking may use), in the lab's order. */
export function temperatureList(db: Executor) {
  return db
    .select({
      id: temperatures.id,
      name: temperatures.name,
      enName: temperatures.enName,
      range: temperatures.range,
    })
    .from(temperatures)
    .where(and(eq(temperatures.enabled, true), eq(temperatures.forTransport, true)))
    .orderBy(asc(temperatures.sort), asc(temperatures.id));
}

const invalidReference = (field: string) =>
  new ApiError(ResultCode.BAD_REQUEST, { key: 'invalidReference', params: { field } });

/** The shipment's temperature (an enabled transport condition) and every sample type (enabled) must exist. */
export async function checkReferences(db: Executor, temperatureId: number, sampleTypeIds: number[]) {
  const [temp] = await db
    .select({ id: temperatures.id })
    .from(temperatures)
    .where(
      and(
        eq(temperatures.id, temperatureId),
        eq(temperatures.enabled, true),
        eq(temperatures.forTransport, true),
      ),
    );
  if (!temp) throw invalidReference('temperatureId');
  const types = await db
    .select({ id: sampleTypes.id })
    .from(sampleTypes)
    .where(and(inArray(sampleTypes.id, sampleTypeIds), eq(sampleTypes.enabled, true)));
  if (types.length !== sampleTypeIds.length) throw invalidReference('sampleTypeId');
}

export async function insertShipment(
  db: Executor,
  values: typeof sampleTransports.$inferInsert,
): Promise<number> {
  const [row] = await db.insert(sampleTransports).values(values).returning({ id: sampleTransports.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** Replaces the booking's sample lines with these, in the order given. */
export async function replaceSamples(
  db: Executor,
  transportId: number,
  samples: Array<Omit<typeof sampleTransportItems.$inferInsert, 'transportId' | 'sort'>>,
) {
  await db.delete(sampleTransportItems).where(eq(sampleTransportItems.transportId, transportId));
  await db.insert(sampleTransportItems).values(samples.map((s, sort) => ({ ...s, transportId, sort })));
}

/** Writes the booking at the version read; false when the version moved on. */
export const updateShipment = versionedUpdate(sampleTransports);
