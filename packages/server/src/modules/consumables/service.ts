import {
  type ConsumableOrderAction,
  type ConsumableOrderState,
  consumableOrderWorkflow,
  ResultCode,
} from '@trialab/api-contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  addresses,
  consumableKitItems,
  consumableKits,
  consumableOrderLines,
  consumableOrders,
  kitSupplies,
} from '../../db/schema-portal.js';
import { ApiError } from '../../lib/errors.js';
import type { Principal } from '../../lib/route.js';
import { applyTransition, type TransitionCtx } from '../../lib/workflow.js';
import { assertInScope, type SiteScope } from '../portal/scope.js';
import { orderHead } from './repository.js';

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

const invalidRef = (field: string) =>
  new ApiError(ResultCode.BAD_REQUEST, { key: 'invalidReference', params: { field } });

/** The address must be one of the caller's own. */
export async function checkAddress(db: Executor, userId: number, addressId: number | null | undefined) {
  if (!addressId) return null;
  const [row] = await db
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)));
  if (!row) throw invalidRef('addressId');
  return row.id;
}

/**
 * Builds the order lines: each kit is expanded into its consumables (the SPEC kit line fields),
 * and only kits of the project whose supply the site confirmed may be applied for.
 */
export async function buildLines(db: Executor, input: OrderInput) {
  const kitIds = [...new Set(input.kits.map((k) => k.kitId))];
  if (kitIds.length !== input.kits.length) throw invalidRef('kits.kitId');
  const kits =
    kitIds.length === 0
      ? []
      : await db
          .select({
            id: consumableKits.id,
            projectId: consumableKits.projectId,
            name: consumableKits.name,
            deliveryModel: consumableKits.deliveryModel,
            supply: kitSupplies.status,
          })
          .from(consumableKits)
          .leftJoin(
            kitSupplies,
            and(eq(kitSupplies.kitId, consumableKits.id), eq(kitSupplies.siteId, input.siteId)),
          )
          .where(inArray(consumableKits.id, kitIds));
  const items =
    kitIds.length === 0
      ? []
      : await db.select().from(consumableKitItems).where(inArray(consumableKitItems.kitId, kitIds));
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

export async function insertLines(
  db: Executor,
  orderId: number,
  lines: Array<typeof consumableOrderLines.$inferInsert>,
) {
  await db.delete(consumableOrderLines).where(eq(consumableOrderLines.orderId, orderId));
  if (lines.length > 0) await db.insert(consumableOrderLines).values(lines.map((l) => ({ ...l, orderId })));
}

/** Fires one action on an application: scope by id, then the workflow (portal/workflow.ts). */
export async function transition(
  ctx: TransitionCtx,
  principal: Principal,
  scope: SiteScope,
  input: { id: number; version: number; action: ConsumableOrderAction; reason?: string | null },
  patch: Partial<typeof consumableOrders.$inferInsert> = {},
): Promise<ConsumableOrderState> {
  const head = await orderHead(ctx.db, input.id);
  assertInScope(scope, head);
  return applyTransition(
    ctx,
    principal,
    consumableOrderWorkflow,
    { id: head.id, status: head.status, creatorId: head.applicantId },
    { ...input, patch },
    async (next) => {
      const rows = await ctx.db
        .update(consumableOrders)
        .set({ ...patch, ...next, updatedAt: ctx.now })
        .where(and(eq(consumableOrders.id, input.id), eq(consumableOrders.version, input.version)))
        .returning({ id: consumableOrders.id });
      return rows.length > 0;
    },
  );
}
