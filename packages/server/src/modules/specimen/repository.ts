import { type Lang, ResultCode, type SpecimenBarcodeRow, type StorageLog } from '@trialab/api-contract';
import { asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { projects, sampleTypes, sites, temperatures, users } from '../../db/schema.js';
import { labSubjects } from '../../db/schema-lab.js';
import { sampleTransports } from '../../db/schema-portal.js';
import {
  specimenBarcodes,
  tempStorageContainers,
  tempStorageDevices,
  tempStorageLogs,
} from '../../db/schema-specimen.js';
import { ApiError, notFound } from '../../lib/errors.js';
import { localNameColumn } from '../../lib/local-name.js';
import { pageOf } from '../../lib/paging.js';
import { inScope, type SiteScope, scopeWhere } from '../../lib/scope.js';
import { containsAny } from '../../lib/search.js';

const parent = alias(specimenBarcodes, 'parent');
const creator = alias(users, 'creator');
const signer = alias(users, 'signer');

/** Barcode rows; `lang` names the sample type and temperature in the reader's language (a list), none keeps the stored names (checks). */
function barcodeQuery(db: Executor, lang: Lang = 'zh_CN') {
  return db
    .select({
      id: specimenBarcodes.id,
      code: specimenBarcodes.code,
      projectId: specimenBarcodes.projectId,
      projectNo: projects.projectNo,
      siteId: specimenBarcodes.siteId,
      centerNo: sites.centerNo,
      subjectId: specimenBarcodes.subjectId,
      subjectNo: labSubjects.subjectNo,
      visit: specimenBarcodes.visit,
      sampleTypeId: specimenBarcodes.sampleTypeId,
      sampleTypeName: localNameColumn(sampleTypes, lang),
      temperatureId: specimenBarcodes.temperatureId,
      temperatureName: localNameColumn(temperatures, lang),
      parentId: specimenBarcodes.parentId,
      parentCode: parent.code,
      suffix: specimenBarcodes.suffix,
      lastSuffix: specimenBarcodes.lastSuffix,
      status: specimenBarcodes.status,
      storage: specimenBarcodes.storage,
      transportId: specimenBarcodes.transportId,
      transportOrderNo: sampleTransports.orderNo,
      signedByName: signer.username,
      signedAt: specimenBarcodes.signedAt,
      disabledReason: specimenBarcodes.disabledReason,
      createdByName: creator.username,
      createdAt: specimenBarcodes.createdAt,
      version: specimenBarcodes.version,
    })
    .from(specimenBarcodes)
    .innerJoin(projects, eq(projects.id, specimenBarcodes.projectId))
    .innerJoin(creator, eq(creator.id, specimenBarcodes.createdBy))
    .leftJoin(sites, eq(sites.id, specimenBarcodes.siteId))
    .leftJoin(labSubjects, eq(labSubjects.id, specimenBarcodes.subjectId))
    .leftJoin(sampleTypes, eq(sampleTypes.id, specimenBarcodes.sampleTypeId))
    .leftJoin(temperatures, eq(temperatures.id, specimenBarcodes.temperatureId))
    .leftJoin(parent, eq(parent.id, specimenBarcodes.parentId))
    .leftJoin(sampleTransports, eq(sampleTransports.id, specimenBarcodes.transportId))
    .leftJoin(signer, eq(signer.id, specimenBarcodes.signedBy));
}

type Raw = Awaited<ReturnType<typeof barcodeQuery>>[number];

function toRow(raw: Raw): SpecimenBarcodeRow {
  return {
    ...raw,
    status: raw.status as SpecimenBarcodeRow['status'],
    storage: raw.storage as SpecimenBarcodeRow['storage'],
    signedAt: raw.signedAt?.toISOString() ?? null,
    createdAt: raw.createdAt.toISOString(),
  };
}

/** Barcodes the caller may see (their projects; external users their sites). */
export const barcodeScope = (scope: SiteScope) =>
  scopeWhere(scope, specimenBarcodes.projectId, specimenBarcodes.siteId);

export function barcodeInScope(scope: SiteScope, row: { projectId: number; siteId: number | null }): boolean {
  // A barcode without a site is visible to staff of its project, never to site users.
  return inScope(scope, row.projectId, row.siteId ?? -1);
}

export async function pageBarcodes(
  db: Executor,
  where: SQL | undefined,
  page: number,
  size: number,
  lang: Lang,
): Promise<{ rows: SpecimenBarcodeRow[]; total: number }> {
  return pageOf(
    db
      .select({ n: count() })
      .from(specimenBarcodes)
      .innerJoin(projects, eq(projects.id, specimenBarcodes.projectId))
      .leftJoin(parent, eq(parent.id, specimenBarcodes.parentId))
      .where(where),
    barcodeQuery(db, lang).where(where).orderBy(desc(specimenBarcodes.createdAt), asc(specimenBarcodes.code)),
    { page, size },
    toRow,
  );
}

/** Keyword filter on the code (and the parent's code). */
export function codeLike(keyword: string | undefined): SQL | undefined {
  return containsAny([specimenBarcodes.code, projects.projectNo], keyword);
}

export async function barcodeRows(db: Executor, where: SQL | undefined): Promise<SpecimenBarcodeRow[]> {
  return (await barcodeQuery(db).where(where).orderBy(asc(specimenBarcodes.code))).map(toRow);
}

/** One barcode by id or code, refused as missing when outside the caller's scope. */
export async function scopedBarcode(
  db: Executor,
  scope: SiteScope,
  by: { id: number } | { code: string },
): Promise<SpecimenBarcodeRow> {
  const where = 'id' in by ? eq(specimenBarcodes.id, by.id) : eq(specimenBarcodes.code, by.code.trim());
  const [row] = await barcodeRows(db, where);
  if (!row || !barcodeInScope(scope, row)) throw notFound();
  return row;
}

/** Rows of these codes in the caller's scope, keyed by code (codes of other projects are left out). */
export async function barcodesByCode(
  db: Executor,
  scope: SiteScope,
  codes: string[],
): Promise<Map<string, SpecimenBarcodeRow>> {
  if (codes.length === 0) return new Map();
  const rows = await barcodeRows(db, inArray(specimenBarcodes.code, codes));
  return new Map(rows.filter((r) => barcodeInScope(scope, r)).map((r) => [r.code, r]));
}

/** Codes given more than once, in order of first repeat. */
export function repeated(values: string[]): string[] {
  return [...new Set(values.filter((v, i) => values.indexOf(v) !== i))];
}

/** Codes for a message: the first 20, then an ellipsis. */
export const codeList = (values: string[]) =>
  values.slice(0, 20).join(', ') + (values.length > 20 ? ' …' : '');

/** Refuses a list of codes that names one twice. */
export function noRepeats(codes: string[]): void {
  const twice = repeated(codes);
  if (twice.length > 0)
    throw new ApiError(ResultCode.BAD_REQUEST, {
      key: 'specimenCodesRepeated',
      params: { codes: codeList(twice) },
    });
}

/** The rows of scanned codes, in order; refused when one is repeated, unknown or outside the scope. */
export async function knownBarcodes(
  db: Executor,
  scope: SiteScope,
  codes: string[],
): Promise<SpecimenBarcodeRow[]> {
  noRepeats(codes);
  const found = await barcodesByCode(db, scope, codes);
  const unknown = codes.filter((c) => !found.has(c));
  if (unknown.length > 0)
    throw new ApiError(ResultCode.BAD_REQUEST, {
      key: 'specimenCodesUnknown',
      params: { codes: codeList(unknown) },
    });
  return codes.map((c) => found.get(c)).filter((r) => r !== undefined);
}

const logUser = alias(users, 'log_user');

/** Device/sample log rows; barcodes of projects outside the caller's scope are not shown. */
export async function pageLogs(
  db: Executor,
  scope: SiteScope,
  where: SQL | undefined,
  page: number,
  size: number,
): Promise<{ rows: StorageLog[]; total: number }> {
  const { rows, total } = await pageOf(
    db.select({ n: count() }).from(tempStorageLogs).where(where),
    db
      .select({
        id: tempStorageLogs.id,
        action: tempStorageLogs.action,
        deviceId: tempStorageLogs.deviceId,
        deviceName: tempStorageDevices.name,
        containerCode: tempStorageContainers.code,
        barcode: specimenBarcodes.code,
        barcodeProjectId: specimenBarcodes.projectId,
        barcodeSiteId: specimenBarcodes.siteId,
        position: tempStorageLogs.position,
        reason: tempStorageLogs.reason,
        detail: tempStorageLogs.detail,
        userName: logUser.username,
        at: tempStorageLogs.at,
      })
      .from(tempStorageLogs)
      .innerJoin(tempStorageDevices, eq(tempStorageDevices.id, tempStorageLogs.deviceId))
      .innerJoin(logUser, eq(logUser.id, tempStorageLogs.userId))
      .leftJoin(tempStorageContainers, eq(tempStorageContainers.id, tempStorageLogs.containerId))
      .leftJoin(specimenBarcodes, eq(specimenBarcodes.id, tempStorageLogs.barcodeId))
      .where(where)
      .orderBy(desc(tempStorageLogs.at), desc(tempStorageLogs.id)),
    { page, size },
  );
  return {
    rows: rows.map(({ barcodeProjectId, barcodeSiteId, ...r }) => ({
      ...r,
      barcode:
        barcodeProjectId !== null &&
        barcodeInScope(scope, { projectId: barcodeProjectId, siteId: barcodeSiteId })
          ? r.barcode
          : null,
      action: r.action as StorageLog['action'],
      at: r.at.toISOString(),
    })),
    total,
  };
}
