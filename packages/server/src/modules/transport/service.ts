import { ResultCode, type SampleShipmentAction, sampleShipmentWorkflow } from '@trialab/api-contract';
import type { Executor } from '../../db/client.js';
import type { sampleTransports } from '../../db/schema-portal.js';
import { ApiError } from '../../lib/errors.js';
import type { Principal } from '../../lib/route.js';
import { assertInScope, type SiteScope } from '../../lib/scope.js';
import { applyTransition, type TransitionCtx } from '../../lib/workflow.js';
import { checkReferences, shipmentHead, updateShipment } from './repository.js';

/** Sample shipment rules: the booking's, and the staff's correction's (modules/express-edit-check). */

/**
 * SPEC section 5: only samples with the same transport temperature go in one shipment. Answers
 * the shipment's temperature and the distinct sample types (whose existence the repository checks).
 */
export function shipmentSamples(samples: Array<{ sampleTypeId: number; temperatureId: number }>): {
  temperatureId: number;
  sampleTypeIds: number[];
} {
  const temps = new Set(samples.map((s) => s.temperatureId));
  if (temps.size > 1) throw new ApiError(ResultCode.BAD_REQUEST, { key: 'mixedTemperature' });
  const [temperatureId] = [...temps];
  if (temperatureId === undefined)
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'invalidReference', params: { field: 'samples' } });
  return { temperatureId, sampleTypeIds: [...new Set(samples.map((s) => s.sampleTypeId))] };
}

/** Every asked-for shipment must exist (ids are distinct). */
export function assertAllFound(found: unknown[], ids: number[]): void {
  if (found.length !== ids.length) throw new ApiError(ResultCode.NOT_FOUND, { key: 'notFound' });
}

/** The shipment's temperature, once its samples share one and every reference exists. */
export async function checkSamples(
  db: Executor,
  samples: Array<{ sampleTypeId: number; temperatureId: number }>,
): Promise<number> {
  const { temperatureId, sampleTypeIds } = shipmentSamples(samples);
  await checkReferences(db, temperatureId, sampleTypeIds);
  return temperatureId;
}

/** Fires one shipment action: scope by id, then the workflow. */
export async function fire(
  ctx: TransitionCtx,
  principal: Principal,
  scope: SiteScope,
  input: { id: number; version: number; action: SampleShipmentAction; reason?: string | null },
  patch: Partial<typeof sampleTransports.$inferInsert>,
) {
  const head = await shipmentHead(ctx.db, input.id);
  assertInScope(scope, head);
  await applyTransition(
    ctx,
    principal,
    sampleShipmentWorkflow,
    { id: head.id, status: head.status, creatorId: head.createdBy },
    { ...input, patch },
    (next) => updateShipment(ctx.db, input.id, input.version, { ...patch, ...next, updatedAt: ctx.now }),
  );
  return head;
}
