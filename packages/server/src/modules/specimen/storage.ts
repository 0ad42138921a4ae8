import {
  barcode,
  endpoints,
  type ImportRowProblem,
  parsePosition,
  positionLabel,
  ResultCode,
  type ResultCodeValue,
  type SpecimenBarcodeRow,
  type StorageContainer,
  type StorageDevice,
  type StoredSample,
  sampleStorageWorkflow,
} from '@trialab/api-contract';
import { and, asc, count, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Executor } from '../../db/client.js';
import { files, projects, sampleTypes, temperatures, users } from '../../db/schema.js';
import {
  specimenBarcodes,
  tempStorageContainers,
  tempStorageDevices,
  tempStorageLogs,
  tempStoragePositions,
} from '../../db/schema-specimen.js';
import { sendDownload } from '../../lib/download.js';
import { ApiError, notFound } from '../../lib/errors.js';
import { t } from '../../lib/i18n.js';
import { pageOf } from '../../lib/paging.js';
import { type Ctx, Page, type Principal, registerGroup, SENT } from '../../lib/route.js';
import { containsAny } from '../../lib/search.js';
import { zonedTime } from '../../lib/time-zone.js';
import { staleOrMissing, uniqueOr } from '../../lib/versioned.js';
import { actorOf, assertTransition, recordEvent } from '../../lib/workflow.js';
import type { SiteScope } from '../portal/scope.js';
import {
  barcodeInScope,
  barcodeScope,
  barcodesByCode,
  codeList,
  knownBarcodes,
  pageLogs,
  scopedBarcode,
} from './repository.js';
import { containerWorkbook, readImport, templateWorkbook, XLSX_MIME } from './workbook.js';

const { tempStorage: api } = endpoints;
const isBarcode = (code: string) => barcode.safeParse(code).success;
const IMPORT_MAX_ROWS = 780;

// ---- reads ----

const storedCount = (db: Executor) =>
  db
    .select({ containerId: tempStoragePositions.containerId, n: count().as('n') })
    .from(tempStoragePositions)
    .groupBy(tempStoragePositions.containerId)
    .as('stored_count');

async function containers(db: Executor, where: SQL | undefined, page?: { page: number; size: number }) {
  const stored = storedCount(db);
  const query = db
    .select({
      id: tempStorageContainers.id,
      code: tempStorageContainers.code,
      name: tempStorageContainers.name,
      kind: tempStorageContainers.kind,
      deviceId: tempStorageContainers.deviceId,
      deviceCode: tempStorageDevices.code,
      deviceName: tempStorageDevices.name,
      deviceEnabled: tempStorageDevices.enabled,
      temperatureId: tempStorageDevices.temperatureId,
      temperatureName: temperatures.name,
      rows: tempStorageContainers.rows,
      cols: tempStorageContainers.cols,
      stored: sql<number>`coalesce(${stored.n}, 0)::int`,
      enabled: tempStorageContainers.enabled,
      version: tempStorageContainers.version,
    })
    .from(tempStorageContainers)
    .innerJoin(tempStorageDevices, eq(tempStorageDevices.id, tempStorageContainers.deviceId))
    .innerJoin(temperatures, eq(temperatures.id, tempStorageDevices.temperatureId))
    .leftJoin(stored, eq(stored.containerId, tempStorageContainers.id))
    .where(where)
    .orderBy(asc(tempStorageDevices.code), asc(tempStorageContainers.code));
  const rows = page ? await query.limit(page.size).offset((page.page - 1) * page.size) : await query;
  return rows.map((r) => ({
    ...r,
    kind: r.kind as StorageContainer['kind'],
    stored: Number(r.stored),
    capacity: r.rows * r.cols,
  }));
}
type ContainerRow = Awaited<ReturnType<typeof containers>>[number];
const publicContainer = ({ deviceEnabled: _d, temperatureId: _t, ...c }: ContainerRow): StorageContainer => c;

async function containerById(db: Executor, id: number): Promise<ContainerRow> {
  const [row] = await containers(db, eq(tempStorageContainers.id, id));
  if (!row) throw notFound();
  return row;
}

const storer = users;
function storedQuery(db: Executor) {
  return db
    .select({
      id: specimenBarcodes.id,
      barcode: specimenBarcodes.code,
      projectNo: projects.projectNo,
      sampleTypeName: sampleTypes.name,
      temperatureName: temperatures.name,
      deviceId: tempStorageDevices.id,
      deviceName: tempStorageDevices.name,
      containerId: tempStorageContainers.id,
      containerCode: tempStorageContainers.code,
      row: tempStoragePositions.row,
      col: tempStoragePositions.col,
      storedByName: storer.username,
      storedAt: tempStoragePositions.storedAt,
    })
    .from(tempStoragePositions)
    .innerJoin(specimenBarcodes, eq(specimenBarcodes.id, tempStoragePositions.barcodeId))
    .innerJoin(projects, eq(projects.id, specimenBarcodes.projectId))
    .innerJoin(tempStorageContainers, eq(tempStorageContainers.id, tempStoragePositions.containerId))
    .innerJoin(tempStorageDevices, eq(tempStorageDevices.id, tempStorageContainers.deviceId))
    .innerJoin(storer, eq(storer.id, tempStoragePositions.storedBy))
    .leftJoin(sampleTypes, eq(sampleTypes.id, specimenBarcodes.sampleTypeId))
    .leftJoin(temperatures, eq(temperatures.id, specimenBarcodes.temperatureId));
}
type StoredRaw = Awaited<ReturnType<typeof storedQuery>>[number];
const toStored = ({ row, col, ...r }: StoredRaw): StoredSample => ({
  ...r,
  position: positionLabel(row, col),
  storedAt: r.storedAt.toISOString(),
});

async function locationOf(db: Executor, barcodeId: number) {
  const [row] = await storedQuery(db).where(eq(tempStoragePositions.barcodeId, barcodeId));
  return row ? toStored(row) : null;
}

// ---- the put-in plan, shared by the import preview and the put-in itself ----

interface PlanItem {
  line: number;
  barcode: string;
  position: string | null;
  problem: ImportRowProblem | null;
  row?: SpecimenBarcodeRow;
  slot?: { row: number; col: number };
}

/**
 * Checks every requested sample against the container and assigns positions: given ones must be
 * inside the grid and free, the others take the next free positions row by row. Changes nothing.
 */
async function planStorage(
  db: Executor,
  scope: SiteScope,
  container: ContainerRow,
  requests: Array<{ line: number; barcode: string; position: string | null }>,
): Promise<PlanItem[]> {
  const taken = new Set(
    (
      await db
        .select({ row: tempStoragePositions.row, col: tempStoragePositions.col })
        .from(tempStoragePositions)
        .where(eq(tempStoragePositions.containerId, container.id))
    ).map((p) => positionLabel(p.row, p.col)),
  );
  const found = await barcodesByCode(
    db,
    scope,
    requests.map((r) => r.barcode).filter((b) => isBarcode(b)),
  );
  const seen = new Set<string>();
  const asked = new Set<string>();
  const items: PlanItem[] = requests.map((r) => {
    const item: PlanItem = { ...r, problem: null };
    const problem = (): ImportRowProblem | null => {
      if (!isBarcode(r.barcode)) return 'malformed';
      if (seen.has(r.barcode)) return 'duplicate';
      seen.add(r.barcode);
      const row = found.get(r.barcode);
      if (!row) return 'unknown';
      item.row = row;
      if (row.status === 'disabled') return 'disabled';
      if (row.status !== 'signed') return 'notSigned';
      if (row.storage === 'stored') return 'stored';
      if (row.temperatureId !== null && row.temperatureId !== container.temperatureId) return 'temperature';
      if (r.position !== null) {
        const slot = parsePosition(r.position);
        if (!slot || slot.row > container.rows || slot.col > container.cols) return 'positionInvalid';
        const label = positionLabel(slot.row, slot.col);
        item.position = label;
        if (taken.has(label) || asked.has(label)) return 'positionTaken';
        asked.add(label);
        item.slot = slot;
      }
      return null;
    };
    item.problem = problem();
    return item;
  });
  // Free positions, row by row, for the good rows that did not ask for one.
  const free: Array<{ row: number; col: number }> = [];
  for (let row = 1; row <= container.rows; row += 1)
    for (let col = 1; col <= container.cols; col += 1) {
      const label = positionLabel(row, col);
      if (!taken.has(label) && !asked.has(label)) free.push({ row, col });
    }
  for (const item of items) {
    if (item.problem !== null || item.slot) continue;
    const slot = free.shift();
    if (!slot) {
      item.problem = 'full';
      continue;
    }
    item.slot = slot;
    item.position = positionLabel(slot.row, slot.col);
  }
  return items;
}

const PROBLEM_MESSAGE: Record<ImportRowProblem, Parameters<typeof t>[1]> = {
  malformed: 'specimenCodesUnknown',
  unknown: 'specimenCodesUnknown',
  duplicate: 'specimenCodesRepeated',
  disabled: 'storageNotSigned',
  notSigned: 'storageNotSigned',
  stored: 'storageAlreadyStored',
  temperature: 'storageTemperatureMismatch',
  positionInvalid: 'storagePositionInvalid',
  positionTaken: 'storagePositionTaken',
  full: 'storageFull',
};

function problemParams(problem: ImportRowProblem, items: PlanItem[], container: ContainerRow) {
  const codes = codeList(items.map((i) => i.barcode));
  const positions = codeList(items.map((i) => i.position ?? '?'));
  return {
    codes,
    positions,
    device: container.deviceName,
    rows: container.rows,
    cols: container.cols,
    free: container.capacity - container.stored,
    needed: items.length,
    problem,
  };
}

const RESULT_OF: Record<ImportRowProblem, ResultCodeValue> = {
  malformed: ResultCode.BAD_REQUEST,
  unknown: ResultCode.BAD_REQUEST,
  duplicate: ResultCode.BAD_REQUEST,
  disabled: ResultCode.INVALID_STATE,
  notSigned: ResultCode.INVALID_STATE,
  stored: ResultCode.INVALID_STATE,
  temperature: ResultCode.BAD_REQUEST,
  positionInvalid: ResultCode.BAD_REQUEST,
  positionTaken: ResultCode.DUPLICATE,
  full: ResultCode.BAD_REQUEST,
};

function usableContainer(container: ContainerRow): void {
  if (!container.enabled || !container.deviceEnabled)
    throw new ApiError(ResultCode.INVALID_STATE, { key: 'storageDeviceDisabled' });
}

async function sendXlsx(reply: FastifyReply, name: string, book: Buffer): Promise<typeof SENT> {
  await sendDownload(reply, { name, mime: XLSX_MIME, content: book });
  return SENT;
}

async function log(
  db: Executor,
  p: Principal,
  now: Date,
  entry: {
    deviceId: number;
    containerId?: number | null;
    barcodeId?: number | null;
    action: (typeof tempStorageLogs.$inferInsert)['action'];
    position?: string | null;
    reason?: string | null;
    detail?: Record<string, unknown> | null;
  },
) {
  await db.insert(tempStorageLogs).values({ ...entry, userId: p.userId, at: now });
}

async function checkedTemperature(db: Executor, id: number) {
  const [row] = await db.select({ id: temperatures.id }).from(temperatures).where(eq(temperatures.id, id));
  if (!row) throw new ApiError(ResultCode.BAD_REQUEST, { key: 'storageTemperatureMissing' });
}

type AnyCtx = Ctx<(typeof api)[keyof typeof api]>;
const scopeOf = (ctx: AnyCtx) => ctx.scope();

export async function storageRoutes(app: FastifyInstance): Promise<void> {
  // ---- containers ----
  const deviceExists = async (db: Executor, id: number) => {
    const [row] = await db
      .select({ id: tempStorageDevices.id })
      .from(tempStorageDevices)
      .where(eq(tempStorageDevices.id, id));
    if (!row) throw new ApiError(ResultCode.BAD_REQUEST, { key: 'storageDeviceMissing' });
  };

  registerGroup(app, api, {
    samplePage: async (ctx) => {
      const scope = await scopeOf(ctx);
      const { page, size, keyword, deviceId, containerId } = ctx.body;
      const where = and(
        barcodeScope(scope),
        containsAny([specimenBarcodes.code, projects.projectNo], keyword),
        deviceId ? eq(tempStorageContainers.deviceId, deviceId) : undefined,
        containerId ? eq(tempStoragePositions.containerId, containerId) : undefined,
      );
      return pageOf(
        ctx.db
          .select({ n: count() })
          .from(tempStoragePositions)
          .innerJoin(specimenBarcodes, eq(specimenBarcodes.id, tempStoragePositions.barcodeId))
          .innerJoin(projects, eq(projects.id, specimenBarcodes.projectId))
          .innerJoin(tempStorageContainers, eq(tempStorageContainers.id, tempStoragePositions.containerId))
          .where(where),
        storedQuery(ctx.db)
          .where(where)
          .orderBy(
            asc(tempStorageDevices.code),
            asc(tempStorageContainers.code),
            asc(tempStoragePositions.row),
            asc(tempStoragePositions.col),
          ),
        { page, size },
        toStored,
      );
    },
    containerPage: async (ctx) => {
      const { page, size, keyword, deviceId } = ctx.body;
      const where = and(
        containsAny([tempStorageContainers.code, tempStorageContainers.name], keyword),
        deviceId ? eq(tempStorageContainers.deviceId, deviceId) : undefined,
      );
      const [total] = await ctx.db.select({ n: count() }).from(tempStorageContainers).where(where);
      const rows = await containers(ctx.db, where, { page, size });
      return new Page(rows.map(publicContainer), total?.n ?? 0);
    },
    containerList: async (ctx) => {
      const { deviceId, keyword } = ctx.body;
      const rows = await containers(
        ctx.db,
        and(
          eq(tempStorageContainers.enabled, true),
          eq(tempStorageDevices.enabled, true),
          deviceId ? eq(tempStorageContainers.deviceId, deviceId) : undefined,
          containsAny([tempStorageContainers.code, tempStorageContainers.name], keyword),
        ),
      );
      return rows.map(publicContainer);
    },
    containerDetail: async (ctx) => {
      const scope = await scopeOf(ctx);
      const container = await containerById(ctx.db, ctx.params.id);
      const occupied = await ctx.db
        .select({
          row: tempStoragePositions.row,
          col: tempStoragePositions.col,
          barcode: specimenBarcodes.code,
          projectId: specimenBarcodes.projectId,
          siteId: specimenBarcodes.siteId,
        })
        .from(tempStoragePositions)
        .innerJoin(specimenBarcodes, eq(specimenBarcodes.id, tempStoragePositions.barcodeId))
        .where(eq(tempStoragePositions.containerId, container.id))
        .orderBy(asc(tempStoragePositions.row), asc(tempStoragePositions.col));
      return {
        ...publicContainer(container),
        positions: occupied.map((o) => ({
          position: positionLabel(o.row, o.col),
          row: o.row,
          col: o.col,
          barcode: barcodeInScope(scope, o) ? o.barcode : null,
        })),
      };
    },
    sampleDetail: async (ctx) => {
      const scope = await scopeOf(ctx);
      const row = await scopedBarcode(ctx.db, scope, { id: ctx.params.id });
      const location = await locationOf(ctx.db, row.id);
      const history = await pageLogs(ctx.db, scope, eq(tempStorageLogs.barcodeId, row.id), 1, 200);
      return { ...row, location, history: history.rows };
    },
    sampleInfo: async (ctx) => {
      const scope = await scopeOf(ctx);
      const row = await scopedBarcode(ctx.db, scope, { code: ctx.body.barcode });
      return { ...row, location: await locationOf(ctx.db, row.id) };
    },
    // ---- devices ----
    devicePage: async (ctx) => {
      const { page, size, keyword, enabled } = ctx.body;
      const where = and(
        containsAny([tempStorageDevices.code, tempStorageDevices.name], keyword),
        enabled === undefined ? undefined : eq(tempStorageDevices.enabled, enabled),
      );
      const { rows, total } = await pageOf(
        ctx.db.select({ n: count() }).from(tempStorageDevices).where(where),
        ctx.db
          .select({
            id: tempStorageDevices.id,
            code: tempStorageDevices.code,
            name: tempStorageDevices.name,
            kind: tempStorageDevices.kind,
            temperatureId: tempStorageDevices.temperatureId,
            temperatureName: temperatures.name,
            temperatureRange: temperatures.range,
            location: tempStorageDevices.location,
            enabled: tempStorageDevices.enabled,
            remark: tempStorageDevices.remark,
            containers: sql<number>`(select count(*) from ${tempStorageContainers} c where c.device_id = ${tempStorageDevices.id})::int`,
            stored: sql<number>`(select count(*) from ${tempStoragePositions} p join ${tempStorageContainers} c on c.id = p.container_id where c.device_id = ${tempStorageDevices.id})::int`,
            version: tempStorageDevices.version,
          })
          .from(tempStorageDevices)
          .innerJoin(temperatures, eq(temperatures.id, tempStorageDevices.temperatureId))
          .where(where)
          .orderBy(asc(tempStorageDevices.code)),
        { page, size },
      );
      return new Page(
        rows.map((r) => ({
          ...r,
          kind: r.kind as StorageDevice['kind'],
          containers: Number(r.containers),
          stored: Number(r.stored),
        })),
        total,
      );
    },
    deviceCreate: async (ctx) => {
      const p = ctx.principal;
      await checkedTemperature(ctx.db, ctx.body.temperatureId);
      const values = { ...ctx.body, location: ctx.body.location || null, remark: ctx.body.remark || null };
      const [row] = await uniqueOr(ctx.lang, () =>
        ctx.db
          .insert(tempStorageDevices)
          .values({ ...values, createdBy: p.userId, createdAt: ctx.now, updatedAt: ctx.now })
          .returning({ id: tempStorageDevices.id }),
      );
      if (!row) throw new Error('insert returned nothing');
      await log(ctx.db, p, ctx.now, { deviceId: row.id, action: 'device_create', detail: values });
      ctx.audit({
        action: 'tempStorage.deviceCreate',
        entity: 'tempStorageDevice',
        entityId: row.id,
        newValue: values,
      });
      return { id: row.id };
    },
    deviceUpdate: async (ctx) => {
      const p = ctx.principal;
      const { id, version, ...fields } = ctx.body;
      const [old] = await ctx.db.select().from(tempStorageDevices).where(eq(tempStorageDevices.id, id));
      if (!old) throw notFound();
      await checkedTemperature(ctx.db, fields.temperatureId);
      if (fields.temperatureId !== old.temperatureId) {
        // Samples of a known condition must keep matching the device that holds them.
        const [other] = await ctx.db
          .select({ n: count() })
          .from(tempStoragePositions)
          .innerJoin(tempStorageContainers, eq(tempStorageContainers.id, tempStoragePositions.containerId))
          .innerJoin(specimenBarcodes, eq(specimenBarcodes.id, tempStoragePositions.barcodeId))
          .where(
            and(
              eq(tempStorageContainers.deviceId, id),
              ne(specimenBarcodes.temperatureId, fields.temperatureId),
            ),
          );
        if ((other?.n ?? 0) > 0)
          throw new ApiError(ResultCode.INVALID_STATE, { key: 'storageDeviceHasOther' });
      }
      const values = { ...fields, location: fields.location || null, remark: fields.remark || null };
      const [updated] = await uniqueOr(ctx.lang, () =>
        ctx.db
          .update(tempStorageDevices)
          .set({ ...values, updatedAt: ctx.now, version: version + 1 })
          .where(and(eq(tempStorageDevices.id, id), eq(tempStorageDevices.version, version)))
          .returning({ version: tempStorageDevices.version }),
      );
      if (!updated) throw staleOrMissing(true);
      const changed = Object.fromEntries(
        Object.entries(values).filter(([k, v]) => old[k as keyof typeof old] !== v),
      );
      await log(ctx.db, p, ctx.now, { deviceId: id, action: 'device_update', detail: changed });
      ctx.audit({
        action: 'tempStorage.deviceUpdate',
        entity: 'tempStorageDevice',
        entityId: id,
        oldValue: Object.fromEntries(Object.keys(changed).map((k) => [k, old[k as keyof typeof old]])),
        newValue: changed,
      });
      return { version: updated.version };
    },
    deviceLogs: async (ctx) => {
      const scope = await scopeOf(ctx);
      const [device] = await ctx.db
        .select({ id: tempStorageDevices.id })
        .from(tempStorageDevices)
        .where(eq(tempStorageDevices.id, ctx.params.id));
      if (!device) throw notFound();
      const { page, size, action } = ctx.body;
      const r = await pageLogs(
        ctx.db,
        scope,
        and(eq(tempStorageLogs.deviceId, device.id), action ? eq(tempStorageLogs.action, action) : undefined),
        page,
        size,
      );
      return new Page(r.rows, r.total);
    },
    containerCreate: async (ctx) => {
      const p = ctx.principal;
      await deviceExists(ctx.db, ctx.body.deviceId);
      const [row] = await uniqueOr(ctx.lang, () =>
        ctx.db
          .insert(tempStorageContainers)
          .values({ ...ctx.body, createdBy: p.userId, createdAt: ctx.now, updatedAt: ctx.now })
          .returning({ id: tempStorageContainers.id }),
      );
      if (!row) throw new Error('insert returned nothing');
      await log(ctx.db, p, ctx.now, {
        deviceId: ctx.body.deviceId,
        containerId: row.id,
        action: 'container_create',
        detail: ctx.body,
      });
      ctx.audit({
        action: 'tempStorage.containerCreate',
        entity: 'tempStorageContainer',
        entityId: row.id,
        newValue: ctx.body,
      });
      return { id: row.id };
    },
    containerUpdate: async (ctx) => {
      const p = ctx.principal;
      const { id, version, ...fields } = ctx.body;
      const old = await containerById(ctx.db, id);
      await deviceExists(ctx.db, fields.deviceId);
      if (old.stored > 0) {
        const occupied = await ctx.db
          .select({ row: tempStoragePositions.row, col: tempStoragePositions.col })
          .from(tempStoragePositions)
          .where(eq(tempStoragePositions.containerId, id));
        const outside =
          occupied.find((o) => o.row > fields.rows || o.col > fields.cols) ??
          (fields.deviceId !== old.deviceId ? occupied[0] : undefined);
        if (outside)
          throw new ApiError(ResultCode.INVALID_STATE, {
            key: 'storageContainerInUse',
            params: { position: positionLabel(outside.row, outside.col) },
          });
      }
      const [updated] = await uniqueOr(ctx.lang, () =>
        ctx.db
          .update(tempStorageContainers)
          .set({ ...fields, updatedAt: ctx.now, version: version + 1 })
          .where(and(eq(tempStorageContainers.id, id), eq(tempStorageContainers.version, version)))
          .returning({ version: tempStorageContainers.version }),
      );
      if (!updated) throw staleOrMissing(true);
      await log(ctx.db, p, ctx.now, {
        deviceId: fields.deviceId,
        containerId: id,
        action: 'container_update',
        detail: fields,
      });
      ctx.audit({
        action: 'tempStorage.containerUpdate',
        entity: 'tempStorageContainer',
        entityId: id,
        oldValue: publicContainer(old),
        newValue: fields,
      });
      return { version: updated.version };
    },
    // ---- files ----
    template: async (ctx) =>
      sendXlsx(ctx.reply, 'temp-storage-template.xlsx', await templateWorkbook(ctx.lang)),
    export: async (ctx) => {
      const scope = await scopeOf(ctx);
      const container = await containerById(ctx.db, ctx.params.id);
      const rows = await storedQuery(ctx.db)
        .where(and(eq(tempStoragePositions.containerId, container.id), barcodeScope(scope)))
        .orderBy(asc(tempStoragePositions.row), asc(tempStoragePositions.col));
      const time = zonedTime(ctx);
      const book = await containerWorkbook(container.code, rows.map(toStored), ctx.lang, time);
      return sendXlsx(ctx.reply, `${container.code}-${time.date(ctx.now)}.xlsx`, book);
    },
    importPreview: async (ctx) => {
      const scope = await scopeOf(ctx);
      const container = await containerById(ctx.db, ctx.body.containerId);
      usableContainer(container);
      const [file] = await ctx.db
        .select({ sha256: files.sha256, uploadedBy: files.uploadedBy })
        .from(files)
        .where(eq(files.id, ctx.body.fileId));
      // Only the uploader's own files can be read this way.
      if (!file || file.uploadedBy !== ctx.principal.userId)
        throw new ApiError(ResultCode.BAD_REQUEST, {
          key: 'labFileMissing',
          params: { id: ctx.body.fileId },
        });
      const rows = await readImport(await ctx.deps.files.read(file.sha256));
      if (!rows) throw new ApiError(ResultCode.BAD_REQUEST, { key: 'storageImportUnreadable' });
      if (rows.length === 0) throw new ApiError(ResultCode.BAD_REQUEST, { key: 'storageImportEmpty' });
      if (rows.length > IMPORT_MAX_ROWS)
        throw new ApiError(ResultCode.BAD_REQUEST, {
          key: 'storageImportTooMany',
          params: { max: IMPORT_MAX_ROWS },
        });
      const plan = await planStorage(ctx.db, scope, container, rows);
      const valid = plan.filter((i) => i.problem === null).length;
      return {
        rows: plan.map((i) => ({
          line: i.line,
          barcode: i.barcode,
          position: i.position,
          problem: i.problem,
          message: i.problem
            ? t(ctx.lang, PROBLEM_MESSAGE[i.problem], problemParams(i.problem, [i], container))
            : null,
        })),
        valid,
        invalid: plan.length - valid,
      };
    },
    storeIn: async (ctx) => {
      const p = ctx.principal;
      const scope = await ctx.scope();
      const container = await containerById(ctx.db, ctx.body.containerId);
      usableContainer(container);
      const plan = await planStorage(
        ctx.db,
        scope,
        container,
        ctx.body.samples.map((s, i) => ({ line: i + 1, barcode: s.barcode, position: s.position ?? null })),
      );
      // All or none: refuse with every sample of the first kind of problem.
      const bad = plan.filter((i) => i.problem !== null);
      const first = bad[0]?.problem;
      if (first) {
        const same = bad.filter((i) => i.problem === first);
        throw new ApiError(RESULT_OF[first], {
          key: PROBLEM_MESSAGE[first],
          params: problemParams(first, same, container),
        });
      }
      const to = assertTransition(ctx.lang, sampleStorageWorkflow, 'unstored', 'putIn', actorOf(p, null));
      const stored: Array<{ barcode: string; position: string }> = [];
      for (const item of plan) {
        const { row, slot } = item;
        if (!row || !slot) throw new Error('planned item without barcode or position');
        const flipped = await ctx.db
          .update(specimenBarcodes)
          .set({ storage: to, version: sql`${specimenBarcodes.version} + 1` })
          .where(and(eq(specimenBarcodes.id, row.id), eq(specimenBarcodes.storage, 'unstored')))
          .returning({ id: specimenBarcodes.id });
        if (flipped.length !== 1) throw staleOrMissing(true);
        await uniqueOr(ctx.lang, () =>
          ctx.db.insert(tempStoragePositions).values({
            barcodeId: row.id,
            containerId: container.id,
            row: slot.row,
            col: slot.col,
            storedBy: p.userId,
            storedAt: ctx.now,
          }),
        );
        const position = positionLabel(slot.row, slot.col);
        await log(ctx.db, p, ctx.now, {
          deviceId: container.deviceId,
          containerId: container.id,
          barcodeId: row.id,
          action: 'in',
          position,
        });
        await recordEvent(ctx.db, {
          workflow: sampleStorageWorkflow.id,
          recordId: row.id,
          action: 'putIn',
          fromState: 'unstored',
          toState: to,
          userId: p.userId,
          at: ctx.now,
        });
        stored.push({ barcode: row.code, position });
      }
      ctx.audit({
        action: 'tempStorage.storeIn',
        entity: 'tempStorageContainer',
        entityId: container.id,
        newValue: { stored },
      });
      return { stored };
    },
    takeOut: async (ctx) => {
      const p = ctx.principal;
      const scope = await ctx.scope();
      const codes = ctx.body.barcodes;
      const rows = await knownBarcodes(ctx.db, scope, codes);
      const notStored = rows.filter((r) => r.storage !== 'stored');
      if (notStored.length > 0)
        throw new ApiError(ResultCode.INVALID_STATE, {
          key: 'storageNotStored',
          params: { codes: codeList(notStored.map((r) => r.code)) },
        });
      const actor = actorOf(p, null);
      const to = assertTransition(ctx.lang, sampleStorageWorkflow, 'stored', 'takeOut', actor);
      const places = await ctx.db
        .select({
          id: tempStoragePositions.id,
          barcodeId: tempStoragePositions.barcodeId,
          containerId: tempStoragePositions.containerId,
          deviceId: tempStorageContainers.deviceId,
          row: tempStoragePositions.row,
          col: tempStoragePositions.col,
        })
        .from(tempStoragePositions)
        .innerJoin(tempStorageContainers, eq(tempStorageContainers.id, tempStoragePositions.containerId))
        .where(
          inArray(
            tempStoragePositions.barcodeId,
            rows.map((r) => r.id),
          ),
        );
      const taken: Array<{ barcode: string; position: string }> = [];
      for (const row of rows) {
        const place = places.find((pl) => pl.barcodeId === row.id);
        if (!place) throw staleOrMissing(true);
        const flipped = await ctx.db
          .update(specimenBarcodes)
          .set({ storage: to, version: sql`${specimenBarcodes.version} + 1` })
          .where(and(eq(specimenBarcodes.id, row.id), eq(specimenBarcodes.storage, 'stored')))
          .returning({ id: specimenBarcodes.id });
        if (flipped.length !== 1) throw staleOrMissing(true);
        await ctx.db.delete(tempStoragePositions).where(eq(tempStoragePositions.id, place.id));
        const position = positionLabel(place.row, place.col);
        await log(ctx.db, p, ctx.now, {
          deviceId: place.deviceId,
          containerId: place.containerId,
          barcodeId: row.id,
          action: 'out',
          position,
          reason: ctx.body.reason,
        });
        await recordEvent(ctx.db, {
          workflow: sampleStorageWorkflow.id,
          recordId: row.id,
          action: 'takeOut',
          fromState: 'stored',
          toState: to,
          userId: p.userId,
          at: ctx.now,
          reason: ctx.body.reason,
        });
        taken.push({ barcode: row.code, position });
      }
      ctx.audit({
        action: 'tempStorage.takeOut',
        entity: 'specimenBarcode',
        entityId: null,
        newValue: { taken },
        reason: ctx.body.reason,
      });
      return { count: taken.length };
    },
  });
}
