import { endpoints } from '@trialab/api-contract';
import type { FastifyInstance } from 'fastify';
import { registerGroup } from '../../lib/route.js';
import { projectScope } from '../users/current-user.js';
import { pageProjectPicks, pageProjects, pageSites, projectById } from './repository.js';
import { assertProjectInScope } from './service.js';

const { project } = endpoints;

/** The projects and sites the caller sees (the project pickers of every screen). */
export async function projectRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, project, {
    page: async (ctx) => pageProjects(ctx.db, await projectScope(ctx.db, ctx.principal.user), ctx.body),
    ownAll: async (ctx) => pageProjectPicks(ctx.db, await projectScope(ctx.db, ctx.principal.user), ctx.body),
    get: async (ctx) => {
      const scope = await projectScope(ctx.db, ctx.principal.user);
      const row = await projectById(ctx.db, ctx.params.id);
      assertProjectInScope(scope, row.id);
      return row;
    },
    sitesByProject: async (ctx) => {
      const scope = await projectScope(ctx.db, ctx.principal.user);
      const { projectId } = ctx.body;
      assertProjectInScope(scope, projectId);
      return pageSites(ctx.db, projectId, scope.sitesByProject.get(projectId), ctx.body);
    },
  });
}
