import type { FastifyInstance } from 'fastify';
import { feedbackRoutes } from './feedback/routes.js';
import { subjectRoutes } from './subjects/routes.js';
import { testOrderRoutes } from './test-orders/routes.js';

/** The lab bench: subject registrations, test orders, and feedback to the project manager. */
export async function labRoutes(app: FastifyInstance): Promise<void> {
  await subjectRoutes(app);
  await testOrderRoutes(app);
  await feedbackRoutes(app);
}
