import type { StorageBoxRow } from '@trialab/api-contract';

/**
 * The free slots of a rack, row by row, from the unit's map (the boxes standing in its slots): the
 * targets a box can be moved to. The box itself counts as free where it stands (a move to its own
 * slot changes nothing, and is not offered).
 */
export function freeSlots(
  rack: { id: number; rows: number; cols: number },
  boxes: ReadonlyArray<Pick<StorageBoxRow, 'id' | 'rackId' | 'rackRow' | 'rackCol'>>,
  moving: number | null,
): Array<{ row: number; col: number }> {
  const taken = new Set(
    boxes.filter((b) => b.rackId === rack.id && b.id !== moving).map((b) => `${b.rackRow}:${b.rackCol}`),
  );
  const own = boxes.find((b) => b.id === moving && b.rackId === rack.id);
  const free: Array<{ row: number; col: number }> = [];
  for (let row = 1; row <= rack.rows; row += 1)
    for (let col = 1; col <= rack.cols; col += 1)
      if (!taken.has(`${row}:${col}`) && !(own && own.rackRow === row && own.rackCol === col))
        free.push({ row, col });
  return free;
}
