// Reads of the specimen pages: specimens awaiting storage and boxes by barcode.
import type { AwaitingSpecimen, Lang, StorageBoxRow } from '@trialab/api-contract';
import { ResultCode } from '@trialab/api-contract';
import { and, count, desc, eq, gt, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { projects, sampleTypes, sites, temperatures, users } from '../../db/schema.js';
import { labSubjects } from '../../db/schema-lab.js';
import { specimenPositions, storageBoxes, storageUnits } from '../../db/schema-library.js';
import { specimenBarcodes } from '../../db/schema-specimen.js';
import { ApiError } from '../../lib/errors.js';
import { localNameColumn } from '../../lib/local-name.js';
import { pageOf } from '../../lib/paging.js';
import type { SiteScope } from '../../lib/scope.js';
import { boxColumns } from '../library/repository.js';
import { type SampleFilter, sampleWhere } from './sample-list.js';

const parent = alias(specimenBarcodes, 'parent');
const signer = alias(users, 'signer');

/** Signed for at the bench, out of temporary storage, never in the library. */
export const awaitingWhere = and(
  eq(specimenBarcodes.status, 'signed'),
  eq(specimenBarcodes.storage, 'unstored'),
  eq(specimenBarcodes.library, 'none'),
);

export async function pageAwaiting(
  db: Executor,
  where: SQL | undefined,
  page: { page: number; size: number },
  lang: Lang,
  now: Date,
) {
  const rows = db
    .select({
      id: specimenBarcodes.id,
      code: specimenBarcodes.code,
      projectId: specimenBarcodes.projectId,
      projectNo: projects.projectNo,
      centerNo: sites.centerNo,
      subjectNo: labSubjects.subjectNo,
      visit: specimenBarcodes.visit,
      sampleTypeName: localNameColumn(sampleTypes, lang),
      temperatureName: localNameColumn(temperatures, lang),
      parentCode: parent.code,
      signedByName: signer.username,
      signedAt: specimenBarcodes.signedAt,
      reservedUntil: specimenPositions.expiresAt,
    })
    .from(specimenBarcodes)
    .innerJoin(projects, eq(projects.id, specimenBarcodes.projectId))
    .leftJoin(sites, eq(sites.id, specimenBarcodes.siteId))
    .leftJoin(labSubjects, eq(labSubjects.id, specimenBarcodes.subjectId))
    .leftJoin(sampleTypes, eq(sampleTypes.id, specimenBarcodes.sampleTypeId))
    .leftJoin(temperatures, eq(temperatures.id, specimenBarcodes.temperatureId))
    .leftJoin(parent, eq(parent.id, specimenBarcodes.parentId))
    .leftJoin(signer, eq(signer.id, specimenBarcodes.signedBy))
    .leftJoin(
      specimenPositions,
      and(
        eq(specimenPositions.specimenId, specimenBarcodes.id),
        eq(specimenPositions.status, 'reserved'),
        gt(specimenPositions.expiresAt, now),
      ),
    )
    .where(where)
    .orderBy(desc(specimenBarcodes.signedAt), desc(specimenBarcodes.id));
  return pageOf(
    db
      .select({ n: count() })
      .from(specimenBarcodes)
      .innerJoin(projects, eq(projects.id, specimenBarcodes.projectId))
      .where(where),
    rows,
    page,
    (r): AwaitingSpecimen => ({
      ...r,
      signedAt: r.signedAt?.toISOString() ?? null,
      reservedUntil: r.reservedUntil?.toISOString() ?? null,
    }),
  );
}

/** A box by its barcode (refused, naming the code, when there is none). */
export async function boxByCode(db: Executor, code: string): Promise<StorageBoxRow & { unitName: string }> {
  const [row] = await db
    .select({ ...boxColumns, unitName: storageUnits.name })
    .from(storageBoxes)
    .innerJoin(storageUnits, eq(storageUnits.id, storageBoxes.unitId))
    .where(eq(storageBoxes.code, code.trim()));
  if (!row) throw new ApiError(ResultCode.NOT_FOUND, { key: 'samplesBoxUnknown', params: { code } });
  return row as StorageBoxRow & { unitName: string };
}

/**
 * The ids of the sample list's rows a filter finds, newest first, at most `limit` (a batch edit
 * opened with the list's filter).
 */
export async function sampleIds(
  db: Executor,
  scope: SiteScope,
  filter: SampleFilter,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .select({ id: specimenBarcodes.id })
    .from(specimenBarcodes)
    .where(sampleWhere(db, scope, filter))
    .orderBy(desc(specimenBarcodes.id))
    .limit(limit);
  return rows.map((r) => r.id);
}
