// Batch edit of specimen records (docs/library.md "Batch edit"): a preview per specimen (before,
// after, or the reason it is refused), then the apply in one transaction with a reason and an
// e-signature, audited per specimen. The apply evaluates the rows again after locking them and
// refuses the whole request when one is refused now or changed since the preview.
import { BATCH_EDIT_MAX, type BatchEditRow, endpoints, ResultCode } from '@trialab/api-contract';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../lib/errors.js';
import type { MessageKey } from '../../lib/i18n.js';
import { type BodyOf, registerGroup, type SessionCtx } from '../../lib/route.js';
import { confirmSigner, eSign } from '../../services/signatures.js';
import { sampleIds } from '../library-samples/repository.js';
import {
  anyChange,
  byCodes,
  byIds,
  editedSpecimens,
  evaluate,
  previewRow,
  unknownRow,
  writeEdits,
} from './service.js';

const { libraryBatchEdit: api } = endpoints;

const badRequest = (key: MessageKey, params: Record<string, string | number> = {}) =>
  new ApiError(ResultCode.BAD_REQUEST, { key, params });

function repeatedOf<T>(values: readonly T[]): T | undefined {
  return values.find((v, i) => values.indexOf(v) !== i);
}

async function preview(ctx: SessionCtx, body: BodyOf<typeof api.preview>) {
  if (!anyChange(body.changes)) throw badRequest('batchEditNothing');
  if (!body.barcodes === !body.filter) throw badRequest('batchEditTarget');
  const scope = await ctx.scope();
  let rows: BatchEditRow[];
  if (body.barcodes) {
    const twice = repeatedOf(body.barcodes);
    if (twice) throw badRequest('batchEditTwice', { code: twice });
    const found = await editedSpecimens(ctx.db, scope, ctx.lang, byCodes(body.barcodes));
    const evaluated = await evaluate(ctx.db, ctx.lang, found, body.changes);
    const byCode = new Map(evaluated.map((e) => [e.specimen.code, previewRow(e, ctx.lang)]));
    rows = body.barcodes.map((code) => byCode.get(code) ?? unknownRow(code, ctx.lang));
  } else {
    const ids = await sampleIds(ctx.db, scope, { ...body.filter, zone: ctx.timeZone }, BATCH_EDIT_MAX + 1);
    if (ids.length > BATCH_EDIT_MAX) throw badRequest('batchEditTooMany', { max: BATCH_EDIT_MAX });
    const found = await editedSpecimens(ctx.db, scope, ctx.lang, byIds(ids));
    rows = (await evaluate(ctx.db, ctx.lang, found, body.changes)).map((e) => previewRow(e, ctx.lang));
  }
  return {
    rows,
    counts: {
      change: rows.filter((r) => !r.refusal && r.changed.length > 0).length,
      unchanged: rows.filter((r) => !r.refusal && r.changed.length === 0).length,
      refused: rows.filter((r) => r.refusal).length,
    },
  };
}

async function apply(ctx: SessionCtx, body: BodyOf<typeof api.apply>) {
  if (!anyChange(body.changes)) throw badRequest('batchEditNothing');
  const signer = await confirmSigner(ctx, body.signature);
  const ids = body.rows.map((r) => r.id);
  const twice = repeatedOf(ids);
  if (twice) throw badRequest('batchEditTwice', { code: `#${twice}` });
  const scope = await ctx.scope();
  const found = await editedSpecimens(ctx.db, scope, ctx.lang, byIds(ids), true);
  const known = new Map(found.map((s) => [s.id, s]));
  for (const row of body.rows) {
    const specimen = known.get(row.id);
    // An id outside the caller's projects is named by its number only, as asked.
    if (!specimen)
      throw new ApiError(ResultCode.NOT_FOUND, { key: 'batchEditUnknown', params: { code: `#${row.id}` } });
    if (specimen.version !== row.version)
      throw new ApiError(ResultCode.INVALID_STATE, {
        key: 'batchEditStale',
        params: { code: specimen.code },
      });
  }
  const evaluated = await evaluate(ctx.db, ctx.lang, found, body.changes);
  // All or none: the first refused row refuses the whole request, with its own reason.
  const refused = evaluated.find((e) => e.refusal);
  if (refused?.refusal) throw refused.refusal;
  const unchanged = evaluated.find((e) => e.changed.length === 0);
  if (unchanged) throw badRequest('batchEditUnchanged', { code: unchanged.specimen.code });
  const changed = await writeEdits(ctx.db, ctx.lang, evaluated, {
    reason: body.reason,
    at: ctx.now,
    sign: (what) => eSign(ctx.db, signer, what),
    audit: (entry) => ctx.audit(entry),
  });
  return { changed };
}

/** The library's batch edit of specimen records (docs/library.md "Batch edit"). */
export async function libraryBatchEditRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, api, {
    preview: async (ctx) => preview(ctx, ctx.body),
    apply: async (ctx) => apply(ctx, ctx.body),
  });
}
