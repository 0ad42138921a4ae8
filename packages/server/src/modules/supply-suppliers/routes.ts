// Suppliers (/supply/supplier, docs/supply.md "Suppliers"): contacts, qualifications with their
// expiry, blocking with a reason. The stock-in refusal is `service.ts assertSupplierMayDeliver`.
import { endpoints, ResultCode } from '@trialab/api-contract';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../lib/errors.js';
import { registerGroup, type SessionCtx } from '../../lib/route.js';
import { zonedTime } from '../../lib/time-zone.js';
import { staleOrMissing } from '../../lib/versioned.js';
import {
  insertSupplier,
  pageSuppliers,
  replaceQualifications,
  supplierById,
  supplierCodeTaken,
  supplierOptions,
  updateSupplier,
} from './repository.js';

const today = (ctx: SessionCtx) => zonedTime(ctx).date(ctx.now);

type Docs = Parameters<typeof replaceQualifications>[2];
const docsOf = (body: { qualifications: Array<Docs[number]> }): Docs =>
  body.qualifications.map((d) => ({ ...d, fileId: d.fileId ?? null }));

async function assertCodeFree(ctx: SessionCtx, code: string, exceptId = 0) {
  if (await supplierCodeTaken(ctx.db, code, exceptId))
    throw new ApiError(ResultCode.DUPLICATE, { key: 'supplierCodeTaken', params: { code } });
}

export async function supplierRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, endpoints.supplier, {
    page: async (ctx) => pageSuppliers(ctx.db, today(ctx), ctx.body),
    create: async (ctx) => {
      const { qualifications: _, ...values } = ctx.body;
      await assertCodeFree(ctx, values.code);
      const id = await insertSupplier(ctx.db, {
        ...values,
        createdBy: ctx.principal.userId,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      });
      await replaceQualifications(ctx.db, id, docsOf(ctx.body));
      const row = await supplierById(ctx.db, id, today(ctx));
      ctx.audit({ action: 'supplier.create', entity: 'supplier', entityId: id, newValue: row });
      return row;
    },
    update: async (ctx) => {
      const id = ctx.params.id;
      const before = await supplierById(ctx.db, id, today(ctx));
      const { version, qualifications: _, ...values } = ctx.body;
      await assertCodeFree(ctx, values.code, id);
      if (!(await updateSupplier(ctx.db, id, version, { ...values, updatedAt: ctx.now })))
        throw staleOrMissing(true);
      await replaceQualifications(ctx.db, id, docsOf(ctx.body));
      const row = await supplierById(ctx.db, id, today(ctx));
      ctx.audit({
        action: 'supplier.update',
        entity: 'supplier',
        entityId: id,
        oldValue: before,
        newValue: row,
      });
      return row;
    },
    status: async (ctx) => {
      const id = ctx.params.id;
      const { version, status, reason } = ctx.body;
      const before = await supplierById(ctx.db, id, today(ctx));
      const blocking = status === 'blocked';
      const patch = {
        status,
        blockReason: blocking ? (reason ?? null) : null,
        blockedBy: blocking ? ctx.principal.userId : null,
        blockedAt: blocking ? ctx.now : null,
        updatedAt: ctx.now,
      };
      if (!(await updateSupplier(ctx.db, id, version, patch))) throw staleOrMissing(true);
      const row = await supplierById(ctx.db, id, today(ctx));
      ctx.audit({
        action: 'supplier.status',
        entity: 'supplier',
        entityId: id,
        oldValue: { status: before.status, blockReason: before.blockReason },
        newValue: { status: row.status, blockReason: row.blockReason, reason: reason ?? null },
      });
      return row;
    },
    options: async (ctx) => supplierOptions(ctx.db, ctx.lang),
  });
}
