import type { BodyOf, RackType, StorageUnitStatus } from '@trialab/api-contract';
import type { Contract } from '../../../../services/contract';

type CreateBody = BodyOf<Contract['library']['unitCreate']>;

/** The unit dialog's values: the unit, and for a new one whether and how to fill it. */
export interface UnitValues {
  code: string;
  name: string;
  roomId: number;
  kind: CreateBody['kind'];
  temperatureId: number;
  setCelsius?: number | null;
  status: StorageUnitStatus;
  rows: number;
  cols: number;
  remark?: string;
  fill?: boolean;
  fillWith?: { rackTypeId: number; racks: number; boxTypeId?: number | null };
}

/** What an edit sends (and a creation besides its code, room, kind, slots and fill). */
export const unitBody = (v: UnitValues) => ({
  name: v.name,
  temperatureId: v.temperatureId,
  setCelsius: v.setCelsius ?? null,
  status: v.status,
  remark: v.remark || null,
});

/**
 * What "fill with racks and boxes" will make, as the dialog says it before saving: racks in slots
 * 1..n of the unit's shelves × slots, a box in each rack slot when a box type is chosen. Null when
 * not filling or the choice is not complete; `tooMany` when the unit has fewer slots than racks.
 */
export function fillSummary(
  values: Partial<UnitValues> | undefined,
  rackTypes: readonly Pick<RackType, 'id' | 'rows' | 'cols'>[],
): { racks: number; slots: number; boxes: number; tooMany: boolean } | null {
  if (!values?.fill || !values.fillWith?.rackTypeId || !values.fillWith.racks) return null;
  const type = rackTypes.find((r) => r.id === values.fillWith?.rackTypeId);
  if (!type) return null;
  const racks = values.fillWith.racks;
  const slots = (values.rows ?? 0) * (values.cols ?? 0);
  const boxes = values.fillWith.boxTypeId ? racks * type.rows * type.cols : 0;
  return { racks, slots, boxes, tooMany: racks > slots };
}
