// Positions in words a keeper reads on the freezer: "ULT-01 / R01 / A3 / B4" (unit, rack slot, the
// box's slot in the rack, the cell). The custody log and the timelines name places this way.
import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { storageBoxes, storageRacks, storageUnits } from '../../db/schema-library.js';
import { cellText } from '../positions/engine.js';

/** A place's label from a unit, a box and a cell (any may be missing); null when none is known. */
export type PlaceLabel = (
  unitId: number | null,
  boxId: number | null,
  position: string | null,
) => string | null;

/**
 * The labeller for these boxes and units, read in two queries. A box still in the unit named is
 * shown in its rack slot (its rack and slot now: the log keeps the unit, box and cell of the time);
 * a box since moved to another unit, or loose, by its code.
 */
export async function placeLabels(
  db: Executor,
  boxIds: ReadonlyArray<number | null>,
  unitIds: ReadonlyArray<number | null>,
): Promise<PlaceLabel> {
  const boxKeys = [...new Set(boxIds.filter((id): id is number => id !== null))];
  const boxes = new Map(
    (boxKeys.length === 0
      ? []
      : await db
          .select({
            id: storageBoxes.id,
            code: storageBoxes.code,
            unitId: storageBoxes.unitId,
            rackRow: storageBoxes.rackRow,
            rackCol: storageBoxes.rackCol,
            rackSlot: storageRacks.slot,
            rackCols: storageRacks.cols,
          })
          .from(storageBoxes)
          .leftJoin(storageRacks, eq(storageRacks.id, storageBoxes.rackId))
          .where(inArray(storageBoxes.id, boxKeys))
    ).map((b) => [b.id, b]),
  );
  const unitKeys = [
    ...new Set([
      ...unitIds.filter((id): id is number => id !== null),
      ...[...boxes.values()].map((b) => b.unitId),
    ]),
  ];
  const units = new Map(
    (unitKeys.length === 0
      ? []
      : await db
          .select({ id: storageUnits.id, code: storageUnits.code })
          .from(storageUnits)
          .where(inArray(storageUnits.id, unitKeys))
    ).map((u) => [u.id, u.code]),
  );
  return (unitId, boxId, position) => {
    const box = boxId === null ? undefined : boxes.get(boxId);
    const unit = units.get(unitId ?? box?.unitId ?? -1);
    if (!box) return unit ?? null;
    const inRack =
      box.unitId === (unitId ?? box.unitId) && box.rackSlot !== null && box.rackCols !== null
        ? [
            `R${String(box.rackSlot).padStart(2, '0')}`,
            cellText({ cols: box.rackCols, labels: 'alnum' }, box.rackRow, box.rackCol) || box.code,
          ]
        : [box.code];
    return [unit, ...inRack, position].filter(Boolean).join(' / ');
  };
}
