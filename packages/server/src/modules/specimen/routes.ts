import type { FastifyInstance } from 'fastify';
import { codeRoutes } from './codes/routes.js';
import { storageRoutes } from './storage/routes.js';

/** Specimen intake: sample codes, bench sign-for, sub-barcodes and temporary storage. */
export async function specimenRoutes(app: FastifyInstance): Promise<void> {
  await codeRoutes(app);
  await storageRoutes(app);
}
