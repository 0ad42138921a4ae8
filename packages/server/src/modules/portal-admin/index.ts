import type { FastifyInstance } from 'fastify';
import { accountApplicationRoutes } from '../account-applications/routes.js';
import { portalStaffRoutes } from '../portal-staff/routes.js';
import { sharedDocRoutes } from '../shared-docs/routes.js';

/** Account applications, shared documents and the staff views of the portal workflows. */
export async function portalAdminRoutes(app: FastifyInstance): Promise<void> {
  await accountApplicationRoutes(app);
  await sharedDocRoutes(app);
  await portalStaffRoutes(app);
}
