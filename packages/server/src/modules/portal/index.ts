import type { FastifyInstance } from 'fastify';
import { addressRoutes } from '../address/routes.js';
import { clarificationRoutes } from '../clarification/routes.js';
import { consumableRoutes } from '../consumables/routes.js';
import { portalReportRoutes } from '../portal-reports/routes.js';
import { transportRoutes } from '../transport/routes.js';
import { homeRoutes } from './home.js';

/** Every route of the customer self-service portal (/web) and the personal centre. */
export async function portalRoutes(app: FastifyInstance): Promise<void> {
  await addressRoutes(app);
  await consumableRoutes(app);
  await transportRoutes(app);
  await clarificationRoutes(app);
  await homeRoutes(app);
  await portalReportRoutes(app);
}
