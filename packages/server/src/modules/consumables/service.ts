import { ResultCode } from '@trialab/api-contract';
import type { consumableKitItems, consumableOrderLines } from '../../db/schema-portal.js';
import { ApiError } from '../../lib/errors.js';

/** Consumable application rules that need no database. */

export interface OrderInput {
  projectId: number;
  siteId: number;
  addressId?: number | null | undefined;
  receiveAddress: {
    name: string;
    phone: string;
    area: string;
    company: string | null;
    detail: string;
    email: string | null;
  };
  expectedShipDate: string | null;
  hopedArrivalDate: string | null;
  note: string | null;
  kits: Array<{ kitId: number; kitAmount: number; hopedArrivalDate: string | null; note: string | null }>;
  loose: Array<{
    consumableName: string;
    size: string | null;
    vendor: string | null;
    unit: string;
    quantity: number;
    hopedArrivalDate: string | null;
    note: string | null;
  }>;
}

export const invalidRef = (field: string) =>
  new ApiError(ResultCode.BAD_REQUEST, { key: 'invalidReference', params: { field } });

/** The kits asked for, each once (a kit named twice is refused). */
export function kitIdsOf(input: Pick<OrderInput, 'kits'>): number[] {
  const kitIds = [...new Set(input.kits.map((k) => k.kitId))];
  if (kitIds.length !== input.kits.length) throw invalidRef('kits.kitId');
  return kitIds;
}

interface Kit {
  id: number;
  projectId: number;
  name: string;
  deliveryModel: string | null;
  /** The site's supply state of the kit (null: never supplied). */
  supply: string | null;
}

/**
 * The order lines: each kit expanded into its consumables (the SPEC kit line fields), then the
 * loose consumables. Only kits of the project whose supply the site confirmed may be applied for.
 */
export function orderLines(
  input: OrderInput,
  kits: Kit[],
  items: Array<typeof consumableKitItems.$inferSelect>,
  /** Catalogue consumables by name: a loose line naming one is issued from stock at dispatch. */
  catalogue: ReadonlyMap<string, number> = new Map(),
): Array<typeof consumableOrderLines.$inferInsert> {
  const lines: Array<typeof consumableOrderLines.$inferInsert> = [];
  let sort = 0;
  for (const wanted of input.kits) {
    const kit = kits.find((k) => k.id === wanted.kitId);
    if (!kit || kit.projectId !== input.projectId) throw invalidRef('kits.kitId');
    if (kit.supply !== 'confirmed')
      throw new ApiError(ResultCode.BAD_REQUEST, { key: 'kitNotConfirmed', params: { kit: kit.name } });
    for (const item of items.filter((i) => i.kitId === kit.id).sort((a, b) => a.sort - b.sort)) {
      lines.push({
        orderId: 0,
        kind: 'kit',
        kitId: kit.id,
        kitName: kit.name,
        consumableName: item.consumableName,
        consumableId: item.consumableId,
        size: item.size,
        vendor: item.vendor,
        unit: item.unit,
        quantityPerKit: item.quantityPerKit,
        pictureFileId: item.pictureFileId,
        scopeOfUse: item.scopeOfUse,
        kitAmount: wanted.kitAmount,
        deliveryModel: kit.deliveryModel,
        hopedArrivalDate: wanted.hopedArrivalDate ?? input.hopedArrivalDate,
        note: wanted.note,
        sort: sort++,
      });
    }
  }
  for (const loose of input.loose) {
    lines.push({
      orderId: 0,
      kind: 'loose',
      consumableName: loose.consumableName,
      consumableId: catalogue.get(loose.consumableName) ?? null,
      size: loose.size,
      vendor: loose.vendor,
      unit: loose.unit,
      kitAmount: loose.quantity,
      hopedArrivalDate: loose.hopedArrivalDate ?? input.hopedArrivalDate,
      note: loose.note,
      sort: sort++,
    });
  }
  return lines;
}

/**
 * Dispatch data typed for every line without a catalogue consumable, each once, and for no other line
 * (catalogue lines are issued from stock by FEFO).
 */
export function assertDispatchLines(given: Array<{ lineId: number }>, existing: Array<{ id: number }>): void {
  const ids = new Set(given.map((l) => l.lineId));
  if (ids.size !== given.length || ids.size !== existing.length || existing.some((l) => !ids.has(l.id)))
    throw invalidRef('lines');
}
