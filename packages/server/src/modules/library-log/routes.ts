import { endpoints, LIBRARY_STATES, type SpecimenTimeline } from '@trialab/api-contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { projects, sampleTypes } from '../../db/schema.js';
import { labSubjects } from '../../db/schema-lab.js';
import { specimenPositions, storageBoxes } from '../../db/schema-library.js';
import { specimenBarcodes } from '../../db/schema-specimen.js';
import { download } from '../../lib/download.js';
import { notFound } from '../../lib/errors.js';
import { localNameColumn } from '../../lib/local-name.js';
import { registerGroup, type SessionCtx } from '../../lib/route.js';
import { zonedTime } from '../../lib/time-zone.js';
import { XLSX_MIME } from '../../lib/xlsx.js';
import { boxEvents, specimenEvents } from '../../services/library-timeline/index.js';
import { placeLabels } from '../../services/library-timeline/places.js';
import { cellText } from '../../services/positions/engine.js';
import { barcodeInScope } from '../specimen/repository.js';
import { exportLog, pageLog } from './log.js';

const { libraryLog: api } = endpoints;

/** The specimen of a barcode in the caller's scope, with its words for the timeline's head. */
async function scopedSpecimen(ctx: SessionCtx, code: string) {
  const [row] = await ctx.db
    .select({
      specimen: specimenBarcodes,
      projectNo: projects.projectNo,
      subjectNo: labSubjects.subjectNo,
      sampleTypeName: localNameColumn(sampleTypes, ctx.lang),
      boxId: specimenPositions.boxId,
      unitId: storageBoxes.unitId,
      row: specimenPositions.row,
      col: specimenPositions.col,
      cols: storageBoxes.cols,
      labels: storageBoxes.labels,
    })
    .from(specimenBarcodes)
    .innerJoin(projects, eq(projects.id, specimenBarcodes.projectId))
    .leftJoin(labSubjects, eq(labSubjects.id, specimenBarcodes.subjectId))
    .leftJoin(sampleTypes, eq(sampleTypes.id, specimenBarcodes.sampleTypeId))
    .leftJoin(
      specimenPositions,
      and(eq(specimenPositions.specimenId, specimenBarcodes.id), eq(specimenPositions.status, 'stored')),
    )
    .leftJoin(storageBoxes, eq(storageBoxes.id, specimenPositions.boxId))
    .where(eq(specimenBarcodes.code, code));
  // Another project's specimen answers as a missing one: its barcode cannot be probed.
  if (!row || !barcodeInScope(await ctx.scope(), row.specimen)) throw notFound();
  return row;
}

/** The custody log and the specimen and box timelines (docs/library.md "Custody log and timelines"). */
export async function libraryLogRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, api, {
    list: async (ctx) => {
      const { page, size, ...filter } = ctx.body;
      return pageLog(ctx.db, await ctx.scope(), { ...filter, zone: ctx.timeZone }, { page, size });
    },
    export: async (ctx) => {
      const time = zonedTime(ctx);
      const book = await exportLog(
        ctx.db,
        await ctx.scope(),
        { ...ctx.body, zone: ctx.timeZone },
        ctx.lang,
        time,
      );
      return download({ name: `custody-log-${time.date(ctx.now)}.xlsx`, mime: XLSX_MIME, content: book });
    },
    specimenTimeline: async (ctx): Promise<SpecimenTimeline> => {
      const row = await scopedSpecimen(ctx, ctx.body.code);
      const { specimen: s } = row;
      const place = await placeLabels(ctx.db, [row.boxId], [row.unitId]);
      const cell =
        row.row !== null && row.cols !== null
          ? cellText({ cols: row.cols, labels: row.labels ?? 'alnum' }, row.row, row.col)
          : null;
      return {
        specimen: {
          id: s.id,
          code: s.code,
          projectNo: row.projectNo,
          subjectNo: row.subjectNo,
          visit: s.visit,
          sampleTypeName: row.sampleTypeName,
          library: LIBRARY_STATES.find((v) => v === s.library) ?? 'none',
          freezeThaw: s.freezeThaw,
          place: row.boxId === null ? null : place(row.unitId, row.boxId, cell || null),
        },
        events: await specimenEvents({ db: ctx.db, lang: ctx.lang, scope: await ctx.scope() }, s),
      };
    },
    boxTimeline: async (ctx) => {
      const [box] = await ctx.db.select().from(storageBoxes).where(eq(storageBoxes.id, ctx.body.id));
      if (!box) throw notFound();
      const place = await placeLabels(ctx.db, [box.id], [box.unitId]);
      return {
        box: { id: box.id, code: box.code, place: place(box.unitId, box.id, null) ?? box.code },
        events: await boxEvents({ db: ctx.db, lang: ctx.lang, scope: await ctx.scope() }, box),
      };
    },
  });
}
