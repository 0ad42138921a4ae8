// What the library's placement paths share with the bills' returns: barcodes to specimen ids in
// the caller's scope, and scanned targets to the engine's assignments.
import { parseCell, ResultCode } from '@trialab/api-contract';
import { inArray } from 'drizzle-orm';
import { storageBoxes } from '../../db/schema-library.js';
import { ApiError } from '../../lib/errors.js';
import type { SessionCtx } from '../../lib/route.js';
import { type Assignment, boxGrid } from '../../services/positions/engine.js';
import { knownBarcodes } from '../specimen/repository.js';

/** The scanned barcodes as specimen ids (each known and in the caller's scope). */
export async function specimenIds(ctx: SessionCtx, codes: string[]): Promise<Map<string, number>> {
  const rows = await knownBarcodes(ctx.db, await ctx.scope(), codes);
  return new Map(rows.map((r) => [r.code, r.id]));
}

/** Placement, move or return targets: each barcode to a box and a cell in the box's own labels. */
export async function targets(
  ctx: SessionCtx,
  items: Array<{ barcode: string; boxId: number; position?: string | null | undefined }>,
  action: 'place' | 'move' | 'return',
): Promise<Assignment[]> {
  const ids = await specimenIds(
    ctx,
    items.map((i) => i.barcode),
  );
  const boxIds = [...new Set(items.map((i) => i.boxId))];
  const boxes = await ctx.db.select().from(storageBoxes).where(inArray(storageBoxes.id, boxIds));
  return items.map((i) => {
    const box = boxes.find((b) => b.id === i.boxId);
    if (!box) throw new ApiError(ResultCode.NOT_FOUND, { key: 'positionsBoxMissing' });
    let cell: { row: number | null; col: number | null } = { row: null, col: null };
    if (box.kind === 'grid') {
      if (!i.position)
        throw new ApiError(ResultCode.BAD_REQUEST, { key: 'positionsNeedCell', params: { box: box.code } });
      const parsed = parseCell(boxGrid(box), i.position);
      if (!parsed)
        throw new ApiError(ResultCode.BAD_REQUEST, {
          key: 'positionsOutside',
          params: { box: box.code, position: i.position },
        });
      cell = parsed;
    }
    return { action, specimenId: ids.get(i.barcode) ?? 0, to: { boxId: box.id, ...cell } };
  });
}
